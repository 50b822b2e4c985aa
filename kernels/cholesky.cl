// libtiles algorithms: cholesky's last step. `factored` is a stack of n x n matrices (rows of them
// in all) whose lower triangles hold the factors L the blocked factorization wrote, and whose
// upper triangles hold nothing of use; `output` becomes L with zeros above its diagonal, or with
// UPPER 1 its transpose U = L^T with zeros below. Each work-item writes one element.

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
