"""The tiled algorithms take numpy's default dtypes where the device can: int64 and float64 (where
it has doubles) for reduce and block_sum, uint8 for reduce and block_sum, float64 for block_average and stencil;
what they refuse names the conversion that exists. numpy is the truth."""

import numpy as np
import pytest
import tiles

DOUBLES = tiles.Context.default().device.supports_fp64
rng = np.random.default_rng(64)
needs_doubles = pytest.mark.skipif(not DOUBLES, reason="the default device has no doubles")


def test_reductions_of_int64_data_beyond_int32():
    values = rng.integers(-2**40, 2**40, 5001, dtype=np.int64)
    for op in ("sum", "min", "max"):
        result = tiles.reduce(values, op)
        assert result.dtype == np.int64 and result == getattr(np, op)(values), op
    assert tiles.reduce(np.full(300, -5, np.int64), "max") == -5  # below the identity of int32's max
    assert tiles.reduce(np.full(300, 2**35, np.int64), "min") == 2**35
    data = tiles.array(values)
    assert data.sum() == values.sum() and data.max() == values.max()


@needs_doubles
def test_reductions_of_float64_data():
    values = rng.standard_normal(4099)
    np.testing.assert_allclose(tiles.reduce(values), values.sum(), rtol=1e-12)
    assert tiles.reduce(values, "min") == values.min() and tiles.reduce(values, "max") == values.max()
    values[77] = np.nan
    assert np.isnan(tiles.reduce(values, "max")) and np.isnan(tiles.reduce(values, "min"))
    assert tiles.reduce(values, "sum").dtype == np.float64


def _block_sums(host, rows, columns):
    return np.add.reduceat(np.add.reduceat(host, range(0, host.shape[0], rows), axis=0),
                           range(0, host.shape[1], columns), axis=1)


def test_block_sums_of_int64():
    host = rng.integers(-2**40, 2**40, (19, 23), dtype=np.int64)
    result = tiles.block_sum(host, (4, 5))
    assert result.dtype == np.int64
    np.testing.assert_array_equal(result, _block_sums(host, 4, 5))


@pytest.mark.parametrize("shape, block", [((19, 23), (4, 5)), ((64, 300), (16, 16)), ((7, 40), (1, 2)),
                                          ((5, 33), (5, 1)), ((3, 1000), (2, 1000))])
def test_block_sums_of_uint8_are_uint64_as_numpys(shape, block):
    host = rng.integers(0, 256, shape, dtype=np.uint8)
    host[0, :] = 255  # sums past uint8's and uint16's range
    result = tiles.block_sum(host, block)
    expected = _block_sums(host.astype(np.uint64), *block)
    assert result.dtype == np.uint64 == np.add.reduce(host, axis=None).dtype
    np.testing.assert_array_equal(result, expected)
    one_dimensional = tiles.block_sum(host[0], block[1])
    np.testing.assert_array_equal(one_dimensional, _block_sums(host[:1].astype(np.uint64), 1, block[1])[0])


@needs_doubles
def test_block_sums_averages_and_stencils_of_float64():
    host = rng.standard_normal((19, 23))
    np.testing.assert_allclose(tiles.block_sum(host, (4, 5)), _block_sums(host, 4, 5), rtol=1e-12)
    counts = _block_sums(np.ones_like(host), 4, 5)
    averages = tiles.block_average(host, (4, 5))
    assert averages.dtype == np.float64
    np.testing.assert_allclose(averages, _block_sums(host, 4, 5) / counts, rtol=1e-12)
    mask = rng.standard_normal((3, 5))
    padded = np.pad(host, ((1, 1), (2, 2)), mode="edge")
    expected = sum(mask[i, j] * padded[i:i + 19, j:j + 23] for i in range(3) for j in range(5))
    result = tiles.stencil(host, mask)
    assert result.dtype == np.float64
    np.testing.assert_allclose(result, expected, rtol=1e-12, atol=1e-12)


def test_reductions_of_uint8_data_in_numpys_dtypes():
    values = rng.integers(0, 256, 5003).astype(np.uint8)
    values[4000] = 255
    for op in ("sum", "min", "max"):  # uint64 sums (past uint8's and uint32's range at this size)
        result = tiles.reduce(values, op)
        assert result.dtype == getattr(np, op)(values).dtype and result == getattr(np, op)(values), op
    assert tiles.reduce(np.full(9, 200, np.uint8), "max", dtype=np.uint32) == 200
    assert tiles.array(values).sum() == values.sum()
    with pytest.raises(tiles.InvalidArgument, match="combined, and given, as uint32"):
        tiles.reduce(values, "min", dtype=np.uint8)


def test_refusals_name_the_conversion_that_exists():
    with pytest.raises(tiles.InvalidArgument, match=r"not uint16: convert it first, with x\.astype\(np\.int32\)$"):
        tiles.reduce(np.zeros(4, np.uint16))
    with pytest.raises(tiles.InvalidArgument, match=r"not uint32: convert it first, with x\.astype\(np\.int64\)$"):
        tiles.reduce(np.zeros(4, np.uint32))
    with pytest.raises(tiles.InvalidArgument, match=r"x\.astype\(np\.float32\)"):
        tiles.block_average(np.zeros((4, 4), np.int32), 2)
    with pytest.raises(tiles.InvalidArgument, match=r"astype\(np\.float64\)"):
        tiles.stencil(np.zeros((4, 4)), np.ones((3, 3), np.float32))
    converted = tiles.array(np.arange(8, dtype=np.uint16)).astype(np.int32)
    assert tiles.reduce(converted) == 28
