// libtiles algorithms: qr's panel on the device, factored recursively as Elmroth and Gustavson's
// recursive QR (LAPACK's geqrt3): the left half of the columns factored, the right half updated
// by the left half's compact WY form through gemm, the right half factored, and the triangle T
// joined from the halves' by gemm. Leaves of a few columns are one work-group's kernel (qr.cl),
// or, on tall panels, kernels over many work-groups (qr_tall_leaf.hpp).
// The host only launches: no panel element crosses the bus.
#pragma once

#include <memory>

#include "support.hpp"

namespace tiles::algorithms {

// A panel's reflectors H_j = I - tau_j v_j v_j^T on the device, with H_1 ... H_w = I - V T V^T:
// V (rows x width, unit lower trapezoidal), V^T, T (width x width, upper triangular) and T^T,
// the panel's first row being row `first` of its matrix.
struct device_panel {
    int first, width;
    matrix_operand v, v_transposed, t, t_transposed;
};

// Factors `panel`, a compact rows x width matrix on the device with rows >= width, in place as
// LAPACK's geqrf leaves it (R on and above the diagonal, the reflectors below) and returns its
// reflectors. A column already zero below its diagonal gets tau 0 (H = I), so a rank-deficient
// panel gives zeros on R's diagonal, never NaNs.
device_panel factor_panel(const std::shared_ptr<context>& context, element_type type,
                          const std::shared_ptr<storage>& panel, int rows, int width, int first);

// The part of a factored panel (of `width` columns) whose (0, 0) is its (row, column), rows x
// columns of it, into `output` from element `offset` on, `output_width` elements a row: R's
// triangle with zeros below the diagonal (`upper`), or the reflectors V with ones on the diagonal
// and zeros above it. `column` may be negative: R's zeros left of the panel.
struct panel_part {
    int row, column, rows, columns;
};
void copy_panel_part(const std::shared_ptr<context>& context, element_type type, const std::shared_ptr<storage>& panel,
                     int width, const panel_part& part, bool upper, const std::shared_ptr<storage>& output, int offset,
                     int output_width);

// Writes ones where j == i + diagonal and zeros elsewhere into the rows x columns of `output` from
// element `offset` on, `output_width` elements a row: the identity's first columns (diagonal 0),
// or zeros alone (diagonal `columns`).
void write_identity(const std::shared_ptr<context>& context, element_type type, const std::shared_ptr<storage>& output,
                    int offset, int output_width, int rows, int columns, int diagonal);

} // namespace tiles::algorithms
