// libtiles algorithms: solve, inv and slogdet, one matrix of a stack at a time, by blocked LU with
// partial pivoting (MAGMA's getrf) on a work matrix [A | B] on the device. For each panel of
// columns, the panel comes to the host, which chooses its pivots and factors it as getf2 does; the
// device swaps the chosen rows, forms U12 = L11^-1 A12 and the trailing update A22 - L21 U12 by
// gemm, B's columns riding along as L^-1 P B. The back substitution U X = L^-1 P B then runs panel
// by panel from the last, by gemm with the host's inverse of each diagonal triangle. slogdet needs
// the elimination alone, without B. Their descriptions: the faces' operands and element types.
#include "tiles/algorithms/lu.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "catalog.hpp"
#include "factor_transfer.hpp"
#include "lu_panel.hpp"
#include "support.hpp"
#include "tiles/algorithms/gemm.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {
namespace {

// The width of a panel: the host pivots rows x panel_width panels, and the updates' gemms are
// panel_width deep, enough for gemm's register-blocked kernel to run at speed.
constexpr int panel_width = 128;

// Swaps rows i and j of `work` over its columns from `first` on, through a row of its own.
void swap_rows(const std::shared_ptr<context>& context, element_type type, const matrix_operand& work, int i, int j,
               int first) {
    const int count = work.columns - first;
    const std::shared_ptr<storage> row = new_matrix(context, type, 1, count);
    engine::copy(*work.data, box_of(0, i, first, 1, count), *row, whole_of(*row));
    engine::copy(*work.data, box_of(0, j, first, 1, count), *work.data, box_of(0, i, first, 1, count));
    engine::copy(*row, whole_of(*row), *work.data, box_of(0, j, first, 1, count));
}

// work's rows first.. (as many as `multiples` has rows of width), from column `column` on, minus
// multiples times g: one gemm on a compact copy.
void subtract_multiples(const std::shared_ptr<context>& context, element_type type, const matrix_operand& work,
                        int first, const std::vector<double>& multiples, int width, const matrix_operand& g,
                        int column) {
    const int rows = int(multiples.size() / std::size_t(width));
    const matrix_operand block{new_matrix(context, type, rows, g.columns), rows, g.columns};
    const engine::box where = box_of(0, first, column, rows, g.columns);
    engine::copy(*work.data, where, *block.data, whole_of(*block.data));
    gemm(context, -1.0, uploaded_matrix(context, type, rows, width, multiples), g, 1.0, block, gemm_precision::exact);
    engine::copy(*block.data, whole_of(*block.data), *work.data, where);
}

struct elimination {
    int singular_column = -1;
    int sign = 1;
    double log_magnitude = 0;
    // Each panel's first column and the inverse of its triangle U11, for the back substitution.
    std::vector<std::pair<int, std::vector<double>>> upper_inverses;
};

// LU's elimination with partial pivoting of the n x n matrix in work's first n columns, the same
// row operations applied to the columns after them: the rows of each panel become U's (U11 kept on
// the host), the columns after A's become L^-1 P times what they held.
elimination eliminate(const std::shared_ptr<context>& context, element_type type, const matrix_operand& work, int n) {
    elimination result;
    for (int done = 0; done < n; done += panel_width) {
        const int width = std::min(panel_width, n - done), rows = n - done, first = done + width;
        const int right = work.columns - first;
        pivoted_panel panel =
            pivot_panel(downloaded(*work.data, box_of(0, done, done, rows, width), type), rows, width);
        if (panel.singular_column >= 0) return {done + panel.singular_column, 0, 0, {}};
        result.sign *= panel.sign;
        result.log_magnitude += panel.log_magnitude;
        result.upper_inverses.emplace_back(done, std::move(panel.upper_inverse));
        if (right == 0) continue;

        for (int j = 0; j < width; ++j)
            if (panel.swaps[std::size_t(j)] != j)
                swap_rows(context, type, work, done + j, done + panel.swaps[std::size_t(j)], first);
        // U12 = L11^-1 A12; L11 is unit lower triangular with multipliers of magnitude 1 at most,
        // so its inverse is well conditioned (unlike the diagonal block's own).
        const matrix_operand pivot_rows{new_matrix(context, type, width, right), width, right};
        const engine::box pivot_box = box_of(0, done, first, width, right);
        engine::copy(*work.data, pivot_box, *pivot_rows.data, whole_of(*pivot_rows.data));
        const matrix_operand u12{new_matrix(context, type, width, right), width, right};
        gemm(context, 1.0, uploaded_matrix(context, type, width, width, panel.lower_inverse), pivot_rows, 0.0, u12,
             gemm_precision::exact);
        engine::copy(*u12.data, whole_of(*u12.data), *work.data, pivot_box);
        if (rows > width) subtract_multiples(context, type, work, first, panel.multipliers, width, u12, first);
    }
    return result;
}

// The columns of work after its first n, L^-1 P B after eliminate, become X with U X = L^-1 P B:
// the panels from the last, X_i = U_ii^-1 (C_i - U_i,after X_after), by two gemms each.
void back_substitute(const std::shared_ptr<context>& context, element_type type, const matrix_operand& work, int n,
                     const elimination& eliminated) {
    const int k = work.columns - n;
    for (auto panel = eliminated.upper_inverses.rbegin(); panel != eliminated.upper_inverses.rend(); ++panel) {
        const int done = panel->first, width = std::min(panel_width, n - done), after = n - done - width;
        const matrix_operand c{new_matrix(context, type, width, k), width, k};
        const engine::box c_box = box_of(0, done, n, width, k);
        engine::copy(*work.data, c_box, *c.data, whole_of(*c.data));
        if (after > 0) {
            const matrix_operand u{new_matrix(context, type, width, after), width, after};
            const matrix_operand x{new_matrix(context, type, after, k), after, k};
            engine::copy(*work.data, box_of(0, done, done + width, width, after), *u.data, whole_of(*u.data));
            engine::copy(*work.data, box_of(0, done + width, n, after, k), *x.data, whole_of(*x.data));
            gemm(context, -1.0, u, x, 1.0, c, gemm_precision::exact);
        }
        const matrix_operand solved_rows{new_matrix(context, type, width, k), width, k};
        gemm(context, 1.0, uploaded_matrix(context, type, width, width, panel->second), c, 0.0, solved_rows,
             gemm_precision::exact);
        engine::copy(*solved_rows.data, whole_of(*solved_rows.data), *work.data, c_box);
    }
}

// Matrix `index` of `a` beside `right` columns of work, which `place` fills; the right columns
// become A^-1 times what they held. Throws invalid_argument where the matrix is singular.
template <class Place>
matrix_operand solved(const std::shared_ptr<context>& context, element_type type, const char* algorithm,
                      const matrix_operand& a, std::size_t index, std::size_t count, int right, const Place& place) {
    const int n = a.columns;
    const matrix_operand work{new_matrix(context, type, n, n + right), n, n + right};
    engine::copy(*a.data, box_of(index, 0, 0, n, n), *work.data, box_of(0, 0, 0, n, n));
    place(work);
    const elimination result = eliminate(context, type, work, n);
    if (result.singular_column >= 0)
        throw invalid_argument(std::string(algorithm) + ": " +
                               (count > 1 ? "matrix " + std::to_string(index) + " of the input" : "the input") +
                               " is singular: column " + std::to_string(result.singular_column) +
                               " has no nonzero pivot (LAPACK's info " + std::to_string(result.singular_column + 1) +
                               ")");
    back_substitute(context, type, work, n, result);
    return work;
}

// The count of `input`'s matrices, which must be square; invalid_argument naming the shape else.
std::size_t checked_square(const char* algorithm, const matrix_operand& input) {
    const dims3& dims = engine::dims_of(*input.data);
    if (dims[1] != std::size_t(input.columns))
        throw invalid_argument(std::string(algorithm) + ": the input's matrices are " +
                               shape_text(int(dims[1]), input.columns) + "; " + algorithm + " takes square matrices");
    return dims[0];
}

} // namespace

const algorithm_description& solve_description() {
    static const engine::immortal<algorithm_description> description([] {
        const std::vector<element_type> types{element_type::float32, element_type::float64};
        return algorithm_description{
            "solve",
            {read_matrices("a", "A", types), read_matrices("b", "B", types), written_matrices("x", "X", types)},
            {},
            "",
            {}};
    }());
    return *description;
}

const algorithm_description& inv_description() {
    static const engine::immortal<algorithm_description> description([] {
        const std::vector<element_type> types{element_type::float32, element_type::float64};
        return algorithm_description{
            "inv",
            {read_matrices("input", "the input", types), written_matrices("output", "the output", types)},
            {},
            "",
            {}};
    }());
    return *description;
}

const algorithm_description& slogdet_description() {
    static const engine::immortal<algorithm_description> description([] {
        const std::vector<element_type> types{element_type::float32, element_type::float64};
        return algorithm_description{"slogdet",
                                     {read_matrices("input", "the input", types),
                                      written_vectors("sign", "the signs", types),
                                      written_vectors("logabsdet", "the logarithms", types)},
                                     {},
                                     "",
                                     {}};
    }());
    return *description;
}

void solve(const std::shared_ptr<context>& context, const matrix_operand& a, const matrix_operand& b,
           const matrix_operand& x) {
    const char* const algorithm = solve_description().name;
    const element_type type = check_described(solve_description(), {&a, &b, &x}, *narrow(*context).device());
    const std::size_t count = checked_square(algorithm, a);
    const int n = a.columns, k = b.columns;
    check_same_element_type(algorithm, "B", b, "A", type);
    check_same_element_type(algorithm, "X", x, "A", type);
    check_shape(algorithm, "B", b, a.rows, k, "as many rows as A");
    check_shape(algorithm, "X", x, b.rows, k, "B's shape");
    check_not_aliased(algorithm, "X", x, "A", a);
    check_not_aliased(algorithm, "X", x, "B", b);
    if (engine::dims_of(*b.data)[0] != count || engine::dims_of(*x.data)[0] != count)
        throw invalid_argument("solve: B and X must be stacks of as many matrices as A");

    for (std::size_t index = 0; index < count; ++index) {
        const matrix_operand work = solved(context, type, algorithm, a, index, count, k, [&](const matrix_operand& w) {
            engine::copy(*b.data, box_of(index, 0, 0, n, k), *w.data, box_of(0, 0, n, n, k));
        });
        engine::copy(*work.data, box_of(0, 0, n, n, k), *x.data, box_of(index, 0, 0, n, k));
    }
}

void inv(const std::shared_ptr<context>& context, const matrix_operand& input, const matrix_operand& output) {
    const char* const algorithm = inv_description().name;
    const element_type type = check_described(inv_description(), {&input, &output}, *narrow(*context).device());
    const std::size_t count = checked_square(algorithm, input);
    const int n = input.columns;
    check_same_element_type(algorithm, "the output", output, "the input", type);
    check_shape(algorithm, "the output", output, input.rows, n, "the input's shape");
    check_not_aliased(algorithm, "the output", output, "the input", input);
    if (engine::dims_of(*output.data)[0] != count)
        throw invalid_argument("inv: the output must be a stack of as many matrices as the input");

    std::vector<double> identity(std::size_t(n) * n, 0.0);
    for (int i = 0; i < n; ++i) identity[std::size_t(i) * n + i] = 1;
    for (std::size_t index = 0; index < count; ++index) {
        const matrix_operand work =
            solved(context, type, algorithm, input, index, count, n,
                   [&](const matrix_operand& w) { uploaded(*w.data, box_of(0, 0, n, n, n), type, identity); });
        engine::copy(*work.data, box_of(0, 0, n, n, n), *output.data, box_of(index, 0, 0, n, n));
    }
}

void slogdet(const std::shared_ptr<context>& context, const matrix_operand& input, const matrix_operand& sign,
             const matrix_operand& logabsdet) {
    const char* const algorithm = slogdet_description().name;
    const element_type type =
        check_described(slogdet_description(), {&input, &sign, &logabsdet}, *narrow(*context).device());
    const std::size_t count = checked_square(algorithm, input);
    const int n = input.columns;
    check_same_element_type(algorithm, "the signs", sign, "the input", type);
    check_same_element_type(algorithm, "the logarithms", logabsdet, "the input", type);
    for (const matrix_operand* values : {&sign, &logabsdet})
        if (std::size_t(values->rows) * std::size_t(values->columns) != count)
            throw invalid_argument("slogdet: " + std::string(values == &sign ? "the signs" : "the logarithms") +
                                   " hold " + std::to_string(std::size_t(values->rows) * values->columns) +
                                   " values but the input has " + std::to_string(count) + " matrices");
    check_not_aliased(algorithm, "the signs", sign, "the input", input);
    check_not_aliased(algorithm, "the logarithms", logabsdet, "the input", input);
    check_not_aliased(algorithm, "the logarithms", logabsdet, "the signs", sign);

    std::vector<double> signs, logarithms;
    for (std::size_t index = 0; index < count; ++index) {
        const matrix_operand work{new_matrix(context, type, n, n), n, n};
        engine::copy(*input.data, box_of(index, 0, 0, n, n), *work.data, whole_of(*work.data));
        const elimination result = eliminate(context, type, work, n);
        signs.push_back(result.sign);
        logarithms.push_back(result.singular_column >= 0 ? -std::numeric_limits<double>::infinity()
                                                         : result.log_magnitude);
    }
    uploaded(*sign.data, whole_of(*sign.data), type, signs);
    uploaded(*logabsdet.data, whole_of(*logabsdet.data), type, logarithms);
}

catalog_entry lu_in_catalog() { return {{&solve_description(), &inv_description(), &slogdet_description()}, {}}; }

} // namespace tiles::algorithms
