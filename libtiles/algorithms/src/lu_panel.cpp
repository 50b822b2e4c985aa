// libtiles algorithms: the LU algorithms' panels on the device (lu_panel.hpp). The gemm's
// operands are compact copies on the device, since gemm takes whole arrays.
#include "lu_panel.hpp"

#include <string>

#include "factor_transfer.hpp"
#include "tiles/algorithms/gemm.hpp"

extern const char tiles_kernel_lu[];

namespace tiles::algorithms {
namespace {

// The most columns of a leaf, as qr's leaves: the halves above the leaves make gemms of some depth.
constexpr int leaf_width = 16;

// The work-items of a leaf's one work-group: a power of two for its pivot search's halving, and a
// multiple of leaf_width for its update. At every column each walks its share of the panel's
// rows: on GPUs, 1024 (or the most the device runs) keep that share short; on CPUs, where a
// work-group is one core's loop, 128.
int leaf_work_items(const device_info& device) {
    int items = 128;
    while (!device.is_cpu() && items < 1024 && std::size_t(items) * 2 <= device.max_work_group_size) items *= 2;
    return items;
}

// The tile of the launches of a work-item per column.
constexpr int column_tile = 64;

// The panel being factored: its storage, rows x width, and where its pivoting goes.
struct panel_in_work {
    const std::shared_ptr<context>& work_context;
    element_type type;
    const std::shared_ptr<storage>& data;
    int rows, width, origin;
    const lu_pivoting& pivoting;
};

// Columns first .. first + count - 1 of the panel as one leaf.
void factor_leaf(const panel_in_work& p, int first, int count) {
    const int items = leaf_work_items(*narrow(*p.work_context).device());
    launch_algorithm(p.work_context, covering_domain(items, items), lu_kernel("lu_leaf", p.type),
                     std::array<launch_arg, 9>{output_arg(p.data), scalar_arg(p.rows), scalar_arg(p.width),
                                               scalar_arg(p.origin), scalar_arg(first), scalar_arg(count),
                                               output_arg(p.pivoting.pivots), output_arg(p.pivoting.status),
                                               scalar_arg(int(p.pivoting.matrix))});
}

// The panel's rows first .. first + count - 1 in `columns` columns from column_begin on become
// L11^-1 times what they held, L11 the unit lower triangle of the count columns from first.
void solve_lower(const panel_in_work& p, int first, int count, int column_begin, int columns) {
    launch_algorithm(p.work_context, covering_domain(columns, column_tile), lu_kernel("lu_lower_solve", p.type),
                     std::array<launch_arg, 6>{output_arg(p.data), scalar_arg(p.width), scalar_arg(first),
                                               scalar_arg(count), scalar_arg(column_begin), scalar_arg(columns)});
}

// The panel's swaps of columns first .. first + count - 1 applied to its `columns` columns from
// column_begin on.
void swap_panel_rows(const panel_in_work& p, int first, int count, int column_begin, int columns) {
    swap_rows(p.work_context, p.type, p.data, p.width, p.origin, column_begin, columns, p.pivoting.pivots,
              {p.origin + first, p.origin + first + count});
}

// Columns first .. first + count - 1 of the panel, their diagonal from row `first` down: the left
// half; then the right half's rows swapped as the left half's, its top rows U12 = L11^-1 A12 and
// those below A22 - L21 U12; then the right half, whose swaps the left half's rows follow.
void factor_columns(const panel_in_work& p, int first, int count) {
    if (count <= leaf_width) return factor_leaf(p, first, count);
    const int left = (count / 2 + leaf_width - 1) / leaf_width * leaf_width, right = count - left;
    const int middle = first + left, below = p.rows - middle; // below >= right: the panel is tall
    factor_columns(p, first, left);

    swap_panel_rows(p, first, left, middle, right);
    solve_lower(p, first, left, middle, right);
    const matrix_operand l21 = compact_copy(p.work_context, p.type, *p.data, middle, first, below, left);
    const matrix_operand u12 = compact_copy(p.work_context, p.type, *p.data, first, middle, left, right);
    const matrix_operand a22 = compact_copy(p.work_context, p.type, *p.data, middle, middle, below, right);
    gemm(p.work_context, -1.0, l21, u12, 1.0, a22, gemm_precision::exact);
    copy_back(a22, *p.data, middle, middle);

    factor_columns(p, middle, right);
    swap_panel_rows(p, middle, right, first, left);
}

} // namespace

const kernel& lu_kernel(const char* name, element_type type) {
    return algorithm_kernel(tiles_kernel_lu, name, type, "-DLEAF_WIDTH=" + std::to_string(leaf_width));
}

void factor_panel(const std::shared_ptr<context>& context, element_type type, const std::shared_ptr<storage>& panel,
                  int rows, int width, int origin, const lu_pivoting& pivoting) {
    factor_columns({context, type, panel, rows, width, origin, pivoting}, 0, width);
}

void swap_rows(const std::shared_ptr<context>& context, element_type type, const std::shared_ptr<storage>& data,
               int row_length, int row_origin, int column_begin, int columns, const std::shared_ptr<storage>& pivots,
               const row_swaps& swaps) {
    launch_algorithm(context, covering_domain(columns, column_tile), lu_kernel("lu_swap_rows", type),
                     std::array<launch_arg, 8>{output_arg(data), scalar_arg(row_length), scalar_arg(row_origin),
                                               scalar_arg(column_begin), scalar_arg(columns), input_arg(pivots),
                                               scalar_arg(swaps.pivot_begin), scalar_arg(swaps.pivot_end)});
}

triangle_inverses invert_triangles(const std::shared_ptr<context>& context, element_type type,
                                   const std::shared_ptr<storage>& panel, int width) {
    const triangle_inverses result{{new_matrix(context, type, width, width), width, width},
                                   {new_matrix(context, type, width, width), width, width}};
    launch_algorithm(context, covering_domain(width, column_tile), lu_kernel("lu_triangle_inverses", type),
                     std::array<launch_arg, 4>{input_arg(panel), scalar_arg(width), output_arg(result.lower.data),
                                               output_arg(result.upper.data)});
    return result;
}

} // namespace tiles::algorithms
