"""The orders and dtypes that code written against the array API standard (scikit-learn's and
SciPy's array-API dispatch) takes from numpy: tiles.array_api's results against numpy's, and
against array_api_strict's where it is installed. An order that changes from call to call is
caught by calls on many data, each in a new order."""

import numpy as np
import pytest
import tiles
import tiles.array_api as xp
from optional_tools import needs

rng = np.random.default_rng(59)

SMALL_DTYPES = [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32]


def same(result, expected):
    """`result` is tiles data holding numpy's `expected`, of its shape and dtype, NaNs where it has them."""
    assert isinstance(result, (tiles.array, tiles.array_view)), type(result)
    expected = np.asarray(expected)
    assert (result.shape, result.dtype) == (expected.shape, expected.dtype), (result.shape, result.dtype,
                                                                              expected.shape, expected.dtype)
    np.testing.assert_array_equal(result.get(), expected)


def labels(size=40):
    """Integer labels of a few classes drawn from many, in a new order each call: a hash table's
    order of them differs from the sorted one, and from call to call."""
    classes = rng.choice(1000, size=rng.integers(3, 7), replace=False)
    return rng.choice(classes, size=size)


def test_unique_values_in_numpys_sorted_order_every_call():
    for _ in range(30):
        host = labels()
        same(xp.unique_values(xp.asarray(host)), np.unique(host))
    same(xp.unique_values(xp.asarray([3, 1, 3, 2, 1])), np.array([1, 2, 3]))


def test_unique_functions_order_nans_and_index_dtypes():
    """Every NaN its own value, after the others (numpy's sort); indices and counts in numpy's
    index dtype; inverse_indices in x's shape: numpy's own array-API functions, which sort these."""
    host = np.array([[3, np.nan, 1], [3, -0.0, np.nan], [2, 0.0, 1]], np.float32)
    x = xp.asarray(host)
    same(xp.unique_values(x), np.array([0, 1, 2, 3, np.nan, np.nan], np.float32))
    for ours, numpys in ((xp.unique_all, np.unique_all), (xp.unique_counts, np.unique_counts),
                         (xp.unique_inverse, np.unique_inverse)):
        for got, expected in zip(ours(x), numpys(host)):
            same(got, expected)
    assert xp.unique_all(x).inverse_indices.shape == host.shape and xp.unique_all(x).counts.dtype == np.int64


@pytest.mark.parametrize("dtype", SMALL_DTYPES, ids=lambda d: np.dtype(d).name)
def test_sums_and_products_of_small_integers_and_bools_in_numpys_dtype(dtype):
    host = rng.integers(0, 3, (3, 5)).astype(dtype)
    x = xp.asarray(host)
    for axis in (None, 0, 1):
        same(xp.sum(x, axis=axis), np.sum(host, axis=axis))
        same(xp.prod(x, axis=axis), np.prod(host, axis=axis))
    same(xp.cumulative_sum(x, axis=1), np.cumulative_sum(host, axis=1))
    same(xp.cumulative_sum(x[0], include_initial=True), np.cumulative_sum(host[0], include_initial=True))


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint8, np.int32, np.float32], ids=lambda d: np.dtype(d).name)
def test_argmax_and_argmin_of_the_first_extreme_in_the_index_dtype(dtype):
    host = rng.integers(0, 2, (4, 6)).astype(dtype)
    x = xp.asarray(host)
    for axis in (None, 0, 1):
        same(xp.argmax(x, axis=axis), np.argmax(host, axis=axis))
        same(xp.argmin(x, axis=axis, keepdims=axis is not None), np.argmin(host, axis=axis,
                                                                          keepdims=axis is not None))


def test_argmax_of_nan_data_is_the_first_nan():
    host = np.array([1.0, np.nan, 5.0, np.nan], np.float32)
    same(xp.argmax(xp.asarray(host)), np.argmax(host))
    same(xp.argmin(xp.asarray(host)), np.argmin(host))


def test_nonzero_in_row_major_order_in_the_index_dtype():
    host = rng.integers(0, 2, (3, 4, 5)).astype(np.int8)
    for got, expected in zip(xp.nonzero(xp.asarray(host)), np.nonzero(host)):
        same(got, expected)
    for got, expected in zip(xp.nonzero(xp.asarray(host > 0)), np.nonzero(host > 0)):
        same(got, expected)


def test_sorting_of_ties_and_nans_as_numpys():
    """Stable sorts of many ties keep their order both ways; NaNs sort last ascending, first
    descending (numpy's order reversed, as array_api_strict's)."""
    ties = rng.integers(0, 3, 200).astype(np.int32)
    same(xp.argsort(xp.asarray(ties)), np.argsort(ties, kind="stable"))
    same(xp.argsort(xp.asarray(ties), descending=True), np.argsort(-ties, kind="stable"))
    nans = np.array([2.0, np.nan, -1.0, 2.0, np.nan, 0.5], np.float32)
    same(xp.sort(xp.asarray(nans)), np.sort(nans))
    same(xp.sort(xp.asarray(nans), descending=True), np.sort(nans)[::-1])
    same(xp.argsort(xp.asarray(nans)), np.argsort(nans, kind="stable"))


def test_searchsorted_in_the_index_dtype():
    ordered = np.array([1, 3, 3, 7], np.int32)
    values = np.array([[3, 0], [8, 7]], np.int32)
    for side in ("left", "right"):
        same(xp.searchsorted(xp.asarray(ordered), xp.asarray(values), side=side),
             np.searchsorted(ordered, values, side=side))
    unordered = np.array([7, 1, 3, 3], np.int32)
    sorter = np.argsort(unordered, kind="stable")
    same(xp.searchsorted(xp.asarray(unordered), xp.asarray(values), sorter=xp.asarray(sorter)),
         np.searchsorted(unordered, values, sorter=sorter))


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.int32, np.uint16], ids=lambda d: np.dtype(d).name)
def test_mean_var_and_std_of_integers_and_bools_in_numpys_float64(dtype):
    """The standard leaves them to the library (array_api_strict refuses them); numpy's float64,
    as code that runs on numpy's namespace gets."""
    host = rng.integers(0, 5, (3, 4)).astype(dtype)
    for name in ("mean", "var", "std"):
        result = getattr(xp, name)(xp.asarray(host), axis=0)
        assert result.dtype == np.float64
        np.testing.assert_allclose(result.get(), getattr(np, name)(host, axis=0), rtol=1e-12)


def test_astype_copies_unless_told_not_to():
    x = xp.asarray(np.arange(4, dtype=np.int32))
    assert xp.astype(x, xp.int32, copy=False) is x
    copied = xp.astype(x, xp.int32)
    assert copied is not x
    copied[0] = 9
    assert int(x[0]) == 0
    same(xp.astype(x, xp.float32, copy=False), np.arange(4, dtype=np.float32))


def test_as_array_api_strict_where_installed():
    strict = needs("array_api_strict", "array-api-strict")
    host = labels()
    for name in ("unique_values", "sum", "prod", "cumulative_sum", "argmax", "argsort", "sort"):
        same(getattr(xp, name)(xp.asarray(host.astype(np.int8))),
             np.from_dlpack(getattr(strict, name)(strict.asarray(host.astype(np.int8)))))
    for got, expected in zip(xp.unique_all(xp.asarray(host)), strict.unique_all(strict.asarray(host))):
        same(got, np.from_dlpack(expected))
