// libtiles algorithms: a 2-D stencil. Each output element is the sum of the MASK_ROWS x
// MASK_COLUMNS input elements centred on it, each times the mask's weight at the same place
// (the mask is not flipped). Positions outside the input read its nearest edge element
// (clamp-to-edge). Each tile stages its TILE_DIM0 x TILE_DIM1 elements with the halo around
// them in tile_static memory, so that every input element is read from global memory once per
// tile rather than once per mask weight.

#define HALO_ROWS (MASK_ROWS / 2)
#define HALO_COLUMNS (MASK_COLUMNS / 2)
#define PATCH_ROWS (TILE_DIM0 + MASK_ROWS - 1)
#define PATCH_COLUMNS (TILE_DIM1 + MASK_COLUMNS - 1)

__kernel void stencil(__global const ELEMENT* input, int rows, int columns, __constant ELEMENT* mask,
                      __global ELEMENT* output) {
    const tiled_index t = get_tiled_index();
    tile_static ELEMENT patch[PATCH_ROWS][PATCH_COLUMNS];
    const int local_row = t.local_id[0], local_column = t.local_id[1];

    for (int r = local_row; r < PATCH_ROWS; r += TILE_DIM0) {
        const int row = clamp(t.tile_origin[0] + r - HALO_ROWS, 0, rows - 1);
        for (int c = local_column; c < PATCH_COLUMNS; c += TILE_DIM1)
            patch[r][c] = input[row * columns + clamp(t.tile_origin[1] + c - HALO_COLUMNS, 0, columns - 1)];
    }
    tile_barrier_wait_with_tile_static_memory_fence();

    const int row = t.global_id[0], column = t.global_id[1];
    if (row >= rows || column >= columns) return;
    ELEMENT sum = 0;
#pragma unroll
    for (int i = 0; i < MASK_ROWS; ++i)
#pragma unroll
        for (int j = 0; j < MASK_COLUMNS; ++j)
            sum = fma(mask[i * MASK_COLUMNS + j], patch[local_row + i][local_column + j], sum);
    output[row * columns + column] = sum;
}
