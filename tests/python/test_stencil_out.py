"""tiles.stencil(..., out=): the result written into a tiles.array_view or tiles.array and left on
the device, so that iterated stencils move no data; against tiles.stencil's numpy results."""

import numpy as np
import pytest

import tiles


def test_the_result_goes_to_out_and_out_is_returned(context):
    grid = np.random.default_rng(3).standard_normal((37, 29)).astype(np.float32)
    mask = np.random.default_rng(4).standard_normal((3, 5)).astype(np.float32)
    out = tiles.array_view(np.zeros_like(grid))
    assert tiles.stencil(grid, mask, out=out, context=context) is out
    np.testing.assert_array_equal(np.asarray(out), tiles.stencil(grid, mask))
    on_device = tiles.zeros(grid.shape, np.float32, context=context)
    assert tiles.stencil(grid, mask, out=on_device, context=context) is on_device
    np.testing.assert_array_equal(on_device.get(), tiles.stencil(grid, mask))


def test_stencils_iterated_between_two_views_move_no_data_until_the_host_reads(context):
    grid = np.random.default_rng(5).standard_normal((41, 23)).astype(np.float32)
    mask = tiles.array_view(np.full((3, 3), 1 / 9, np.float32))
    first, second = tiles.array_view(grid.copy()), tiles.array_view(np.empty_like(grid))
    tiles.stencil(first, mask, out=second, context=context)  # uploads the grid, the mask and second
    context.reset_counters()
    for _ in range(4):
        tiles.stencil(second, mask, out=first, context=context)
        first, second = second, first
    moved = context.counters()
    assert (moved["uploads"], moved["downloads"], moved["launches"]) == (0, 0, 4)
    expected = grid
    for _ in range(5):
        expected = tiles.stencil(expected, np.asarray(mask))
    np.testing.assert_array_equal(np.asarray(second), expected)


def test_an_out_that_is_not_tiles_data_or_is_the_input_is_refused():
    grid = np.ones((8, 8), np.float32)
    view = tiles.array_view(grid)
    with pytest.raises(tiles.InvalidArgument, match="stencil's out is a tiles.array or tiles.array_view"):
        tiles.stencil(grid, np.ones((3, 3), np.float32), out=np.empty_like(grid))
    with pytest.raises(tiles.InvalidArgument, match="the output and the input are the same data"):
        tiles.stencil(view, np.ones((3, 3), np.float32), out=view)
    np.testing.assert_array_equal(np.asarray(view), np.ones((8, 8), np.float32))
