// libtiles algorithms: the LU algorithms' panels (solve, inv, slogdet) on the device, factored
// recursively as LAPACK's getrf2: the left half of the columns factored, its row swaps applied to
// the right half, the right half's top rows solved by the left half's unit lower triangle and the
// rows below updated by gemm, the right half factored, and its swaps applied to the left half.
// Leaves of a few columns are one work-group's kernel (lu.cl). The host only launches: no panel
// element crosses the bus.
#pragma once

#include <memory>

#include "support.hpp"

namespace tiles::algorithms {

// The kernel `name` of lu.cl, for `type`.
const kernel& lu_kernel(const char* name, element_type type);

// Where a matrix's factorization keeps its pivoting: `pivots`, n ints on the device (LAPACK's
// ipiv, from 0: row j swapped with row pivots[j] >= j), and `status`, an int per matrix of the
// stack, -1 until a column of matrix `matrix` has a zero pivot, then that column.
struct lu_pivoting {
    std::shared_ptr<storage> pivots, status;
    std::size_t matrix;
};

// Factors `panel`, a compact rows x width matrix on the device with rows >= width, whose row 0 is
// row `origin` of its matrix (and column 0 its column `origin`), in place with partial pivoting as
// LAPACK's getrf leaves it: L's multipliers below the diagonal, U on and above it, the rows
// swapped. Its pivots go to pivots[origin .. origin + width - 1].
void factor_panel(const std::shared_ptr<context>& context, element_type type, const std::shared_ptr<storage>& panel,
                  int rows, int width, int origin, const lu_pivoting& pivoting);

// The row swaps pivots[pivot_begin .. pivot_end - 1] applied in order to the `columns` columns
// of `data` from column_begin on; `data`'s rows are row_length elements and its row 0 is the
// matrix's row row_origin.
struct row_swaps {
    int pivot_begin, pivot_end;
};
void swap_rows(const std::shared_ptr<context>& context, element_type type, const std::shared_ptr<storage>& data,
               int row_length, int row_origin, int column_begin, int columns, const std::shared_ptr<storage>& pivots,
               const row_swaps& swaps);

// The inverses of a factored panel's unit lower triangle L11 and of its upper triangle U11, the
// panel's top width x width block, as new matrices on the device.
struct triangle_inverses {
    matrix_operand lower, upper;
};
triangle_inverses invert_triangles(const std::shared_ptr<context>& context, element_type type,
                                   const std::shared_ptr<storage>& panel, int width);

} // namespace tiles::algorithms
