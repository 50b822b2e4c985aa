"""tiles.array_api.linalg against numpy's linalg: every function of the extension libtiles
computes, on the device (a route through numpy on the host fails these tests); cholesky on random,
ill-conditioned, stacked and not positive-definite matrices, sizes that are and are not multiples
of its block; qr on tall, wide, square, rank-deficient, stacked and empty matrices in both modes;
svd, eigh, solve, inv and slogdet on random, ill-conditioned, rank-deficient or singular, and
stacked matrices; and the extension whole, every function of the standard's there."""

import math

import numpy as np
import pytest
import tiles
import tiles.array_api as xp
from tiles import _through_host

DEVICE = tiles.Context.default().device
FLOATS = [np.float32] + ([np.float64] if DEVICE.supports_fp64 else [])
rng = np.random.default_rng(61)


@pytest.fixture(autouse=True)
def on_the_device_only(monkeypatch):
    """Any step of these functions through numpy on the host fails the test."""
    def refused(function, *arguments, **keywords):
        raise AssertionError(f"{function.__name__} ran through the host")
    monkeypatch.setattr(_through_host, "compute", refused)


def tolerance(dtype):
    return 2e-4 if dtype == np.float32 else 1e-10


def spd(n, dtype, condition=None, batch=()):
    """Symmetric positive-definite matrices: Q diag(d) Q^T with eigenvalues from 1 to `condition`
    (log-spaced), else A A^T + n I."""
    if condition is None:
        a = rng.standard_normal(batch + (n, n))
        return (a @ np.swapaxes(a, -1, -2) + n * np.eye(n)).astype(dtype)
    q, _ = np.linalg.qr(rng.standard_normal(batch + (n, n)))
    d = np.logspace(0, math.log10(condition), n)
    return ((q * d) @ np.swapaxes(q, -1, -2)).astype(dtype)


def on_device(host):
    return xp.asarray(host)


# cholesky.

@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", [1, 5, 128, 200, 256, 300])
def test_cholesky_of_random_spd_matrices_matches_numpy(dtype, n):
    a = spd(n, dtype)
    factor = xp.linalg.cholesky(on_device(a))
    assert isinstance(factor, tiles.array) and factor.shape == (n, n) and factor.dtype == dtype
    expected = np.linalg.cholesky(a.astype(np.float64))
    np.testing.assert_allclose(factor.get(), expected, rtol=tolerance(dtype), atol=tolerance(dtype) * math.sqrt(n))
    assert np.all(np.triu(factor.get(), 1) == 0)


@pytest.mark.parametrize("dtype", FLOATS)
def test_cholesky_upper_is_the_transpose(dtype):
    a = spd(140, dtype)
    upper = xp.linalg.cholesky(on_device(a), upper=True).get()
    np.testing.assert_allclose(upper, np.linalg.cholesky(a.astype(np.float64)).T, rtol=tolerance(dtype),
                               atol=tolerance(dtype) * 12)
    assert np.all(np.tril(upper, -1) == 0)


@pytest.mark.parametrize("dtype", FLOATS)
def test_cholesky_of_ill_conditioned_matrices_reconstructs_them(dtype):
    # Condition 1e5 in float32, 1e12 in float64: the factor's backward error, |L L^T - A| / |A|, is
    # a few units of rounding, as LAPACK's (the factor itself is as far off as the condition says).
    condition = 1e5 if dtype == np.float32 else 1e12
    a = spd(260, dtype, condition)
    factor = xp.linalg.cholesky(on_device(a)).get().astype(np.float64)
    backward = np.linalg.norm(factor @ factor.T - a) / np.linalg.norm(a)
    assert backward < 50 * np.finfo(dtype).eps * math.sqrt(260), backward


@pytest.mark.parametrize("dtype", FLOATS)
def test_cholesky_of_a_stack(dtype):
    a = spd(130, dtype, batch=(2, 3))
    factor = xp.linalg.cholesky(on_device(a))
    assert factor.shape == (2, 3, 130, 130)
    np.testing.assert_allclose(factor.get(), np.linalg.cholesky(a.astype(np.float64)), rtol=tolerance(dtype),
                               atol=tolerance(dtype) * 12)


def test_cholesky_reads_only_the_lower_triangle():
    a = spd(150, np.float32)
    garbage = a + np.triu(np.full_like(a, 7.0), 1)
    np.testing.assert_allclose(xp.linalg.cholesky(on_device(garbage)).get(), np.linalg.cholesky(a), rtol=2e-4,
                               atol=2e-3)


@pytest.mark.parametrize("column", [0, 3, 127, 128, 140])
def test_cholesky_of_a_matrix_that_is_not_positive_definite_names_the_column(column):
    a = spd(150, np.float32)
    # A row and column that make the leading minor of order column + 1 singular, then indefinite.
    a[column, :] = a[:, column] = 0
    a[column, column] = -1
    with pytest.raises(tiles.InvalidArgument,
                       match=rf"^cholesky: the input is not positive definite: the pivot of column {column} "
                             rf"\(counted from 0\) is .*LAPACK's info {column + 1}\)"):
        xp.linalg.cholesky(on_device(a))


def test_cholesky_names_the_matrix_of_a_stack_that_is_not_positive_definite():
    a = spd(20, np.float32, batch=(3,))
    a[2, 5, 5] = -100
    with pytest.raises(tiles.InvalidArgument, match=r"^cholesky: matrix 2 of the input is not positive definite: "
                                                    r"the pivot of column 5 "):
        xp.linalg.cholesky(on_device(a))


def test_cholesky_of_nan_is_an_error_not_nans():
    a = spd(10, np.float32)
    a[4, 4] = np.nan
    with pytest.raises(tiles.InvalidArgument, match=r"the pivot of column 4 .* is nan"):
        xp.linalg.cholesky(on_device(a))


def test_cholesky_refuses_what_it_does_not_take():
    with pytest.raises(ValueError, match=r"square matrices"):
        xp.linalg.cholesky(on_device(np.ones((3, 4), np.float32)))
    with pytest.raises(tiles.InvalidArgument, match=r"^cholesky supports float32 and float64 elements, not int32"):
        xp.linalg.cholesky(on_device(np.eye(3, dtype=np.int32)))


def test_tiles_cholesky_on_numpy_data():
    a = spd(70, np.float32)
    np.testing.assert_allclose(tiles.cholesky(a), np.linalg.cholesky(a), rtol=2e-4, atol=1e-3)
    np.testing.assert_allclose(tiles.cholesky(a, upper=True), np.linalg.cholesky(a).T, rtol=2e-4, atol=1e-3)


# qr.

def check_qr(a, q, r, mode):
    """Q's columns orthonormal, R upper triangular, Q R = A, and |R| numpy's |R| (LAPACK's R, whose
    rows' signs are geqrf's, as libtiles')."""
    m, n = a.shape[-2:]
    k = m if mode == "complete" else min(m, n)
    assert q.shape == a.shape[:-1] + (k,) and r.shape == a.shape[:-2] + (k, n)
    q, r = q.get().astype(np.float64), r.get().astype(np.float64)
    eps = np.finfo(a.dtype).eps
    scale = max(1.0, float(np.abs(a).max()))
    identity = np.broadcast_to(np.eye(k), a.shape[:-2] + (k, k))
    np.testing.assert_allclose(np.swapaxes(q, -1, -2) @ q, identity, atol=200 * eps * math.sqrt(m))
    np.testing.assert_allclose(q @ r, a.astype(np.float64), atol=200 * eps * scale * math.sqrt(m * n))
    assert np.all(np.tril(r, -1) == 0)
    _, expected = np.linalg.qr(a.astype(np.float64), mode=mode)
    np.testing.assert_allclose(np.abs(r), np.abs(expected), atol=200 * eps * scale * math.sqrt(m * n))


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("mode", ["reduced", "complete"])
@pytest.mark.parametrize("shape", [(1, 1), (7, 5), (5, 7), (128, 128), (300, 200), (200, 300), (257, 257),
                                   (400, 130)])
def test_qr_of_random_matrices(dtype, mode, shape):
    a = rng.standard_normal(shape).astype(dtype)
    q, r = xp.linalg.qr(on_device(a), mode=mode)
    assert isinstance(q, tiles.array) and q.dtype == dtype and r.dtype == dtype
    check_qr(a, q, r, mode)


@pytest.mark.parametrize("dtype", FLOATS)
def test_qr_of_rank_deficient_matrices_has_no_nans(dtype):
    a = (rng.standard_normal((260, 3)) @ rng.standard_normal((3, 150))).astype(dtype)
    a[:, 10] = 0
    q, r = xp.linalg.qr(on_device(a))
    assert np.all(np.isfinite(q.get())) and np.all(np.isfinite(r.get()))
    check_qr(a, q, r, "reduced")


def test_qr_keeps_a_nan_below_a_zero_column():
    # The column's largest element below its diagonal is the NaN: dropping it (as fmax does) would
    # give finite factors, where numpy's are NaN.
    host = np.eye(5, dtype=np.float32)
    host[0, 0], host[3, 0] = 0, np.nan
    q, r = xp.linalg.qr(xp.asarray(host))
    assert np.isnan(np.asarray(q)).any() and np.isnan(np.asarray(r)).any()
    assert np.isnan(np.linalg.qr(host)[1]).any()


# 5000 rows: past the 1024 that one work-group factors, so each leaf spreads over work-groups.
@pytest.mark.parametrize("dtype", FLOATS)
def test_qr_of_tall_matrices_matches_numpy(dtype):
    a = rng.standard_normal((5000, 40)).astype(dtype)
    q, r = xp.linalg.qr(on_device(a))
    check_qr(a, q, r, "reduced")


@pytest.mark.parametrize("dtype", FLOATS)
def test_qr_of_tall_rank_deficient_matrices_with_a_zero_column_has_no_nans(dtype):
    a = (rng.standard_normal((5000, 3)) @ rng.standard_normal((3, 24))).astype(dtype)
    a[:, 2] = 0
    q, r = xp.linalg.qr(on_device(a))
    assert np.all(np.isfinite(q.get())) and np.all(np.isfinite(r.get()))
    assert r.get()[2, 2] == 0
    check_qr(a, q, r, "reduced")


def test_qr_of_a_tall_matrix_keeps_a_nan_below_a_zero_column():
    host = np.eye(5000, 5, dtype=np.float32)
    host[0, 0], host[4000, 0] = 0, np.nan
    q, r = xp.linalg.qr(xp.asarray(host))
    assert np.isnan(np.asarray(q)).any() and np.isnan(np.asarray(r)).any()


@pytest.mark.parametrize("mode", ["reduced", "complete"])
def test_qr_of_a_stack(mode):
    a = rng.standard_normal((2, 3, 140, 60)).astype(np.float32)
    q, r = xp.linalg.qr(on_device(a), mode=mode)
    check_qr(a, q, r, mode)


@pytest.mark.parametrize("shape", [(0, 3), (3, 0), (2, 0, 4), (0, 3, 3)])
@pytest.mark.parametrize("mode", ["reduced", "complete"])
def test_qr_of_empty_matrices_has_numpy_shapes(shape, mode):
    q, r = xp.linalg.qr(on_device(np.ones(shape, np.float32)), mode=mode)
    expected_q, expected_r = np.linalg.qr(np.ones(shape), mode=mode)
    assert q.shape == expected_q.shape and r.shape == expected_r.shape
    np.testing.assert_array_equal(q.get(), expected_q)


def test_tiles_qr_on_numpy_data():
    a = rng.standard_normal((90, 40)).astype(np.float32)
    q, r = tiles.qr(a)
    assert isinstance(q, np.ndarray) and q.shape == (90, 40) and r.shape == (40, 40)
    np.testing.assert_allclose(q @ r, a, atol=1e-4)
    q, r = tiles.qr(a, mode="complete")
    assert q.shape == (90, 90) and r.shape == (90, 40)
    np.testing.assert_allclose(q.T @ q, np.eye(90), atol=1e-4)


def test_qr_refuses_what_it_does_not_take():
    with pytest.raises(ValueError, match="mode"):
        xp.linalg.qr(on_device(np.eye(3, dtype=np.float32)), mode="r")
    with pytest.raises(ValueError, match="matrices"):
        xp.linalg.qr(on_device(np.ones(3, dtype=np.float32)))


# svd and svdvals.

def check_svd(a, u, s, vh, full_matrices):
    """U's columns and Vh's rows orthonormal, U diag(S) Vh = A, and S numpy's (LAPACK's gesdd)."""
    m, n = a.shape[-2:]
    k = min(m, n)
    uc, vr = (m, n) if full_matrices else (k, k)
    assert u.shape == a.shape[:-1] + (uc,) and s.shape == a.shape[:-2] + (k,) and vh.shape == a.shape[:-2] + (vr, n)
    u, s, vh = (x.get().astype(np.float64) for x in (u, s, vh))
    eps = np.finfo(a.dtype).eps
    scale = max(1.0, float(np.abs(a).max()))
    np.testing.assert_allclose(np.swapaxes(u, -1, -2) @ u, np.broadcast_to(np.eye(uc), a.shape[:-2] + (uc, uc)),
                               atol=300 * eps * math.sqrt(m))
    np.testing.assert_allclose(vh @ np.swapaxes(vh, -1, -2), np.broadcast_to(np.eye(vr), a.shape[:-2] + (vr, vr)),
                               atol=300 * eps * math.sqrt(n))
    np.testing.assert_allclose((u[..., :k] * s[..., None, :]) @ vh[..., :k, :], a.astype(np.float64),
                               atol=300 * eps * scale * math.sqrt(m * n))
    expected = np.linalg.svd(a.astype(np.float64), compute_uv=False)
    np.testing.assert_allclose(s, expected, atol=300 * eps * float(expected.max(initial=1)) * math.sqrt(m * n))


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("full_matrices", [False, True])
@pytest.mark.parametrize("shape", [(1, 1), (7, 5), (5, 7), (128, 128), (300, 200), (130, 260), (400, 30)])
def test_svd_of_random_matrices(dtype, full_matrices, shape):
    a = rng.standard_normal(shape).astype(dtype)
    u, s, vh = xp.linalg.svd(on_device(a), full_matrices=full_matrices)
    assert isinstance(u, tiles.array) and u.dtype == dtype and s.dtype == dtype and vh.dtype == dtype
    check_svd(a, u, s, vh, full_matrices)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("shape", [(150, 90), (90, 150)])
def test_svd_of_ill_conditioned_and_rank_deficient_matrices(dtype, shape):
    m, n = shape
    k = min(shape)
    left, _ = np.linalg.qr(rng.standard_normal((m, k)))
    right, _ = np.linalg.qr(rng.standard_normal((n, k)))
    for values in (np.logspace(0, -6, k), np.r_[np.arange(5, 0, -1.0), np.zeros(k - 5)]):
        a = ((left * values) @ right.T).astype(dtype)
        result = xp.linalg.svd(on_device(a), full_matrices=False)
        assert all(np.all(np.isfinite(x.get())) for x in result)
        check_svd(a, *result, False)
        np.testing.assert_allclose(xp.linalg.svdvals(on_device(a)).get(), np.linalg.svdvals(a.astype(np.float64)),
                                   atol=50 * np.finfo(dtype).eps * math.sqrt(k))


@pytest.mark.parametrize("full_matrices", [False, True])
def test_svd_of_a_stack(full_matrices):
    a = rng.standard_normal((2, 3, 40, 70)).astype(np.float32)
    result = xp.linalg.svd(on_device(a), full_matrices=full_matrices)
    assert result.U.shape == result[0].shape and result.Vh.shape == result[2].shape
    check_svd(a, *result, full_matrices)
    np.testing.assert_allclose(xp.linalg.svdvals(on_device(a)).get(), np.linalg.svdvals(a), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("shape", [(0, 3), (3, 0), (2, 0, 4), (0, 3, 3)])
@pytest.mark.parametrize("full_matrices", [False, True])
def test_svd_of_empty_matrices_has_numpy_shapes(shape, full_matrices):
    u, s, vh = xp.linalg.svd(on_device(np.ones(shape, np.float32)), full_matrices=full_matrices)
    expected = np.linalg.svd(np.ones(shape), full_matrices=full_matrices)
    assert (u.shape, s.shape, vh.shape) == tuple(x.shape for x in expected)
    np.testing.assert_array_equal(vh.get(), expected[2])
    assert xp.linalg.svdvals(on_device(np.ones(shape, np.float32))).shape == expected[1].shape


@pytest.mark.parametrize("ord", ["nuc", 2, -2])
def test_matrix_norms_of_singular_values(ord):
    a = rng.standard_normal((2, 6, 4)).astype(np.float32)
    for keepdims in (False, True):
        np.testing.assert_allclose(xp.linalg.matrix_norm(on_device(a), ord=ord, keepdims=keepdims).get(),
                                   np.linalg.matrix_norm(a, ord=ord, keepdims=keepdims), rtol=1e-5)


def test_tiles_svd_on_numpy_data():
    a = rng.standard_normal((90, 40)).astype(np.float32)
    u, s, vh = tiles.svd(a, full_matrices=False)
    assert isinstance(u, np.ndarray) and u.shape == (90, 40) and s.shape == (40,) and vh.shape == (40, 40)
    np.testing.assert_allclose((u * s) @ vh, a, atol=1e-4)
    np.testing.assert_allclose(tiles.svdvals(a), np.linalg.svdvals(a), rtol=1e-5)


def test_svd_of_nan_is_an_error_not_nans():
    a = rng.standard_normal((2, 30, 20)).astype(np.float32)
    a[1, 7, 3] = np.nan
    with pytest.raises(tiles.InvalidArgument, match=r"^svd: matrix 1 of the input holds NaN or infinity"):
        xp.linalg.svd(on_device(a))
    with pytest.raises(tiles.InvalidArgument, match=r"^svdvals: the input holds NaN or infinity"):
        xp.linalg.svdvals(on_device(np.full((3, 3), np.inf, np.float32)))


def test_svd_refuses_what_it_does_not_take():
    with pytest.raises(ValueError, match="matrices"):
        xp.linalg.svd(on_device(np.ones(3, dtype=np.float32)))
    with pytest.raises(tiles.InvalidArgument, match="svdvals"):
        xp.linalg.svdvals(on_device(np.eye(3, dtype=np.int32)))


# eigh and eigvalsh.

def check_eigh(a, w, v):
    """V orthogonal, V diag(W) V^T = A (A's lower triangle, mirrored), W ascending and numpy's."""
    n = a.shape[-1]
    assert w.shape == a.shape[:-1] and v.shape == a.shape
    w, v = w.get().astype(np.float64), v.get().astype(np.float64)
    eps = np.finfo(a.dtype).eps
    lower = np.tril(a.astype(np.float64))
    symmetric = lower + np.swapaxes(np.tril(lower, -1), -1, -2)
    scale = max(1.0, float(np.abs(symmetric).max()))
    np.testing.assert_allclose(np.swapaxes(v, -1, -2) @ v, np.broadcast_to(np.eye(n), a.shape),
                               atol=300 * eps * math.sqrt(n))
    np.testing.assert_allclose((v * w[..., None, :]) @ np.swapaxes(v, -1, -2), symmetric,
                               atol=300 * eps * scale * math.sqrt(n))
    assert np.all(np.diff(w, axis=-1) >= 0)
    np.testing.assert_allclose(w, np.linalg.eigvalsh(symmetric), atol=300 * eps * scale * math.sqrt(n))


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", [1, 2, 7, 128, 200])
def test_eigh_of_random_symmetric_matrices(dtype, n):
    b = rng.standard_normal((n, n))
    a = (b + b.T).astype(dtype)
    w, v = xp.linalg.eigh(on_device(a))
    assert isinstance(v, tiles.array) and w.dtype == dtype and v.dtype == dtype
    check_eigh(a, w, v)
    np.testing.assert_allclose(xp.linalg.eigvalsh(on_device(a)).get(), w.get(), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("dtype", FLOATS)
def test_eigh_of_ill_conditioned_and_rank_deficient_matrices(dtype):
    b = rng.standard_normal((120, 4))
    for a in (spd(120, dtype, condition=1e-6), (b @ b.T).astype(dtype)):
        result = xp.linalg.eigh(on_device(a))
        assert np.all(np.isfinite(result.eigenvectors.get()))
        check_eigh(a, *result)


@pytest.mark.skipif(np.float64 not in FLOATS, reason="the device has no doubles")
@pytest.mark.parametrize("scale", [1e160, 1e-170])
def test_qr_and_eigh_of_doubles_near_the_ends_of_their_range(scale):
    # Householder reflectors' lengths from plain sums of squares overflow beyond 1e154 and
    # underflow to 0 below 1e-162 (then A is not Q R); LAPACK's dnrm2 scales them, as libtiles.
    a = rng.standard_normal((40, 30))
    q, r = xp.linalg.qr(on_device(a * scale))
    check_qr(a, q, r / scale, "reduced")
    symmetric = a[:30] + a[:30].T
    w, v = xp.linalg.eigh(on_device(symmetric * scale))
    check_eigh(symmetric, w / scale, v)


def test_svd_and_eigh_of_a_large_matrix_of_repeated_clustered_and_small_values():
    # 1024 crosses many of the host's blocks of reflectors and strips of columns; repeated and
    # clustered values test the vectors' orthogonality, values down to 1/4000 of the largest a
    # matrix near rank-deficient.
    n = 1024
    basis, _ = np.linalg.qr(rng.standard_normal((n, n)))
    other, _ = np.linalg.qr(rng.standard_normal((n, n)))
    values = np.concatenate([np.full(300, 4.0), 2 + 1e-6 * np.arange(300), np.linspace(1, 0.01, 300),
                             np.linspace(0.005, 0.001, 124)])
    a = ((basis * values) @ other.T).astype(np.float32)
    check_svd(a, *xp.linalg.svd(on_device(a), full_matrices=False), False)
    signed = np.where(np.arange(n) % 2 == 0, values, -values)
    symmetric = ((basis * signed) @ basis.T).astype(np.float32)
    check_eigh(symmetric, *xp.linalg.eigh(on_device(symmetric)))


def test_svd_of_a_matrix_of_rank_900_converges_past_its_cluster_of_zeros():
    # 124 singular values that are float32's rounding, under 3 clusters of large ones: the shifted
    # sweeps lose their shift against the top of the block there and stalled (LAPACK's zero-shift
    # sweep goes on, within its budget of 6 n^2 rotations).
    n, seeded = 1024, np.random.default_rng(1)
    basis, _ = np.linalg.qr(seeded.standard_normal((n, n)))
    other, _ = np.linalg.qr(seeded.standard_normal((n, n)))
    values = np.concatenate([np.full(300, 4.0), 2 + 1e-6 * np.arange(300), np.linspace(1, 0.01, 300), np.zeros(124)])
    a = ((basis * values) @ other.T).astype(np.float32)
    check_svd(a, *xp.linalg.svd(on_device(a), full_matrices=False), False)


def glued_wilkinson(blocks, glue):
    """Wilkinson's W21+ matrices (diagonal |10 - i|, ones beside it) on the diagonal, each joined to
    the next by `glue`: pairs of eigenvalues equal to 14 digits, in clusters of `blocks` that the glue
    spreads by about `glue`, a standard hard case for tridiagonal eigensolvers."""
    diagonal = np.tile(np.abs(np.arange(21) - 10.0), blocks)
    beside = np.tile(np.append(np.ones(20), glue), blocks)[:-1]
    return np.diag(diagonal) + np.diag(beside, 1) + np.diag(beside, -1)


@pytest.mark.parametrize("dtype", FLOATS)
def test_eigh_of_glued_wilkinson_matrices_in_a_random_basis(dtype):
    # 420 eigenvalues in clusters of 20 within 1e-9 of each other, each of them a pair equal to 14
    # digits: every step of the QL iteration meets a nearly repeated value. eigvalsh runs the QL
    # iteration on the whole matrix (eigh on divide and conquer's leaves).
    t = glued_wilkinson(20, 1e-9)
    basis, _ = np.linalg.qr(rng.standard_normal(t.shape))
    for a in (t.astype(dtype), ((basis @ t) @ basis.T).astype(dtype)):
        w, v = xp.linalg.eigh(on_device(a))
        check_eigh(a, w, v)
        scale = float(np.abs(t).max())
        np.testing.assert_allclose(xp.linalg.eigvalsh(on_device(a)).get(), np.linalg.eigvalsh(t),
                                   atol=300 * np.finfo(dtype).eps * scale * math.sqrt(len(t)))


def tridiagonal(diagonal, beside):
    return np.diag(diagonal) + np.diag(beside, 1) + np.diag(beside, -1)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", [26, 27, 51, 333])
def test_eigh_of_tridiagonal_matrices_that_divide_and_conquer_deflates(dtype, n):
    # Above 25, the halves' eigenpairs merge through the secular equation; each matrix deflates
    # in its own way: none (random), all (a coupling of zero between the halves, at n // 2 - 1,
    # so rho is 0, and others), by rotation (equal diagonals: values equal across the halves), by
    # small z (graded couplings down to 1e-30).
    ones = np.ones(n - 1)
    split = np.arange(n - 1)
    zeros = (split % 13 == 0) | (split == n // 2 - 1)
    for t in (tridiagonal(rng.standard_normal(n), rng.standard_normal(n - 1)),
              tridiagonal(rng.standard_normal(n), np.where(zeros, 0.0, ones)),
              tridiagonal(np.full(n, 2.0), ones * 1e-3),
              tridiagonal(np.linspace(1, 2, n), np.logspace(0, -30, n - 1))):
        a = t.astype(dtype)
        check_eigh(a, *xp.linalg.eigh(on_device(a)))


def test_eigh_reads_only_the_lower_triangle_of_each_matrix_of_a_stack():
    b = rng.standard_normal((2, 3, 50, 50))
    a = (b + np.swapaxes(b, -1, -2)).astype(np.float32)
    garbage = np.tril(a) + np.triu(rng.standard_normal(a.shape), 1).astype(np.float32) * 100
    w, v = xp.linalg.eigh(on_device(garbage))
    check_eigh(a, w, v)


def test_eigh_of_nan_is_an_error_not_nans():
    a = np.eye(4, dtype=np.float32)
    a[2, 1] = np.nan
    with pytest.raises(tiles.InvalidArgument, match=r"^eigh: the input holds nan at \(2, 1\)"):
        xp.linalg.eigh(on_device(a))


def test_tiles_eigh_on_numpy_data():
    b = rng.standard_normal((40, 40))
    a = (b + b.T).astype(np.float32)
    w, v = tiles.eigh(a)
    assert isinstance(v, np.ndarray) and w.shape == (40,) and v.shape == (40, 40)
    np.testing.assert_allclose((v * w) @ v.T, a, atol=1e-4)
    np.testing.assert_allclose(tiles.eigvalsh(a), np.linalg.eigvalsh(a), atol=1e-4)


def test_eigh_refuses_what_it_does_not_take():
    with pytest.raises(ValueError, match="square"):
        xp.linalg.eigh(on_device(np.ones((3, 4), dtype=np.float32)))
    with pytest.raises(tiles.InvalidArgument, match="eigvalsh: the input's matrices are 3x4"):
        tiles.eigvalsh(np.ones((3, 4), dtype=np.float32))


# solve, inv, det and slogdet.

def well_and_ill_conditioned(n, dtype, batch=()):
    """A random matrix, and one with singular values from 1 to 1e-4 (float32) or 1e-10 (float64)."""
    left, _ = np.linalg.qr(rng.standard_normal(batch + (n, n)))
    right, _ = np.linalg.qr(rng.standard_normal(batch + (n, n)))
    smallest = 1e-4 if dtype == np.float32 else 1e-10
    graded = (left * np.logspace(0, math.log10(smallest), n)) @ right
    return rng.standard_normal(batch + (n, n)).astype(dtype), graded.astype(dtype)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", [1, 7, 128, 200, 300])
def test_solve_and_inv_of_random_and_ill_conditioned_matrices(dtype, n):
    for a in well_and_ill_conditioned(n, dtype):
        b = rng.standard_normal((n, 3)).astype(dtype)
        condition = np.linalg.cond(a.astype(np.float64))
        eps = np.finfo(dtype).eps
        # Backward stable: the residual is small next to |A| |X|, whatever the condition.
        x = xp.linalg.solve(on_device(a), on_device(b)).get().astype(np.float64)
        residual = np.abs(a.astype(np.float64) @ x - b).max()
        assert residual <= 100 * n * eps * np.abs(a).max() * np.abs(x).max() + 100 * n * eps * np.abs(b).max()
        expected = np.linalg.solve(a.astype(np.float64), b.astype(np.float64))
        np.testing.assert_allclose(x, expected, atol=100 * n * eps * condition * np.abs(expected).max())
        inverse = xp.linalg.inv(on_device(a)).get().astype(np.float64)
        np.testing.assert_allclose(inverse, np.linalg.inv(a.astype(np.float64)),
                                   atol=100 * n * eps * condition * np.abs(inverse).max())


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", [1, 5, 130, 260])
def test_det_and_slogdet_match_numpy(dtype, n):
    a = rng.standard_normal((n, n)).astype(dtype)
    sign, logabsdet = xp.linalg.slogdet(on_device(a))
    expected_sign, expected_log = np.linalg.slogdet(a.astype(np.float64))
    assert sign.shape == () and float(sign) == expected_sign
    assert float(logabsdet) == pytest.approx(expected_log, rel=float(10 * n * np.finfo(dtype).eps), abs=1e-3)
    if n <= 5:
        assert float(xp.linalg.det(on_device(a))) == pytest.approx(np.linalg.det(a.astype(np.float64)), rel=1e-4)


def test_solve_inv_and_slogdet_of_stacks_and_vectors():
    a = rng.standard_normal((2, 3, 40, 40)).astype(np.float32)
    b = rng.standard_normal((2, 3, 40, 5)).astype(np.float32)
    np.testing.assert_allclose(xp.linalg.solve(on_device(a), on_device(b)).get(), np.linalg.solve(a, b),
                               rtol=1e-3, atol=1e-3)
    np.testing.assert_allclose(xp.linalg.inv(on_device(a)).get(), np.linalg.inv(a), rtol=1e-3, atol=1e-3)
    vector = rng.standard_normal(40).astype(np.float32)
    np.testing.assert_allclose(xp.linalg.solve(on_device(a[0, 0]), on_device(vector)).get(),
                               np.linalg.solve(a[0, 0], vector), rtol=1e-3, atol=1e-3)
    sign, logabsdet = xp.linalg.slogdet(on_device(a))
    expected_sign, expected_log = np.linalg.slogdet(a.astype(np.float64))
    np.testing.assert_array_equal(sign.get(), expected_sign)
    np.testing.assert_allclose(logabsdet.get(), expected_log, rtol=1e-5)


@pytest.mark.parametrize("n", [4, 200])
def test_a_singular_matrix_names_its_column_and_has_determinant_zero(n):
    a = rng.standard_normal((n, n)).astype(np.float32)
    a[:, 2] = 0  # stays exactly zero through every update, so that column 2 has no pivot
    with pytest.raises(tiles.InvalidArgument, match=r"^solve: the input is singular: column 2 has no nonzero pivot "
                                                    r"\(LAPACK's info 3\)"):
        xp.linalg.solve(on_device(a), on_device(np.ones((n, 1), np.float32)))
    with pytest.raises(tiles.InvalidArgument, match=r"^inv: matrix 1 of the input is singular: column 2"):
        xp.linalg.inv(on_device(np.stack([np.eye(n, dtype=np.float32), a])))
    sign, logabsdet = xp.linalg.slogdet(on_device(a))
    assert float(sign) == 0 and float(logabsdet) == -math.inf
    assert float(xp.linalg.det(on_device(a))) == 0


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", [7, 130, 300])
def test_solve_and_slogdet_of_a_matrix_pivoting_in_every_column(dtype, n):
    """A cyclic shift, large, over small noise and a zero diagonal: each column's largest element
    lies below its diagonal once the rows above are swapped, so every column but the last swaps."""
    a = 10 * np.roll(np.eye(n), 1, axis=1) + 0.1 * rng.standard_normal((n, n))
    np.fill_diagonal(a, 0)
    a = a.astype(dtype)
    b = rng.standard_normal((n, 2)).astype(dtype)
    expected = np.linalg.solve(a.astype(np.float64), b.astype(np.float64))
    np.testing.assert_allclose(xp.linalg.solve(on_device(a), on_device(b)).get(), expected,
                               atol=100 * tolerance(dtype) * np.abs(expected).max())
    sign, logabsdet = xp.linalg.slogdet(on_device(a))
    expected_sign, expected_log = np.linalg.slogdet(a.astype(np.float64))
    assert float(sign) == expected_sign
    assert float(logabsdet) == pytest.approx(expected_log, rel=float(10 * n * np.finfo(dtype).eps))


@pytest.mark.parametrize("n", [3, 17, 130])
def test_solve_inv_and_slogdet_of_stacks_narrower_than_a_leaf_and_past_a_panel(n):
    """n below a leaf's 16 columns, between leaves, and past a panel's 128."""
    a = rng.standard_normal((3, n, n)).astype(np.float32)
    b = rng.standard_normal((3, n, 2)).astype(np.float32)
    expected = np.linalg.solve(a.astype(np.float64), b.astype(np.float64))
    np.testing.assert_allclose(xp.linalg.solve(on_device(a), on_device(b)).get(), expected,
                               atol=1e-3 * np.abs(expected).max())
    inverse = np.linalg.inv(a.astype(np.float64))
    np.testing.assert_allclose(xp.linalg.inv(on_device(a)).get(), inverse, atol=1e-3 * np.abs(inverse).max())
    sign, logabsdet = xp.linalg.slogdet(on_device(a))
    expected_sign, expected_log = np.linalg.slogdet(a.astype(np.float64))
    np.testing.assert_array_equal(sign.get(), expected_sign)
    np.testing.assert_allclose(logabsdet.get(), expected_log, rtol=1e-4, atol=1e-4)


def test_a_singular_matrix_of_a_stack_is_named_with_its_column_past_the_first_panel():
    """Matrix 2 of 3 has no pivot in column 260, in the third panel; its determinant alone is 0."""
    a = rng.standard_normal((3, 300, 300)).astype(np.float32)
    a[2, :, 260] = 0
    with pytest.raises(tiles.InvalidArgument, match=r"^solve: matrix 2 of the input is singular: column 260 has "
                                                    r"no nonzero pivot \(LAPACK's info 261\)"):
        xp.linalg.solve(on_device(a), on_device(np.ones((3, 300, 1), np.float32)))
    sign, logabsdet = xp.linalg.slogdet(on_device(a))
    assert sign.get()[2] == 0 and logabsdet.get()[2] == -math.inf
    np.testing.assert_array_equal(sign.get()[:2], np.linalg.slogdet(a[:2].astype(np.float64))[0])


def test_tiles_solve_inv_and_slogdet_on_numpy_data():
    a = rng.standard_normal((30, 30)).astype(np.float32)
    b = rng.standard_normal((30, 2)).astype(np.float32)
    np.testing.assert_allclose(tiles.solve(a, b), np.linalg.solve(a, b), rtol=1e-3, atol=1e-4)
    np.testing.assert_allclose(tiles.inv(a) @ a, np.eye(30), atol=1e-4)
    sign, logabsdet = tiles.slogdet(a)
    assert (sign, logabsdet) == pytest.approx(np.linalg.slogdet(a), rel=1e-5)


def test_solve_refuses_what_it_does_not_take():
    with pytest.raises(ValueError, match="square"):
        xp.linalg.inv(on_device(np.ones((3, 4), dtype=np.float32)))
    with pytest.raises(ValueError, match="x2 of shape"):
        xp.linalg.solve(on_device(np.eye(3, dtype=np.float32)), on_device(np.ones((4, 2), dtype=np.float32)))


# pinv, matrix_rank and matrix_power, made of svd, svdvals and matmul.

@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("shape", [(60, 40), (40, 60)])
def test_pinv_and_matrix_rank_of_rank_deficient_matrices(dtype, shape):
    a = (rng.standard_normal((shape[0], 7)) @ rng.standard_normal((7, shape[1]))).astype(dtype)
    expected = np.linalg.pinv(a, rtol=None)  # the standard's default cutoff, max(m, n) eps
    np.testing.assert_allclose(xp.linalg.pinv(on_device(a)).get(), expected, atol=100 * tolerance(dtype))
    assert int(xp.linalg.matrix_rank(on_device(a))) == np.linalg.matrix_rank(a) == 7
    assert int(xp.linalg.matrix_rank(on_device(a), rtol=0.99)) == np.linalg.matrix_rank(a, rtol=0.99)


def test_matrix_rank_of_a_stack():
    a = rng.standard_normal((3, 20, 30)).astype(np.float32)
    a[1, :, 10:] = 0
    np.testing.assert_array_equal(xp.linalg.matrix_rank(on_device(a)).get(), np.linalg.matrix_rank(a))


@pytest.mark.parametrize("n", [0, 1, 2, 5])
def test_matrix_power(n):
    a = (rng.standard_normal((30, 30)) / 5).astype(np.float32)
    np.testing.assert_allclose(xp.linalg.matrix_power(on_device(a), n).get(), np.linalg.matrix_power(a, n),
                               rtol=1e-4, atol=1e-5)


def test_matrix_power_of_a_negative_power_is_of_the_inverse():
    a = (rng.standard_normal((20, 20)) + 5 * np.eye(20)).astype(np.float32)
    np.testing.assert_allclose(xp.linalg.matrix_power(on_device(a), -3).get(), np.linalg.matrix_power(a, -3),
                               rtol=1e-3, atol=1e-6)


# The functions made of the namespace's device operations.

@pytest.mark.parametrize("dtype", FLOATS)
def test_matmul_and_matrix_transpose(dtype):
    a, b = rng.standard_normal((33, 17)).astype(dtype), rng.standard_normal((17, 9)).astype(dtype)
    np.testing.assert_allclose(xp.linalg.matmul(on_device(a), on_device(b)).get(), a @ b, rtol=tolerance(dtype),
                               atol=tolerance(dtype) * 10)
    np.testing.assert_array_equal(xp.linalg.matrix_transpose(on_device(a)).get(), a.T)


@pytest.mark.parametrize("axes", [2, 1, 0, ((0, 2), (2, 0)), ([1], [1])])
def test_tensordot(axes):
    a, b = rng.standard_normal((4, 5, 6)).astype(np.float32), rng.standard_normal((6, 5, 4)).astype(np.float32)
    if axes == 2:
        b = rng.standard_normal((5, 6, 3)).astype(np.float32)
    elif axes == 1:
        b = rng.standard_normal((6, 7)).astype(np.float32)
    result = xp.linalg.tensordot(on_device(a), on_device(b), axes=axes)
    np.testing.assert_allclose(result.get(), np.tensordot(a, b, axes=axes), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(xp.tensordot(on_device(a), on_device(b), axes=axes).get(), result.get())


def test_vecdot_outer_and_cross():
    a, b = rng.standard_normal((4, 3)).astype(np.float32), rng.standard_normal((3,)).astype(np.float32)
    np.testing.assert_allclose(xp.linalg.vecdot(on_device(a), on_device(b)).get(), np.vecdot(a, b), rtol=1e-5)
    np.testing.assert_allclose(xp.vecdot(on_device(a.T), on_device(a.T), axis=0).get(), np.vecdot(a.T, a.T, axis=0),
                               rtol=1e-5)
    np.testing.assert_allclose(xp.linalg.outer(on_device(a[0]), on_device(b)).get(), np.outer(a[0], b), rtol=1e-6)
    np.testing.assert_allclose(xp.linalg.cross(on_device(a), on_device(b)).get(), np.cross(a, b), rtol=1e-5,
                               atol=1e-6)
    np.testing.assert_allclose(xp.linalg.cross(on_device(a.T.copy()), on_device(a.T.copy()[:, ::-1].copy()),
                                               axis=0).get(),
                               np.cross(a.T, a.T[:, ::-1], axis=0), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("offset", [0, 1, -2, 5, -9])
def test_diagonal_and_trace(offset):
    a = rng.standard_normal((2, 5, 7)).astype(np.float32)
    np.testing.assert_array_equal(xp.linalg.diagonal(on_device(a), offset=offset).get(),
                                  np.diagonal(a, offset, axis1=-2, axis2=-1))
    np.testing.assert_allclose(xp.linalg.trace(on_device(a), offset=offset).get(),
                               np.trace(a, offset, axis1=-2, axis2=-1), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("ord", [2, 1, math.inf, -math.inf, 0, 3, 0.5])
@pytest.mark.parametrize("axis", [None, 1, (0, 2)])
def test_vector_norm(ord, axis):
    a = rng.standard_normal((3, 4, 5)).astype(np.float32)
    a[0, 0, 0] = 0
    expected = np.linalg.vector_norm(a, ord=ord, axis=axis, keepdims=True)
    result = xp.linalg.vector_norm(on_device(a), ord=ord, axis=axis, keepdims=True)
    np.testing.assert_allclose(result.get(), expected, rtol=1e-5)


@pytest.mark.parametrize("ord", ["fro", 1, -1, math.inf, -math.inf])
def test_matrix_norm(ord):
    a = rng.standard_normal((2, 6, 4)).astype(np.float32)
    for keepdims in (False, True):
        np.testing.assert_allclose(xp.linalg.matrix_norm(on_device(a), ord=ord, keepdims=keepdims).get(),
                                   np.linalg.matrix_norm(a, ord=ord, keepdims=keepdims), rtol=1e-5)


@pytest.mark.parametrize("name", ["svd", "svdvals", "eigh", "eigvalsh", "qr", "cholesky", "inv", "det", "slogdet",
                                  "matrix_rank"])
def test_numpys_linalg_of_tiles_data_runs_on_the_device(name):
    a = spd(40, np.float32) / 40  # its determinant within float32's range
    result = getattr(np.linalg, name)(on_device(a))
    expected = getattr(np.linalg, name)(a.astype(np.float64))
    for got, want in zip(*((result, expected) if isinstance(expected, tuple) else ((result,), (expected,)))):
        assert isinstance(got, tiles.array)
        # Vectors' signs are each method's own: compared by magnitude.
        np.testing.assert_allclose(np.abs(got.get()), np.abs(want), rtol=1e-3, atol=1e-4)
    assert isinstance(np.linalg.solve(on_device(a), on_device(np.ones((40, 2), np.float32))), tiles.array)
    assert isinstance(np.linalg.matrix_power(on_device(a), 2), tiles.array)


def test_the_extension_is_there_with_every_function_of_the_standard():
    for name in ["cholesky", "cross", "det", "diagonal", "eigh", "eigvalsh", "inv", "matmul", "matrix_norm",
                 "matrix_power", "matrix_rank", "matrix_transpose", "outer", "pinv", "qr", "slogdet", "solve", "svd",
                 "svdvals", "tensordot", "trace", "vecdot", "vector_norm"]:
        assert callable(getattr(xp.linalg, name)), name


# What the standard's own suite (array-api-tests' test_linalg.py) found.

@pytest.mark.parametrize("name", ["qr", "svd", "svdvals", "eigh", "eigvalsh", "inv", "slogdet", "pinv", "cholesky"])
def test_factorizations_take_a_reshaped_view_in_its_own_shape(name):
    """A view from reshape (view_as) is read as its own stack of matrices, not its data's."""
    host = spd(3, np.float32, batch=(2,))
    reshaped = xp.reshape(on_device(host.reshape(6, 3)), (2, 3, 3))
    assert isinstance(reshaped, tiles.array_view) and reshaped.shape == (2, 3, 3)
    got, expected = getattr(xp.linalg, name)(reshaped), getattr(np.linalg, name)(host)
    for g, e in zip(got if isinstance(got, tuple) else [got], expected if isinstance(expected, tuple) else [expected]):
        if name in ("qr", "svd", "eigh"):  # factors are unique up to signs: compare magnitudes
            g, e = np.abs(g.get()), np.abs(e)
        np.testing.assert_allclose(g if isinstance(g, np.ndarray) else g.get(), e, rtol=1e-3, atol=1e-3)


def test_qr_gives_a_named_tuple():
    result = xp.linalg.qr(on_device(np.eye(3, dtype=np.float32)))
    assert type(result) is not tuple and result.Q.shape == (3, 3) and result.R.shape == (3, 3)
    empty = xp.linalg.qr(on_device(np.ones((0, 2), np.float32)))
    assert type(empty) is not tuple and empty.Q.shape == (0, 0)


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int32, np.float32])
def test_vecdot_keeps_its_operands_type(dtype):
    a = np.arange(12, dtype=dtype).reshape(3, 4)
    got = xp.linalg.vecdot(on_device(a), on_device(a))
    assert got.dtype == dtype
    np.testing.assert_array_equal(got.get(), np.vecdot(a, a).astype(dtype))


@pytest.mark.parametrize("shapes", [((2, 3, 4), (4, 5)), ((3, 4), (2, 4, 5)), ((2, 1, 3, 4), (5, 4, 2))])
def test_matmul_of_stacks_runs_on_the_device(shapes):
    a, b = (rng.standard_normal(shape).astype(np.float32) for shape in shapes)
    got = xp.matmul(on_device(a), on_device(b))
    assert got.shape == np.matmul(a, b).shape
    np.testing.assert_allclose(got.get(), np.matmul(a, b), rtol=1e-4, atol=1e-5)
