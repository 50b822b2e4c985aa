"""Sorting on the device against numpy's: the array API's sort and argsort (stable, ascending and
descending) and numpy's sort and argsort of random data with many ties, NaNs and signed zeros,
along every axis of ranks 1 to 3, of lines shorter and longer than a work-group, of none and one
element; stability checked by argsort against numpy's kind="stable". numpy's median, percentile
and quantile against numpy's, value for value. Each stays on the device: no download until the
results are read."""

import numpy as np
import pytest
import tiles
import tiles.array_api as xp

rng = np.random.default_rng(61)
needs_doubles = pytest.mark.skipif(not tiles.Context.default().device.supports_fp64, reason="no doubles")
DTYPES = [np.bool_, np.int8, np.int32, np.int64, np.uint32, np.uint64, np.float32,
          pytest.param(np.float64, marks=needs_doubles)]
SHAPES = [(0,), (1,), (7,), (1500,), (4, 0), (3, 257), (2, 3, 65)]


def random(shape, dtype):
    """Few distinct values (many ties); floats with NaNs, -0.0 and 0.0 among them."""
    if np.dtype(dtype).kind == "b":
        return rng.random(shape) < 0.5
    values = rng.integers(-5, 6, shape)
    if np.dtype(dtype).kind == "u":
        values = np.abs(values)
    values = values.astype(dtype)
    if np.dtype(dtype).kind == "f":
        choice = rng.random(shape)
        values[choice < 0.1] = np.nan
        values[(choice >= 0.1) & (choice < 0.2)] = -0.0
    return values


def stable_descending(host, axis):
    """The array API's stable descending order, as array_api_strict computes it: the ascending
    order of the reversed data, reversed, its positions counted from the other end."""
    reversed_order = np.argsort(np.flip(host, axis), axis=axis, kind="stable")
    return host.shape[axis] - 1 - np.flip(reversed_order, axis)


def same_bits(got, expected):
    """got (tiles data) holds expected's elements to the bit: -0.0 apart from 0.0, NaN as NaN."""
    assert isinstance(got, tiles.array)
    assert got.shape == expected.shape and got.dtype == expected.dtype, (got.shape, got.dtype, expected.dtype)
    values = got.get()
    if expected.dtype.kind == "f":
        values, expected = values.view(f"u{expected.itemsize}"), expected.view(f"u{expected.itemsize}")
    np.testing.assert_array_equal(values, expected)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_sort_and_argsort_along_every_axis_as_numpys_stable(dtype, shape, context):
    host = random(shape, dtype)
    x = tiles.array(host, context=context)
    context.wait()
    before = context.counters()
    for axis in range(-len(shape), len(shape)):
        ascending, descending = np.argsort(host, axis=axis, kind="stable"), stable_descending(host, axis)
        got = [xp.argsort(x, axis=axis), xp.argsort(x, axis=axis, descending=True),
               xp.sort(x, axis=axis), xp.sort(x, axis=axis, descending=True, stable=False)]
        assert context.counters()["downloads"] == before["downloads"]  # sorted on the device
        same_bits(got[0], ascending)
        same_bits(got[1], descending)
        same_bits(got[2], np.take_along_axis(host, ascending, axis))
        same_bits(got[3], np.take_along_axis(host, descending, axis))
        before = context.counters()


def test_numpys_sort_and_argsort_on_the_device(context):
    host = random((5, 1100), np.float32)
    x = tiles.array(host, context=context)
    context.wait()
    before = context.counters()
    got = [np.sort(x), np.argsort(x, axis=0), np.sort(x, axis=None), np.argsort(x, axis=None, kind="quicksort")]
    assert context.counters()["downloads"] == before["downloads"]
    same_bits(got[0], np.take_along_axis(host, np.argsort(host, kind="stable"), -1))
    same_bits(got[1], np.argsort(host, axis=0, kind="stable"))
    same_bits(got[2], host.reshape(-1)[np.argsort(host, axis=None, kind="stable")])
    same_bits(got[3], np.argsort(host, axis=None, kind="stable"))
    with pytest.raises(np.exceptions.AxisError):
        xp.sort(x, axis=2)
    # Complex data, which the core does not sort, goes through the host.
    complex_host = (rng.standard_normal(9) + 1j * rng.integers(0, 2, 9)).astype(np.complex64)
    np.testing.assert_array_equal(xp.sort(tiles.array(complex_host, context=context)).get(),
                                  np.sort(complex_host, kind="stable"))


def same_statistic(got, expected):
    """got is numpy's `expected`, of its shape and dtype, value for value: tiles data (a new array,
    or a view of one in the reduced shape), of no dimensions where expected is numpy's scalar, as
    CuPy's."""
    expected = np.asarray(expected)
    assert isinstance(got, (tiles.array, tiles.array_view))
    assert got.shape == expected.shape and got.dtype == expected.dtype, (got.shape, got.dtype, expected.dtype)
    np.testing.assert_array_equal(got.get(), expected)


@pytest.mark.parametrize("dtype", [np.int32, np.float32, pytest.param(np.float64, marks=needs_doubles)],
                         ids=lambda d: np.dtype(d).name)
def test_median_percentile_and_quantile_as_numpys(dtype, context):
    host = (rng.standard_normal((6, 301)) * 100).astype(dtype)
    if np.dtype(dtype).kind == "f":
        host[2, 17] = np.nan  # the line's median and quantiles are NaN
    x = tiles.array(host, context=context)
    context.wait()
    before = context.counters()
    cases = []
    for axis in (0, 1, -1, None):
        for keepdims in (False, True):
            cases.append((np.median(x, axis=axis, keepdims=keepdims), np.median(host, axis=axis, keepdims=keepdims)))
            for q in (0, 12.5, 50, 99.9, 100, [5, 50, 95], np.float32(30)):
                cases.append((np.percentile(x, q, axis=axis, keepdims=keepdims),
                              np.percentile(host, q, axis=axis, keepdims=keepdims)))
            for q in (0, 1, 0.25, [0.1, 0.5, 0.75], np.array([0, 1])):
                cases.append((np.quantile(x, q, axis=axis, keepdims=keepdims),
                              np.quantile(host, q, axis=axis, keepdims=keepdims)))
    assert context.counters()["downloads"] == before["downloads"]  # all computed on the device
    for got, expected in cases:
        same_statistic(got, expected)


def test_median_of_even_and_odd_lines_and_what_goes_through_the_host(context):
    for length in (1, 2, 5, 1024):
        host = rng.standard_normal((3, length)).astype(np.float32)
        same_statistic(np.median(tiles.array(host, context=context), axis=1), np.median(host, axis=1))
    host = rng.standard_normal((3, 4)).astype(np.float32)
    x = tiles.array(host, context=context)
    with pytest.raises(ValueError, match="Percentiles must be in the range"):
        np.percentile(x, 101)
    with pytest.raises(ValueError, match="Quantiles must be in the range"):
        np.quantile(x, -0.5)
    # numpy's other methods and several axes go through the host, as numpy computes them.
    np.testing.assert_array_equal(np.asarray(np.percentile(x, 40, method="nearest")),
                                  np.percentile(host, 40, method="nearest"))
    np.testing.assert_array_equal(np.asarray(np.median(x, axis=(0, 1))), np.median(host, axis=(0, 1)))
    # No quantiles at all: numpy's empty result, through the host.
    for q in ([], np.empty(0)):
        np.testing.assert_array_equal(np.asarray(np.quantile(x, q)), np.quantile(host, q))
