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

// cholesky's diagonal block, in one work-group of TILE_DIM0 >= n work-items. The n x n block at
// the top left of `a` (rows of `width` elements) becomes its Cholesky factor L in its lower
// triangle, column by column, as LAPACK's potf2 (the upper triangle is left as it is), and
// `inverse_transposed` (n x n) becomes (L^-1)^T, by forward substitution. Work-item i owns row i
// of the block, so that only the column being made passes between work-items, in tile_static
// memory. status[2 * block] and status[2 * block + 1] become -1 and 0, or where a pivot is not
// positive (or NaN) its column and value, and the block is left there.
__kernel void cholesky_block(__global ELEMENT* a, int width, int n, __global ELEMENT* inverse_transposed,
                             __global ELEMENT* status, int block) {
    tile_static ELEMENT column[TILE_DIM0];
    tile_static ELEMENT pivot;
    const int i = get_tiled_index().local_id[0];
    for (int j = 0; j < n; ++j) {
        if (i == j) pivot = a[i * width + j];
        tile_barrier_wait_with_tile_static_memory_fence();
        const ELEMENT diagonal = pivot;
        // !(> 0) also stops at NaN, which would otherwise spread through every later column.
        if (!(diagonal > 0)) {
            if (i == 0) {
                status[2 * block] = j;
                status[2 * block + 1] = diagonal;
            }
            return;
        }
        const ELEMENT root = sqrt(diagonal);
        if (i == j) a[i * width + j] = root;
        if (i > j && i < n) {
            const ELEMENT l = a[i * width + j] / root;
            a[i * width + j] = l;
            column[i] = l;
        }
        tile_barrier_wait_with_tile_static_memory_fence();
        if (i > j && i < n)
            for (int k = j + 1; k <= i; ++k) a[i * width + k] -= column[i] * column[k];
    }
    tile_barrier_wait_with_global_memory_fence(); // every row of L written
    // Column i of L^-1 solves L x = e_i; it is row i of the result.
    if (i < n) {
        __global ELEMENT* x = inverse_transposed + i * n;
        for (int r = 0; r < i; ++r) x[r] = 0;
        for (int r = i; r < n; ++r) {
            ELEMENT sum = r == i ? 1 : 0;
            for (int k = i; k < r; ++k) sum -= a[r * width + k] * x[k];
            x[r] = sum / a[r * width + r];
        }
    }
    if (i == 0) {
        status[2 * block] = -1;
        status[2 * block + 1] = 0;
    }
}
