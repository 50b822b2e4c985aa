// libtiles algorithms: output = the transpose of input, a rows x columns matrix, any shape.
// Each tile moves one BLOCK_ROWS x BLOCK_COLUMNS block, and each of its work-items a strip of
// ROWS_PER_THREAD rows of VECTOR_WIDTH elements of it: the tile is
// (BLOCK_ROWS / ROWS_PER_THREAD) x (BLOCK_COLUMNS / VECTOR_WIDTH) work-items. Reads of input run
// along rows. With THROUGH_TILE_STATIC 1 (GPUs), each work-item stores its strip, transposed, into
// the block in tile_static memory, and after the barrier copies a strip of the same shape of the
// transposed block, which other work-items stored, into output: writes of output run along rows
// too. With THROUGH_TILE_STATIC 0 (CPUs), each work-item transposes its strip in registers, square
// by square, and writes the columns of each square straight into output rows: on a CPU,
// tile_static memory is cached memory like the output's, and the trip through it, the barrier
// between and the work-item loops the barrier splits the kernel into cost more than the writes'
// order saves.

#if BLOCK_ROWS != TILE_DIM0 * ROWS_PER_THREAD || BLOCK_COLUMNS != TILE_DIM1 * VECTOR_WIDTH
#error "libtiles: transpose's tile is (BLOCK_ROWS / ROWS_PER_THREAD) x (BLOCK_COLUMNS / VECTOR_WIDTH) work-items"
#endif
#if !THROUGH_TILE_STATIC && (VECTOR_WIDTH == 1 || ROWS_PER_THREAD % VECTOR_WIDTH != 0)
#error "libtiles: transpose in registers takes squares of a VECTOR_WIDTH above 1 that divides ROWS_PER_THREAD"
#endif

#if VECTOR_WIDTH > 1
// Transposes a square of VECTOR_WIDTH rows in registers: square[w] becomes its column w. Each
// round of even/odd interleaving rotates an element's (row, column) bits by one place;
// log2(width) rounds swap row and column.
static inline void transpose_square(VECTOR square[VECTOR_WIDTH]) {
#pragma unroll
    for (int round = 1; round < VECTOR_WIDTH; round *= 2) {
        VECTOR next[VECTOR_WIDTH];
#pragma unroll
        for (int k = 0; k < VECTOR_WIDTH / 2; ++k) {
            next[k] = (VECTOR)(square[2 * k].even, square[2 * k + 1].even);
            next[k + VECTOR_WIDTH / 2] = (VECTOR)(square[2 * k].odd, square[2 * k + 1].odd);
        }
#pragma unroll
        for (int k = 0; k < VECTOR_WIDTH; ++k) square[k] = next[k];
    }
}
#endif

// Row `row` of input from column `column`: VECTOR_WIDTH elements, zeros past the matrix.
static inline VECTOR load_row(__global const STORAGE* input, int rows, int columns, int row, int column) {
    return row < rows ? load_vector_or_fill(input + row * columns, column, columns, 0) : (VECTOR)0;
}

// The block (row, column) a tile moves. Tiles take the blocks in bands of BAND rows of blocks,
// down each column of a band before the next: tile (b, k) moves block (b * BAND + k % BAND,
// k / BAND). On a CPU, where tiles run one after another in order, consecutive tiles then read
// the same pages of input rows and fill whole pages of output rows, rather than each writing
// into a page of its own for every row of output (PoCL: about 15% faster). BAND is a power of
// two, so that this costs no division (on a GPU, where each work-item moves few elements,
// dividing by a variable cost 5%); 1 keeps the tiles' own order. Blocks of the last band may
// lie below the matrix: their tiles load and store nothing.
static inline int2 block_of_tile(tiled_index t) {
    const int in_band = t.tile[1] / BAND;
    return (int2)(t.tile[0] * BAND + (t.tile[1] - in_band * BAND), in_band);
}

#if THROUGH_TILE_STATIC

// A row of the transposed block, padded by one vector. The padding puts the vectors of one of
// its columns in different banks of tile_static memory, so that work-items storing down a
// column do not serialize on one bank; being a whole vector, it keeps every vector in the block
// aligned.
typedef ELEMENT block_row[BLOCK_ROWS + VECTOR_WIDTH];

#if ROWS_PER_THREAD == VECTOR_WIDTH && VECTOR_WIDTH > 1
// A square strip is transposed in registers, then stored a column vector at a time.
static inline void store_strip_transposed(VECTOR strip[ROWS_PER_THREAD], __local block_row* transposed, int row,
                                          int column) {
    transpose_square(strip);
#pragma unroll
    for (int w = 0; w < VECTOR_WIDTH; ++w) VSTORE(strip[w], 0, &transposed[column + w][row]);
}
#else
static inline void store_strip_transposed(VECTOR strip[ROWS_PER_THREAD], __local block_row* transposed, int row,
                                          int column) {
#pragma unroll
    for (int r = 0; r < ROWS_PER_THREAD; ++r) {
        ELEMENT elements[VECTOR_WIDTH];
        VSTORE(strip[r], 0, elements);
        for (int w = 0; w < VECTOR_WIDTH; ++w) transposed[column + w][row + r] = elements[w];
    }
}
#endif

__kernel void transpose(__global const STORAGE* input, int rows, int columns, __global STORAGE* output) {
    const tiled_index t = get_tiled_index();
    tile_static block_row transposed[BLOCK_COLUMNS];
    const int2 block = block_of_tile(t);
    const int first_row = block.x * BLOCK_ROWS;
    const int first_column = block.y * BLOCK_COLUMNS;
    const int strip_row = t.local_id[0] * ROWS_PER_THREAD;
    const int strip_column = t.local_id[1] * VECTOR_WIDTH;

    VECTOR strip[ROWS_PER_THREAD];
#pragma unroll
    for (int r = 0; r < ROWS_PER_THREAD; ++r)
        strip[r] = load_row(input, rows, columns, first_row + strip_row + r, first_column + strip_column);
    store_strip_transposed(strip, transposed, strip_row, strip_column);
    tile_barrier_wait_with_tile_static_memory_fence();

    // The transposed block is BLOCK_COLUMNS x BLOCK_ROWS: the work-items take its strips in
    // row-major order. Its row `r` is row first_column + r of output, a columns x rows matrix.
    const int thread = t.local_id[0] * TILE_DIM1 + t.local_id[1];
    // (The remainder is written out, as in gemm.cl, for checked mode's Oclgrind.)
    const int out_strip = thread / (BLOCK_ROWS / VECTOR_WIDTH);
    const int out_strip_row = out_strip * ROWS_PER_THREAD;
    const int out_strip_column = (thread - out_strip * (BLOCK_ROWS / VECTOR_WIDTH)) * VECTOR_WIDTH;
#pragma unroll
    for (int r = 0; r < ROWS_PER_THREAD; ++r) {
        const int row = first_column + out_strip_row + r;
        if (row < columns)
            store_vector_or_part(VLOAD(0, &transposed[out_strip_row + r][out_strip_column]), output + row * rows,
                                 first_row + out_strip_column, rows);
    }
}

#else

// Each square of VECTOR_WIDTH rows of the strip, transposed, is VECTOR_WIDTH vectors of output's
// rows first_column.. (input's columns), each from the square's first row.
__kernel void transpose(__global const STORAGE* input, int rows, int columns, __global STORAGE* output) {
    const tiled_index t = get_tiled_index();
    const int2 block = block_of_tile(t);
    const int first_row = block.x * BLOCK_ROWS + t.local_id[0] * ROWS_PER_THREAD;
    const int first_column = block.y * BLOCK_COLUMNS + t.local_id[1] * VECTOR_WIDTH;
#pragma unroll
    for (int square_row = first_row; square_row < first_row + ROWS_PER_THREAD; square_row += VECTOR_WIDTH) {
        VECTOR square[VECTOR_WIDTH];
#pragma unroll
        for (int r = 0; r < VECTOR_WIDTH; ++r) square[r] = load_row(input, rows, columns, square_row + r, first_column);
        transpose_square(square);
#pragma unroll
        for (int w = 0; w < VECTOR_WIDTH; ++w)
            if (first_column + w < columns)
                store_vector_or_part(square[w], output + (first_column + w) * rows, square_row, rows);
    }
}

#endif
