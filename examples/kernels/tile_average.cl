// The seed's tile average: each tile of the matrix is copied into tile_static memory, and after
// a barrier one thread of the tile adds it up. The tile is SAMPLESIZE x SAMPLESIZE, chosen by
// the launch (TILE_DIM0 x TILE_DIM1); `averages` holds one element per tile, initially 0.
// The two kernels differ only in the fence of their barrier (the seed's "memory fences").

// If you remove the if statement, then the calculation executes for every thread in the
// tile, and makes the same assignment to averages each time.
static void average_of_tile(tiled_index t_idx, tile_static float tileValues[TILE_DIM0][TILE_DIM1],
                            __global float* averages) {
    if (t_idx.local_id[0] == 0 && t_idx.local_id[1] == 0) {
        const int tiles_per_row = t_idx.extent[1] / TILE_DIM1;
        __global float* average = &averages[t_idx.tile[0] * tiles_per_row + t_idx.tile[1]];
        for (int trow = 0; trow < TILE_DIM0; trow++) {
            for (int tcol = 0; tcol < TILE_DIM1; tcol++) {
                *average += tileValues[trow][tcol];
            }
        }
        *average /= (float)(TILE_DIM0 * TILE_DIM1);
    }
}

__kernel void tile_average(__global const float* matrix, __global float* averages) {
    tiled_index t_idx = get_tiled_index();

    // Copy the values of the tile into a tile-sized array.
    tile_static float tileValues[TILE_DIM0][TILE_DIM1];
    tileValues[t_idx.local_id[0]][t_idx.local_id[1]] = matrix[linear_index(t_idx.global_id, t_idx.extent)];

    // Wait for the tile-sized array to load before you calculate the average.
    tile_barrier_wait();

    average_of_tile(t_idx, tileValues, averages);
}

// Using a tile_static memory fence: only tileValues needs ordering across the barrier.
__kernel void tile_average_tile_static_fence(__global const float* matrix, __global float* averages) {
    tiled_index t_idx = get_tiled_index();

    // Copy the values of the tile into a tile-sized array.
    tile_static float tileValues[TILE_DIM0][TILE_DIM1];
    tileValues[t_idx.local_id[0]][t_idx.local_id[1]] = matrix[linear_index(t_idx.global_id, t_idx.extent)];

    // Wait for the tile-sized array to load before calculating the average.
    tile_barrier_wait_with_tile_static_memory_fence();

    average_of_tile(t_idx, tileValues, averages);
}
