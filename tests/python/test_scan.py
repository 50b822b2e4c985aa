"""Prefix sums on the device against numpy's: cumulative_sum (and np.cumsum, np.cumulative_sum) of
random data of every dtype the scan computes, over sizes that cross a tile (256) and a level of
tiles' totals (100_000), along every axis of ranks 1 to 3, with include_initial; integers exact
(wrapping as numpy's), floats within the bound of a sum in another order (n * eps * the sum of
|x|); products (cumprod, cumulative_prod) likewise, through the same scan. What the scan
finds: x[mask] (and x[mask] = values) of masks of every density against numpy's, and nonzero;
the data stays on the device (the number of true elements is the one value read back)."""

import logging

import numpy as np
import pytest
import tiles
import tiles.array_api as xp

rng = np.random.default_rng(47)
DTYPES = [np.int8, np.int32, np.int64, np.uint16, np.bool_, np.float32, np.float64]
SIZES = [0, 1, 255, 256, 257, 100_000]
needs_doubles = pytest.mark.skipif(not tiles.Context.default().device.supports_fp64, reason="no doubles")


def random(shape, dtype):
    if np.dtype(dtype).kind == "b":
        return rng.random(shape) < 0.5
    return (rng.standard_normal(shape) * 50).astype(dtype)


def check_sums(got, expected, host, **keywords):
    """`got` (tiles data) is numpy's `expected`, of its shape and dtype: integers exactly, floats
    within n * eps * the cumulative sum of |x| (n the length summed), a bound on the error of any
    order of addition."""
    assert isinstance(got, tiles.array)
    assert got.shape == expected.shape and got.dtype == expected.dtype, (got.shape, got.dtype, expected.dtype)
    values = got.get()
    if expected.dtype.kind != "f":
        np.testing.assert_array_equal(values, expected)
        return
    magnitude = np.cumulative_sum(np.abs(host.astype(np.float64)), **keywords)
    length = max(host.shape[keywords.get("axis") or 0], 1)
    bound = length * np.finfo(expected.dtype).eps * magnitude
    assert (np.abs(values.astype(np.float64) - expected) <= bound).all()


@pytest.mark.parametrize("dtype", [pytest.param(d, marks=needs_doubles) if d == np.float64 else d for d in DTYPES],
                         ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("size", SIZES)
def test_cumulative_sum_of_one_dimension(dtype, size, context):
    host = random(size, dtype)
    x = tiles.array(host, context=context)
    context.wait()
    before = context.counters()
    for include_initial in (False, True):
        got = xp.cumulative_sum(x, include_initial=include_initial)
        check_sums(got, np.cumulative_sum(host, include_initial=include_initial), host,
                   include_initial=include_initial)
        assert got.device == context
    after = context.counters()
    if size:  # (no elements: include_initial's one 0 is filled by tiles.zeros)
        assert after["uploads"] == before["uploads"] and after["downloads"] == before["downloads"] + 2  # the get()s


@pytest.mark.parametrize("dtype", [np.int8, np.float32, np.bool_], ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("shape", [(3, 300), (257, 2), (2, 300, 3), (3, 2, 257), (1, 1, 5), (2, 0, 3)])
def test_cumulative_sum_along_every_axis(dtype, shape, context):
    host = random(shape, dtype)
    x = tiles.array(host, context=context)
    for axis in range(-len(shape), len(shape)):
        for include_initial in (False, True):
            keywords = dict(axis=axis, include_initial=include_initial)
            check_sums(xp.cumulative_sum(x, **keywords), np.cumulative_sum(host, **keywords), host, **keywords)


def test_cumulative_sum_in_a_dtype_wraps_as_numpys(context):
    host = np.array([100, 100, 100, -128, 127] * 100, np.int8)
    x = tiles.array(host, context=context)
    for dtype in (np.int8, np.uint8, np.int16, np.int32, np.uint64, np.float32, np.bool_):
        check_sums(xp.cumulative_sum(x, dtype=dtype), np.cumulative_sum(host, dtype=dtype), host)
    large = np.array([2**62, 2**62, 2**62, -5] * 100, np.int64)
    check_sums(xp.cumulative_sum(tiles.array(large, context=context)), np.cumulative_sum(large), large)
    mask = np.zeros(600, bool)
    mask[[3, 400]] = True
    check_sums(xp.cumulative_sum(tiles.array(mask, context=context), dtype=xp.bool),
               np.cumulative_sum(mask, dtype=bool), mask)  # numpy's add of bools: or
    halves = random(300, np.float16)
    check_sums(xp.cumulative_sum(tiles.array(halves, context=context), dtype=xp.float32),
               np.cumulative_sum(halves, dtype=np.float32), halves)


def test_cumulative_sum_of_sections_and_through_numpy(context):
    host = random((4, 300), np.int32)
    x = tiles.array(host, context=context)
    check_sums(xp.cumulative_sum(x[1:3, 5:280], axis=1), np.cumulative_sum(host[1:3, 5:280], axis=1), host)
    check_sums(np.cumulative_sum(x, axis=0, include_initial=True),
               np.cumulative_sum(host, axis=0, include_initial=True), host)
    check_sums(np.cumsum(x), np.cumsum(host), host)  # all the elements in their order
    check_sums(np.cumsum(x, axis=1, dtype=np.int8), np.cumsum(host, axis=1, dtype=np.int8), host)
    check_sums(x.cumsum(axis=0), host.cumsum(axis=0), host)
    view = tiles.array_view(host.copy())
    check_sums(np.cumsum(view, axis=-1), np.cumsum(host, axis=-1), host)


def test_cumulative_sum_refuses_as_numpy_and_computes_the_rest_on_the_host(context):
    x = tiles.array(random((2, 3), np.float32), context=context)
    with pytest.raises(ValueError, match="axis"):
        xp.cumulative_sum(x)
    with pytest.raises(np.exceptions.AxisError):
        xp.cumulative_sum(x, axis=2)
    complex_data = random(5, np.complex64)
    check_sums(xp.cumulative_sum(tiles.array(complex_data, context=context)), np.cumulative_sum(complex_data),
               complex_data)
    halves = random(5, np.float16)  # numpy sums float16 in float16, which the kernels do not compute in
    check_sums(xp.cumulative_sum(tiles.array(halves, context=context)), np.cumulative_sum(halves), halves)


def check_products(got, expected):
    """`got` (tiles data) is numpy's `expected` products, of its shape and dtype: integers exactly
    (wrapping as numpy's), floats within n * eps of each product (n the longest line), the bound
    of products in any order."""
    assert isinstance(got, tiles.array)
    assert got.shape == expected.shape and got.dtype == expected.dtype, (got.shape, got.dtype, expected.dtype)
    if expected.dtype.kind != "f":
        np.testing.assert_array_equal(got.get(), expected)
    else:
        np.testing.assert_allclose(got.get(), expected, rtol=max(expected.shape) * np.finfo(expected.dtype).eps)


@pytest.mark.parametrize("size", [257, 100_000])
def test_cumulative_prod_on_the_device(size, context):
    integers = rng.choice(np.array([-3, -2, -1, 1, 2, 3], np.int8), size)  # no 0: the products wrap int64
    near_one = (1 + 0.01 * rng.standard_normal(size)).astype(np.float32)
    for host in (integers, near_one):
        x = tiles.array(host, context=context)
        context.wait()
        before = context.counters()
        got = [np.cumulative_prod(x), xp.asarray(np.cumprod(x)), x.cumprod(),
               np.cumulative_prod(x, include_initial=True)]
        assert context.counters()["downloads"] == before["downloads"]  # the data stayed on the device
        for result in got[:3]:
            check_products(result, np.cumulative_prod(host))
        check_products(got[3], np.cumulative_prod(host, include_initial=True))


def test_cumprod_along_axes_in_numpys_dtypes(context):
    host = rng.choice(np.array([-2, -1, 1, 2, 3], np.int16), (3, 300))
    x = tiles.array(host, context=context)
    check_products(np.cumprod(x, axis=1), np.cumprod(host, axis=1))  # int16 in int64, as numpy's
    check_products(x.cumprod(axis=0, dtype=np.int8), host.cumprod(axis=0, dtype=np.int8))  # wrapping int8
    check_products(np.cumprod(x), np.cumprod(host))  # all the elements in their order
    check_products(np.cumulative_prod(x, axis=0, include_initial=True),
                   np.cumulative_prod(host, axis=0, include_initial=True))
    mask = rng.random((2, 3, 4)) < 0.8
    check_products(np.cumprod(tiles.array(mask, context=context), axis=2), np.cumprod(mask, axis=2))
    check_products(np.cumulative_prod(tiles.array(mask[:, :0], context=context), axis=1, include_initial=True),
                   np.cumulative_prod(mask[:, :0], axis=1, include_initial=True))
    halves = (1 + 0.1 * rng.standard_normal(5)).astype(np.float16)  # through the host, as cumsum's
    check_products(np.cumprod(tiles.array(halves, context=context)), np.cumprod(halves))


def masks(shape):
    """Masks of every density: none true, all true, one true, random ones."""
    yield np.zeros(shape, bool)
    yield np.ones(shape, bool)
    one = np.zeros(shape, bool)
    one.flat[-1] = True
    yield one
    for density in (0.01, 0.5, 0.99):
        yield rng.random(shape) < density


@pytest.mark.parametrize("shape", [(1,), (255,), (257,), (100_000,), (3, 300), (2, 3, 50)])
def test_masks_select_on_the_device(shape, context):
    host = random(shape + (2,), np.float32)
    x = tiles.array(host, context=context)
    for mask in masks(shape):
        on_device = tiles.array(mask, context=context)
        context.wait()
        before = context.counters()
        got = x[on_device]
        after = context.counters()
        assert got.shape == host[mask].shape and got.dtype == host.dtype
        assert after["downloads"] == before["downloads"] + 1 and after["uploads"] == before["uploads"]  # the count
        np.testing.assert_array_equal(got.get(), host[mask])
        np.testing.assert_array_equal(x[mask].get(), host[mask])  # numpy's mask: uploaded, scanned there
        values = random(int(mask.sum()), np.float32)[:, None]
        expected = host.copy()
        expected[mask] = values
        y = tiles.array(host, context=context)
        y[on_device] = values
        np.testing.assert_array_equal(y.get(), expected)


def test_a_masks_selection_takes_three_launches(context):
    """A mask of 1,000 elements: the core's scan of the mask, the compaction and the gather."""
    host = random(1000, np.float32)
    mask = rng.random(1000) < 0.5
    x, on_device = tiles.array(host, context=context), tiles.array(mask, context=context)
    context.wait()
    launches = context.counters()["launches"]
    got = x[on_device]
    assert context.counters()["launches"] == launches + 3
    np.testing.assert_array_equal(got.get(), host[mask])


@pytest.mark.parametrize("dtype", [np.int32, np.uint16, np.bool_, np.float32, np.complex64],
                         ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("shape", [(300,), (3, 300), (4, 3, 70)])
def test_nonzero_on_the_device(dtype, shape, context):
    for mask in masks(shape):
        host = np.where(mask, random(shape, dtype), 0).astype(dtype)
        x = tiles.array(host, context=context)
        context.wait()
        before = context.counters()["downloads"]
        found = xp.nonzero(x)
        assert context.counters()["downloads"] == before + 1
        expected = np.nonzero(host)
        assert len(found) == len(expected)
        for got, indices in zip(found, expected):
            assert isinstance(got, tiles.array) and got.dtype == np.int64
            np.testing.assert_array_equal(got.get(), indices)
        for got, indices in zip(np.nonzero(x), expected):
            np.testing.assert_array_equal(got.get(), indices)


@pytest.mark.oclgrind
def test_long_lines_with_a_gpus_parameters_are_scanned_a_work_group_a_block(monkeypatch, caplog):
    """With a GPU's parameters (TILES_CHECKED_AS=gpu, on the simulator), a long line of consecutive
    elements is scanned a work-group a block, include_initial's identity first: numpy's results,
    and Oclgrind finds no race or access out of bounds in the work-groups' __local memory."""
    monkeypatch.setenv("TILES_CHECKED_AS", "gpu")
    checked = tiles.Context.checked(strict=True)
    monkeypatch.delenv("TILES_CHECKED_AS")
    caplog.set_level(logging.INFO, logger="tiles")
    tiles.set_log_level("info")
    try:
        line = rng.integers(-1000, 1000, 20_001).astype(np.int32)
        rows = rng.integers(-3, 4, (3, 9_000)).astype(np.int64)
        np.testing.assert_array_equal(xp.cumulative_sum(tiles.array(line, context=checked), include_initial=True).get(),
                                      np.cumulative_sum(line, include_initial=True))
        np.testing.assert_array_equal(
            xp.cumulative_sum(tiles.array(rows, context=checked), axis=1, include_initial=True).get(),
            np.cumulative_sum(rows, axis=1, include_initial=True))
    finally:
        tiles.set_log_level("warning")
    assert any(r.getMessage().startswith("built kernel 'tiles_scan_group_blocks'") for r in caplog.records)
    assert checked.diagnostics() == []


@pytest.mark.oclgrind
def test_the_kernels_are_clean_under_oclgrind():
    """Every kernel of a scan across tiles and levels, along each axis, of products, and of a mask's positions,
    on a strict checked context: Oclgrind finds no race on the tiles' scratch, no access out of
    bounds and no divergent barrier (it would raise tiles.CheckFailed)."""
    checked = tiles.Context.checked(strict=True)
    host = rng.integers(-50, 50, (3, 600, 2)).astype(np.int8)
    x = tiles.array(host, context=checked)
    for axis in range(3):
        np.testing.assert_array_equal(xp.cumulative_sum(x, axis=axis, include_initial=True).get(),
                                      np.cumulative_sum(host, axis=axis, include_initial=True))
    np.testing.assert_array_equal(np.cumulative_prod(x, axis=1, include_initial=True).get(),
                                  np.cumulative_prod(host, axis=1, include_initial=True))
    mask = rng.random((3, 600)) < 0.4
    np.testing.assert_array_equal(x[tiles.array(mask, context=checked)].get(), host[mask])
    assert checked.diagnostics() == []


@pytest.mark.parametrize("operation", ["sum", "prod"])
def test_float_scans_are_numpys_to_the_last_bit(operation, context):
    """Each line's elements are combined one after another, as numpy's running sums and products
    are: the same rounding, and the same overflow where a partial result leaves the range (numpy's
    stays infinite or NaN once it is)."""
    numpys = getattr(np, f"cumulative_{operation}")
    lines = [[1e30, 1e30, 1e-30, 1e-30], [1e30, 1e30, 0, 2], [1e-30, 1e30, 1e30], [3e38, 3e38, -3e38]]
    for line in lines:
        host = np.array(line, np.float32)
        np.testing.assert_array_equal(numpys(tiles.array(host, context=context)).get(), numpys(host))
    host = (1 + 0.01 * rng.standard_normal((3, 1000))).astype(np.float32)
    for axis in (0, 1):
        np.testing.assert_array_equal(numpys(tiles.array(host, context=context), axis=axis).get(),
                                      numpys(host, axis=axis))
