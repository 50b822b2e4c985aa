"""Kernels on random data against numpy references, including sizes that are not multiples of the
tile and sections."""

import numpy as np
import pytest
import tiles

TILE_SUMS = """
__kernel void tile_sums(__global const float* in, __global float* sums) {
    tiled_index t = get_tiled_index();
    tile_static float v[TILE_DIM0][TILE_DIM1];
    v[t.local_id[0]][t.local_id[1]] = in[linear_index(t.global_id, t.extent)];
    tile_barrier_wait();
    if (t.local_id[0] == 0 && t.local_id[1] == 0) {
        float s = 0;
        for (int r = 0; r < TILE_DIM0; ++r) for (int c = 0; c < TILE_DIM1; ++c) s += v[r][c];
        sums[t.tile[0] * (t.extent[1] / TILE_DIM1) + t.tile[1]] = s;
    }
}"""

TRANSPOSE = """
__kernel void transpose(__global const int* in, __global int* out, int rows, int cols) {
    tiled_index t = get_tiled_index();
    tile_static int block[TILE_DIM0][TILE_DIM1 + 1];
    const int r = t.global_id[0], c = t.global_id[1];
    if (r < rows && c < cols) block[t.local_id[0]][t.local_id[1]] = in[r * cols + c];
    tile_barrier_wait();
    if (r < rows && c < cols) out[c * rows + r] = block[t.local_id[0]][t.local_id[1]];
}"""

AXPY = """
__kernel void axpy(__global double* y, __global const double* x, double a, long n) {
    thread_index i = get_thread_index();
    if (i.global_id[0] < n) y[i.global_id[0]] += a * x[i.global_id[0]];
}"""


@pytest.mark.parametrize("shape,tile", [((64, 48), (8, 4)), ((6, 10), (3, 5)), ((1, 16), (1, 16)), ((12, 1), (4, 1))])
def test_tile_sums_match_numpy(context, shape, tile):
    rng = np.random.default_rng(5)
    data = rng.standard_normal(shape).astype(np.float32)
    tiles_per = (shape[0] // tile[0], shape[1] // tile[1])
    sums = tiles.array_view(np.zeros(tiles_per, np.float32))
    tiles.parallel_for_each(tiles.extent(*shape).tile(*tile), tiles.Kernel(TILE_SUMS, "tile_sums"),
                            tiles.array_view(data), sums, context=context)
    expected = data.reshape(tiles_per[0], tile[0], tiles_per[1], tile[1]).sum(axis=(1, 3))
    np.testing.assert_allclose(np.asarray(sums), expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("rows,cols", [(37, 53), (16, 16), (1, 9), (9, 1)])
def test_padded_transpose_matches_numpy(context, rows, cols):
    data = np.random.default_rng(rows * cols).integers(-1000, 1000, (rows, cols), dtype=np.int32)
    out = np.zeros((cols, rows), np.int32)
    domain = tiles.extent(rows, cols).tile(8, 8).pad()
    tiles.parallel_for_each(domain, tiles.Kernel(TRANSPOSE, "transpose"), tiles.array_view(data),
                            tiles.array_view(out), rows, cols, context=context)
    context.wait()
    np.testing.assert_array_equal(np.asarray(tiles.array_view(out)), data.T)


def test_double_axpy_with_numbers_typed_by_the_kernel(context):
    if not tiles.default_device().supports_fp64:
        pytest.skip("the device has no double precision")
    rng = np.random.default_rng(3)
    x, y = rng.standard_normal(1000), rng.standard_normal(1000)
    expected = y + 2.5 * x
    view = tiles.array_view(y)
    tiles.parallel_for_each(tiles.extent(1024), tiles.Kernel(AXPY, "axpy"), view, tiles.array_view(x), 2.5, 1000,
                            context=context)
    np.testing.assert_allclose(np.asarray(view), expected)


def test_a_section_of_random_data_is_scaled_in_place(context):
    data = np.random.default_rng(9).standard_normal((20, 30)).astype(np.float32)
    expected = data.copy()
    expected[5:12, 7:27] *= 3
    scale = tiles.Kernel("""
__kernel void scale(__global float* d, float f) {
    thread_index i = get_thread_index();
    d[linear_index(i.global_id, i.extent)] *= f;
}""", "scale")
    view = tiles.array_view(data)
    part = view[5:12, 7:27]
    tiles.parallel_for_each(part.extent, scale, part, np.float32(3), context=context)
    np.testing.assert_allclose(np.asarray(view), expected)
