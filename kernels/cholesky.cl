// libtiles algorithms: cholesky's kernels. cholesky_triangle is the last step. `factored` is a
// stack of n x n matrices (rows of them in all) whose lower triangles hold the factors L the
// blocked factorization wrote, and whose upper triangles hold nothing of use; `output` becomes L
// with zeros above its diagonal, or with UPPER 1 its transpose U = L^T with zeros below. Each
// work-item writes one element.

__kernel void cholesky_triangle(__global const ELEMENT* factored, int rows, int n, __global ELEMENT* output) {
    const tiled_index t = get_tiled_index();
    const int row = t.global_id[0], column = t.global_id[1];
    if (row >= rows || column >= n) return;
    const int first_row = row - row % n; // of the row's matrix in the stack
    const int i = row - first_row;
#if UPPER
    // U's (i, column) is L's (column, i).
    output[row * n + column] = column >= i ? factored[(first_row + column) * n + i] : (ELEMENT)0;
#else
    output[row * n + column] = column <= i ? factored[row * n + column] : (ELEMENT)0;
#endif
}

// cholesky's diagonal block, in one work-group of BLOCK_GRID x BLOCK_GRID work-items, each of
// which keeps a BLOCK_PART x BLOCK_PART part of the block, and the same part of L^-1, in registers
// (BLOCK_GRID * BLOCK_PART >= n): the n x n block at the top left of `a` (rows of `width`
// elements) becomes its Cholesky factor L in its lower triangle, column by column, as LAPACK's
// potf2 (the upper triangle is left as it is), and `inverse_transposed` (n x n) becomes (L^-1)^T.
// Step j makes L's column j and, from it, row j of X = L^-1 as Gauss-Jordan elimination on the
// identity does; only that column and that row pass between work-items, in tile_static memory,
// so each step costs two barriers and no global memory. status[2 * block] and
// status[2 * block + 1] become -1 and 0, or where a pivot is not positive (or NaN) its column and
// value, and the block is left there.
__kernel void cholesky_block(__global ELEMENT* a, int width, int n, __global ELEMENT* inverse_transposed,
                             __global ELEMENT* status, int block) {
    tile_static ELEMENT column[BLOCK_GRID * BLOCK_PART];
    tile_static ELEMENT inverse_row[BLOCK_GRID * BLOCK_PART];
    tile_static ELEMENT pivot;
    const tiled_index t = get_tiled_index();
    const int first_row = t.local_id[0] * BLOCK_PART, first_column = t.local_id[1] * BLOCK_PART;
    ELEMENT part[BLOCK_PART][BLOCK_PART], inverse[BLOCK_PART][BLOCK_PART];
#pragma unroll
    for (int r = 0; r < BLOCK_PART; ++r)
#pragma unroll
        for (int c = 0; c < BLOCK_PART; ++c) {
            const int row = first_row + r, col = first_column + c;
            part[r][c] = row < n && col <= row ? a[row * width + col] : (ELEMENT)0;
            inverse[r][c] = row == col ? (ELEMENT)1 : (ELEMENT)0;
        }
    // j runs in steps of BLOCK_PART, so that the work-items holding column or row j find it at
    // index `step`, not by a search. On GPUs (TILES_UNROLL_LOOPS) the steps are unrolled, so that
    // index is a register's, known when compiling; CPUs index their memory, and compile it in a
    // fraction of the time.
    for (int first = 0; first < n; first += BLOCK_PART)
#if TILES_UNROLL_LOOPS
#pragma unroll
#endif
        for (int step = 0; step < BLOCK_PART; ++step) {
            const int j = first + step;
            if (j >= n) break; // alike for every work-item
            const bool holds_column = first_column == first, holds_row = first_row == first;
            if (holds_column && holds_row) pivot = part[step][step];
            tile_barrier_wait_with_tile_static_memory_fence();
            const ELEMENT diagonal = pivot;
            // !(> 0) also stops at NaN, which would otherwise spread through every later column.
            if (!(diagonal > 0)) {
                if (t.local_id[0] == 0 && t.local_id[1] == 0) {
                    status[2 * block] = j;
                    status[2 * block + 1] = diagonal;
                }
                return;
            }
            const ELEMENT root = sqrt(diagonal);
            if (holds_column)
#pragma unroll
                for (int r = 0; r < BLOCK_PART; ++r) {
                    const int row = first_row + r;
                    if (row == j) part[r][step] = root;
                    if (row > j) {
                        part[r][step] /= root;
                        column[row] = part[r][step];
                    }
                }
            if (holds_row)
#pragma unroll
                for (int c = 0; c < BLOCK_PART; ++c) {
                    inverse[step][c] /= root;
                    inverse_row[first_column + c] = inverse[step][c];
                }
            tile_barrier_wait_with_tile_static_memory_fence();
            ELEMENT column_of_row[BLOCK_PART], column_of_column[BLOCK_PART], inverse_of_column[BLOCK_PART];
#pragma unroll
            for (int k = 0; k < BLOCK_PART; ++k) {
                column_of_row[k] = first_row + k > j ? column[first_row + k] : (ELEMENT)0;
                column_of_column[k] = first_column + k > j ? column[first_column + k] : (ELEMENT)0;
                inverse_of_column[k] = first_column + k <= j ? inverse_row[first_column + k] : (ELEMENT)0;
            }
#pragma unroll
            for (int r = 0; r < BLOCK_PART; ++r)
#pragma unroll
                for (int c = 0; c < BLOCK_PART; ++c) {
                    // Rows and columns at or before j hold zeros in column_of_*, so only the trailing
                    // lower triangle changes; an element above the diagonal is never written back.
                    part[r][c] -= column_of_row[r] * column_of_column[c];
                    inverse[r][c] -= column_of_row[r] * inverse_of_column[c];
                }
        }
#pragma unroll
    for (int r = 0; r < BLOCK_PART; ++r)
#pragma unroll
        for (int c = 0; c < BLOCK_PART; ++c) {
            const int row = first_row + r, col = first_column + c;
            if (row < n && col < n) {
                if (col <= row) a[row * width + col] = part[r][c];
                inverse_transposed[col * n + row] = inverse[r][c];
            }
        }
    if (t.local_id[0] == 0 && t.local_id[1] == 0) {
        status[2 * block] = -1;
        status[2 * block + 1] = 0;
    }
}
