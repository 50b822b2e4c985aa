// libtiles algorithms: output = the transpose of input, a rows x columns matrix, any shape.
// Each tile moves one square block of TILE_DIM1 x TILE_DIM1 elements through tile_static
// memory, TILE_DIM0 rows of work-items each moving TILE_DIM1 / TILE_DIM0 rows of the block, so
// that both the reads of input and the writes of output run along rows.

__kernel void transpose(__global const ELEMENT* input, int rows, int columns, __global ELEMENT* output) {
    const tiled_index t = get_tiled_index();
    // The extra column puts the elements of one column of the block in different banks of
    // tile_static memory, so that reading a column does not serialize on one bank.
    tile_static ELEMENT block[TILE_DIM1][TILE_DIM1 + 1];
    const int first_row = t.tile[0] * TILE_DIM1;
    const int first_column = t.tile[1] * TILE_DIM1;
    const int lane = t.local_id[1];

    for (int r = t.local_id[0]; r < TILE_DIM1; r += TILE_DIM0) {
        const int row = first_row + r, column = first_column + lane;
        if (row < rows && column < columns) block[r][lane] = input[row * columns + column];
    }
    tile_barrier_wait_with_tile_static_memory_fence();
    for (int r = t.local_id[0]; r < TILE_DIM1; r += TILE_DIM0) {
        const int row = first_column + r, column = first_row + lane; // in output, a columns x rows matrix
        if (row < columns && column < rows) output[row * rows + column] = block[lane][r];
    }
}
