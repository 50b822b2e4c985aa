// libtiles algorithms: the LU algorithms' kernels (solve, inv, slogdet). A panel is a compact
// rows x width matrix (row-major) whose column c has its diagonal at row c; its row 0 is row
// `origin` of its matrix. Pivots are rows of the matrix: pivots[j] >= j is the row that row j was
// swapped with, in order of j, as LAPACK's ipiv (counted from 0). lu_leaf factors a few columns
// of a panel (a leaf) in one work-group, as LAPACK's getf2; the others are its companions.

#ifndef LEAF_WIDTH
#error "libtiles: lu_leaf is built with LEAF_WIDTH, the most columns a leaf has"
#endif

// A row no work-item holds: the pivot search's start.
#define NO_ROW INT_MAX

// Whether (value, row) is a better pivot than (best, best_row): larger, or as large and higher
// up, as LAPACK's idamax takes the first of the largest. A NaN beats nothing and nothing beats it,
// so the higher row wins there too; NO_ROW loses to any row.
static bool better_pivot(ELEMENT value, int row, ELEMENT best, int best_row) {
    if (row == NO_ROW) return false;
    if (best_row == NO_ROW || value > best) return true;
    return !(best > value) && row < best_row;
}

// Column c's pivot: the row from c down with the largest magnitude, in every work-item. Work-item
// `lane` looks at rows first + lane, first + lane + TILE_DIM0, ... (the rows it owns).
static int pivot_row(__global const ELEMENT* panel, int rows, int width, int first, int c, __local ELEMENT* values,
                     __local int* holders, int lane) {
    ELEMENT best = 0;
    int best_row = NO_ROW;
    for (int i = first + lane; i < rows; i += TILE_DIM0) {
        const ELEMENT value = fabs(panel[i * width + c]);
        if (i >= c && better_pivot(value, i, best, best_row)) {
            best = value;
            best_row = i;
        }
    }
    values[lane] = best;
    holders[lane] = best_row;
    tile_barrier_wait_with_tile_static_memory_fence();
    for (int stride = TILE_DIM0 / 2; stride > 0; stride /= 2) {
        if (lane < stride && better_pivot(values[lane + stride], holders[lane + stride], values[lane], holders[lane])) {
            values[lane] = values[lane + stride];
            holders[lane] = holders[lane + stride];
        }
        tile_barrier_wait_with_tile_static_memory_fence();
    }
    const int result = holders[0];
    // Every work-item has read the result, and every row the leaf updated is in global memory,
    // before the swap moves rows between work-items.
    tile_barrier_wait_with_all_memory_fence();
    return result;
}

// Factors the panel's columns first .. first + count - 1 (count <= LEAF_WIDTH) from row first
// down, with partial pivoting, as LAPACK's getf2: in each column, the pivot's row is swapped with
// the diagonal's (in the leaf's columns), the column below the diagonal divided by the pivot, and
// the leaf's columns right of it updated. pivots[origin + c] becomes the pivot of column c. A
// column whose pivot is zero is left as it is, as getf2 leaves it; the first such column of the
// matrix (of those factored so far) goes into status[matrix], which starts at -1. One work-group
// of TILE_DIM0 work-items, a multiple of LEAF_WIDTH: work-item `lane` searches its rows
// (pivot_row) and divides its share of the column; the update right of the column takes
// LEAF_WIDTH work-items a row, each one column of it, so that a warp's accesses are a few rows'
// adjacent elements (with a work-item a row, each access was a transaction of its own).
__kernel void lu_leaf(__global ELEMENT* panel, int rows, int width, int origin, int first, int count,
                      __global int* pivots, __global int* status, int matrix) {
    tile_static ELEMENT values[TILE_DIM0], pivot_values[LEAF_WIDTH];
    tile_static int holders[TILE_DIM0];
    const int lane = get_tiled_index().local_id[0], end = first + count;
    for (int c = first; c < end; ++c) {
        const int p = pivot_row(panel, rows, width, first, c, values, holders, lane);
        if (lane < count) {
            const ELEMENT at_pivot = panel[p * width + first + lane];
            if (p != c) panel[p * width + first + lane] = panel[c * width + first + lane];
            panel[c * width + first + lane] = at_pivot;
            pivot_values[lane] = at_pivot;
        }
        tile_barrier_wait_with_all_memory_fence();
        const ELEMENT pivot = pivot_values[c - first];
        if (lane == 0) {
            pivots[origin + c] = origin + p;
            if (pivot == 0 && status[matrix] < 0) status[matrix] = origin + c;
        }
        if (pivot == 0) continue;
        for (int i = c + 1 + lane; i < rows; i += TILE_DIM0) panel[i * width + c] /= pivot;
        tile_barrier_wait_with_all_memory_fence();
        const int column = first + lane % LEAF_WIDTH;
        if (column > c && column < end)
            for (int i = c + 1 + lane / LEAF_WIDTH; i < rows; i += TILE_DIM0 / LEAF_WIDTH)
                panel[i * width + column] -= panel[i * width + c] * pivot_values[column - first];
        // Every row updated before the next column's search reads it.
        tile_barrier_wait_with_all_memory_fence();
    }
}

// The row swaps pivots[pivot_begin .. pivot_end - 1] applied in order, as LAPACK's laswp, to the
// `columns` columns of `data` (rows of row_length elements, its row 0 the matrix's row
// row_origin) from column_begin on. Each work-item swaps one column.
__kernel void lu_swap_rows(__global ELEMENT* data, int row_length, int row_origin, int column_begin, int columns,
                           __global const int* pivots, int pivot_begin, int pivot_end) {
    const int column = get_tiled_index().global_id[0];
    if (column >= columns) return;
    __global ELEMENT* const at = data + column_begin + column;
    for (int j = pivot_begin; j < pivot_end; ++j) {
        const int p = pivots[j];
        if (p == j) continue;
        const ELEMENT kept = at[(j - row_origin) * row_length];
        at[(j - row_origin) * row_length] = at[(p - row_origin) * row_length];
        at[(p - row_origin) * row_length] = kept;
    }
}

// The panel's rows first .. first + count - 1, in the `columns` columns from column_begin on,
// become L11^-1 times what they held, L11 the unit lower triangle of the panel's count x count
// block at (first, first): forward substitution, as LAPACK's trsm. Each work-item solves one
// column in place.
__kernel void lu_lower_solve(__global ELEMENT* panel, int width, int first, int count, int column_begin, int columns) {
    const int column = get_tiled_index().global_id[0];
    if (column >= columns) return;
    __global ELEMENT* const x = panel + first * width + column_begin + column;
    __global const ELEMENT* const l = panel + first * width + first;
    for (int r = 1; r < count; ++r) {
        ELEMENT sum = x[r * width];
        for (int k = 0; k < r; ++k) sum -= l[r * width + k] * x[k * width];
        x[r * width] = sum;
    }
}

// The inverses of a factored panel's triangles, `width` x width each: of its unit lower triangle
// L11 and of its upper triangle U11 (with a zero pivot, U11's is inf or NaN, which the status
// refuses). Work-item i writes column i of each, by substitution.
__kernel void lu_triangle_inverses(__global const ELEMENT* panel, int width, __global ELEMENT* lower_inverse,
                                   __global ELEMENT* upper_inverse) {
    const int i = get_tiled_index().global_id[0];
    if (i >= width) return;
    for (int r = 0; r < width; ++r) {
        ELEMENT sum = r == i ? 1 : 0;
        for (int k = i; k < r; ++k) sum -= panel[r * width + k] * lower_inverse[k * width + i];
        lower_inverse[r * width + i] = r < i ? 0 : sum;
    }
    for (int r = width - 1; r >= 0; --r) {
        ELEMENT sum = r == i ? 1 : 0;
        for (int k = r + 1; k <= i; ++k) sum -= panel[r * width + k] * upper_inverse[k * width + i];
        upper_inverse[r * width + i] = r > i ? 0 : sum / panel[r * width + r];
    }
}

// slogdet of the n x n matrix factored in place at the left of `lu` (rows of row_length
// elements, U on and above its diagonal) with `pivots`: sign[matrix] and logabsdet[matrix] become
// the sign of its determinant (the swaps' and the pivots' signs) and the sum of the logarithms of
// the pivots' magnitudes, in pairs, or 0 and -inf where status[matrix] names a zero pivot. One
// work-group of TILE_DIM0 work-items.
__kernel void lu_determinant(__global const ELEMENT* lu, int row_length, int n, __global const int* pivots,
                             __global const int* status, int matrix, __global ELEMENT* sign,
                             __global ELEMENT* logabsdet) {
    tile_static ELEMENT sums[TILE_DIM0];
    tile_static int negatives[TILE_DIM0];
    const int lane = get_tiled_index().local_id[0];
    ELEMENT sum = 0;
    int negative = 0;
    for (int j = lane; j < n; j += TILE_DIM0) {
        const ELEMENT pivot = lu[j * row_length + j];
        sum += log(fabs(pivot));
        negative += (pivot < 0) + (pivots[j] != j);
    }
    sums[lane] = sum;
    negatives[lane] = negative;
    tile_barrier_wait_with_tile_static_memory_fence();
    for (int stride = TILE_DIM0 / 2; stride > 0; stride /= 2) {
        if (lane < stride) {
            sums[lane] += sums[lane + stride];
            negatives[lane] += negatives[lane + stride];
        }
        tile_barrier_wait_with_tile_static_memory_fence();
    }
    if (lane != 0) return;
    const bool singular = status[matrix] >= 0;
    sign[matrix] = singular ? 0 : negatives[0] % 2 ? -1 : 1;
    logabsdet[matrix] = singular ? -INFINITY : sums[0];
}
