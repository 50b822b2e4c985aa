// libtiles algorithms: C = alpha * A * B + beta * C, row-major, A M x K, B K x N, C M x N, any
// sizes; A and B may be of 16-bit float STORAGE, read as floats into a float C. Each tile
// computes a (TILE_DIM0 * WORK_ROWS) x (TILE_DIM1 * WORK_COLUMNS) block of C,
// each work-item a WORK_ROWS x WORK_COLUMNS register block of it, from SLICE-deep slices of A
// and B that the tile stages in tile_static memory. WORK_COLUMNS and SLICE are multiples of
// VECTOR_WIDTH: the work-item's columns are held, and the slices loaded, a vector at a time.
//
// A work-item's rows are contiguous, and A's slice is staged transposed, so that the A values a
// work-item needs at each depth are one run of tile_static memory. Its column vectors are strided
// by the tile's width, so that neighbouring work-items read neighbouring vectors of B's slice and
// write neighbouring parts of C. While the tile computes on one pair of slices, each work-item's
// share of the next pair is already on its way from global memory into registers. The host
// defines ROWS_ALIGNED 1 where A's and B's rows are whole vectors, which then load aligned.
//
// Where the host defines SPLIT_K 1, the depth is split into slices of `split_depth` (a multiple
// of SLICE, an argument so that one program serves every depth): the tiles stack one grid of C's
// blocks per slice down dimension 0, and each writes its slice's product, unscaled, into its own
// M x N part of c; gemm_split_k.cl adds the parts. Each slice but the last ends on a whole SLICE,
// so no load reaches into the next slice. Without SPLIT_K, split_depth is not read.
#ifndef SPLIT_K
#define SPLIT_K 0
#endif

#define BLOCK_ROWS (TILE_DIM0 * WORK_ROWS)
#define BLOCK_COLUMNS (TILE_DIM1 * WORK_COLUMNS)
#define TILE_THREADS (TILE_DIM0 * TILE_DIM1)
#define WORK_VECTORS (WORK_COLUMNS / VECTOR_WIDTH)
#define SLICE_VECTORS (SLICE / VECTOR_WIDTH)
#define A_LOADS (BLOCK_ROWS * SLICE_VECTORS / TILE_THREADS)
#define B_LOADS (SLICE * BLOCK_COLUMNS / VECTOR_WIDTH / TILE_THREADS)

// A work-item reads its run of A's transposed slice A_WIDTH elements at a time: one wide
// tile_static load rather than A_WIDTH narrow ones, which the compiler does not merge by itself.
#if WORK_ROWS % 4 == 0
#define A_WIDTH 4
#elif WORK_ROWS % 2 == 0
#define A_WIDTH 2
#else
#define A_WIDTH 1
#endif
#if A_WIDTH == 1
#define A_VECTOR ELEMENT
#else
#define A_VECTOR TILES_GLUE(ELEMENT, A_WIDTH)
#endif
typedef union {
    A_VECTOR run;
    ELEMENT elements[A_WIDTH];
} a_run;

// VECTOR_WIDTH elements of row `row` of a rows x columns matrix from column `column` (a multiple
// of VECTOR_WIDTH) on; zeros past its edges, which add nothing to the sums. Where ROWS_ALIGNED
// says that A's and B's rows are whole vectors, each vector lies wholly inside its row or wholly
// past it, and is one aligned load.
static inline VECTOR load_row_part(__global const STORAGE* matrix, int row, int column, int rows, int columns) {
#if ROWS_ALIGNED
    return row < rows && column < columns ? LOAD_ALIGNED(matrix + row * columns, column) : (VECTOR)0;
#else
    return row < rows ? load_vector_or_fill(matrix + row * columns, column, columns, 0) : (VECTOR)0;
#endif
}

// Work-item `thread`'s share of the slices of A and B that start at depth `slice`, into registers.
// (The remainders are written out: LLVM's own rewrite of a `/` and `%` pair adds `freeze`
// instructions, which the Oclgrind of checked mode cannot run.)
static inline void load_slices(__global const STORAGE* a, __global const STORAGE* b, int m, int n, int k, int slice,
                               int first_row, int first_column, int thread, VECTOR* a_share, VECTOR* b_share) {
#pragma unroll
    for (int l = 0; l < A_LOADS; ++l) {
        const int e = thread + l * TILE_THREADS;
        const int row = e / SLICE_VECTORS, part = e - row * SLICE_VECTORS;
        a_share[l] = load_row_part(a, first_row + row, slice + part * VECTOR_WIDTH, m, k);
    }
#pragma unroll
    for (int l = 0; l < B_LOADS; ++l) {
        const int e = thread + l * TILE_THREADS;
        const int row = e / (BLOCK_COLUMNS / VECTOR_WIDTH), part = e - row * (BLOCK_COLUMNS / VECTOR_WIDTH);
        b_share[l] = load_row_part(b, slice + row, first_column + part * VECTOR_WIDTH, k, n);
    }
}

// The same shares into the tile's slices: A's transposed, one depth a row.
static inline void store_slices(const VECTOR* a_share, const VECTOR* b_share, int thread,
                                __local A_VECTOR (*a_slice)[BLOCK_ROWS / A_WIDTH],
                                __local VECTOR (*b_slice)[BLOCK_COLUMNS / VECTOR_WIDTH]) {
#pragma unroll
    for (int l = 0; l < A_LOADS; ++l) {
        const int e = thread + l * TILE_THREADS;
        const int row = e / SLICE_VECTORS, part = e - row * SLICE_VECTORS;
        ELEMENT values[VECTOR_WIDTH];
        VSTORE(a_share[l], 0, values);
#pragma unroll
        for (int w = 0; w < VECTOR_WIDTH; ++w) ((__local ELEMENT*)a_slice[part * VECTOR_WIDTH + w])[row] = values[w];
    }
#pragma unroll
    for (int l = 0; l < B_LOADS; ++l) {
        const int e = thread + l * TILE_THREADS;
        const int row = e / (BLOCK_COLUMNS / VECTOR_WIDTH), part = e - row * (BLOCK_COLUMNS / VECTOR_WIDTH);
        b_slice[row][part] = b_share[l];
    }
}

__kernel void gemm(int m, int n, int k, ELEMENT alpha, __global const STORAGE* a, __global const STORAGE* b,
                   ELEMENT beta, __global ELEMENT* c, int split_depth) {
    const tiled_index t = get_tiled_index();
    tile_static A_VECTOR a_slice[SLICE][BLOCK_ROWS / A_WIDTH];
    tile_static VECTOR b_slice[SLICE][BLOCK_COLUMNS / VECTOR_WIDTH];

    const int local_row = t.local_id[0] * WORK_ROWS;
    const int local_column = t.local_id[1];
    const int thread = t.local_id[0] * TILE_DIM1 + local_column;
    const int first_column = t.tile[1] * BLOCK_COLUMNS;
#if SPLIT_K
    const int blocks_down = (m + BLOCK_ROWS - 1) / BLOCK_ROWS;
    const int part = t.tile[0] / blocks_down;
    const int first_row = (t.tile[0] - part * blocks_down) * BLOCK_ROWS;
    const int depth_first = part * split_depth, depth_end = min(k, depth_first + split_depth);
    c += (long)part * m * n;
#else
    const int first_row = t.tile[0] * BLOCK_ROWS;
    const int depth_first = 0, depth_end = k;
#endif

    VECTOR sum[WORK_ROWS][WORK_VECTORS];
    for (int i = 0; i < WORK_ROWS; ++i)
        for (int v = 0; v < WORK_VECTORS; ++v) sum[i][v] = 0;

    VECTOR a_share[A_LOADS], b_share[B_LOADS];
    load_slices(a, b, m, n, k, depth_first, first_row, first_column, thread, a_share, b_share);
    for (int slice = depth_first; slice < depth_end; slice += SLICE) {
        store_slices(a_share, b_share, thread, a_slice, b_slice);
        tile_barrier_wait_with_tile_static_memory_fence();
        if (slice + SLICE < depth_end)
            load_slices(a, b, m, n, k, slice + SLICE, first_row, first_column, thread, a_share, b_share);

#pragma unroll
        for (int kk = 0; kk < SLICE; ++kk) {
            a_run a_part[WORK_ROWS / A_WIDTH];
#pragma unroll
            for (int r = 0; r < WORK_ROWS / A_WIDTH; ++r) a_part[r].run = a_slice[kk][local_row / A_WIDTH + r];
            VECTOR b_part[WORK_VECTORS];
#pragma unroll
            for (int v = 0; v < WORK_VECTORS; ++v) b_part[v] = b_slice[kk][local_column + v * TILE_DIM1];
#pragma unroll
            for (int i = 0; i < WORK_ROWS; ++i)
#pragma unroll
                for (int v = 0; v < WORK_VECTORS; ++v)
                    sum[i][v] = fma((VECTOR)a_part[i / A_WIDTH].elements[i % A_WIDTH], b_part[v], sum[i][v]);
        }
        tile_barrier_wait_with_tile_static_memory_fence();
    }

    for (int i = 0; i < WORK_ROWS; ++i) {
        const int row = first_row + local_row + i;
        for (int v = 0; v < WORK_VECTORS; ++v) {
            const int column = first_column + (local_column + v * TILE_DIM1) * VECTOR_WIDTH;
            ELEMENT values[VECTOR_WIDTH];
            VSTORE(sum[i][v], 0, values);
            for (int w = 0; w < VECTOR_WIDTH; ++w) {
                if (row >= m || column + w >= n) continue;
                __global ELEMENT* out = &c[row * n + column + w];
                // As in BLAS, beta == 0 never reads C, which may then hold anything, NaNs included.
                *out = beta == 0 ? alpha * values[w] : alpha * values[w] + beta * *out;
            }
        }
    }
}
