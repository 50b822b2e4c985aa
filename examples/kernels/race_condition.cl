// The seed's two "do not do this" ways to total a tile in one tile_static variable. Both write
// the tile's average into `averages` (one element per tile).

// Do not do this: `total` has no initial value, and every thread of the tile adds to it in no
// particular order, so the tile's additions race with each other.
__kernel void racy_total(__global const float* matrix, __global float* averages) {
    tiled_index t_idx = get_tiled_index();
    tile_static float total;
    total += matrix[linear_index(t_idx.global_id, t_idx.extent)];
    tile_barrier_wait();
    if (t_idx.local_id[0] == 0 && t_idx.local_id[1] == 0)
        averages[t_idx.tile[0] * (t_idx.extent[1] / TILE_DIM1) + t_idx.tile[1]] =
            total / (float)(TILE_DIM0 * TILE_DIM1);
}

// Do not do this either: one thread at a time adds its value, with a barrier after each, so
// the result is right but a tile of n threads waits at n barriers.
__kernel void serialized_total(__global const float* matrix, __global float* averages) {
    tiled_index t_idx = get_tiled_index();
    const int me = t_idx.local_id[0] * TILE_DIM1 + t_idx.local_id[1];
    tile_static float total;
    for (int turn = 0; turn < TILE_DIM0 * TILE_DIM1; ++turn) {
        if (me == turn) total = (turn == 0 ? 0.0f : total) + matrix[linear_index(t_idx.global_id, t_idx.extent)];
        tile_barrier_wait();
    }
    if (me == 0)
        averages[t_idx.tile[0] * (t_idx.extent[1] / TILE_DIM1) + t_idx.tile[1]] =
            total / (float)(TILE_DIM0 * TILE_DIM1);
}
