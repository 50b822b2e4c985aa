"""numpy's arithmetic on tiles data, with numpy as the truth: operators, in-place and reflected,
numpy's ufuncs, type promotion (NEP 50's for Python scalars), broadcasting, comparisons,
bool() and len(), the reductions and the methods; results stay tiles arrays on the device."""

import operator
import warnings

import numpy as np
import pytest
import tiles

DEVICE = tiles.Context.default().device
INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
FLOATS = [np.float32] + ([np.float64] if DEVICE.supports_fp64 else [])
DTYPES = [np.bool_] + INTS + FLOATS
# The dtypes every operator is checked on, as each kernel costs a build (PoCL: a fraction of a
# second): each way the integer templates compute (char computes in int and wraps through uint,
# ushort multiplies in uint, long and ulong in ulong), bool, and the floats.
SOME_DTYPES = [np.bool_, np.int8, np.uint16, np.int64, np.uint64] + FLOATS
rng = np.random.default_rng(47)

ARITHMETIC = [operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv, operator.mod,
              operator.pow]
BITWISE = [operator.and_, operator.or_, operator.xor, operator.lshift, operator.rshift]
COMPARISONS = [operator.eq, operator.ne, operator.lt, operator.le, operator.gt, operator.ge]


def sample(dtype, shape, small=False):
    """Random values of `dtype`: integers over their whole range (small: -20..20, for powers and
    shifts), floats with a NaN, an infinity and zeros among them."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        low, high = (max(info.min, -20), min(info.max, 20)) if small else (info.min, info.max)
        values = rng.integers(low, high, shape, dtype=dtype, endpoint=True)
        values.flat[:3] = [0, 1, high][:values.size]  # zero divisors, and the largest value
        return values
    values = (rng.standard_normal(shape) * 10).astype(dtype)
    values.flat[:4] = [0.0, np.nan, np.inf, -3.0][:values.size]
    return values


def numpy_of(function, *args):
    """numpy's answer, or the exception class numpy raises."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # numpy's warnings of division by zero, overflow
        try:
            return function(*args)
        except (TypeError, ValueError, OverflowError, ZeroDivisionError) as e:
            return type(e)


def assert_same(result, expected, exact=True):
    """`result` is a tiles.array holding numpy's `expected`, of its dtype."""
    assert isinstance(result, tiles.array), f"{type(result)} is not a tiles.array"
    assert result.dtype == expected.dtype, (result.dtype, expected.dtype)
    assert result.shape == expected.shape
    got = result.get()
    if expected.dtype.kind == "f" and not exact:
        np.testing.assert_allclose(got, expected, rtol=1e-5 if expected.dtype == np.float32 else 1e-12,
                                   equal_nan=True)
    else:
        np.testing.assert_array_equal(got, expected)


def check(function, *host, exact=True):
    """function of the host operands (numpy arrays as tiles arrays, scalars as they are), on the
    device, against numpy's."""
    expected = numpy_of(function, *host)
    device = [tiles.array(h) if isinstance(h, np.ndarray) else h for h in host]
    if isinstance(expected, type):
        with pytest.raises(expected):
            function(*device)
        return
    assert_same(function(*device), np.asarray(expected), exact)


def inexact(function, dtype):
    """Whether the device's answer may differ from numpy's in the last bits: powers of floats
    (OpenCL's pow)."""
    return function is operator.pow and np.dtype(dtype).kind == "f"


@pytest.mark.parametrize("dtype", SOME_DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("function", ARITHMETIC + BITWISE, ids=lambda f: f.__name__)
def test_operators_on_one_dtype(function, dtype):
    small = function in (operator.pow, operator.lshift, operator.rshift)
    exponents = sample(dtype, 37, small)
    if function is operator.pow and np.dtype(dtype).kind == "i":
        exponents = np.abs(exponents)  # numpy refuses negative integer powers (test_negative_integer_powers)
    check(function, sample(dtype, 37, small), exponents, exact=not inexact(function, dtype))


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint64, np.float32], ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("function", COMPARISONS, ids=lambda f: f.__name__)
def test_comparisons(function, dtype):
    check(function, sample(dtype, 37), sample(dtype, 37))


def test_negative_integer_powers_are_refused_as_numpy_does():
    a = tiles.array(np.array([2, 3, 4], np.int32))
    with pytest.raises(ValueError, match="negative integer powers"):
        a ** tiles.array(np.array([1, -1, 2], np.int32))
    with pytest.raises(ValueError, match="negative integer powers"):
        a ** -2
    np.testing.assert_array_equal((a ** 3).get(), [8, 27, 64])


# Pairs of dtypes whose promotion is each of numpy's cases (every pair would build a program each).
PAIRS = [(np.bool_, np.int8), (np.bool_, np.float32), (np.int8, np.uint8), (np.uint8, np.int16), (np.int16, np.uint16),
         (np.int32, np.uint32), (np.uint32, np.int64), (np.int64, np.uint64), (np.uint64, np.int64),
         (np.uint8, np.float32), (np.int16, np.float32), (np.int32, np.float32), (np.int64, np.float32)] + (
    [(np.float32, np.float64), (np.uint64, np.float64), (np.int8, np.float64)] if DEVICE.supports_fp64 else [])


@pytest.mark.parametrize("first, second", PAIRS, ids=lambda d: np.dtype(d).name)
def test_promotion_of_pairs(first, second):
    """numpy's promotion of pairs of dtypes: int8 + uint8 is int16, int64 + uint64 float64 (and
    int32 + float32), and int64 compares with uint64 by value."""
    a, b = sample(first, 11), sample(second, 11)
    check(operator.add, a, b)
    check(operator.lt, a, b)


@pytest.mark.parametrize("dtype", [np.bool_, np.uint8, np.int64, np.float32], ids=lambda d: np.dtype(d).name)
def test_python_scalars_take_the_arrays_type(dtype):
    """NEP 50: a Python int or float takes the array's type where it is of the same kind (uint8 + 1
    is uint8), numpy's scalars keep theirs; on either side."""
    a = sample(dtype, 9)
    for scalar in (3, -2, 2.5, True, np.float32(1.5), np.int16(-4)):
        check(operator.add, a, scalar)
    for scalar in (3, -2, 2.5):
        check(operator.lt, a, scalar)
        check(operator.sub, scalar, a)


def test_python_ints_beyond_the_type():
    """numpy refuses int8 + 300 (OverflowError) but compares int8 with 300 by value."""
    a = np.array([-128, 0, 127], np.int8)
    check(operator.add, a, 300)
    check(operator.lt, a, 300)
    check(operator.eq, a, -1000)
    check(operator.ge, np.array([0, 5], np.uint8), -1)


@pytest.mark.parametrize("shapes", [((4, 5), (5,)), ((4, 1), (1, 6)), ((3, 1, 5), (4, 1)), ((1,), (7, 3)),
                                    ((2, 3, 4, 5), (3, 1, 5))], ids=str)
def test_broadcasting(shapes):
    a, b = sample(np.float32, shapes[0]), sample(np.int16, shapes[1])
    check(operator.add, a, b)
    check(operator.floordiv, b, a)
    check(operator.gt, a, b)


def test_shapes_that_do_not_broadcast():
    with pytest.raises(ValueError):
        tiles.zeros((3, 4), np.float32) + tiles.zeros((5,), np.float32)


@pytest.mark.parametrize("dtype", INTS + FLOATS, ids=lambda d: np.dtype(d).name)
def test_floor_division_and_remainder_by_signs_and_zero(dtype):
    """numpy's // and %: floor, the divisor's sign; integer division by zero is 0."""
    values = [-7, -1, 0, 1, 7, 13] if np.dtype(dtype).kind != "u" else [0, 1, 7, 13, 200]
    a = np.array([x for x in values for _ in values], dtype)
    b = np.array([y for _ in values for y in values], dtype)
    check(operator.floordiv, a, b)
    check(operator.mod, a, b)


def test_integer_extremes_wrap_as_numpy():
    a = np.array([-128, 127, -128, 100], np.int8)
    b = np.array([-1, 1, 1, 100], np.int8)
    for function in (operator.add, operator.sub, operator.mul, operator.floordiv, operator.mod, operator.neg):
        check(function, a, b) if function is not operator.neg else check(function, a)
    check(operator.floordiv, np.array([np.iinfo(np.int64).min], np.int64), np.array([-1], np.int64))


def test_true_division_of_integers_is_float64():
    if not DEVICE.supports_fp64:
        with pytest.raises(tiles.Unsupported, match="float64"):
            tiles.array(np.arange(4, dtype=np.int32)) / 2
        return
    check(operator.truediv, np.arange(6, dtype=np.int32), np.array([2, 4, 0, 3, 1, 7], np.int32))


@pytest.mark.parametrize("dtype", SOME_DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("function", [operator.neg, operator.pos, abs, operator.invert], ids=lambda f: f.__name__)
def test_unary_operators(function, dtype):
    check(function, sample(dtype, 17))


@pytest.mark.parametrize("function", [operator.iadd, operator.isub, operator.imul, operator.ifloordiv, operator.imod,
                                      operator.iand, operator.ior, operator.ixor, operator.ilshift],
                         ids=lambda f: f.__name__)
def test_in_place_writes_the_same_array(function):
    a, b = sample(np.int32, (3, 4), small=True), sample(np.int16, (4,), small=True)
    device = tiles.array(a)
    result = function(device, tiles.array(b))
    assert result is device
    np.testing.assert_array_equal(device.get(), numpy_of(function, a.copy(), b))


def test_in_place_follows_numpy_casting():
    a = tiles.array(np.arange(4, dtype=np.int32))
    with pytest.raises(TypeError):
        a += 1.5  # numpy: Cannot cast ufunc 'add' output from float64 to int32
    with pytest.raises(ValueError):
        a += tiles.zeros((2, 4), np.int32)  # the output cannot take the broadcast shape
    f = tiles.array(np.arange(4, dtype=np.float32))
    f += np.int8(2)
    f *= tiles.array(np.array([1, 2, 3, 4], np.int16))
    np.testing.assert_array_equal(f.get(), (np.arange(4, dtype=np.float32) + 2) * [1, 2, 3, 4])


def test_in_place_on_a_view_reaches_its_numpy_array():
    host = np.arange(6, dtype=np.float32)
    view = tiles.array_view(host)
    view += 10
    view.synchronize()
    np.testing.assert_array_equal(host, np.arange(6) + 10)


def test_equality_is_elementwise():
    """Before: a == b compared identity, False for arrays of equal values."""
    a, b = tiles.array([1, 2, 3]), tiles.array([1, 5, 3])
    result = a == b
    assert isinstance(result, tiles.array) and result.dtype == np.bool_
    np.testing.assert_array_equal(result.get(), [True, False, True])
    np.testing.assert_array_equal((a != b).get(), [False, True, False])
    np.testing.assert_array_equal((a == tiles.array([1, 2, 3])).get(), [True, True, True])


def test_truth_value_is_numpys():
    """Before: bool(tiles.zeros(4)) was True."""
    with pytest.raises(ValueError, match="ambiguous"):
        bool(tiles.zeros(4, np.float32))
    with pytest.raises(ValueError):
        bool(tiles.zeros(0, np.float32))
    assert bool(tiles.zeros(1, np.float32)) is False
    assert bool(tiles.ones((1, 1), np.int32)) is True
    with pytest.raises(ValueError, match="ambiguous"):
        if tiles.array([1, 2]) == tiles.array([1, 2]):
            pass
    assert len(tiles.zeros((5, 2), np.float32)) == 5


def test_bool_arrays_compute_as_numpys():
    a, b = sample(np.int32, 20), sample(np.int32, 20)
    mask = tiles.array(a) < tiles.array(b)
    assert mask.dtype == np.bool_ and mask.get().dtype == np.bool_
    np.testing.assert_array_equal((~mask).get(), ~(a < b))
    np.testing.assert_array_equal((mask & (tiles.array(a) > 0)).get(), (a < b) & (a > 0))
    np.testing.assert_array_equal((mask + 1).get(), (a < b) + 1)
    assert mask.sum() == np.sum(a < b)
    assert mask[0] == (a < b)[0] and mask[0].shape == () and mask[0].dtype == np.bool_
    assert mask.astype(np.float32).get().tolist() == (a < b).astype(np.float32).tolist()
    np.testing.assert_array_equal(tiles.array(np.array([True, False])).get(), [True, False])


def test_numpy_operands_and_ufuncs_stay_on_the_device():
    """Before: x + np.ones(...) and np.add(x, 1) came back as numpy arrays, computed on the host."""
    host = sample(np.float32, (3, 4))
    x = tiles.array(host)
    for result, expected in ((x + np.ones(4, np.float32), host + 1), (np.ones(4, np.float32) + x, host + 1),
                             (np.add(x, 1), host + 1), (np.multiply(2, x), 2 * host),
                             (np.maximum(x, 0.5), np.maximum(host, 0.5)), (np.minimum(x, x), host),
                             (np.negative(x), -host), (np.equal(x, x), host == host)):
        assert_same(result, expected)
    assert_same(np.sqrt(abs(x)), np.sqrt(np.abs(host)), exact=False)
    for function in (np.exp, np.log, np.sin, np.cos):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            assert_same(function(x), function(host), exact=False)
    out = tiles.empty((3, 4), np.float32)
    assert np.add(x, x, out=out) is out
    np.testing.assert_array_equal(out.get(), host + host)
    # numpy operands in the other byte order compute as numpy computes them, in the machine's.
    for other in (np.arange(4, dtype=">i4"), np.linspace(0, 1, 4).astype(">f8"), np.array(2, dtype=">i2")):
        assert_same(x + other, host + other)


def test_ufuncs_libtiles_lacks_raise_rather_than_go_to_the_host():
    x = tiles.array(np.arange(4, dtype=np.float32))
    with pytest.raises(TypeError):
        np.ldexp(x, 2)
    with pytest.raises(TypeError):
        np.add.reduce(x)
    with pytest.raises(TypeError):
        x + "a"


def test_views_and_sections_take_part():
    """Views compute as the arrays they view; a section is copied on the device first."""
    host = sample(np.int32, (6, 8))
    view = tiles.array_view(host)
    assert_same(view + 1, host + 1)
    assert_same(view[1:4, 2:7] * 2, host[1:4, 2:7] * 2)
    device = tiles.array(host)
    assert_same(device[2:5, 1:3] - device[0:3, 0:2], host[2:5, 1:3] - host[0:3, 0:2])
    assert_same(device[3] + view[2], host[3] + host[2])
    section = device[1:3, 2:5]
    section += 7  # written back into its array's rectangle
    expected = host.copy()
    expected[1:3, 2:5] += 7
    np.testing.assert_array_equal(device.get(), expected)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_reductions_are_numpys(dtype):
    host = sample(dtype, (7, 9)) if np.dtype(dtype).kind != "f" else rng.standard_normal((7, 9)).astype(dtype)
    device = tiles.array(host)
    for name in ("sum", "max", "min", "mean"):
        got, expected = getattr(device, name)(), getattr(host, name)()
        # An array of no dimensions on the device, as CuPy's: nothing waited for it.
        assert isinstance(got, tiles.array) and got.shape == () and got.dtype == expected.dtype, (name, expected)
        np.testing.assert_allclose(got.get(), expected, rtol=1e-5)
    assert np.isnan(tiles.array(np.array([1, np.nan, 3], np.float32)).max())
    # What numpy's scalar did for its users: round, format, float.
    mean = tiles.array(np.array([1.0, 2.0, 2.5])).mean()
    assert round(mean, 2) == 1.83 and f"{mean:.3f}" == "1.833" and float(mean) == np.mean([1.0, 2.0, 2.5])
    with pytest.raises(TypeError, match=r"shape \(3,\): use np.round"):
        round(tiles.array(np.array([1.0, 2.0, 2.5])))


def test_methods():
    host = sample(np.int16, (4, 6))
    a = tiles.array(host)
    for dtype in SOME_DTYPES:
        assert_same(a.astype(dtype), host.astype(dtype))
    copied = a.copy()
    assert isinstance(copied, tiles.array) and copied is not a
    copied += 1
    np.testing.assert_array_equal(a.get(), host)
    np.testing.assert_array_equal(np.asarray(a.reshape(3, 8)), host.reshape(3, 8))
    np.testing.assert_array_equal(np.asarray(a.reshape((2, -1, 3))), host.reshape(2, -1, 3))
    np.testing.assert_array_equal(np.asarray(a.ravel()), host.ravel())
    assert a.tolist() == host.tolist()
    with pytest.raises(ValueError, match="cannot reshape"):
        a.reshape(5, 5)
    with pytest.raises(tiles.InvalidArgument, match="view_as"):
        a[1:3, 1:4].reshape(6)
    # Over an axis, the namespace's reductions on the device.
    np.testing.assert_array_equal(a.sum(axis=1), host.sum(axis=1))
    np.testing.assert_array_equal(np.max(a, axis=0, keepdims=True), host.max(axis=0, keepdims=True))


def test_float16_is_converted_on_the_device_and_computed_in_float32():
    host = np.array([0.1, -2.5, 65504.0, np.inf, np.nan, 1e-7], np.float32)
    half = tiles.array(host).astype(np.float16)
    assert_same(half, host.astype(np.float16))
    assert_same(half.astype(np.float32), host.astype(np.float16).astype(np.float32))
    assert_same(half + np.float32(1), host.astype(np.float16) + np.float32(1))  # numpy's float32 loop
    with pytest.raises(tiles.Unsupported, match="astype"):
        half + half  # numpy computes in float16, which devices need not have


def test_arange_and_linspace():
    for args, kwargs in (((10,), {}), ((2, 11, 3), {}), ((0.5, 3.0, 0.25), {}), ((5,), {"dtype": np.uint8})):
        assert_same(tiles.arange(*args, **kwargs), np.arange(*args, **kwargs))
    assert_same(tiles.linspace(0, 1, 11, dtype=np.float32), np.linspace(0, 1, 11, dtype=np.float32))
    assert_same(tiles.linspace(2, 3, 4, endpoint=False, dtype=np.float32),
                np.linspace(2, 3, 4, endpoint=False, dtype=np.float32))


def test_kernels_are_cached_across_shapes_and_scalars():
    """One kernel per (operation, dtypes, layout), kept by the core: shapes and scalar values
    build none."""
    context = tiles.Context.default()

    def built():
        counters = context.counters()
        return counters["kernel_builds"] + counters["binary_loads"]

    arrays = [tiles.ones(shape, np.float32) for shape in ((3, 4), (5,), (2, 9), (8, 3))]
    pairs = [(tiles.zeros(shape, np.uint16), tiles.zeros(shape[1:], np.uint16)) for shape in ((3, 4), (6, 7))]
    (arrays[0] + 1.0).get()
    count = built()
    for x, value in zip(arrays[1:], (2.5, -1.0, 7.0)):
        (x + value).get()
    assert built() == count
    for x, row in pairs:
        (x ^ row).get()  # one layout (a row broadcast), one kernel
    assert built() == count + 1


def test_numpys_reductions_call_the_methods():
    host = sample(np.int32, (5, 6))
    device = tiles.array(host)
    for function in (np.sum, np.max, np.min, np.mean):
        got = function(device)
        assert isinstance(got, tiles.array) and got.shape == () and got.item() == function(host)


def test_the_algorithms_hint_names_a_method_tiles_arrays_have():
    """block_average refuses int32 with "convert it first, with x.astype(np.float32)", which
    tiles arrays lacked; it converts on the device now."""
    host = np.arange(16, dtype=np.int32).reshape(4, 4)
    x = tiles.array(host)
    with pytest.raises(tiles.InvalidArgument, match=r"x\.astype\(np\.float32\)"):
        tiles.block_average(x, (2, 2))
    np.testing.assert_array_equal(tiles.block_average(x.astype(np.float32), (2, 2)),
                                  host.reshape(2, 2, 2, 2).mean(axis=(1, 3)))


def test_concatenate_on_the_device():
    a, b = sample(np.int32, (2, 3)), sample(np.int16, (2, 4))
    assert_same(np.concatenate([tiles.array(a), tiles.array(b)], axis=1), np.concatenate([a, b], axis=1))
    assert_same(np.concatenate([tiles.array(a), a[:1]]), np.concatenate([a, a[:1]]))
    with pytest.raises(ValueError):
        np.concatenate([tiles.array(a), tiles.array(b)])


def test_numpys_other_functions_still_take_the_data_through_the_host():
    host = sample(np.float32, (3, 4))
    x = tiles.array(host)
    np.testing.assert_array_equal(np.transpose(x), host.T)
    assert np.allclose(x, host, equal_nan=True)
    np.testing.assert_array_equal(np.where(host > 0, x, 0), np.where(host > 0, host, 0))


@pytest.mark.parametrize("ufunc, dtype", [(np.add, np.float32), (np.multiply, np.int16), (np.sqrt, np.float32),
                                          (np.less, np.int32)])
def test_ufuncs_where_write_only_the_masks_elements_in_one_launch(ufunc, dtype):
    a, b = sample(dtype, (5, 7), small=True), sample(dtype, (7,), small=True)
    inputs = (a, b)[:ufunc.nin]
    out_dtype = np.bool_ if ufunc is np.less else dtype
    for mask in (rng.integers(0, 2, (5, 7)).astype(bool), rng.integers(0, 2, (7,)).astype(bool),
                 rng.integers(0, 2, (5, 1)).astype(bool)):  # as it is, and broadcast along either dimension
        before = sample(out_dtype, (5, 7))
        expected = before.copy()
        with np.errstate(all="ignore"):
            ufunc(*inputs, out=expected, where=mask)
        out = tiles.array(before)
        data = [tiles.array(v) for v in inputs]
        context = out.device
        context.reset_counters()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert ufunc(*data, out=out, where=tiles.array(mask)) is out
        assert context.counters()["launches"] == 1
        np.testing.assert_array_equal(out.get(), expected)


def test_ufuncs_where_takes_numpy_masks_and_scalars_and_refuses_as_numpy():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    before = np.full((2, 3), -1, np.float32)
    for where in (np.array([True, False, True]), [1, 0, 1], False, True):
        expected, out = before.copy(), tiles.array(before)
        np.add(a, 1, out=expected, where=where)
        np.add(tiles.array(a), 1, out=out, where=where)
        np.testing.assert_array_equal(out.get(), expected)
    fresh = np.negative(tiles.array(a), where=np.array([True, False, True]))  # numpy leaves the rest uninitialized
    assert fresh.shape == (2, 3) and fresh.dtype == np.float32
    np.testing.assert_array_equal(fresh.get()[:, [0, 2]], -a[:, [0, 2]])
    for mask in (np.array([1, 0, 1]), tiles.array(np.array([1, 0, 1]))):
        with pytest.raises(TypeError, match=r"Cannot cast array data from dtype\('int64'\) to dtype\('bool'\)"):
            np.add(tiles.array(a), 1, out=tiles.array(before), where=mask)
