"""Reductions over axes on the device (tiles.array_api's sum, prod, max, min, mean, all, any,
argmax, argmin, and var and std from them) against numpy's on random data: numpy's result dtypes
and shapes, every axis and tuple of axes, keepdims, NaN and infinities, ties, data of no
elements, and results that stay on the device until read."""

import itertools
import re

import numpy as np
import pytest
import tiles
import tiles.array_api as xp

DEVICE = tiles.Context.default().device
rng = np.random.default_rng(47)
DTYPES = ["bool", "int8", "int64", "uint16", "float16", "float32", "complex64"] + (
    ["float64"] if DEVICE.supports_fp64 else [])


def random(shape, dtype):
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if dtype.kind in "iu":
        return rng.integers(0 if dtype.kind == "u" else -5, 6, shape).astype(dtype)
    values = rng.standard_normal(shape)
    if dtype.kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


def same(result, expected, rtol):
    assert isinstance(result, tiles.array), type(result)
    expected = np.asarray(expected)
    assert (result.shape, result.dtype) == (expected.shape, expected.dtype)
    if rtol:
        np.testing.assert_allclose(result.get(), expected, rtol=rtol, atol=rtol, equal_nan=True)
    else:
        np.testing.assert_array_equal(result.get(), expected)


def tolerance(dtype, op):
    """Floating sums are added in another order than numpy's pairwise one."""
    if op in ("max", "min", "all", "any", "argmax", "argmin") or np.dtype(dtype).kind in "biu":
        return 0
    return {"float16": 2e-3, "float32": 1e-5, "complex64": 1e-5}.get(np.dtype(dtype).name, 1e-12)


def every_axis(ndim):
    """None, each axis (negative too) and each tuple of two axes or more."""
    yield None
    yield from range(-ndim, ndim)
    for k in range(2, ndim + 1):
        yield from itertools.combinations(range(ndim), k)


@pytest.mark.parametrize("dtype", DTYPES)
def test_reductions_of_every_dtype(dtype):
    host = random((3, 4, 5), dtype)
    x = xp.asarray(host)
    ops = ["sum", "prod", "all", "any"] + (["max", "min", "argmax", "argmin"] if host.dtype.kind != "c" else [])
    ops += ["mean"] if host.dtype.kind in "fc" else []
    for op in ops:
        for axis in (None, 0, -1, (0, 2)) if not op.startswith("arg") else (None, 1):
            for keepdims in (False, True):
                expected = getattr(np, op)(host, axis=axis, keepdims=keepdims)
                same(getattr(xp, op)(x, axis=axis, keepdims=keepdims), expected, tolerance(dtype, op))


@pytest.mark.parametrize("shape", [(7,), (3, 5), (2, 3, 4), (2, 1, 3, 4)], ids=str)
def test_every_axis_of_ranks_1_to_4(shape):
    host = random(shape, np.float32)
    x = xp.asarray(host)
    for axis in every_axis(len(shape)):
        for op in ("sum", "max"):
            same(getattr(xp, op)(x, axis=axis, keepdims=True), getattr(np, op)(host, axis=axis, keepdims=True),
                 tolerance(np.float32, op))
        same(xp.mean(x, axis=axis), np.mean(host, axis=axis), 1e-5)
    for axis in range(len(shape)):
        same(xp.argmin(x, axis=axis, keepdims=True), np.argmin(host, axis=axis, keepdims=True), 0)


def test_numpy_result_dtypes_and_dtype_arguments():
    small = random((4, 6), np.int8)
    x = xp.asarray(small)
    same(xp.sum(x, axis=0), np.sum(small, axis=0), 0)  # int64, without wrapping in int8
    same(xp.prod(x, axis=1, dtype=xp.int16), np.prod(small, axis=1, dtype=np.int16), 0)
    same(xp.sum(x, axis=1, dtype=xp.float32), np.sum(small, axis=1, dtype=np.float32), 0)
    large = np.full((2, 3), 60000, np.uint16)
    same(xp.sum(xp.asarray(large), axis=0), np.full(3, 120000, np.uint64), 0)  # uint64, past uint16's range
    same(xp.sum(xp.asarray(np.ones((3, 2), bool)), axis=0), np.array([3, 3]), 0)
    if DEVICE.supports_fp64:
        same(xp.mean(x, axis=0), np.mean(small, axis=0), 1e-12)  # float64 for integers
    # numpy adds float16 in float and rounds once: 4096 ones are 4096, not float16's 2048
    same(xp.sum(xp.asarray(np.ones((4096, 2), np.float16)), axis=0), np.full(2, 4096, np.float16), 0)


def test_integers_wrap_as_numpy():
    host = np.full((3, 2), np.iinfo(np.int64).max, np.int64)
    same(xp.sum(xp.asarray(host), axis=0), np.sum(host, axis=0), 0)
    same(xp.prod(xp.asarray(host), axis=0), np.prod(host, axis=0), 0)


def test_nan_and_infinities():
    host = np.array([[1.0, np.nan, 3.0, np.nan], [-np.inf, 2.0, np.inf, 0.0], [5.0, 5.0, -1.0, np.nan]],
                    np.float32)
    x = xp.asarray(host)
    for op in ("max", "min", "argmax", "argmin", "sum"):
        for axis in (None, 0, 1):
            with np.errstate(invalid="ignore"):  # numpy's warning for inf - inf
                expected = getattr(np, op)(host, axis=axis)
            same(getattr(xp, op)(x, axis=axis), expected, 0)
    ties = np.array([[2, 7, 7, 1], [3, 3, 0, 0]], np.int64)
    for op in ("argmax", "argmin"):
        for axis in (None, 0, 1):
            same(getattr(xp, op)(xp.asarray(ties), axis=axis), getattr(np, op)(ties, axis=axis), 0)
    infinite = np.array([-np.inf, -np.inf, np.inf, np.inf], np.float16)
    same(xp.argmax(xp.asarray(infinite)), np.argmax(infinite), 0)
    same(xp.max(xp.asarray(infinite.reshape(2, 2)), axis=1), np.max(infinite.reshape(2, 2), axis=1), 0)


def test_no_elements():
    host = np.zeros((0, 3), np.float32)
    x = xp.asarray(host)
    same(xp.sum(x, axis=0), np.sum(host, axis=0), 0)
    same(xp.prod(x, axis=0, keepdims=True), np.prod(host, axis=0, keepdims=True), 0)
    same(xp.max(x, axis=1), np.max(host, axis=1), 0)  # of no results: nothing to raise for
    same(xp.all(x, axis=0), np.all(host, axis=0), 0)
    with pytest.raises(ValueError, match="zero-size array to reduction operation maximum"):
        xp.max(x, axis=0)
    with pytest.raises(ValueError, match="empty sequence"):
        xp.argmax(x)
    with pytest.warns(RuntimeWarning):
        same(xp.mean(x, axis=0), np.full(3, np.nan, np.float32), 0)


@pytest.mark.parametrize("op", ["sum", "prod", "min", "max", "mean", "var", "std", "any", "all"])
def test_an_empty_tuple_of_axes_reduces_none(op):
    # numpy's axis=() reduces over no axis: every element is its own result (var and std 0).
    data = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 7.0]], dtype=np.float32)
    for keepdims in (False, True):
        found = getattr(xp, op)(xp.asarray(data), axis=(), keepdims=keepdims)
        expected = getattr(np, op)(data, axis=(), keepdims=keepdims)
        assert found.shape == expected.shape
        np.testing.assert_array_equal(np.asarray(found), expected)


def test_bad_axes_are_numpys_errors():
    x = xp.asarray(random((2, 3), np.float32))
    with pytest.raises(np.exceptions.AxisError):
        xp.sum(x, axis=2)
    with pytest.raises(ValueError, match="repeated axis"):
        xp.max(x, axis=(0, -2))
    with pytest.raises(TypeError):
        xp.argmax(x, axis=(0, 1))  # one axis or None, as numpy's
    with pytest.raises(np.exceptions.AxisError):
        xp.argmin(x, axis=-3)


def test_a_small_result_of_much_data():
    """sum over axis 0 of a (100_000, 4) matrix: each result's elements shared among work-items,
    whose shares a second launch combines (argmax's in one work-item a result)."""
    host = random((100_000, 4), np.float32)
    x = xp.asarray(host)
    same(xp.sum(x, axis=0), host.astype(np.float64).sum(axis=0).astype(np.float32), 1e-5)
    same(xp.max(x, axis=0), host.max(axis=0), 0)
    same(xp.mean(x, axis=0), host.astype(np.float64).mean(axis=0).astype(np.float32), 1e-5)
    flags = host > 3.5
    same(xp.any(xp.asarray(flags), axis=0), flags.any(axis=0), 0)
    same(xp.all(xp.asarray(~flags), axis=0), (~flags).all(axis=0), 0)
    same(xp.argmax(x, axis=0), host.argmax(axis=0), 0)


@pytest.mark.parametrize("dtype", ["float32", "complex64", "float16", "int16"])
def test_few_results_of_many_elements_are_shared_and_match_numpy(dtype):
    """Few results of many elements: each result's elements split into shares of consecutive
    elements, a second launch combining the shares in the accumulator (a float16 mean's in float32,
    rounded once; int16 sums in int64). Against numpy's float64 (complex128) where floats are added."""
    host = random((3, 200_000), dtype)
    x = xp.asarray(host)
    context = x.device
    wide = host.astype(np.complex128 if dtype == "complex64" else np.float64) if dtype != "int16" else host
    for op in ("sum", "mean") + (("max",) if dtype != "complex64" else ()):
        context.wait()
        launches = context.counters()["launches"]
        result = getattr(xp, op)(x, axis=1)
        if context.device.is_cpu:
            assert context.counters()["launches"] == launches + 2
        expected = getattr(np, op)(wide, axis=1).astype(getattr(np, op)(host, axis=1).dtype)
        same(result, expected, tolerance(dtype, op) / 10 if dtype != "float16" else 1e-3)
    total = x.sum()
    assert total.dtype == np.sum(host).dtype
    np.testing.assert_allclose(np.asarray(total), np.sum(wide).astype(total.dtype), rtol=1e-6 if dtype != "float16"
                               else 1e-3)


@pytest.mark.parametrize("dtype", ["float32", "int16", "float16"])
@pytest.mark.parametrize("shape", [(2, 1_000_003), (1, 300_001)])
def test_argmax_and_argmin_of_few_long_rows_are_shared_and_keep_numpys_first_tie_and_first_nan(dtype, shape):
    """Few long rows: argmax's and argmin's shares give their best values beside their positions to
    a second launch. Ties far apart (in other shares) go to the first; a row's first NaN wins, though
    a later NaN lies in an earlier-finishing share."""
    host = random(shape, dtype)
    n = shape[1]
    for row in range(shape[0]):
        host[row, [n // 2 + 17, n - 5, n - 3]] = 100   # ties of the greatest, the first in the middle
        host[row, [n - 9, n - 2]] = -100               # ties of the least, both late
    if np.dtype(dtype).kind == "f":
        host[-1, [n - 7, n - 4]] = np.nan              # the last row's NaNs, both after the ties
    x = xp.asarray(host)
    context = x.device
    for op in ("argmax", "argmin"):
        context.wait()
        launches = context.counters()["launches"]
        result = getattr(xp, op)(x, axis=1)
        if context.device.is_cpu:
            assert context.counters()["launches"] == launches + 2
        same(result, getattr(np, op)(host, axis=1), 0)
        backwards = np.ascontiguousarray(host[:, ::-1])  # the ties and NaNs early
        same(getattr(xp, op)(xp.asarray(backwards), axis=1), getattr(np, op)(backwards, axis=1), 0)


@pytest.mark.parametrize("shape, axis", [((64, 4096), 1), ((3, 5, 300), (1, 2)), ((70, 129), -1), ((8, 9, 200), -1),
                                         ((500, 7), 1), ((6, 40, 63), -1), ((300, 2), 1)])
def test_reductions_over_the_last_axes_take_one_launch(shape, axis):
    """A reduction over the last axes (each result a row of consecutive elements), long rows and
    short, many and few: one launch on CPUs, each result's elements in one work-item; on GPUs, a
    second where few long rows are split into shares."""
    host = random(shape, np.float32)
    x = xp.asarray(host)
    context = x.device
    context.wait()
    launches = context.counters()["launches"]
    total = xp.sum(x, axis=axis)
    assert context.counters()["launches"] - launches in ((1,) if context.device.is_cpu else (1, 2))
    same(total, host.astype(np.float64).sum(axis=axis).astype(np.float32), 1e-5)
    same(xp.min(x, axis=axis), host.min(axis=axis), 0)
    same(x.mean(axis=axis), host.astype(np.float64).mean(axis=axis).astype(np.float32), 1e-5)
    flags = host > 3.0
    same(xp.any(xp.asarray(flags), axis=axis), flags.any(axis=axis), 0)
    if len(shape) == 2:
        for dtype, op in (("int8", "sum"), ("uint16", "prod"), ("float16", "max"), ("complex64", "sum"),
                          ("bool", "all")):
            data = random(shape, dtype) if dtype != "bool" else host > -3.0
            same(getattr(xp, op)(xp.asarray(data), axis=axis), getattr(np, op)(data, axis=axis), tolerance(dtype, op))


@pytest.mark.parametrize("dtype", ["float32", "int8", "bool"])
def test_rows_from_any_start(dtype):
    """Rows whose length is not a multiple of 4, sections starting past a row's start, and a view
    of numpy memory that starts inside a vector."""
    op = "all" if dtype == "bool" else "sum"
    host = random((70, 1027), dtype) if dtype != "bool" else rng.random((70, 1027)) < 0.999
    x = xp.asarray(host)
    same(getattr(xp, op)(x, axis=1), getattr(np, op)(host, axis=1), tolerance(dtype, op))
    same(getattr(xp, op)(x[3:], axis=1), getattr(np, op)(host[3:], axis=1), tolerance(dtype, op))
    if dtype == "bool":  # numpy memory is viewed as no bools
        return
    memory = np.empty(host.size + 1, host.dtype)[1:].reshape(host.shape)  # one element past a vector's start
    memory[...] = host
    same(getattr(xp, op)(tiles.array_view(memory[:, :1026].copy()), axis=-1),
         getattr(np, op)(host[:, :1026], axis=-1), tolerance(dtype, op))
    same(getattr(xp, op)(tiles.array_view(memory), axis=-1), getattr(np, op)(host, axis=-1), tolerance(dtype, op))


@pytest.mark.oclgrind
def test_the_reduction_kernel_is_clean_under_oclgrind():
    """The reduction kernel's reads, on a strict checked context: Oclgrind finds no access out of
    bounds (it would raise tiles.CheckFailed)."""
    checked = tiles.Context.checked(strict=True)
    host = rng.integers(-50, 50, (67, 259)).astype(np.int32)
    x = tiles.array(host, context=checked)
    np.testing.assert_array_equal(xp.sum(x[1:], axis=1).get(), host[1:].sum(axis=1))
    assert checked.diagnostics() == []


@pytest.mark.skipif(not tiles.Context.default().device.supports_fp64, reason="floats add in float without doubles")
def test_float_sums_of_long_rows_keep_their_small_terms():
    """2^24 then 1,000 ones: added one after another in float, each 1 is lost (2^24 + 1 rounds to
    2^24), and numpy's pairwise sum gives 2^24 + 988; added in double, the sum is the exact
    2^24 + 1,000, which float holds."""
    host = np.ones((2, 1001), np.float32)
    host[:, 0] = 2.0**24
    x = xp.asarray(host)
    same(xp.sum(x, axis=1), np.full(2, 2.0**24 + 1000, np.float32), 0)
    same(xp.mean(x, axis=-1), np.full(2, (2.0**24 + 1000) / 1001, np.float32), 0)


def test_results_stay_on_the_device():
    x = xp.asarray(random((6, 5, 4), np.float32))
    context = x.device
    context.wait()
    context.reset_counters()
    results = [xp.sum(x, axis=1), xp.prod(x, axis=(0, 2)), xp.max(x, axis=0), xp.mean(x, axis=-1),
               xp.all(x, axis=2), xp.any(x), xp.argmax(x, axis=1), xp.argmin(x)]
    context.wait()
    assert context.counters()["downloads"] == 0
    assert all(isinstance(r, tiles.array) for r in results)
    results[0].get()
    assert context.counters()["downloads"] == 1


def test_complex_order_goes_through_the_host():
    host = random((3, 4), np.complex64)
    same(xp.max(xp.asarray(host), axis=0), np.max(host, axis=0), 0)
    same(xp.argmax(xp.asarray(host), axis=1), np.argmax(host, axis=1), 0)


def test_sections_and_views_of_host_memory():
    host = random((5, 6, 3), np.int64)
    section = xp.asarray(host)[1:4, 2:5]
    for op in ("sum", "min", "argmax"):
        for axis in (0, 1, 2):
            same(getattr(xp, op)(section, axis=axis), getattr(np, op)(host[1:4, 2:5], axis=axis), 0)
    viewed = tiles.array_view(host)
    same(xp.prod(viewed, axis=(0, 2)), np.prod(host, axis=(0, 2)), 0)
    same(xp.any(viewed[2:4] > 4, axis=1), np.any(host[2:4] > 4, axis=1), 0)


@pytest.mark.parametrize("dtype", ["float32"] + (["float64"] if DEVICE.supports_fp64 else []))
def test_var_and_std_over_axes(dtype):
    host = random((4, 3, 5), dtype) * 3 + 10
    x = xp.asarray(host)
    context = x.device
    context.wait()
    context.reset_counters()
    results = {(name, axis, correction, keepdims): getattr(xp, name)(x, axis=axis, correction=correction,
                                                                     keepdims=keepdims)
               for name in ("var", "std") for axis in (None, 0, -1, (0, 2)) for correction in (0, 1)
               for keepdims in (False, True)}
    context.wait()
    assert context.counters()["downloads"] == 0
    for (name, axis, correction, keepdims), result in results.items():
        same(result, getattr(np, name)(host, axis=axis, ddof=correction, keepdims=keepdims),
             1e-5 if dtype == "float32" else 1e-12)
    empty = np.zeros((0, 3), dtype)
    same(xp.var(xp.asarray(empty), axis=1), np.var(empty, axis=1), 0)


def test_var_and_std_of_a_float16_result_are_computed_in_float32_and_rounded_once():
    # numpy's float16 results, within a unit in the last place of the float64 std rounded to
    # float16 (numpy's own float16 std of int32 data may stray further: it adds in float16).
    halves = np.arange(6, dtype=np.float16)
    a = xp.asarray(halves)
    assert np.std(a).item() == a.std().item() == np.float16(1.708) == np.std(halves)
    same(xp.std(a), np.std(halves), 0)
    same(xp.var(a, correction=1), np.var(halves, ddof=1), 0)
    host = random((5, 7), np.int32) * 9
    for data in (host, host.astype(np.float32)):
        for name in ("var", "std"):
            expected = getattr(np, name)(data.astype(np.float64), axis=1).astype(np.float16)
            same(getattr(xp.asarray(data), name)(axis=1, dtype=np.float16), expected, 1e-3)


# Each method over an axis or a tuple of them (each choice a kernel to build: one each).
METHODS = {"sum": (0, 2), "prod": -1, "max": 1, "min": (0, 2), "mean": (1, 2), "all": -1, "any": (0, 1),
           "argmax": 1, "argmin": -1, "var": (0, 2), "std": -1, "cumsum": 1}


@pytest.mark.parametrize("dtype", ["int16", "float32"])
def test_methods_over_axes_compute_on_the_device(dtype):
    host = random((4, 3, 5), dtype)
    x = xp.asarray(host)
    context = x.device
    context.wait()
    context.reset_counters()
    calls = {(name, keepdims): {"axis": axis} if name == "cumsum" else {"axis": axis, "keepdims": keepdims}
             for name, axis in METHODS.items() for keepdims in (False, True) if not (name == "cumsum" and keepdims)}
    results = {(name, keepdims): getattr(x, name)(**keywords) for (name, keepdims), keywords in calls.items()}
    context.wait()
    assert context.counters()["downloads"] == 0
    for (name, keepdims), result in results.items():
        expected = getattr(host, name)(**calls[(name, keepdims)])
        same(result, expected, 1e-5 if np.dtype(dtype).kind == "f" or name in ("var", "std") else 0)


def test_methods_take_numpys_keywords():
    host = random((3, 6), np.float32) + 2
    x = xp.asarray(host)
    same(x.sum(axis=0, dtype=np.float64), host.sum(axis=0, dtype=np.float64), 1e-6)
    same(x.prod(axis=1, dtype=np.float64), host.prod(axis=1, dtype=np.float64), 1e-6)
    same(x.mean(axis=1, dtype=np.float64, keepdims=True), host.mean(axis=1, dtype=np.float64, keepdims=True), 1e-6)
    same(x.var(axis=0, ddof=1), host.var(axis=0, ddof=1), 1e-5)
    same(x.std(axis=1, ddof=2, dtype=np.float64), host.std(axis=1, ddof=2, dtype=np.float64), 1e-6)
    same(x.argmax(axis=1, keepdims=True), host.argmax(axis=1, keepdims=True), 0)
    same(x.cumsum(axis=1, dtype=np.float64), host.cumsum(axis=1, dtype=np.float64), 1e-6)
    # No axis, or every one: an array of no dimensions on the device, as CuPy's methods give.
    for name in ("sum", "max", "mean", "var", "argmin", "all"):
        for axis in (None, (0, 1)) if name not in ("argmin",) else (None,):
            got, expected = getattr(x, name)(axis=axis), getattr(host, name)(axis=axis)
            assert isinstance(got, xp.Array) and got.shape == () and got.dtype == expected.dtype, (name, axis)
            np.testing.assert_allclose(got.get(), expected, rtol=1e-5)
    # numpy's functions call the methods.
    same(np.var(x, axis=0), np.var(host, axis=0), 1e-5)
    same(np.argmin(x, axis=0), np.argmin(host, axis=0), 0)
    same(np.any(x > 3, axis=1), np.any(host > 3, axis=1), 0)
    # Integers' var and std are float64's, as numpy's.
    if DEVICE.supports_fp64:
        ints = random((4, 5), np.int32)
        same(xp.asarray(ints).var(axis=1), ints.var(axis=1), 1e-12)


@pytest.mark.parametrize("name, out_dtype", [("argmax", np.float64), ("argmin", np.uint64), ("argmax", np.int8),
                                             ("std", np.int64), ("std", np.float32), ("sum", np.int64),
                                             ("mean", np.int16), ("var", np.int64), ("cumsum", np.int64)])
def test_out_casts_as_numpys_method_casts_or_raises_its_type_error(name, out_dtype):
    # numpy's rule, per method: argmax's and argmin's out= casts 'safe' to int64, std's root
    # casts 'same_kind' into out=, the others cast as 'unsafe'.
    host = random((3, 4), np.float32) * 10
    shape = (3, 4) if name == "cumsum" else (4,)
    try:
        expected = getattr(host, name)(axis=0, out=np.zeros(shape, out_dtype))
    except TypeError:
        for out in (np.zeros(shape, out_dtype), tiles.zeros(shape, out_dtype)):
            with pytest.raises(TypeError, match=f"{np.dtype(out_dtype).name}.*'(safe|same_kind)'"):
                getattr(xp.asarray(host), name)(axis=0, out=out)
        return
    got = getattr(xp.asarray(host), name)(axis=0, out=np.zeros(shape, out_dtype))
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1)  # float32's rounding may cross an integer


def test_methods_of_data_of_no_dimensions_take_the_axes_numpys_take():
    # numpy's ufunc reductions, argmax, argmin and cumsum take axis 0 and -1 of a 0-d array; its
    # mean, var and std, any other axis, and the array API's functions do not.
    host = np.array(3.5, np.float32)
    z = xp.asarray(host)
    for name in ("sum", "prod", "max", "min", "mean", "var", "std", "all", "any", "argmax", "argmin", "cumsum"):
        for axis in (0, -1, 1):
            try:
                expected = getattr(host, name)(axis=axis)
            except np.exceptions.AxisError:
                with pytest.raises(np.exceptions.AxisError):
                    getattr(z, name)(axis=axis)
                continue
            got = getattr(z, name)(axis=axis)
            np.testing.assert_array_equal(np.asarray(got), expected)
            assert np.asarray(got).dtype == expected.dtype and np.shape(got) == np.shape(expected), (name, axis)
    assert np.sum(z, axis=0) == 3.5 and np.argmin(z, axis=-1) == 0
    with pytest.raises(np.exceptions.AxisError):
        xp.sum(z, axis=0)


def test_numpys_where_initial_and_mean_keywords_reach_the_methods_and_give_numpys_results():
    host = random((3, 6), np.float32) + 2
    mask = random((3, 6), np.bool_)
    mask[1] = True  # an element in each column: a mean of none would warn
    x = xp.asarray(host)
    for m in (mask, xp.asarray(mask), mask[0]):  # a tiles mask too, and one that broadcasts
        same(xp.asarray(np.std(x, where=m)), np.std(host, where=np.asarray(m)), 1e-6)
        same(np.sum(x, axis=1, where=m, initial=10), np.sum(host, axis=1, where=np.asarray(m), initial=10), 1e-6)
        same(np.any(x > 2, axis=0, where=m), np.any(host > 2, axis=0, where=np.asarray(m)), 0)
    centre = host.mean(axis=1, keepdims=True)
    same(np.var(x, axis=1, mean=xp.asarray(centre)), np.var(host, axis=1, mean=centre), 1e-6)
    same(x.std(axis=1, ddof=1, mean=centre), host.std(axis=1, ddof=1, mean=centre), 1e-6)
    same(xp.asarray(np.prod(x, initial=2)), np.prod(host, initial=2), 1e-5)
    same(xp.asarray(x.max(initial=9.5)), host.max(initial=9.5), 0)
    same(x.min(axis=0, where=mask, initial=0.5), host.min(axis=0, where=mask, initial=0.5), 0)
    same(x.mean(axis=0, where=mask), host.mean(axis=0, where=mask), 1e-6)
    same(x.all(axis=1, where=mask), host.all(axis=1, where=mask), 0)
    out = np.zeros(3, np.float64)
    assert x.sum(axis=1, where=mask, out=out) is out
    np.testing.assert_allclose(out, host.sum(axis=1, where=mask), rtol=1e-6)


@pytest.mark.parametrize("dtype", ["int8", "float16"])  # float16 is computed through float32
def test_where_and_initial_run_on_the_device_with_numpys_rules(dtype):
    host = random((4, 70), dtype)
    if host.dtype.kind == "f":
        host[2, 5] = np.nan  # left out by the mask in one reduction, kept in the others
    mask = random((4, 70), np.bool_)
    mask[3] = False  # a row with nothing left in
    x = xp.asarray(host)
    context = x.device
    context.reset_counters()
    cases = [("sum", dict(axis=1, where=mask)), ("sum", dict(axis=0, where=mask[0], initial=3)),
             ("prod", dict(axis=0, where=mask, initial=2)), ("max", dict(axis=1, where=mask, initial=-1)),
             ("min", dict(axis=0, where=mask[:, :1], initial=0.5, keepdims=True)), ("max", dict(axis=1, initial=4)),
             ("any", dict(axis=1, where=mask)), ("all", dict(axis=0, where=~mask)),
             ("mean", dict(axis=1, where=mask[:3].any(axis=0)))]
    results = [getattr(x, name)(**keywords) for name, keywords in cases]
    assert context.counters()["downloads"] == 1  # the data stays: the mean reads whether a count is 0
    # numpy's masked float16 loops round each step to float16; the kernels compute in float32 (or
    # double), rounding once, as numpy's float32 computation rounded to float16 does.
    wide = host.astype(np.float32) if dtype == "float16" else host
    for (name, keywords), result in zip(cases, results):
        expected = np.asarray(getattr(wide, name)(**keywords))
        expected = expected.astype(np.float16) if expected.dtype == np.float32 and dtype == "float16" else expected
        same(result, expected, tolerance(dtype, "sum" if name == "mean" else name))
    with pytest.warns(RuntimeWarning, match="Mean of empty slice"), np.errstate(invalid="ignore"):
        expected = host.mean(axis=1, where=mask)
    with pytest.warns(RuntimeWarning, match="Mean of empty slice"):
        same(x.mean(axis=1, where=mask), expected, tolerance(dtype, "sum"))


def test_where_and_initial_refuse_as_numpy():
    x = xp.asarray(np.arange(6, dtype=np.int8).reshape(2, 3))
    with pytest.raises(ValueError, match="'maximum' does not have an identity, so to use a where mask one has to "
                       "specify 'initial'"):
        x.max(axis=1, where=np.array([True, False, True]))
    with pytest.raises(TypeError, match=r"Cannot cast array data from dtype\('int64'\) to dtype\('bool'\)"):
        x.sum(where=np.array([1, 0, 1]))
    with pytest.raises(ValueError, match=r"where= of shape \(3, 2, 3\) does not broadcast to the data's \(2, 3\)"):
        np.sum(x, where=np.ones((3, 2, 3), bool))
    with pytest.raises(OverflowError):
        x.max(initial=1000)
    assert x.max(initial=2.5) == 5 and x.sum(initial=2.5) == 17  # numpy casts initial to the result's dtype
    assert np.max(x, where=False, initial=7) == 7


@pytest.mark.parametrize("dtype", [np.int64, np.float32])
@pytest.mark.parametrize("initial", [[5], (5,), np.array([5]), np.array([5, 6]), "a"])
def test_initial_that_is_not_a_scalar_is_refused_as_numpy(initial, dtype):
    host = np.array([1, 2], dtype)
    with pytest.raises(Exception) as raised:
        host.sum(initial=initial)
    expected = raised.value
    with pytest.raises(type(expected), match=re.escape(str(expected))):
        xp.asarray(host).sum(initial=initial)


@pytest.mark.parametrize("op, keywords", [("sum", {}), ("prod", dict(axis=0)), ("max", dict(initial=-3)),
                                          ("all", dict(axis=1)), ("any", {})])
def test_where_none_and_lists_are_converted_as_numpy(op, keywords):
    host = np.arange(1, 7, dtype=np.float32).reshape(2, 3)
    for where in (None, [1, 0, 2.5]):  # None is False; a list of numbers is cast to bool
        result, expected = getattr(xp.asarray(host), op)(where=where, **keywords), getattr(host, op)(where=where,
                                                                                                   **keywords)
        assert np.asarray(result).dtype == expected.dtype
        np.testing.assert_array_equal(np.asarray(result), expected)


def test_methods_write_out_as_numpy():
    host = np.round(random((3, 4), np.float32) * 10)  # whole numbers: sums exact in any order, cast exactly
    x = xp.asarray(host)
    out = tiles.zeros(4, np.int32)
    assert x.sum(axis=0, out=out) is out
    np.testing.assert_array_equal(out.get(), host.sum(axis=0, out=np.zeros(4, np.int32)))
    numpy_out = np.zeros((3, 1), np.float64)
    assert x.max(axis=1, keepdims=True, out=numpy_out) is numpy_out
    np.testing.assert_array_equal(numpy_out, host.max(axis=1, keepdims=True))
    cumulative = tiles.zeros((3, 4), np.float32)
    x.cumsum(axis=0, out=cumulative)
    np.testing.assert_allclose(cumulative.get(), host.cumsum(axis=0), rtol=1e-6)
    with pytest.raises(ValueError, match=r"out= has shape \(3,\), where the result's is \(4,\)"):
        x.sum(axis=0, out=tiles.zeros(3, np.float32))
    with pytest.raises(TypeError, match=r"out= is a numpy or tiles array, not list \[0, 0, 0\]"):
        x.max(axis=1, out=[0, 0, 0])
    with pytest.raises(np.exceptions.AxisError):
        x.sum(axis=2)
    with pytest.raises(TypeError):
        x.argmax(axis=(0, 1))


def test_calls_one_after_another_take_each_calls_dtypes_and_shapes():
    """The result dtypes kept from earlier calls and the shortcut for operands of one shape give
    each call its own answer: numpy's, as the dtypes, dtype=, shapes and views change between
    calls on one buffer."""
    base = random((6, 8), "int8")
    x = xp.asarray(base)
    for data, dtype in ((x, None), (x, xp.float32), (xp.astype(x, xp.float32), None), (x, "int16"), (x, None)):
        host = np.asarray(data)
        got = xp.sum(data, axis=1, dtype=dtype)
        want = np.sum(host, axis=1, dtype=dtype)
        assert got.dtype == want.dtype
        np.testing.assert_allclose(np.asarray(got), want)
    with pytest.raises(TypeError):
        xp.sum(x, dtype=[("a", "f4")])  # a structured dtype: numpy's error
    view = x[1:4, ::2]
    for left, right in ((x, x), (view, view), (x[:, :1], x), (x, x[:1]), (view, x[1:4, 1::2])):
        np.testing.assert_array_equal(np.asarray(left + right), np.asarray(left) + np.asarray(right))


@pytest.mark.parametrize("op", ["any", "all"])
def test_any_and_all_of_complex_data_run_on_the_device(op, monkeypatch):
    """Their truth is a complex number's, nonzero real or imaginary part, as numpy's."""
    from tiles import _through_host

    def refused(function, *arguments, **keywords):
        raise AssertionError(f"{function.__name__} ran through the host")
    monkeypatch.setattr(_through_host, "compute", refused)
    host = np.array([[0j, 1j, 0], [2, 0j, 3j]], np.complex64)
    for axis in (None, 0, 1):
        got = getattr(xp, op)(xp.asarray(host), axis=axis)
        np.testing.assert_array_equal(np.asarray(got.get() if hasattr(got, "get") else got),
                                      getattr(np, op)(host, axis=axis))


@pytest.mark.parametrize("op, keywords", [("sum", dict(axis=1, initial=3)), ("prod", dict(axis=(0, 2))),
                                          ("max", dict(axis=0, initial=-1.5)), ("min", dict(axis=2, initial=0.25)),
                                          ("any", dict(axis=2)), ("mean", dict(axis=(1, 2), keepdims=True))])
def test_where_and_initial_are_one_launch_of_the_core(op, keywords):
    host = random((5, 6, 7), np.float32)
    mask = random((5, 1, 7), np.bool_)  # broadcast along the middle dimension
    mask[:, :, 0] = True  # an element left in every mean
    x, m = xp.asarray(host), xp.asarray(mask)
    context = x.device
    context.reset_counters()
    result = getattr(x, op)(where=m, **keywords)
    assert context.counters()["launches"] == (1 if op != "mean" else 3)  # the mean asks whether a count is 0
    same(result, getattr(host, op)(where=mask, **keywords), 1e-6)


@pytest.mark.parametrize("shape", [(16, 16), (2, 100)])  # a share of a GPU (256) or less
def test_a_small_float32_sum_of_everything_is_one_launch(shape):
    """Added in double and rounded to float32 in the one launch that covers the data (where the
    device has doubles, the whole-data reduction would add in one launch and round in another)."""
    host = random(shape, np.float32)
    x = xp.asarray(host)
    x.device.reset_counters()
    total = xp.sum(x)
    assert x.device.counters()["launches"] == 1
    np.testing.assert_allclose(total.get(), host.astype(np.float64).sum(), rtol=1e-6)
