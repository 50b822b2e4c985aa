// tiles_bench: the kernels that tiles_bench also runs as C++ kernels (cpp_kernel_benchmarks.cpp),
// written in OpenCL C with the same algorithm, memory accesses and tile shapes, as their baseline.

// The seed's tile average: each tile copied to tile_static memory, then added up by its first
// work-item into its element of `averages`.
__kernel void tile_average(__global const float* matrix, __global float* averages) {
    tiled_index t_idx = get_tiled_index();
    tile_static float tileValues[TILE_DIM0][TILE_DIM1];
    tileValues[t_idx.local_id[0]][t_idx.local_id[1]] = matrix[linear_index(t_idx.global_id, t_idx.extent)];
    tile_barrier_wait();
    if (t_idx.local_id[0] == 0 && t_idx.local_id[1] == 0) {
        __global float* average = &averages[t_idx.tile[0] * (t_idx.extent[1] / TILE_DIM1) + t_idx.tile[1]];
        for (int trow = 0; trow < TILE_DIM0; trow++) {
            for (int tcol = 0; tcol < TILE_DIM1; tcol++) {
                *average += tileValues[trow][tcol];
            }
        }
        *average /= (float)(TILE_DIM0 * TILE_DIM1);
    }
}

// The tiled matrix multiply with tile_static blocks of the C++ AMP book (chapter 4): c = a b, a of
// W columns, each tile of c adding up the products of square blocks of a and b.
__kernel void multiply(__global const float* a, __global const float* b, __global float* c, int W) {
    tiled_index tidx = get_tiled_index();
    const int row = tidx.local_id[0], col = tidx.local_id[1], N = tidx.extent[1];
    float sum = 0.0f;
    tile_static float sA[TILE_DIM0][TILE_DIM1];
    tile_static float sB[TILE_DIM0][TILE_DIM1];
    for (int i = 0; i < W; i += TILE_DIM0) {
        sA[row][col] = a[tidx.global_id[0] * W + col + i];
        sB[row][col] = b[(row + i) * N + tidx.global_id[1]];
        tile_barrier_wait();
        for (int k = 0; k < TILE_DIM0; k++) sum += sA[row][k] * sB[k][col];
        tile_barrier_wait();
    }
    c[tidx.global_id[0] * N + tidx.global_id[1]] = sum;
}

// A 5-point stencil: each element the average of itself and its four neighbours, the edges clamped.
__kernel void stencil(__global const float* in, __global float* out) {
    thread_index idx = get_thread_index();
    const int r = idx.global_id[0], c = idx.global_id[1], rows = idx.extent[0], cols = idx.extent[1];
    const int up = max(r - 1, 0), down = min(r + 1, rows - 1), left = max(c - 1, 0), right = min(c + 1, cols - 1);
    out[r * cols + c] = 0.2f * (in[r * cols + c] + in[up * cols + c] + in[down * cols + c] + in[r * cols + left] +
                                in[r * cols + right]);
}

// The C++ AMP book's tiled reduction: each tile's sum of its elements by halving in tile_static
// memory, into `sums`.
__kernel void tile_sums(__global const float* in, __global float* sums) {
    tiled_index tidx = get_tiled_index();
    tile_static float tile_data[TILE_DIM0];
    const int local_idx = tidx.local_id[0];
    tile_data[local_idx] = in[tidx.global_id[0]];
    tile_barrier_wait();
    for (int s = TILE_DIM0 / 2; s > 0; s /= 2) {
        if (local_idx < s) tile_data[local_idx] += tile_data[local_idx + s];
        tile_barrier_wait();
    }
    if (local_idx == 0) sums[tidx.tile[0]] = tile_data[0];
}
