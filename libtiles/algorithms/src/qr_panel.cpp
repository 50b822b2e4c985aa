// libtiles algorithms: qr's panel on the device (qr_panel.hpp). The halves' operands are compact
// copies on the device, as everywhere gemm is used, since gemm takes whole arrays.
#include "qr_panel.hpp"

#include <string>

#include "factor_transfer.hpp"
#include "qr_tall_leaf.hpp"
#include "tiles/algorithms/gemm.hpp"
#include "tiles/algorithms/transpose.hpp"

extern const char tiles_kernel_qr[];

namespace tiles::algorithms {
namespace {

// The most columns of a leaf: narrow enough that a work-item keeps a leaf row's dot products in
// registers, wide enough that the halves above the leaves make gemms of some depth.
constexpr int leaf_width = 16;
// The work-items of a leaf's one work-group (qr_leaf's local memory is 16 elements each).
constexpr int leaf_work_items = 128;
// The tile of qr_triangle's launches.
constexpr int part_tile = 8;

// The options qr.cl's kernels are built with. UPPER picks qr_triangle's part; the other kernels
// take UPPER 0, so that they share one program with the reflectors' copy.
std::string kernel_options(bool upper) {
    return "-DLEAF_WIDTH=" + std::to_string(leaf_width) + " -DUPPER=" + (upper ? "1" : "0");
}

// How a device's leaves are factored: the most rows (from the leaf's first) that one work-group
// factors before a leaf is spread over many, and the work-items of each of those. One work-group
// reads the leaf once a column, at one compute unit's bandwidth; spread, the leaf costs a launch a
// column. On GPUs the spread leaf wins from a few hundred rows on (BENCHMARKS.md, 2026-11-29); on
// CPUs, where a work-group is one core's loop and a launch costs more, from 1024.
struct leaf_shape {
    int one_group_rows, spread_work_items;
};

leaf_shape leaf_shape_of(const device_info& device) {
    if (device.is_cpu()) return {1024, leaf_work_items};
    int items = leaf_work_items;
    while (items < 512 && std::size_t(items) * 2 <= device.max_work_group_size) items *= 2;
    return {256, items};
}

// The panel being factored: its storage, rows x width, and its triangle T, width x width.
struct panel_in_work {
    const std::shared_ptr<context>& work_context;
    element_type type;
    const std::shared_ptr<storage>& data;
    int rows, width;
    std::shared_ptr<storage> t;
    leaf_shape leaves;
};

// Columns first .. first + count - 1 of the panel as one leaf, with their rows of T: in one
// work-group, or over many where the leaf is tall.
void factor_leaf(const panel_in_work& p, int first, int count) {
    if (p.rows - first > p.leaves.one_group_rows)
        return factor_tall_leaf({p.work_context, p.type, kernel_options(false), p.data, p.rows, p.width, p.t}, first,
                                count, p.leaves.spread_work_items);
    launch_algorithm(p.work_context, covering_domain(leaf_work_items, leaf_work_items),
                     algorithm_kernel(tiles_kernel_qr, "qr_leaf", p.type, kernel_options(false)),
                     std::array<launch_arg, 6>{output_arg(p.data), scalar_arg(p.rows), scalar_arg(p.width),
                                               scalar_arg(first), scalar_arg(count), output_arg(p.t)});
}

// A compact copy of the panel's reflectors V in `part`.
matrix_operand reflectors_copy(const panel_in_work& p, const panel_part& part) {
    const matrix_operand copy{new_matrix(p.work_context, p.type, part.rows, part.columns), part.rows, part.columns};
    copy_panel_part(p.work_context, p.type, p.data, p.width, part, false, copy.data, 0, part.columns);
    return copy;
}

// m^T, a new matrix.
matrix_operand transposed_copy(const panel_in_work& p, const matrix_operand& m) {
    const matrix_operand result{new_matrix(p.work_context, p.type, m.columns, m.rows), m.columns, m.rows};
    transpose(p.work_context, m, result);
    return result;
}

// alpha a b, a new matrix.
matrix_operand product(const panel_in_work& p, double alpha, const matrix_operand& a, const matrix_operand& b) {
    const matrix_operand result{new_matrix(p.work_context, p.type, a.rows, b.columns), a.rows, b.columns};
    gemm(p.work_context, alpha, a, b, 0.0, result, gemm_precision::exact);
    return result;
}

// Columns first .. first + count - 1 of the panel, their diagonal from row `first` down: the left
// half, then the right half updated by H_left^T = I - V1 T1^T V1^T, then the right half; T's
// block right of T1 and above T2 is -T1 (V1^T V2) T2.
void factor_columns(const panel_in_work& p, int first, int count) {
    if (count <= leaf_width) return factor_leaf(p, first, count);
    const int left = (count / 2 + leaf_width - 1) / leaf_width * leaf_width, right = count - left;
    const int rows = p.rows - first;
    factor_columns(p, first, left);

    const matrix_operand v1 = reflectors_copy(p, {first, first, rows, left}), v1_transposed = transposed_copy(p, v1);
    const matrix_operand t1 = compact_copy(p.work_context, p.type, *p.t, first, first, left, left);
    const matrix_operand a2 = compact_copy(p.work_context, p.type, *p.data, first, first + left, rows, right);
    const matrix_operand scaled = product(p, 1.0, transposed_copy(p, t1), product(p, 1.0, v1_transposed, a2));
    gemm(p.work_context, -1.0, v1, scaled, 1.0, a2, gemm_precision::exact);
    copy_back(a2, *p.data, first, first + left);

    factor_columns(p, first + left, right);
    const matrix_operand v2 = reflectors_copy(p, {first, first + left, rows, right});
    const matrix_operand t2 = compact_copy(p.work_context, p.type, *p.t, first + left, first + left, right, right);
    copy_back(product(p, -1.0, product(p, 1.0, t1, product(p, 1.0, v1_transposed, v2)), t2), *p.t, first, first + left);
}

} // namespace

device_panel factor_panel(const std::shared_ptr<context>& context, element_type type,
                          const std::shared_ptr<storage>& panel, int rows, int width, int first) {
    const panel_in_work p{context,
                          type,
                          panel,
                          rows,
                          width,
                          new_matrix(context, type, width, width),
                          leaf_shape_of(*narrow(*context).device())};
    factor_columns(p, 0, width);
    const matrix_operand v = reflectors_copy(p, {0, 0, rows, width}), t{p.t, width, width};
    return {first, width, v, transposed_copy(p, v), t, transposed_copy(p, t)};
}

void copy_panel_part(const std::shared_ptr<context>& context, element_type type, const std::shared_ptr<storage>& panel,
                     int width, const panel_part& part, bool upper, const std::shared_ptr<storage>& output, int offset,
                     int output_width) {
    launch_algorithm(context, covering_domain(part.rows, part.columns, part_tile, part_tile),
                     algorithm_kernel(tiles_kernel_qr, "qr_triangle", type, kernel_options(upper)),
                     std::array<launch_arg, 9>{input_arg(panel), scalar_arg(width), scalar_arg(part.row),
                                               scalar_arg(part.column), output_arg(output), scalar_arg(offset),
                                               scalar_arg(output_width), scalar_arg(part.rows),
                                               scalar_arg(part.columns)});
}

void write_identity(const std::shared_ptr<context>& context, element_type type, const std::shared_ptr<storage>& output,
                    int offset, int output_width, int rows, int columns, int diagonal) {
    launch_algorithm(context, covering_domain(rows, columns, part_tile, part_tile),
                     algorithm_kernel(tiles_kernel_qr, "qr_identity", type, kernel_options(false)),
                     std::array<launch_arg, 6>{output_arg(output), scalar_arg(offset), scalar_arg(output_width),
                                               scalar_arg(rows), scalar_arg(columns), scalar_arg(diagonal)});
}

} // namespace tiles::algorithms
