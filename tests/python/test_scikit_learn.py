"""scikit-learn's array-API dispatch on libtiles data gives numpy's answers: LabelEncoder's
classes and codes, and f1_score's macro average, whose labels come from unique_values and
whose order scikit-learn takes for numpy's sorted one. Many data, each in a new order, catch
an order that changes from call to call. And the estimators that stand on linalg (PCA,
LinearDiscriminantAnalysis, Ridge) fitted on libtiles data against the same on numpy's."""

import os

import numpy as np
import pytest
import tiles.array_api as xp
from optional_tools import needs

# scikit-learn's dispatch asks for SciPy's own, which SciPy reads once, when it is imported.
os.environ["SCIPY_ARRAY_API"] = "1"
sklearn = needs("sklearn", "scikit-learn")
from sklearn.metrics import f1_score  # noqa: E402
from sklearn.preprocessing import LabelEncoder  # noqa: E402

rng = np.random.default_rng(5)
TRIALS = 30


def labels(classes, size=60):
    return rng.choice(classes, size=size)


@pytest.fixture
def array_api_dispatch():
    with sklearn.config_context(array_api_dispatch=True):
        yield


def test_label_encoder_as_numpys(array_api_dispatch):
    for _ in range(TRIALS):
        host = labels(rng.choice(1000, size=rng.integers(3, 7), replace=False))
        expected = LabelEncoder().fit(host)
        encoder = LabelEncoder().fit(xp.asarray(host))
        np.testing.assert_array_equal(encoder.classes_.get(), expected.classes_)
        np.testing.assert_array_equal(encoder.transform(xp.asarray(host)).get(), expected.transform(host))


def test_macro_f1_score_as_numpys(array_api_dispatch):
    for _ in range(TRIALS):
        classes = rng.choice(1000, size=rng.integers(3, 7), replace=False)
        truth, predicted = labels(classes), labels(classes)
        expected = f1_score(truth, predicted, average="macro")
        score = f1_score(xp.asarray(truth), xp.asarray(predicted), average="macro")
        assert float(score) == pytest.approx(expected, rel=1e-12)


# Estimators over linalg: svd (PCA's full and randomized solvers, LinearDiscriminantAnalysis's and
# Ridge's svd) and eigh (PCA's covariance_eigh), each against the same estimator on numpy's data,
# float32, to scikit-learn's rtol.

def regression_data(rows=2000, columns=32):
    x = (rng.standard_normal((rows, columns)) * np.linspace(3, 0.1, columns) + 1).astype(np.float32)
    y = (x @ rng.standard_normal(columns) + 0.1 * rng.standard_normal(rows)).astype(np.float32)
    return x, y


def close(on_device, on_host, rtol=1e-3):
    result = on_device.get() if hasattr(on_device, "get") else np.asarray(on_device)
    np.testing.assert_allclose(result, on_host, rtol=rtol, atol=rtol * float(np.abs(on_host).max()))


@pytest.mark.parametrize("solver", ["full", "randomized", "covariance_eigh"])
def test_pca_as_numpys(array_api_dispatch, solver):
    from sklearn.decomposition import PCA
    x, _ = regression_data()
    expected = PCA(n_components=5, svd_solver=solver, random_state=0).fit(x)
    pca = PCA(n_components=5, svd_solver=solver, random_state=0).fit(xp.asarray(x))
    close(pca.explained_variance_, expected.explained_variance_)
    close(pca.components_, expected.components_)
    close(pca.transform(xp.asarray(x)), expected.transform(x))


def test_linear_discriminant_analysis_svd_as_numpys(array_api_dispatch):
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    x, target = regression_data()
    classes = np.digitize(target, np.quantile(target, [1 / 3, 2 / 3])).astype(np.int32)
    expected = LinearDiscriminantAnalysis(solver="svd").fit(x, classes)
    lda = LinearDiscriminantAnalysis(solver="svd").fit(xp.asarray(x), xp.asarray(classes))
    close(lda.coef_, expected.coef_)
    # LDA's directions have the signs of svd's vectors, which LAPACK's and libtiles' methods choose
    # each their own way (PCA's svd_flip makes them one); the directions themselves agree.
    transformed, expected_transformed = lda.transform(xp.asarray(x)).get(), expected.transform(x)
    close(transformed * np.sign(np.sum(transformed * expected_transformed, axis=0)), expected_transformed)
    np.testing.assert_array_equal(lda.predict(xp.asarray(x)).get(), expected.predict(x))


def test_ridge_svd_as_numpys(array_api_dispatch):
    from sklearn.linear_model import Ridge
    x, y = regression_data()
    expected = Ridge(alpha=1.0, solver="svd").fit(x, y)
    ridge = Ridge(alpha=1.0, solver="svd").fit(xp.asarray(x), xp.asarray(y))
    close(ridge.coef_, expected.coef_)
    close(ridge.predict(xp.asarray(x)), expected.predict(x))
