"""Complex data against numpy: upload and download, DLPack, promotion with real dtypes, every
operator and ufunc that takes complex operands (on the device, or for power and the
trigonometric functions through the host), on random numbers with NaN, infinities and signed
zeros among them, the array API's complex functions, reductions and conversions."""

import operator
import warnings

import numpy as np
import pytest
import tiles
import tiles.array_api as xp

DEVICE = tiles.Context.default().device
COMPLEX = [np.complex64] + ([np.complex128] if DEVICE.supports_fp64 else [])
REALS = [np.bool_, np.int8, np.uint16, np.int64, np.float32] + ([np.float64] if DEVICE.supports_fp64 else [])
rng = np.random.default_rng(4747)

# Every pairing of parts from these: zeros of both signs, the infinities, NaN, and ordinary numbers.
SPECIAL = [0.0, -0.0, 1.0, -2.5, np.inf, -np.inf, np.nan]


def sample(dtype, n=64):
    """Random complex numbers of `dtype` (parts about -10..10), then every pairing of SPECIAL's
    parts, so that each kernel meets NaN, infinities and signed zeros in both parts."""
    dtype = np.dtype(dtype)
    if dtype.kind != "c":
        values = rng.standard_normal(n) * 10
        return (values > 0) if dtype == np.bool_ else values.astype(dtype)
    ordinary = rng.standard_normal(n) * 10 + 1j * rng.standard_normal(n) * 10
    special = np.array([complex(a, b) for a in SPECIAL for b in SPECIAL])
    return np.concatenate([ordinary, special]).astype(dtype)


def numpy_of(function, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # division by zero, invalid values
        return np.asarray(function(*args))


def assert_close(result, expected, exact=False):
    """`result` (a tiles.array) holds numpy's `expected`, of its dtype: NaN where numpy's is NaN
    (in either part), infinities of the same sign, other values within a few roundings."""
    assert isinstance(result, tiles.array), f"{type(result)} is not a tiles.array"
    assert result.dtype == expected.dtype, (result.dtype, expected.dtype)
    assert result.shape == expected.shape
    got = result.get()
    if exact or expected.dtype.kind not in "fc":
        np.testing.assert_array_equal(got, expected)
        return
    single = expected.dtype in (np.complex64, np.float32)
    for part in ((np.real, np.imag) if expected.dtype.kind == "c" else (np.real,)):
        np.testing.assert_allclose(part(got), part(expected), rtol=2e-5 if single else 1e-12,
                                   atol=1e-6 if single else 1e-13, equal_nan=True)


def on_device(*host):
    return [tiles.array(h) if isinstance(h, np.ndarray) else h for h in host]


BINARY = [operator.add, operator.sub, operator.mul, operator.truediv]


@pytest.mark.parametrize("dtype", COMPLEX)
def test_upload_download_fill_and_dlpack_keep_every_value(dtype):
    host = sample(dtype)
    data = tiles.array(host)
    assert data.dtype == dtype
    np.testing.assert_array_equal(data.get(), host)
    np.testing.assert_array_equal(np.from_dlpack(tiles.array_view(host.copy()), device="cpu"), host)
    np.testing.assert_array_equal(np.asarray(tiles.from_dlpack(host)), host)
    np.testing.assert_array_equal(tiles.full(5, 1 - 2j, dtype).get(), np.full(5, 1 - 2j, dtype))
    assert complex(tiles.array(host[5:6])) == complex(host[5])


@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("op", BINARY + [operator.eq, operator.ne], ids=lambda f: f.__name__)
def test_arithmetic_and_equality_of_complex_pairs(dtype, op):
    a = sample(dtype)
    n = len(a)
    b = sample(dtype)[rng.permutation(n)]  # every special value meets others
    assert_close(op(*on_device(a, b)), numpy_of(op, a, b), exact=op in (operator.eq, operator.ne))
    # Python scalars weakly (NEP 50's rule), numpy's by their dtype, np.float64 (a Python float) too
    for scalar in (2 - 1j, 0.5, 3, np.complex64(1j), np.float64(0.5), np.complex128(1 + 1j)):
        assert_close(op(*on_device(a, scalar)), numpy_of(op, a, scalar))
        assert_close(op(*on_device(scalar, a)), numpy_of(op, scalar, a))


@pytest.mark.parametrize("complex_dtype", COMPLEX)
@pytest.mark.parametrize("real_dtype", REALS)
@pytest.mark.parametrize("op", BINARY + [operator.eq], ids=lambda f: f.__name__)
def test_promotion_with_real_dtypes_broadcast(complex_dtype, real_dtype, op):
    a = sample(complex_dtype, 16)[:16].reshape(4, 4)
    b = sample(real_dtype, 4)
    assert_close(op(*on_device(a, b)), numpy_of(op, a, b))
    assert_close(op(*on_device(b[:, None], a)), numpy_of(op, b[:, None], a))
    assert_close(op(*on_device(b, 1 + 1j)), numpy_of(op, b, 1 + 1j))  # a real array and a complex scalar


DEVICE_UFUNCS = [np.negative, np.positive, np.absolute, np.conjugate, np.sqrt, np.exp, np.log, np.square,
                 np.isnan, np.isinf, np.isfinite, np.logical_not, np.expm1]
HOST_UFUNCS = [np.sin, np.cos, np.tan, np.arcsin, np.arccos, np.arctan, np.sinh, np.cosh, np.tanh, np.arcsinh,
               np.arccosh, np.arctanh, np.log1p, np.log2, np.log10, np.sign]


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # numpy's, on the host, of infinities and NaN
@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("ufunc", DEVICE_UFUNCS + HOST_UFUNCS, ids=lambda f: f.__name__)
def test_unary_ufuncs_with_nan_and_infinities(dtype, ufunc):
    a = sample(dtype)
    if ufunc is np.expm1:  # numpy's differs from C99's and the standard's at infinities: those are below
        a = a[np.isfinite(a)]
    result = ufunc(tiles.array(a))
    assert_close(result, numpy_of(ufunc, a), exact=ufunc in (np.negative, np.positive, np.conjugate))


@pytest.mark.parametrize("dtype", COMPLEX)
def test_expm1_at_infinities_as_the_standard_says(dtype):
    inf, nan = np.inf, np.nan
    cases = {complex(inf, 0): complex(inf, 0), complex(-inf, inf): complex(-1, 0), complex(-inf, nan): complex(-1, 0),
             complex(nan, 0): complex(nan, 0), complex(0, 0): complex(0, 0), complex(-inf, 2): complex(-1, 0)}
    got = np.expm1(tiles.array(np.array(list(cases), dtype))).get()
    np.testing.assert_array_equal(got, np.array(list(cases.values()), dtype))
    signed = np.expm1(tiles.array(np.array([complex(-0.0, 0.0)], dtype))).get()
    assert not np.signbit(signed.real[0]) and not np.signbit(signed.imag[0])  # +0 + 0j
    got = np.expm1(tiles.array(np.array([complex(inf, inf), complex(inf, nan)], dtype))).get()
    assert np.all(np.isinf(got.real)) and np.all(np.isnan(got.imag))


def test_the_device_computes_its_ufuncs_without_a_download(context):
    a = tiles.array(sample(np.complex64), context=context)
    before = context.counters()["downloads"]
    for ufunc in DEVICE_UFUNCS:
        ufunc(a)
    a * a / (a + 1)
    assert context.counters()["downloads"] == before


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("ufunc", [np.power, np.logical_and, np.logical_or, np.logical_xor, np.less,
                                   np.greater_equal, np.maximum], ids=lambda f: f.__name__)
def test_binary_ufuncs_numpy_has_for_complex(dtype, ufunc):
    a, b = sample(dtype, 16)[:16], sample(dtype, 16)[-16:]
    assert_close(ufunc(*on_device(a, b)), numpy_of(ufunc, a, b))


@pytest.mark.parametrize("dtype", COMPLEX)
def test_in_place_out_and_where(dtype):
    a, b = sample(dtype, 8)[:8], sample(dtype, 8)[8:16]
    x = tiles.array(a)
    x *= tiles.array(b)
    assert_close(x, numpy_of(operator.mul, a, b))
    real = tiles.zeros(8, np.float32)
    with pytest.raises(TypeError, match="Cannot cast"):
        np.multiply(tiles.array(a), tiles.array(b), out=real)
    into = tiles.zeros(8, dtype)
    np.add(tiles.array(a.real.astype(np.float32)), 1, out=into)  # a real result stored as complex
    assert_close(into, (a.real.astype(np.float32) + 1).astype(dtype))
    condition = rng.integers(0, 2, 8).astype(bool)
    assert_close(np.where(tiles.array(condition), tiles.array(a), 2.0), np.where(condition, a, 2.0))


@pytest.mark.parametrize("dtype", COMPLEX)
def test_conversions_reductions_and_parts(dtype):
    a = sample(dtype, 32)[:32]
    x = tiles.array(a)
    for target in [np.complex64, np.float32, np.int32, np.bool_] + COMPLEX[1:]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
            expected = a.astype(target)
            got = x.astype(target)
        assert_close(got, expected, exact=True)
    with pytest.warns(np.exceptions.ComplexWarning):
        x.astype(np.float32)
    np.testing.assert_allclose(x.sum(), a.sum(), rtol=1e-5)
    assert xp.sum(x).dtype == dtype
    np.testing.assert_allclose(xp.prod(x[:4]).get(), np.prod(a[:4]), rtol=1e-5)
    np.testing.assert_allclose(x.mean(), a.mean(), rtol=1e-5)
    assert_close(xp.real(x), a.real, exact=True)
    assert_close(xp.imag(x), a.imag, exact=True)
    assert_close(xp.conj(x), np.conj(a), exact=True)


def test_array_api_namespace_lists_complex_dtypes():
    info = xp.__array_namespace_info__()
    expected = np.complex128 if DEVICE.supports_fp64 else np.complex64
    assert info.default_dtypes()["complex floating"] == expected
    assert set(info.dtypes(kind="complex floating")) == {np.dtype(d).name for d in COMPLEX}
    assert xp.asarray([1j, 2]).dtype == expected
    assert xp.full(3, 1j).dtype == expected
    assert xp.isdtype(xp.complex64, "complex floating") and not xp.isdtype(xp.complex64, "real floating")
    assert xp.result_type(xp.complex64, xp.float64) == np.complex128
    np.testing.assert_array_equal(xp.real(xp.asarray([1.5, 2.0])).get(), [1.5, 2.0])
    np.testing.assert_array_equal(xp.imag(xp.asarray([1.5, 2.0])).get(), [0.0, 0.0])
