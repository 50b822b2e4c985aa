// tiles_bench: the baselines the algorithms are measured against. copy_elements and
// copy_vectors copy a buffer, one float or one float8 per work-item (the benchmark takes the
// faster as the device's bandwidth); naive_gemm is the textbook tiled matrix multiply, one
// element of C per work-item from TILE_DIM0 x TILE_DIM0 tiles of A and B in tile_static memory.
// read_through is no baseline: it empties the caches between timed runs.

__kernel void copy_elements(__global const float* in, __global float* out) {
    const int i = get_thread_index().global_id[0];
    out[i] = in[i];
}

__kernel void copy_vectors(__global const float8* in, __global float8* out) {
    const int i = get_thread_index().global_id[0];
    out[i] = in[i];
}

// Reads `data`, 32 bytes per work-item, and writes nothing, so that the caches are left holding
// its lines, clean. `never` is a NaN, which equals nothing, but the compiler cannot know so and
// keeps the loads; what `data` holds does not matter.
__kernel void read_through(__global const float8* data, float never, __global float* sink) {
    if (data[get_thread_index().global_id[0]].s0 == never) *sink = 0.0f;
}

#if TILES_TILED && TILES_RANK == 2
// C = A * B for n x n matrices, n a multiple of the square tile.
__kernel void naive_gemm(int n, __global const float* a, __global const float* b, __global float* c) {
    const tiled_index t = get_tiled_index();
    tile_static float a_tile[TILE_DIM0][TILE_DIM0];
    tile_static float b_tile[TILE_DIM0][TILE_DIM0];
    const int row = t.global_id[0], column = t.global_id[1];
    const int local_row = t.local_id[0], local_column = t.local_id[1];
    float sum = 0;
    for (int k = 0; k < n; k += TILE_DIM0) {
        a_tile[local_row][local_column] = a[row * n + k + local_column];
        b_tile[local_row][local_column] = b[(k + local_row) * n + column];
        tile_barrier_wait_with_tile_static_memory_fence();
        for (int kk = 0; kk < TILE_DIM0; ++kk) sum += a_tile[local_row][kk] * b_tile[kk][local_column];
        tile_barrier_wait_with_tile_static_memory_fence();
    }
    c[row * n + column] = sum;
}
#endif
