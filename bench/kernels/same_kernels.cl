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

// A tiled matrix multiply through tile_static blocks: c = a b, a of `inner` columns; each tile
// computes its block of c from blocks of a and b staged in tile_static memory, a block a step.
__kernel void multiply(__global const float* a, __global const float* b, __global float* c, int inner) {
    tiled_index t = get_tiled_index();
    const int r = t.local_id[0], k = t.local_id[1], columns = t.extent[1];
    tile_static float a_block[TILE_DIM0][TILE_DIM1];
    tile_static float b_block[TILE_DIM0][TILE_DIM1];
    float sum = 0.0f;
    for (int start = 0; start < inner; start += TILE_DIM0) {
        a_block[r][k] = a[t.global_id[0] * inner + start + k];
        b_block[r][k] = b[(start + r) * columns + t.global_id[1]];
        tile_barrier_wait();
        for (int j = 0; j < TILE_DIM0; ++j) sum += a_block[r][j] * b_block[j][k];
        tile_barrier_wait();
    }
    c[t.global_id[0] * columns + t.global_id[1]] = sum;
}

// A 5-point stencil: each element the average of itself and its four neighbours, the edges clamped.
__kernel void stencil(__global const float* in, __global float* out) {
    thread_index idx = get_thread_index();
    const int r = idx.global_id[0], c = idx.global_id[1], rows = idx.extent[0], cols = idx.extent[1];
    const int up = max(r - 1, 0), down = min(r + 1, rows - 1), left = max(c - 1, 0), right = min(c + 1, cols - 1);
    out[r * cols + c] = 0.2f * (in[r * cols + c] + in[up * cols + c] + in[down * cols + c] + in[r * cols + left] +
                                in[r * cols + right]);
}

// A tiled reduction: each tile's sum of its elements by halving in tile_static memory, into `sums`.
__kernel void tile_sums(__global const float* in, __global float* sums) {
    tiled_index t = get_tiled_index();
    tile_static float partial[TILE_DIM0];
    const int i = t.local_id[0];
    partial[i] = in[t.global_id[0]];
    tile_barrier_wait();
    for (int step = TILE_DIM0 / 2; step > 0; step /= 2) {
        if (i < step) partial[i] += partial[i + step];
        tile_barrier_wait();
    }
    if (i == 0) sums[t.tile[0]] = partial[0];
}
