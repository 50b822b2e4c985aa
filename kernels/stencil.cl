// libtiles algorithms: a 2-D stencil. Each output element is the sum of the MASK_ROWS x
// MASK_COLUMNS input elements centred on it, each times the mask's weight at the same place
// (the mask is not flipped). Positions outside the input read its nearest edge element
// (clamp-to-edge). Each tile stages the input its outputs need, with the halo around them, in
// tile_static memory, so that every input element is read from global memory once per tile
// rather than once per mask weight. Each work-item computes ROWS_PER_THREAD x VECTOR_WIDTH
// neighbouring outputs; a tile's outputs are (TILE_DIM0 * ROWS_PER_THREAD) x (TILE_DIM1 *
// VECTOR_WIDTH).
//
// The staged patch is whole vectors, aligned as the input's are: the tile's own columns, and on
// each side of them the HALO_VECTORS whole vectors that hold the halo's columns, so that every load
// from global memory is an aligned vector where ROWS_ALIGNED says the input's rows are whole
// vectors. Each work-item then reads the elements of each row of its window in one of two ways:
// with SHIFT_IN_REGISTERS 1 (GPUs), as the 2 * HALO_VECTORS + 1 aligned vectors around its own,
// shifting the vectors it needs out of them in registers (an unaligned vector load from tile_static
// memory is one load per element there); with 0 (CPUs, where tile_static memory is cached memory
// and an unaligned vector load costs what an aligned one does), one vector load per mask column.

#define HALO_ROWS (MASK_ROWS / 2)
#define HALO_COLUMNS (MASK_COLUMNS / 2)
#define OUTPUT_ROWS (TILE_DIM0 * ROWS_PER_THREAD)
#define OUTPUT_COLUMNS (TILE_DIM1 * VECTOR_WIDTH)
#define PATCH_ROWS (OUTPUT_ROWS + MASK_ROWS - 1)
#define HALO_VECTORS ((HALO_COLUMNS + VECTOR_WIDTH - 1) / VECTOR_WIDTH)
#define PATCH_VECTORS (TILE_DIM1 + 2 * HALO_VECTORS)
#define WINDOW_VECTORS (2 * HALO_VECTORS + 1) // the vectors of a row a work-item's window spans
#define STAGING_ROUNDS ((PATCH_ROWS * PATCH_VECTORS + TILES_TILE_ITEMS - 1) / TILES_TILE_ITEMS)

// The vector of `row` at `column`, a multiple of VECTOR_WIDTH: whole where it lies inside the
// row, else element by element, each column clamped to the row.
static inline VECTOR load_clamped(__global const ELEMENT* row, int column, int columns) {
    if (column >= 0 && column + VECTOR_WIDTH <= columns) {
#if ROWS_ALIGNED
        return *(__global const VECTOR*)(row + column);
#else
        return VLOAD(0, row + column);
#endif
    }
    ELEMENT part[VECTOR_WIDTH];
    for (int w = 0; w < VECTOR_WIDTH; ++w) part[w] = row[clamp(column + w, 0, columns - 1)];
    return VLOAD(0, part);
}

__kernel void stencil(__global const ELEMENT* input, int rows, int columns, __constant ELEMENT* mask,
                      __global ELEMENT* output) {
    const tiled_index t = get_tiled_index();
    tile_static VECTOR patch[PATCH_ROWS][PATCH_VECTORS];
    const int first_row = t.tile[0] * OUTPUT_ROWS - HALO_ROWS;
    const int first_column = t.tile[1] * OUTPUT_COLUMNS - HALO_VECTORS * VECTOR_WIDTH;

    // The patch's vectors in row-major order, TILES_TILE_ITEMS at a time: every load of a
    // work-item is issued before the first of its stores, which waits for its load, so that all of
    // them are on their way from global memory at once.
    const int item = t.local_id[0] * TILE_DIM1 + t.local_id[1];
    VECTOR staged[STAGING_ROUNDS];
#pragma unroll
    for (int round = 0; round < STAGING_ROUNDS; ++round) {
        const int at = item + round * TILES_TILE_ITEMS, r = at / PATCH_VECTORS;
        if (at < PATCH_ROWS * PATCH_VECTORS)
            staged[round] = load_clamped(input + clamp(first_row + r, 0, rows - 1) * columns,
                                         first_column + (at - r * PATCH_VECTORS) * VECTOR_WIDTH, columns);
    }
#pragma unroll
    for (int round = 0; round < STAGING_ROUNDS; ++round) {
        const int at = item + round * TILES_TILE_ITEMS;
        if (at < PATCH_ROWS * PATCH_VECTORS) patch[at / PATCH_VECTORS][at % PATCH_VECTORS] = staged[round];
    }
    tile_barrier_wait_with_tile_static_memory_fence();

    ELEMENT weight[MASK_ROWS][MASK_COLUMNS];
    for (int i = 0; i < MASK_ROWS; ++i)
        for (int j = 0; j < MASK_COLUMNS; ++j) weight[i][j] = mask[i * MASK_COLUMNS + j];
    // Patch row `p` of this work-item's rows meets mask row p - o for its output row o.
    const int local_row = t.local_id[0] * ROWS_PER_THREAD;
    VECTOR sum[ROWS_PER_THREAD];
    for (int o = 0; o < ROWS_PER_THREAD; ++o) sum[o] = 0;
#pragma unroll
    for (int p = 0; p < ROWS_PER_THREAD + MASK_ROWS - 1; ++p) {
        // Output column c of this work-item's vector meets mask column j at element c + j of `row`.
#if SHIFT_IN_REGISTERS
        ELEMENT row[WINDOW_VECTORS * VECTOR_WIDTH];
#pragma unroll
        for (int v = 0; v < WINDOW_VECTORS; ++v) VSTORE(patch[local_row + p][t.local_id[1] + v], v, row);
        const ELEMENT* const from = row + HALO_VECTORS * VECTOR_WIDTH - HALO_COLUMNS;
#else
        const __local ELEMENT* const from =
            (const __local ELEMENT*)patch[local_row + p] + (t.local_id[1] + HALO_VECTORS) * VECTOR_WIDTH - HALO_COLUMNS;
#endif
#pragma unroll
        for (int j = 0; j < MASK_COLUMNS; ++j) {
            const VECTOR in = VLOAD(0, from + j);
#pragma unroll
            for (int o = 0; o < ROWS_PER_THREAD; ++o)
                if (p - o >= 0 && p - o < MASK_ROWS) sum[o] = fma((VECTOR)weight[p - o][j], in, sum[o]);
        }
    }

    const int column = t.tile[1] * OUTPUT_COLUMNS + t.local_id[1] * VECTOR_WIDTH;
    for (int o = 0; o < ROWS_PER_THREAD; ++o) {
        const int row = t.tile[0] * OUTPUT_ROWS + local_row + o;
        if (row >= rows || column >= columns) continue;
#if ROWS_ALIGNED
        if (column + VECTOR_WIDTH <= columns) {
            *(__global VECTOR*)(output + row * columns + column) = sum[o];
            continue;
        }
#endif
        store_vector_or_part(sum[o], output + row * columns, column, columns);
    }
}
