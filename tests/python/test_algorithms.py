"""The tiled algorithms from Python against numpy, on sizes no tile divides and degenerate ones,
and what each refuses. Float data are multiples of 1/8 small enough for every sum to be exact in
any order, so that results are compared exactly; only averages, which divide, within a rounding."""

import os

import numpy as np
import pytest
import tiles

FP64 = tiles.default_device().supports_fp64
SHAPES = [(1, 1), (1, 19), (23, 1), (37, 53), (130, 67)]


def random_data(shape, dtype, seed=0, limit=32):
    values = np.random.default_rng(seed).integers(-limit, limit + 1, shape)
    return (values / 8 if np.dtype(dtype).kind == "f" else values).astype(dtype)


def block_reference(data, block, statistic):
    """Sums or means of each block of a 2-D array, blocks at the edges cut short."""
    (rows, columns), (block_rows, block_columns) = data.shape, block
    grid = (-(-rows // block_rows), -(-columns // block_columns))
    padded = np.zeros((grid[0] * block_rows, grid[1] * block_columns))
    counts = np.zeros_like(padded)
    padded[:rows, :columns], counts[:rows, :columns] = data, 1
    sums = padded.reshape(grid[0], block_rows, grid[1], block_columns).sum(axis=(1, 3))
    if statistic == "sum":
        return sums
    return sums / counts.reshape(grid[0], block_rows, grid[1], block_columns).sum(axis=(1, 3))


def stencil_reference(data, mask):
    """The mask's weights times the elements under it, centred on each element, edges clamped."""
    (rows, columns), (mask_rows, mask_columns) = data.shape, mask.shape
    padded = np.pad(data.astype(np.float64), ((mask_rows // 2,) * 2, (mask_columns // 2,) * 2), mode="edge")
    result = np.zeros((rows, columns))
    for i in range(mask_rows):
        for j in range(mask_columns):
            result += mask[i, j] * padded[i:i + rows, j:j + columns]
    return result


@pytest.mark.parametrize("dtype", [np.int32, np.float32])
@pytest.mark.parametrize("shape", [(1,), (7,), (100003,)] + SHAPES)
def test_reduce_matches_numpy(shape, dtype):
    data = random_data(shape, dtype, limit=1000)
    for op, reference in (("sum", np.sum), ("min", np.min), ("max", np.max)):
        result = tiles.reduce(data, op)
        assert isinstance(result, np.generic) and result.dtype == reference(data).dtype, op  # int32 sums: int64
        assert result == reference(data.astype(np.float64)), op


def test_reduce_sums_int32_without_wrapping_as_numpy_does():
    data = np.full(100003, 2**31 - 7, dtype=np.int32)  # any two of them wrap in int32
    total = tiles.reduce(data)
    assert total.dtype == np.sum(data).dtype and total == np.sum(data)
    wrapped = tiles.reduce(data, dtype=np.int32)  # C's int arithmetic, asked for
    assert wrapped.dtype == np.int32 and wrapped == np.sum(data, dtype=np.int32)


def test_reduce_sums_float32_in_float64_when_asked(context):
    if not context.device.supports_fp64:
        pytest.skip("the device has no double precision")
    data = np.full(1 << 20, 0.1, dtype=np.float32)
    total = tiles.reduce(data, dtype="float64", context=context)
    assert total.dtype == np.float64
    assert total == pytest.approx(np.sum(data, dtype=np.float64), rel=1e-12)  # in float32: off by ~1e-7


def test_reduce_refuses_accumulators_it_cannot_add_in():
    ints = np.arange(10, dtype=np.int32)
    # numpy's names, not OpenCL's, in Python's messages
    with pytest.raises(tiles.InvalidArgument, match=r"added in int32 or int64, not in float64"):
        tiles.reduce(ints, dtype=np.float64)
    with pytest.raises(tiles.InvalidArgument,
                       match=r"the least or greatest of int32 elements is one of them, an int32, not an int64"):
        tiles.reduce(ints, "max", dtype=np.int64)
    with pytest.raises(tiles.InvalidArgument, match="not a numpy dtype"):
        tiles.reduce(ints, dtype="no such type")


def test_reduce_of_tiles_data_on_a_context(context):
    data = random_data((41, 9), np.float32)
    on_device = tiles.array(data, context=context)
    assert tiles.reduce(on_device, "max") == data.max()
    assert tiles.reduce(tiles.array_view(data), "min", context=context) == data.min()
    assert tiles.reduce(data) == data.astype(np.float64).sum()
    assert context.counters()["launches"] == 2  # one each: its last tile combines the others' partials


def test_reduce_into_out_leaves_the_result_on_the_device_until_it_is_read(context):
    data = random_data((1000, 37), np.int32, limit=1000)
    on_device = tiles.array(data, context=context)
    total = tiles.empty(1, np.int64, context=context)
    least_memory = np.zeros(1, np.int32)
    least = tiles.array_view(least_memory)
    assert tiles.reduce(on_device, out=total) is total
    assert tiles.reduce(on_device, "min", out=least, dtype=np.int32) is least
    assert context.counters()["downloads"] == 0  # nothing came back yet
    assert total.get()[0] == data.astype(np.int64).sum()
    least.synchronize()
    assert least_memory[0] == data.min()
    greatest_memory = np.zeros(1, np.int32)
    tiles.reduce(on_device, "max", out=tiles.array_view(greatest_memory), dtype=np.int32)  # dropped unsynchronized
    assert greatest_memory[0] == data.max()  # written back as the view went


def test_reduce_into_out_refuses_what_cannot_hold_the_result(context):
    data = tiles.array(np.ones(10, np.float32), context=context)
    with pytest.raises(tiles.InvalidArgument, match="out is a tiles.array or tiles.array_view, not ndarray"):
        tiles.reduce(data, out=np.zeros(1, np.float32))
    with pytest.raises(tiles.InvalidArgument, match="the result has 2 elements; it is one element"):
        tiles.reduce(data, out=tiles.empty(2, np.float32, context=context))
    with pytest.raises(tiles.InvalidArgument, match=r"dtype is float64 and its out's dtype float32"):
        tiles.reduce(data, dtype=np.float64, out=tiles.empty(1, np.float32, context=context))
    with pytest.raises(tiles.InvalidArgument, match="added in float32 or float64, not in int32"):
        tiles.reduce(data, out=tiles.empty(1, np.int32, context=context))
    with pytest.raises(tiles.InvalidArgument, match="over contexts=, the result is a numpy scalar"):
        tiles.reduce(data, contexts=[context], out=tiles.empty(1, np.float32, context=context))


@pytest.mark.parametrize("block", [(4, 5), (8, 8), (1, 1), (3, 7), (40, 60)])
@pytest.mark.parametrize("shape", SHAPES + [(64, 64)])
def test_block_sum_matches_numpy(shape, block):
    for dtype in (np.int32, np.float32):
        data = random_data(shape, dtype, seed=1, limit=500)
        result = tiles.block_sum(data, block)
        assert result.dtype == dtype
        np.testing.assert_array_equal(result, block_reference(data, block, "sum"))


@pytest.mark.parametrize("block", [(4, 5), (8, 8), (1, 1), (3, 7), (40, 60)])
@pytest.mark.parametrize("shape", SHAPES + [(64, 64)])
def test_block_average_matches_numpy(shape, block):
    data = random_data(shape, np.float32, seed=2, limit=500)
    result = tiles.block_average(data, block)
    assert result.dtype == np.float32
    np.testing.assert_allclose(result, block_reference(data, block, "mean"), rtol=1e-6, atol=1e-6)


def test_block_sum_of_1d_data_is_1d():
    data = random_data((19,), np.int32, seed=3)
    np.testing.assert_array_equal(tiles.block_sum(data, 4), block_reference(data[None, :], (1, 4), "sum")[0])
    np.testing.assert_array_equal(tiles.block_sum(data, (1, 4)), tiles.block_sum(data, 4))


@pytest.mark.parametrize("dtype", [np.int32, np.uint32, np.float32] + ([np.float64] if FP64 else []))
@pytest.mark.parametrize("shape", SHAPES)
def test_transpose_matches_numpy(shape, dtype):
    data = random_data(shape, dtype, seed=4, limit=1 << 20) if dtype != np.uint32 else \
        np.random.default_rng(4).integers(0, 1 << 32, shape, dtype=np.uint32)
    result = tiles.transpose(data)
    assert result.dtype == dtype
    np.testing.assert_array_equal(result, data.T)


def test_transpose_of_1d_data_is_a_column_and_of_a_noncontiguous_array_is_its_values():
    row = random_data((29,), np.float32, seed=5)
    np.testing.assert_array_equal(tiles.transpose(row), row[:, None])
    strided = random_data((30, 40), np.float32, seed=6)[::2, ::3]
    np.testing.assert_array_equal(tiles.transpose(strided), strided.T)


@pytest.mark.parametrize("dtype", [np.float32] + ([np.float64] if FP64 else []))
@pytest.mark.parametrize("m,n,k,alpha,beta", [(37, 29, 41, 1.5, -0.5), (64, 64, 64, 1, 0), (1, 1, 1, 2, 1),
                                              (1, 33, 17, 1, 0), (33, 1, 17, -1, 0.25), (19, 23, 1, 0.5, 0),
                                              (70, 9, 130, 1, 1)])
def test_gemm_matches_numpy(m, n, k, alpha, beta, dtype):
    a, b = random_data((m, k), dtype, seed=7), random_data((k, n), dtype, seed=8)
    c = random_data((m, n), dtype, seed=9)
    if beta == 0:
        c[...] = np.nan  # only written: what C held does not reach the result
    before = c.copy()
    result = tiles.gemm(alpha, a, b, beta, c)
    expected = alpha * (a.astype(np.float64) @ b) + (beta * c if beta != 0 else 0)
    assert result.dtype == dtype
    np.testing.assert_array_equal(result, expected)
    np.testing.assert_array_equal(c, before)


def test_matrix_multiply_matches_numpy_on_tiles_data(context):
    a, b = random_data((45, 31), np.float32, seed=10), random_data((31, 17), np.float32, seed=11)
    np.testing.assert_array_equal(tiles.matrix_multiply(a, b), a.astype(np.float64) @ b)
    on_device = tiles.array(a, context=context)
    np.testing.assert_array_equal(tiles.matrix_multiply(on_device, tiles.array_view(b)), a.astype(np.float64) @ b)
    assert context.counters()["launches"] == 1


# Deep products of a small C, which split their depth on a device of several compute units, and
# one that does not: values in eighths of at most 1, so that every sum is exact in float.
@pytest.mark.parametrize("dtype", [np.float32] + ([np.float64] if FP64 else []))
@pytest.mark.parametrize("m,n,k,alpha,beta", [(16, 16, 100000, 1, 0), (18, 256, 4099, 1.5, -0.5),
                                              (128, 128, 4096, -1, 0.25), (7, 9, 300, 2, 1)])
def test_gemm_of_deep_products_matches_numpy(m, n, k, alpha, beta, dtype):
    a, b = random_data((m, k), dtype, seed=14, limit=8), random_data((k, n), dtype, seed=15, limit=8)
    c = random_data((m, n), dtype, seed=16, limit=8)
    expected = alpha * (a.astype(np.float64) @ b) + beta * c
    np.testing.assert_array_equal(tiles.gemm(alpha, a, b, beta, c), expected)


def test_gemm_of_one_block_of_c_and_a_deep_product_splits_its_depth(context):
    a, b = random_data((16, 100000), np.float32, seed=17, limit=8), random_data((100000, 16), np.float32, seed=18,
                                                                                  limit=8)
    on_device = tiles.array(a, context=context)
    np.testing.assert_array_equal(tiles.matrix_multiply(on_device, tiles.array_view(b)), a.astype(np.float64) @ b)
    # The partial products, then their sum; a CPU device of one core has one compute unit, which
    # one block fills.
    one_unit = context.device.is_cpu and os.cpu_count() == 1
    assert context.counters()["launches"] == (1 if one_unit else 2)


@pytest.mark.parametrize("mask_shape", [(1, 1), (3, 3), (5, 1), (1, 7), (3, 5), (9, 9)])
@pytest.mark.parametrize("shape", SHAPES + [(2, 3), (64, 64)])
def test_stencil_matches_numpy(shape, mask_shape):
    data = random_data(shape, np.float32, seed=12)
    mask = random_data(mask_shape, np.float32, seed=13)
    result = tiles.stencil(data, mask)
    assert result.dtype == np.float32 and result.shape == data.shape
    np.testing.assert_array_equal(result, stencil_reference(data, mask))


def test_refusals(context):
    floats = random_data((4, 6), np.float32)
    with pytest.raises(tiles.InvalidArgument, match='not "mean"'):
        tiles.reduce(floats, "mean")
    with pytest.raises(tiles.InvalidArgument, match=r"not uint16: convert it first, with x\.astype\(np\.int32\)"):
        tiles.reduce(np.arange(10, dtype=np.uint16), "max")
    with pytest.raises(tiles.InvalidArgument, match="has rank 3"):
        tiles.reduce(np.zeros((2, 2, 2), np.float32))
    with pytest.raises(tiles.InvalidArgument, match="is a section"):
        tiles.transpose(tiles.array_view(floats)[1:3, 2:5])
    with pytest.raises(tiles.InvalidArgument, match="the block is 0x2"):
        tiles.block_sum(floats, (0, 2))
    with pytest.raises(tiles.InvalidArgument, match="not int"):
        tiles.block_average(floats.astype(np.int32), (2, 2))
    with pytest.raises(tiles.InvalidArgument, match="must match"):
        tiles.matrix_multiply(floats, floats)
    with pytest.raises(tiles.InvalidArgument, match="must be the same"):
        tiles.gemm(1, floats, floats.T.astype(np.float64), 0, np.zeros((4, 4), np.float32))
    with pytest.raises(tiles.InvalidArgument, match="must be 4x4"):
        tiles.gemm(1, floats, floats.T, 1, np.zeros((4, 3), np.float32))
    with pytest.raises(tiles.InvalidArgument, match="must be odd"):
        tiles.stencil(floats, np.ones((2, 3), np.float32))
    with pytest.raises(tiles.InvalidArgument, match="not int"):
        tiles.stencil(floats.astype(np.int32), np.ones((3, 3), np.int32))
    released = tiles.array(floats, context=context)
    released.release()
    with pytest.raises(tiles.InvalidHandle):
        tiles.transpose(released)
    other = tiles.Context()
    other.release()
    with pytest.raises(tiles.InvalidHandle):
        tiles.reduce(floats, context=other)


@pytest.mark.parametrize("shape", [(1,), (7,), (1000,), (33, 65)])
@pytest.mark.parametrize("op", ["min", "max"])
def test_min_and_max_with_a_nan_are_nan_as_in_numpy(shape, op):
    rng = np.random.default_rng(20261123)
    for position in (0, -1, int(np.prod(shape)) // 2):
        data = rng.standard_normal(shape).astype(np.float32)
        data.flat[position] = np.nan
        assert np.isnan(getattr(np, op)(data)) and np.isnan(tiles.reduce(data, op))
    data = rng.standard_normal(shape).astype(np.float32)
    data.flat[0] = np.inf if op == "min" else -np.inf  # infinities are numbers: no NaN from them
    assert tiles.reduce(data, op) == getattr(np, op)(data)


def test_matrix_multiply_follows_numpys_matmul_for_1d_operands():
    rng = np.random.default_rng(7)
    a, b = rng.standard_normal((5, 3)).astype(np.float32), rng.standard_normal((3, 4)).astype(np.float32)
    u, v = rng.standard_normal(3).astype(np.float32), rng.standard_normal(3).astype(np.float32)
    for left, right in ((a, b), (u, b), (a, v), (u, v)):
        expected = np.matmul(left, right)
        got = tiles.matrix_multiply(left, right)
        assert np.shape(got) == np.shape(expected)
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
    assert isinstance(tiles.matrix_multiply(u, v), np.floating)
    np.testing.assert_allclose(tiles.matrix_multiply(tiles.array(a), tiles.array(v)), a @ v, rtol=1e-5, atol=1e-5)
    with pytest.raises(tiles.InvalidArgument):
        tiles.matrix_multiply(a, rng.standard_normal(4).astype(np.float32))  # 3 columns against 4 rows
