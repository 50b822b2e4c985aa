// libtiles algorithms: qr, blocked Householder QR in the compact WY form (MAGMA's geqrf and
// orgqr): each panel of the trailing matrix is factored on the device (qr_panel.hpp), into its
// reflectors V and the triangle T with H_1 ... H_w = I - V T V^T; the trailing matrix becomes
// A22 - V * (T^T * (V^T * A22)) by three gemms on the device. Q is then formed the same way,
// applying the panels in reverse to the identity's first columns. The trailing matrix is a compact
// array of its own, as in cholesky, since gemm takes whole arrays. Its description: the faces'
// operands and element types.
#include "tiles/algorithms/qr.hpp"

#include <algorithm>
#include <vector>

#include "catalog.hpp"
#include "factor_transfer.hpp"
#include "qr_panel.hpp"
#include "support.hpp"
#include "tiles/algorithms/gemm.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {
namespace {

// The width of a panel: the rows x panel_width panels are factored on the device (qr_panel.hpp),
// and the gemms of the updates are panel_width deep, enough for gemm's register-blocked kernel to
// run at speed.
constexpr int panel_width = 128;

// c -= V * (T' * (V^T * c)): the block reflector (T' = T) or its transpose (T' = T^T) applied to c.
void apply_block(const std::shared_ptr<context>& context, element_type type, const device_panel& panel,
                 const matrix_operand& t, const matrix_operand& c) {
    const matrix_operand projected{new_matrix(context, type, panel.width, c.columns), panel.width, c.columns};
    gemm(context, 1.0, panel.v_transposed, c, 0.0, projected, gemm_precision::exact);
    const matrix_operand scaled{new_matrix(context, type, panel.width, c.columns), panel.width, c.columns};
    gemm(context, 1.0, t, projected, 0.0, scaled, gemm_precision::exact);
    gemm(context, -1.0, panel.v, scaled, 1.0, c, gemm_precision::exact);
}

struct qr_shape {
    int m, n, k, q_columns, r_rows;
};

// Factors matrix `index` of `input`: R into the same matrix of `r`; returns the panels for Q.
std::vector<device_panel> factor_matrix(const std::shared_ptr<context>& context, const matrix_operand& input,
                                        std::size_t index, const qr_shape& s, const matrix_operand& r) {
    const element_type type = element_type_of(input);
    std::vector<device_panel> panels;
    std::shared_ptr<storage> trailing = new_matrix(context, type, s.m, s.n);
    engine::copy_async(*input.data, box_of(index, 0, 0, s.m, s.n), *trailing, box_of(0, 0, 0, s.m, s.n));
    for (int done = 0; done < s.k; done += panel_width) {
        const int width = std::min(panel_width, s.k - done), rows = s.m - done, rest = s.n - done - width;
        const std::shared_ptr<storage> panel = new_matrix(context, type, rows, width);
        engine::copy_async(*trailing, box_of(0, 0, 0, rows, width), *panel, whole_of(*panel));
        panels.push_back(factor_panel(context, type, panel, rows, width, done));
        // Row block `done`.. of R: zeros left of the panel's triangle, its R beside them.
        copy_panel_part(context, type, panel, width, {0, -done, width, done + width}, true, r.data,
                        int((index * s.r_rows + done) * s.n), s.n);
        if (rest == 0) continue;

        const matrix_operand a22{new_matrix(context, type, rows, rest), rows, rest};
        engine::copy_async(*trailing, box_of(0, 0, width, rows, rest), *a22.data, whole_of(*a22.data));
        apply_block(context, type, panels.back(), panels.back().t_transposed, a22);
        engine::copy_async(*a22.data, box_of(0, 0, 0, width, rest), *r.data,
                           box_of(index, done, done + width, width, rest));
        if (rows == width) break;
        trailing = new_matrix(context, type, rows - width, rest);
        engine::copy_async(*a22.data, box_of(0, width, 0, rows - width, rest), *trailing,
                           box_of(0, 0, 0, rows - width, rest));
    }
    if (s.r_rows > s.k)
        write_identity(context, type, r.data, int((index * s.r_rows + s.k) * s.n), s.n, s.r_rows - s.k, s.n, s.n);
    return panels;
}

// Q's matrix `index`: the identity's first q_columns columns, the panels applied in reverse.
void form_q(const std::shared_ptr<context>& context, element_type type, const std::vector<device_panel>& panels,
            std::size_t index, const qr_shape& s, const matrix_operand& q) {
    write_identity(context, type, q.data, int(index * s.m * s.q_columns), s.q_columns, s.m, s.q_columns, 0);
    // Columns left of a panel are zero in its rows until an earlier panel is applied, so each
    // panel updates only the block below and right of its corner.
    for (auto panel = panels.rbegin(); panel != panels.rend(); ++panel) {
        const int rows = s.m - panel->first, columns = s.q_columns - panel->first;
        const matrix_operand block{new_matrix(context, type, rows, columns), rows, columns};
        const engine::box corner = box_of(index, panel->first, panel->first, rows, columns);
        engine::copy_async(*q.data, corner, *block.data, whole_of(*block.data));
        apply_block(context, type, *panel, panel->t, block);
        engine::copy_async(*block.data, whole_of(*block.data), *q.data, corner);
    }
}

} // namespace

const algorithm_description& qr_description() {
    static const engine::immortal<algorithm_description> description([] {
        const std::vector<element_type> types{element_type::float32, element_type::float64};
        return algorithm_description{"qr",
                                     {read_matrices("input", "the input", types),
                                      written_matrices("q", "the orthogonal factor", types),
                                      written_matrices("r", "the triangular factor", types)},
                                     {"complete"},
                                     "",
                                     {}};
    }());
    return *description;
}

void qr(const std::shared_ptr<context>& context, const matrix_operand& input, bool complete, const matrix_operand& q,
        const matrix_operand& r) {
    const char* const algorithm = qr_description().name;
    const element_type type = check_described(qr_description(), {&input, &q, &r}, *narrow(*context).device());
    const dims3& dims = engine::dims_of(*input.data);
    const int m = int(dims[1]), n = input.columns, k = std::min(m, n);
    const qr_shape shape{m, n, k, complete ? m : k, complete ? m : k};
    check_same_element_type(algorithm, "the orthogonal factor", q, "the input", type);
    check_same_element_type(algorithm, "the triangular factor", r, "the input", type);
    check_shape(algorithm, "the orthogonal factor", q, dims[0] * std::size_t(m), shape.q_columns,
                complete ? "the input's rows, square" : "the input's rows by the smaller of its rows and columns");
    check_shape(algorithm, "the triangular factor", r, dims[0] * std::size_t(shape.r_rows), n,
                complete ? "the input's shape" : "the smaller of the input's rows and columns by its columns");
    check_not_aliased(algorithm, "the orthogonal factor", q, "the input", input);
    check_not_aliased(algorithm, "the triangular factor", r, "the input", input);
    check_not_aliased(algorithm, "the triangular factor", r, "the orthogonal factor", q);
    if (engine::dims_of(*q.data)[0] != dims[0] || engine::dims_of(*r.data)[0] != dims[0])
        throw invalid_argument("qr: the factors must be stacks of as many matrices as the input");
    if (k == 0) return;

    for (std::size_t index = 0; index < dims[0]; ++index)
        form_q(context, type, factor_matrix(context, input, index, shape, r), index, shape, q);
}

catalog_entry qr_in_catalog() { return {{&qr_description()}, {}}; }

} // namespace tiles::algorithms
