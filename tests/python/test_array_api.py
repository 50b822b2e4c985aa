"""The array API standard's namespace (tiles.array_api, 2024.12) against numpy, whose own namespace
follows the standard: a subset of the standard's checks for every group of functions (creation,
data types, elementwise, statistical, searching, sorting, sets, manipulation, linear algebra),
arrays of no dimensions, devices and DLPack."""

import inspect
import math

import numpy as np
import pytest
import tiles
import tiles.array_api as xp

DEVICE = tiles.Context.default().device
rng = np.random.default_rng(2023)


def floats(*shape, dtype=np.float32):
    return rng.standard_normal(shape).astype(dtype)


def same(result, expected, rtol=0.0):
    """`result` is tiles data holding numpy's `expected`, of its shape and dtype."""
    assert isinstance(result, (tiles.array, tiles.array_view)), type(result)
    expected = np.asarray(expected)
    assert result.shape == expected.shape and result.dtype == expected.dtype, (result.shape, result.dtype,
                                                                               expected.shape, expected.dtype)
    if rtol:
        np.testing.assert_allclose(result.get(), expected, rtol=rtol, atol=rtol, equal_nan=True)
    else:
        np.testing.assert_array_equal(result.get(), expected)


def test_the_namespace_of_tiles_data():
    x = tiles.zeros(3, np.float32)
    assert x.__array_namespace__() is xp and tiles.array_view(np.zeros(2)).__array_namespace__() is xp
    for revision in ("2021.12", "2022.12", "2023.12", "2024.12"):
        assert x.__array_namespace__(api_version=revision) is xp
    with pytest.raises(ValueError, match="revisions 2021.12 to 2024.12, not '1999.01'"):
        x.__array_namespace__(api_version="1999.01")
    assert xp.__array_api_version__ == "2024.12"
    assert x.dtype == xp.float32 and xp.asarray([True]).dtype == xp.bool
    assert (xp.e, xp.pi, xp.inf, xp.newaxis) == (math.e, math.pi, math.inf, None) and math.isnan(xp.nan)


def test_creation_and_default_dtypes():
    default_float = np.float64 if DEVICE.supports_fp64 else np.float32
    default_complex = np.complex128 if DEVICE.supports_fp64 else np.complex64
    info = xp.__array_namespace_info__()
    assert info.default_dtypes() == {"real floating": default_float, "complex floating": default_complex,
                                     "integral": np.int64, "indexing": np.int64}
    assert set(info.dtypes(kind="integral")) == {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                                                 "uint64"}
    assert info.capabilities()["boolean indexing"] is True and info.default_device() == tiles.Context.default()
    same(xp.zeros((2, 3)), np.zeros((2, 3), default_float))
    same(xp.ones(4, dtype=xp.int8), np.ones(4, np.int8))
    same(xp.full((2,), 7), np.full(2, 7))
    same(xp.full((2,), 2.5), np.full(2, 2.5, default_float))
    same(xp.full((2,), True), np.full(2, True))
    same(xp.asarray([1.5, 2.0]), np.array([1.5, 2.0], default_float))
    same(xp.arange(1, 7, 2), np.arange(1, 7, 2))
    same(xp.linspace(0, 1, num=5, dtype=xp.float32), np.linspace(0, 1, 5, dtype=np.float32))
    same(xp.eye(3, 4, k=1, dtype=xp.int32), np.eye(3, 4, k=1, dtype=np.int32))
    same(xp.tril(xp.ones((3, 3), dtype=xp.int16)), np.tril(np.ones((3, 3), np.int16)))
    same(xp.triu(xp.ones((3, 3), dtype=xp.int16), k=1), np.triu(np.ones((3, 3), np.int16), k=1))
    gx, gy = xp.meshgrid(xp.arange(3), xp.arange(2))
    same(gx, np.meshgrid(np.arange(3), np.arange(2))[0])
    x = xp.asarray(floats(4))
    same(xp.zeros_like(x), np.zeros(4, np.float32))
    same(xp.full_like(x, 3, dtype=xp.int32), np.full(4, 3, np.int32))
    assert xp.empty_like(x).shape == (4,)
    assert xp.asarray(x) is x
    copied = xp.asarray(x, copy=True)
    assert copied is not x and np.array_equal(copied.get(), x.get())
    with pytest.raises(ValueError):
        xp.asarray([1, 2], copy=False)
    with pytest.raises(ValueError):
        xp.asarray(x, dtype=xp.int32, copy=False)
    same(xp.asarray(x, dtype=xp.int32), x.get().astype(np.int32))


def test_data_type_functions():
    assert xp.result_type(xp.int8, xp.uint8) == np.int16
    assert xp.result_type(xp.zeros(2, dtype=xp.float32), xp.int16) == np.float32
    assert xp.result_type(xp.zeros(2, dtype=xp.int8), 1) == np.int8  # Python scalars are weak
    assert xp.result_type(xp.float32, 1j) == np.complex64 and xp.result_type(xp.complex128, 0.5) == np.complex128
    assert xp.can_cast(xp.int8, xp.int32) and not xp.can_cast(xp.float32, xp.int32)
    assert xp.can_cast(xp.zeros(1, dtype=xp.uint8), xp.int16)
    assert xp.finfo(xp.float32).eps == np.finfo(np.float32).eps and xp.iinfo(xp.int16).max == 32767
    assert xp.finfo(xp.zeros(1, dtype=xp.float32)).bits == 32
    assert type(xp.finfo(xp.float32).eps) is float and xp.finfo(xp.complex64).dtype == np.float32  # the standard's
    np.testing.assert_array_equal(xp.take(xp.asarray([5, 6, 7]), xp.asarray([2, 0])).get(), [7, 5])
    assert inspect.signature(xp.add).parameters["x1"].kind == inspect.Parameter.POSITIONAL_ONLY
    assert xp.isdtype(xp.int8, "signed integer") and xp.isdtype(xp.uint8, "integral")
    assert xp.isdtype(xp.float32, ("bool", "real floating")) and not xp.isdtype(xp.float32, "integral")
    assert xp.isdtype(xp.bool, xp.bool) and not xp.isdtype(xp.int64, "unsigned integer")
    with pytest.raises(ValueError):
        xp.isdtype(xp.int8, "integer")
    x = xp.asarray(np.array([1.7, -2.5], np.float32))
    same(xp.astype(x, xp.int16), np.array([1, -2], np.int16))


# The standard's elementwise functions, by the numpy function of the same values, and the data
# they are checked on: (name, numpy's function, operands' kind), "unit" data in (-1, 1) for the
# inverse functions, "positive" in (0.5, 4.5).
UNARY_FLOAT = ["abs", "acos", "asin", "atan", "acosh", "asinh", "atanh", "ceil", "cos", "cosh", "exp", "expm1",
               "floor", "isfinite", "isinf", "isnan", "log", "log1p", "log2", "log10", "negative", "positive", "round",
               "sign", "signbit", "sin", "sinh", "square", "sqrt", "tan", "tanh", "trunc", "logical_not"]
NUMPY_NAMES = {"acos": "arccos", "asin": "arcsin", "atan": "arctan", "acosh": "arccosh", "asinh": "arcsinh",
               "atanh": "arctanh", "atan2": "arctan2", "round": "rint", "divide": "true_divide", "pow": "power",
               "bitwise_left_shift": "left_shift", "bitwise_right_shift": "right_shift", "bitwise_invert": "invert"}


def _data_for(name, shape):
    if name in ("acos", "asin", "atanh"):
        return rng.uniform(-0.99, 0.99, shape).astype(np.float32)
    if name in ("acosh", "log", "log2", "log10", "sqrt"):
        return rng.uniform(1.0, 4.5, shape).astype(np.float32)
    values = floats(*shape) * 3
    values.flat[:3] = [np.nan, np.inf, -0.0]
    return values


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # numpy's, of the NaN and infinity among the data
@pytest.mark.parametrize("name", UNARY_FLOAT)
def test_unary_elementwise_functions(name):
    host = _data_for(name, (2, 5))
    expected = getattr(np, NUMPY_NAMES.get(name, name))(host)
    same(getattr(xp, name)(xp.asarray(host)), expected, rtol=0 if expected.dtype == np.bool_ else 2e-6)


BINARY_FLOAT = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "pow", "atan2", "copysign",
                "hypot", "logaddexp", "maximum", "minimum", "nextafter", "equal", "not_equal", "less", "less_equal",
                "greater", "greater_equal"]


@pytest.mark.parametrize("name", BINARY_FLOAT)
def test_binary_elementwise_functions_broadcast(name):
    a, b = floats(3, 4), floats(4)
    if name == "pow":
        a = np.abs(a)
    expected = getattr(np, NUMPY_NAMES.get(name, name))(a, b)
    same(getattr(xp, name)(xp.asarray(a), xp.asarray(b)), expected, rtol=0 if expected.dtype == np.bool_ else 2e-6)
    if name in ("subtract", "pow", "atan2", "less"):  # a Python scalar operand (each a kernel more)
        same(getattr(xp, name)(xp.asarray(a), 2.0), getattr(np, NUMPY_NAMES.get(name, name))(a, 2.0), rtol=2e-6)


@pytest.mark.parametrize("name", ["bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift",
                                  "bitwise_right_shift", "logical_and", "logical_or", "logical_xor"])
def test_integer_and_logical_functions(name):
    a, b = rng.integers(-50, 50, 9, dtype=np.int32), rng.integers(0, 8, 9, dtype=np.int32)
    if name.startswith("logical"):
        a, b = a > 0, b > 3
    same(getattr(xp, name)(xp.asarray(a), xp.asarray(b)), getattr(np, NUMPY_NAMES.get(name, name))(a, b))
    integers = rng.integers(-50, 50, 9, dtype=np.int16)
    same(xp.bitwise_invert(xp.asarray(integers)), np.invert(integers))
    same(xp.abs(xp.asarray(integers)), np.abs(integers))
    same(xp.sign(xp.asarray(integers)), np.sign(integers))
    same(xp.floor(xp.asarray(integers)), np.floor(integers))
    same(xp.round(xp.asarray(integers)), integers)


def test_clip_conj_real_imag():
    host = floats(8)
    host[0] = np.nan
    x = xp.asarray(host)
    same(xp.clip(x, min=-0.5, max=0.5), np.clip(host, -0.5, 0.5))
    same(xp.clip(x, max=0.0), np.minimum(host, 0.0))
    integers = np.arange(-3, 4, dtype=np.int8)
    same(xp.clip(xp.asarray(integers), 1), np.clip(integers, 1, None))
    same(xp.conj(x), host)
    same(xp.real(x), host)
    same(xp.imag(x), np.zeros_like(host))  # as numpy's imag of real data


def test_numpys_clip_of_tiles_data_is_one_kernel_on_the_device():
    host = floats(40).reshape(5, 8)
    host[1, 2] = np.nan
    low, high = floats(8) - 1, np.float32(0.75)
    x = xp.asarray(host)
    context = x.device
    for bounds in ((-0.5, 0.5), (xp.asarray(low), high), (None, 0.25), (-0.25, None), (low, 2)):
        context.reset_counters()
        result = np.clip(x, *bounds)
        assert isinstance(result, tiles.array), bounds  # not numpy's result computed on the host
        assert context.counters()["launches"] == 1 and context.counters()["downloads"] == 0, bounds
        same(result, np.clip(host, *(np.asarray(b) if isinstance(b, tiles.array) else b for b in bounds)))
    integers = np.arange(-6, 6, dtype=np.int16)
    same(np.clip(xp.asarray(integers), -2, 3), np.clip(integers, -2, 3))


def test_where_on_the_device():
    condition = np.array([[True, False, True]])
    a, b = np.arange(6, dtype=np.int16).reshape(2, 3), np.array([-1, -2, -3], np.int8)
    same(xp.where(xp.asarray(condition), xp.asarray(a), xp.asarray(b)), np.where(condition, a, b))
    same(xp.where(xp.asarray(a) > 2, xp.asarray(a), 0), np.where(a > 2, a, 0))
    integers = np.array([0, 256, 3], np.int32)  # truth by != 0, not by the low byte
    same(xp.where(xp.asarray(integers), 1.5, xp.asarray(np.zeros(3, np.float32))),
         np.where(integers, 1.5, np.zeros(3, np.float32)))
    same(np.where(xp.asarray(condition[0]), xp.asarray(a), xp.asarray(b)), np.where(condition[0], a, b))


@pytest.mark.parametrize("condition", [0.5, 256, 1j, np.float32(2), 0.0, 0], ids=repr)
def test_where_takes_a_scalar_condition_by_its_truth(condition):
    a, b = np.arange(6, dtype=np.float32), -np.arange(6, dtype=np.float32)
    same(np.where(condition, xp.asarray(a), xp.asarray(b)), np.where(condition, a, b))


@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.int16], ids=lambda d: np.dtype(d).name)
def test_statistical_functions(dtype):
    host = (floats(3, 4) * 10).astype(dtype)
    x = xp.asarray(host)
    for name in ("max", "min", "sum", "prod"):
        for axis, keepdims in ((None, False), (None, True), (0, False), (1, True), ((0, 1), False)):
            expected = getattr(np, name)(host, axis=axis, keepdims=keepdims)
            same(getattr(xp, name)(x, axis=axis, keepdims=keepdims), expected,
                 rtol=1e-5 if dtype == np.float32 else 0)
    if dtype == np.float32:
        for name in ("mean", "var", "std"):
            keywords = {} if name == "mean" else {"correction": 1}
            numpy_keywords = {} if name == "mean" else {"ddof": 1}
            same(getattr(xp, name)(x, **keywords), getattr(np, name)(host, **numpy_keywords), rtol=1e-5)
            same(getattr(xp, name)(x, axis=1, keepdims=True, **keywords),
                 getattr(np, name)(host, axis=1, keepdims=True, **numpy_keywords), rtol=1e-5)
    same(xp.cumulative_sum(x, axis=1), np.cumulative_sum(host, axis=1), rtol=1e-6 if dtype == np.float32 else 0)
    same(xp.cumulative_sum(x[0], include_initial=True), np.cumulative_sum(host[0], include_initial=True),
         rtol=1e-6 if dtype == np.float32 else 0)
    same(xp.sum(x, dtype=xp.float64) if DEVICE.supports_fp64 else xp.sum(x), np.sum(
        host, dtype=np.float64) if DEVICE.supports_fp64 else np.sum(host), rtol=1e-6)


def test_reductions_of_all_elements_stay_on_the_device():
    """sum, max and min of float32 and int32 data run in tiles.reduce into an array that stays
    on the device: nothing is downloaded until the result is read."""
    x = xp.asarray(np.arange(1, 101, dtype=np.float32))
    context = x.device
    context.wait()
    context.reset_counters()
    total, largest, average = xp.sum(x), xp.max(x), xp.mean(x)
    context.wait()
    assert context.counters()["downloads"] == 0
    assert total.shape == () and float(total) == 5050.0 and float(largest) == 100.0 and float(average) == 50.5


def test_reductions_of_sections():
    host = np.arange(24, dtype=np.float32).reshape(4, 6)
    section = xp.asarray(host)[1:3, 2:5]
    same(xp.sum(section), host[1:3, 2:5].sum())
    same(xp.max(section, keepdims=True), host[1:3, 2:5].max(keepdims=True))
    same(xp.var(section), host[1:3, 2:5].var(), rtol=1e-6)
    same(xp.matmul(section, xp.asarray(host[:3, :2].copy())), host[1:3, 2:5] @ host[:3, :2], rtol=1e-6)


def test_searching_functions():
    host = np.array([[3, 9, 9], [0, 9, 1]], np.int32)
    x = xp.asarray(host)
    same(xp.argmax(x), np.argmax(host))
    same(xp.argmin(x, axis=1, keepdims=True), np.argmin(host, axis=1, keepdims=True))
    for got, expected in zip(xp.nonzero(x), np.nonzero(host)):
        same(got, expected)
    with pytest.raises(ValueError):
        xp.nonzero(xp.asarray(1))
    ordered = np.array([1, 3, 3, 7], np.float32)
    values = np.array([3, 0, 8], np.float32)
    same(xp.searchsorted(xp.asarray(ordered), xp.asarray(values), side="right"),
         np.searchsorted(ordered, values, side="right"))


def test_sorting_is_stable_both_ways():
    host = np.array([[3, 1, 3, 2, 1], [0, 0, 5, 5, 1]], np.int16)
    x = xp.asarray(host)
    same(xp.sort(x), np.sort(host))
    same(xp.sort(x, axis=0, descending=True), -np.sort(-host, axis=0))
    same(xp.argsort(x), np.argsort(host, kind="stable"))
    # Descending and stable: equal elements keep their order (numpy's argsort of -x, stably).
    same(xp.argsort(x, descending=True), np.argsort(-host, kind="stable"))


def test_set_functions():
    host = np.array([3, 1, 3, np.nan, 2, 1, np.nan], np.float32)
    x = xp.asarray(host)
    same(xp.unique_values(x), np.unique(host, equal_nan=False))  # np.unique_values may not sort
    for got, expected in zip(xp.unique_all(x), np.unique_all(host)):
        same(got, expected)
    counts = xp.unique_counts(x)
    same(counts.counts, np.unique_counts(host).counts)
    inverse = xp.unique_inverse(xp.asarray(host.reshape(7, 1)))
    same(inverse.inverse_indices, np.unique_inverse(host.reshape(7, 1)).inverse_indices)


def test_manipulation_functions():
    host = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
    x = xp.asarray(host)
    same(xp.reshape(x, (6, 4)), host.reshape(6, 4))
    same(xp.reshape(x, (4, -1), copy=True), host.reshape(4, -1))
    same(xp.expand_dims(x, axis=-1), host[..., None])
    same(xp.squeeze(xp.expand_dims(x, axis=1), axis=1), host)
    with pytest.raises(ValueError):
        xp.squeeze(x, axis=0)
    same(xp.concat([x, x], axis=1), np.concatenate([host, host], axis=1))
    same(xp.concat([x, xp.asarray(np.ones(3, np.int8))], axis=None), np.concatenate([host.ravel(), np.ones(3)]).astype(
        np.int32))
    same(xp.stack([x, x], axis=1), np.stack([host, host], axis=1))
    same(xp.flip(x, axis=1), np.flip(host, axis=1))
    same(xp.roll(x, 2, axis=2), np.roll(host, 2, axis=2))
    same(xp.permute_dims(x, (2, 0, 1)), np.transpose(host, (2, 0, 1)))
    same(xp.moveaxis(x, 0, -1), np.moveaxis(host, 0, -1))
    same(xp.repeat(x, 2, axis=0), np.repeat(host, 2, axis=0))
    same(xp.tile(x, (1, 2, 1)), np.tile(host, (1, 2, 1)))
    same(xp.broadcast_to(xp.asarray(host[0, 0]), (3, 4)), np.broadcast_to(host[0, 0], (3, 4)))
    for got, expected in zip(xp.broadcast_arrays(x, xp.asarray(host[0, :, :1])),
                             np.broadcast_arrays(host, host[0, :, :1])):
        same(got, expected)
    for got, expected in zip(xp.unstack(x, axis=1), np.unstack(host, axis=1)):
        same(got, expected)


def test_linear_algebra():
    a, b = floats(5, 3), floats(3, 4)
    product = xp.matmul(xp.asarray(a), xp.asarray(b))
    same(product, a @ b, rtol=1e-5)
    same(xp.asarray(a) @ xp.asarray(b), a @ b, rtol=1e-5)
    same(np.matmul(xp.asarray(a), xp.asarray(b)), a @ b, rtol=1e-5)
    integers = np.arange(6, dtype=np.int32).reshape(2, 3)
    same(xp.matmul(xp.asarray(integers), xp.asarray(integers.T.copy())), integers @ integers.T)
    same(xp.matmul(xp.asarray(a), xp.asarray(b[:, 0].copy())), a @ b[:, 0], rtol=1e-5)
    with pytest.raises(ValueError):
        xp.matmul(xp.asarray(a), xp.asarray(a))
    same(xp.matrix_transpose(xp.asarray(a)), a.T)
    same(xp.asarray(a).mT, a.T)
    same(xp.tensordot(xp.asarray(a), xp.asarray(b), axes=1), np.tensordot(a, b, axes=1), rtol=1e-5)
    same(xp.vecdot(xp.asarray(a), xp.asarray(a)), np.vecdot(a, a), rtol=1e-5)


def test_arrays_of_no_dimensions():
    x = xp.asarray(2.5, dtype=xp.float32)
    assert x.shape == () and x.ndim == 0 and x.size == 1
    assert float(x) == 2.5 and int(xp.asarray(7)) == 7 and bool(xp.asarray(0)) is False
    assert [10, 20, 30][xp.asarray(1)] == 20  # __index__
    with pytest.raises(TypeError):
        [10, 20][xp.asarray(1.0)]
    with pytest.raises(TypeError):
        len(x)
    assert x[()] == 2.5 and x[...] is x
    x[...] = 4
    assert float(x) == 4.0
    same(x * xp.asarray(np.arange(3, dtype=np.float32)), np.float32(4) * np.arange(3, dtype=np.float32))
    same(xp.reshape(xp.asarray([5]), ()), np.array(5))
    exported = np.from_dlpack(x)  # a CPU tensor of a copy, of shape ()
    assert exported.shape == () and exported == 4.0 and x.__dlpack_device__() == (1, 0)
    with pytest.raises(TypeError):
        float(xp.asarray([1.0, 2.0]))


def test_devices_and_dlpack_both_ways():
    x = xp.asarray(np.arange(4, dtype=np.float32))
    assert x.device == tiles.Context.default() and xp.zeros(2, device=x.device).device == x.device
    assert x.to_device(x.device) is x
    other = tiles.Context()
    moved = x.to_device(other)
    assert moved.device == other and moved.device != x.device
    np.testing.assert_array_equal(moved.get(), x.get())
    spare = tiles.Context()
    spare.release()
    assert spare == spare and spare != x.device and len({x.device, tiles.Context.default(), spare}) == 2
    # numpy as the consumer: an array lives on an OpenCL device, which numpy does not take, so
    # numpy asks for a CPU copy.
    np.testing.assert_array_equal(np.from_dlpack(x, device="cpu"), np.arange(4, dtype=np.float32))
    # numpy as the producer: a view of numpy's memory, without a copy.
    host = np.arange(6, dtype=np.int32)
    taken = xp.from_dlpack(host)
    assert isinstance(taken, tiles.array_view) and np.shares_memory(np.asarray(taken), host)
    same(xp.from_dlpack(host, copy=True), host)
    round_trip = xp.from_dlpack(x)
    same(round_trip, np.arange(4, dtype=np.float32))


def test_the_2024_12_revisions_functions_match_numpy_on_the_device():
    host = np.array([[3, 0, -2, 5, 5], [0, 0, 7, -1, 4]], np.int32)
    x = xp.asarray(host)
    context = x.device
    context.reset_counters()
    results = [xp.count_nonzero(x), xp.count_nonzero(x, axis=1, keepdims=True), xp.diff(x), xp.diff(x, axis=0),
               xp.diff(x, n=2), xp.cumulative_prod(x, axis=1), xp.cumulative_prod(x, axis=0, include_initial=True)]
    assert context.counters()["downloads"] == 0  # each on the device
    expected = [np.count_nonzero(host), np.count_nonzero(host, axis=1, keepdims=True), np.diff(host),
                np.diff(host, axis=0), np.diff(host, n=2), np.cumulative_prod(host, axis=1),
                np.cumulative_prod(host, axis=0, include_initial=True)]
    for result, truth in zip(results, expected):
        same(result, np.asarray(truth))
    edges = np.array([[1], [2]], np.int32)
    same(xp.diff(x, prepend=xp.asarray(edges), append=edges), np.diff(host, prepend=edges, append=edges))
    flags = np.array([True, True, False, False, True])
    same(xp.diff(xp.asarray(flags)), np.diff(flags))
    same(xp.count_nonzero(xp.asarray(flags)), np.asarray(np.count_nonzero(flags)))
    floats = np.array([0.5, -4.0, 8.0], np.float32)
    same(xp.reciprocal(xp.asarray(floats)), np.reciprocal(floats))
