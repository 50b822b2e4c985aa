// Kernels written for checked mode's tests: each bug at a known line (tests/checked_kernels.h
// names them), and a correct twin before it. Every kernel writes out[g] for each work-item g, so
// that the twins' results can be checked too.

// Each work-item stores its index in the tile's tile_static block and, after the barrier, takes
// the value of the work-item mirrored through the tile's centre: out[g] = 2 * mirror's index.
__kernel void mirror_values(__global float* out) {
    tiled_index t = get_tiled_index();
    tile_static float values[TILE_DIM0][TILE_DIM1];
    values[t.local_id[0]][t.local_id[1]] = (float)linear_index(t.global_id, t.extent);
    tile_barrier_wait();
    const float mirrored = values[TILE_DIM0 - 1 - t.local_id[0]][TILE_DIM1 - 1 - t.local_id[1]];
    out[linear_index(t.global_id, t.extent)] = 2.0f * mirrored;
}

// The store is missing: the read of `mirrored` finds what nothing stored.
__kernel void mirror_unset_values(__global float* out) {
    tiled_index t = get_tiled_index();
    tile_static float values[TILE_DIM0][TILE_DIM1];
    tile_barrier_wait();
    const float mirrored = values[TILE_DIM0 - 1 - t.local_id[0]][TILE_DIM1 - 1 - t.local_id[1]];
    out[linear_index(t.global_id, t.extent)] = 2.0f * mirrored;
}

// The barrier is missing: the read of `mirrored` races with other work-items' stores (a tile of
// one work-item has no other to race with).
__kernel void mirror_without_barrier(__global float* out) {
    tiled_index t = get_tiled_index();
    tile_static float values[TILE_DIM0][TILE_DIM1];
    values[t.local_id[0]][t.local_id[1]] = (float)linear_index(t.global_id, t.extent);
    const float mirrored = values[TILE_DIM0 - 1 - t.local_id[0]][TILE_DIM1 - 1 - t.local_id[1]];
    out[linear_index(t.global_id, t.extent)] = 2.0f * mirrored;
}

// The tile's first work-item sets a flag: out[g] = 2 in tiles of odd column index, else 1.
__kernel void odd_tiles_flagged(__global int* out) {
    tiled_index t = get_tiled_index();
    tile_static int odd;
    if (t.local_id[0] == 0 && t.local_id[1] == 0) odd = t.tile[1] % 2;
    tile_barrier_wait();
    out[linear_index(t.global_id, t.extent)] = 1;
    if (odd) out[linear_index(t.global_id, t.extent)] = 2;
}

// Nothing sets the flag: the `if` decides on what nothing stored.
__kernel void unset_flag(__global int* out) {
    tiled_index t = get_tiled_index();
    tile_static int odd;
    tile_barrier_wait();
    out[linear_index(t.global_id, t.extent)] = 1;
    if (odd) out[linear_index(t.global_id, t.extent)] = 2;
}

// Every work-item of the tile reaches the barrier; out[g] = 1.
__kernel void all_at_barrier(__global int* out) {
    tiled_index t = get_tiled_index();
    out[linear_index(t.global_id, t.extent)] = 1;
    tile_barrier_wait();
}

// Only the left half of each tile's columns reaches the barrier (in a tile one column wide, none
// does, and no barrier diverges).
__kernel void half_at_barrier(__global int* out) {
    tiled_index t = get_tiled_index();
    out[linear_index(t.global_id, t.extent)] = 1;
    if (t.local_id[1] < TILE_DIM1 / 2) tile_barrier_wait();
}

// The left half of each tile's columns waits at one barrier, the right half at another.
__kernel void split_at_barriers(__global int* out) {
    tiled_index t = get_tiled_index();
    out[linear_index(t.global_id, t.extent)] = 1;
    if (t.local_id[1] < TILE_DIM1 / 2)
        tile_barrier_wait();
    else
        tile_barrier_wait();
}

// Each work-item reads the element of out it stores itself, before the launch's: out[g] = g - 1
// for an out of -1s.
__kernel void own_from_global(__global float* out) {
    tiled_index t = get_tiled_index();
    const int g = linear_index(t.global_id, t.extent);
    const float before = out[g];
    out[g] = (float)g + before;
}

// Each work-item reads the element its mirror through the centre of the whole domain stores,
// mostly a work-item of another tile: no barrier orders work-items of different tiles, so the
// read races with the mirror's store, and finds the value before the launch or after it as the
// tiles happen to run (a race a tile of one work-item can have too).
__kernel void mirror_from_global(__global float* out) {
    tiled_index t = get_tiled_index();
    const int g = linear_index(t.global_id, t.extent);
    const float mirrored = out[t.extent[0] * t.extent[1] - 1 - g];
    out[g] = (float)g + mirrored;
}
