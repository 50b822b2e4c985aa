// libtiles algorithms: a 2-D stencil. Each output element is the sum of the MASK_ROWS x
// MASK_COLUMNS input elements centred on it, each times the mask's weight at the same place
// (the mask is not flipped). Positions outside the input read its nearest edge element
// (clamp-to-edge). Each tile stages the input its outputs need, with the halo around them, in
// tile_static memory, so that every input element is read from global memory once per tile
// rather than once per mask weight. Each work-item computes ROWS_PER_THREAD x VECTOR_WIDTH
// neighbouring outputs, reading each row of the patch it needs once for all of them; a tile's
// outputs are (TILE_DIM0 * ROWS_PER_THREAD) x (TILE_DIM1 * VECTOR_WIDTH).

#define HALO_ROWS (MASK_ROWS / 2)
#define HALO_COLUMNS (MASK_COLUMNS / 2)
#define OUTPUT_ROWS (TILE_DIM0 * ROWS_PER_THREAD)
#define OUTPUT_COLUMNS (TILE_DIM1 * VECTOR_WIDTH)
#define PATCH_ROWS (OUTPUT_ROWS + MASK_ROWS - 1)
#define PATCH_COLUMNS (OUTPUT_COLUMNS + MASK_COLUMNS - 1)

__kernel void stencil(__global const ELEMENT* input, int rows, int columns, __constant ELEMENT* mask,
                      __global ELEMENT* output) {
    const tiled_index t = get_tiled_index();
    tile_static ELEMENT patch[PATCH_ROWS][PATCH_COLUMNS];
    const int local_row = t.local_id[0] * ROWS_PER_THREAD, local_column = t.local_id[1] * VECTOR_WIDTH;
    const int first_row = t.tile[0] * OUTPUT_ROWS - HALO_ROWS;
    const int first_column = t.tile[1] * OUTPUT_COLUMNS - HALO_COLUMNS;

    // Whole vectors where they lie inside the input's row, clamped elements at its ends.
    for (int r = t.local_id[0]; r < PATCH_ROWS; r += TILE_DIM0) {
        __global const ELEMENT* source = input + clamp(first_row + r, 0, rows - 1) * columns;
        for (int c = local_column; c < PATCH_COLUMNS; c += OUTPUT_COLUMNS) {
            const int column = first_column + c;
            if (column >= 0 && column + VECTOR_WIDTH <= columns && c + VECTOR_WIDTH <= PATCH_COLUMNS) {
                VSTORE(VLOAD(0, source + column), 0, &patch[r][c]);
            } else {
                for (int w = 0; w < VECTOR_WIDTH && c + w < PATCH_COLUMNS; ++w)
                    patch[r][c + w] = source[clamp(column + w, 0, columns - 1)];
            }
        }
    }
    tile_barrier_wait_with_tile_static_memory_fence();

    ELEMENT weight[MASK_ROWS][MASK_COLUMNS];
    for (int i = 0; i < MASK_ROWS; ++i)
        for (int j = 0; j < MASK_COLUMNS; ++j) weight[i][j] = mask[i * MASK_COLUMNS + j];
    // Patch row `p` of this work-item's rows meets mask row p - o for its output row o.
    VECTOR sum[ROWS_PER_THREAD];
    for (int o = 0; o < ROWS_PER_THREAD; ++o) sum[o] = 0;
#pragma unroll
    for (int p = 0; p < ROWS_PER_THREAD + MASK_ROWS - 1; ++p)
#pragma unroll
        for (int j = 0; j < MASK_COLUMNS; ++j) {
            const VECTOR in = VLOAD(0, &patch[local_row + p][local_column + j]);
#pragma unroll
            for (int o = 0; o < ROWS_PER_THREAD; ++o)
                if (p - o >= 0 && p - o < MASK_ROWS) sum[o] = fma((VECTOR)weight[p - o][j], in, sum[o]);
        }

    const int column = t.tile[1] * OUTPUT_COLUMNS + local_column;
    for (int o = 0; o < ROWS_PER_THREAD; ++o) {
        const int row = t.tile[0] * OUTPUT_ROWS + local_row + o;
        if (row < rows && column < columns) store_vector_or_part(sum[o], output + row * columns, column, columns);
    }
}
