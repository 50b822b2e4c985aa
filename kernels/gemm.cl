// libtiles algorithms: C = alpha * A * B + beta * C, row-major, A M x K, B K x N, C M x N, any
// sizes. Each tile computes a (TILE_DIM0 * WORK_ROWS) x (TILE_DIM1 * WORK_COLUMNS) block of C,
// each work-item a WORK_ROWS x WORK_COLUMNS register block of it, from SLICE-deep slices of A
// and B that the tile stages in tile_static memory. WORK_COLUMNS and SLICE are multiples of
// VECTOR_WIDTH: the work-item's columns are held, and the slices loaded, a vector at a time.

#define TILE_ROWS (TILE_DIM0 * WORK_ROWS)
#define TILE_COLUMNS (TILE_DIM1 * WORK_COLUMNS)
#define TILE_THREADS (TILE_DIM0 * TILE_DIM1)
#define WORK_VECTORS (WORK_COLUMNS / VECTOR_WIDTH)

// VECTOR_WIDTH elements of row `row` of a rows x columns matrix from column `column` on; zeros
// past its edges, which add nothing to the sums.
static inline VECTOR load_row_part(__global const ELEMENT* matrix, int row, int column, int rows, int columns) {
    return row < rows ? load_vector_or_fill(matrix + row * columns, column, columns, 0) : (VECTOR)0;
}

// A work-item's rows, and its column vectors, are strided by the tile's shape rather than
// contiguous, so that neighbouring work-items read neighbouring elements of the slices and of C.
__kernel void gemm(int m, int n, int k, ELEMENT alpha, __global const ELEMENT* a, __global const ELEMENT* b,
                   ELEMENT beta, __global ELEMENT* c) {
    const tiled_index t = get_tiled_index();
    tile_static VECTOR a_slice[TILE_ROWS][SLICE / VECTOR_WIDTH];
    tile_static VECTOR b_slice[SLICE][TILE_COLUMNS / VECTOR_WIDTH];

    const int local_row = t.local_id[0];
    const int local_column = t.local_id[1];
    const int thread = local_row * TILE_DIM1 + local_column;
    const int first_row = t.tile[0] * TILE_ROWS;
    const int first_column = t.tile[1] * TILE_COLUMNS;

    VECTOR sum[WORK_ROWS][WORK_VECTORS];
    for (int i = 0; i < WORK_ROWS; ++i)
        for (int v = 0; v < WORK_VECTORS; ++v) sum[i][v] = 0;

    for (int slice = 0; slice < k; slice += SLICE) {
        // The tile loads both slices together, each work-item a few vectors of each. (The
        // remainders are written out: LLVM's own rewrite of a `/` and `%` pair adds `freeze`
        // instructions, which the Oclgrind of checked mode cannot run.)
#pragma unroll
        for (int l = 0; l < TILE_ROWS * SLICE / VECTOR_WIDTH / TILE_THREADS; ++l) {
            const int e = thread + l * TILE_THREADS;
            const int row = e / (SLICE / VECTOR_WIDTH), part = e - row * (SLICE / VECTOR_WIDTH);
            a_slice[row][part] = load_row_part(a, first_row + row, slice + part * VECTOR_WIDTH, m, k);
        }
#pragma unroll
        for (int l = 0; l < SLICE * TILE_COLUMNS / VECTOR_WIDTH / TILE_THREADS; ++l) {
            const int e = thread + l * TILE_THREADS;
            const int row = e / (TILE_COLUMNS / VECTOR_WIDTH), part = e - row * (TILE_COLUMNS / VECTOR_WIDTH);
            b_slice[row][part] = load_row_part(b, slice + row, first_column + part * VECTOR_WIDTH, k, n);
        }
        tile_barrier_wait_with_tile_static_memory_fence();

#pragma unroll
        for (int kk = 0; kk < SLICE; ++kk) {
            VECTOR b_part[WORK_VECTORS];
#pragma unroll
            for (int v = 0; v < WORK_VECTORS; ++v) b_part[v] = b_slice[kk][local_column + v * TILE_DIM1];
#pragma unroll
            for (int i = 0; i < WORK_ROWS; ++i) {
                const VECTOR a_part = ((__local const ELEMENT*)a_slice[local_row + i * TILE_DIM0])[kk];
#pragma unroll
                for (int v = 0; v < WORK_VECTORS; ++v) sum[i][v] = fma(a_part, b_part[v], sum[i][v]);
            }
        }
        tile_barrier_wait_with_tile_static_memory_fence();
    }

    for (int i = 0; i < WORK_ROWS; ++i) {
        const int row = first_row + local_row + i * TILE_DIM0;
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
