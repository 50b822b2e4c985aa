"""scikit-learn's array-API dispatch on libtiles data gives numpy's answers: LabelEncoder's
classes and codes, and f1_score's macro average, whose labels come from unique_values and
whose order scikit-learn takes for numpy's sorted one. Many data, each in a new order, catch
an order that changes from call to call."""

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
