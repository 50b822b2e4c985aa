// libtiles algorithms: solve, inv and slogdet, one matrix of a stack at a time, by blocked LU with
// partial pivoting (MAGMA's getrf) on a work matrix [A | B] on the device. Each panel of columns
// is factored on the device (lu_panel.hpp); the rows right of it are swapped as its pivots say,
// and U12 = L11^-1 A12 and the trailing update A22 - L21 U12 are gemms, B's columns riding along
// as L^-1 P B. The back substitution U X = L^-1 P B then runs panel by panel from the last, by
// gemm with the inverse of each diagonal triangle. slogdet needs the elimination alone, without
// B. A zero pivot sets its matrix's status on the device, which the host reads once, at the end.
// Their descriptions: the faces' operands and element types.
#include "tiles/algorithms/lu.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "factor_transfer.hpp"
#include "lu_panel.hpp"
#include "qr_panel.hpp"
#include "support.hpp"
#include "tiles/algorithms/gemm.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {
namespace {

// The width of a panel: the rows x panel_width panels are factored on the device (lu_panel.hpp),
// and the updates' gemms are panel_width deep, enough for gemm's register-blocked kernel to run
// at speed.
constexpr int panel_width = 128;
// The work-items of lu_determinant's one work-group.
constexpr int determinant_work_items = 128;

// Each panel's first column and the inverse of its triangle U11, for the back substitution.
using upper_inverses = std::vector<std::pair<int, matrix_operand>>;

// LU's elimination with partial pivoting of the n x n matrix in work's first n columns, in place
// as LAPACK's getrf leaves it but for L's rows left of each panel, which nothing reads again and
// which are not swapped; the same row operations are applied to the columns after A's, which
// become L^-1 P times what they held. Returns the inverses of the panels' triangles U11.
upper_inverses eliminate(const std::shared_ptr<context>& context, element_type type, const matrix_operand& work, int n,
                         const lu_pivoting& pivoting) {
    upper_inverses result;
    for (int done = 0; done < n; done += panel_width) {
        const int width = std::min(panel_width, n - done), rows = n - done, first = done + width;
        const int right = work.columns - first;
        const matrix_operand panel = compact_copy(context, type, *work.data, done, done, rows, width);
        factor_panel(context, type, panel.data, rows, width, done, pivoting);
        copy_back(panel, *work.data, done, done);
        triangle_inverses inverses = invert_triangles(context, type, panel.data, width);
        result.emplace_back(done, std::move(inverses.upper));
        if (right == 0) continue;

        swap_rows(context, type, work.data, work.columns, 0, first, right, pivoting.pivots, {done, first});
        // U12 = L11^-1 A12; L11 is unit lower triangular with multipliers of magnitude 1 at most,
        // so its inverse is well conditioned (unlike the diagonal block's own).
        const matrix_operand pivot_rows = compact_copy(context, type, *work.data, done, first, width, right);
        const matrix_operand u12{new_matrix(context, type, width, right), width, right};
        gemm(context, 1.0, inverses.lower, pivot_rows, 0.0, u12, gemm_precision::exact);
        copy_back(u12, *work.data, done, first);
        if (rows == width) continue;
        const matrix_operand l21 = compact_copy(context, type, *panel.data, width, 0, rows - width, width);
        const matrix_operand a22 = compact_copy(context, type, *work.data, first, first, rows - width, right);
        gemm(context, -1.0, l21, u12, 1.0, a22, gemm_precision::exact);
        copy_back(a22, *work.data, first, first);
    }
    return result;
}

// The columns of work after its first n, L^-1 P B after eliminate, become X with U X = L^-1 P B:
// the panels from the last, X_i = U_ii^-1 (C_i - U_i,after X_after), by two gemms each.
void back_substitute(const std::shared_ptr<context>& context, element_type type, const matrix_operand& work, int n,
                     const upper_inverses& inverses) {
    const int k = work.columns - n;
    for (auto panel = inverses.rbegin(); panel != inverses.rend(); ++panel) {
        const int done = panel->first, width = panel->second.rows, after = n - done - width;
        const matrix_operand c = compact_copy(context, type, *work.data, done, n, width, k);
        if (after > 0) {
            const matrix_operand u = compact_copy(context, type, *work.data, done, done + width, width, after);
            const matrix_operand x = compact_copy(context, type, *work.data, done + width, n, after, k);
            gemm(context, -1.0, u, x, 1.0, c, gemm_precision::exact);
        }
        const matrix_operand solved_rows{new_matrix(context, type, width, k), width, k};
        gemm(context, 1.0, panel->second, c, 0.0, solved_rows, gemm_precision::exact);
        copy_back(solved_rows, *work.data, done, n);
    }
}

// The pivoting of a stack of `count` n x n matrices: its status all -1 (no zero pivot yet).
lu_pivoting new_pivoting(const std::shared_ptr<context>& context, int n, std::size_t count) {
    const lu_pivoting pivoting{new_matrix(context, element_type::int32, 1, n),
                               new_matrix(context, element_type::int32, 1, int(count)), 0};
    const std::vector<int> none(count, -1);
    engine::copy_in(*pivoting.status, whole_of(*pivoting.status), none.data());
    return pivoting;
}

// Throws invalid_argument naming the first matrix of the stack whose status names a column with
// no nonzero pivot: the statuses' one read, after every matrix was factored.
void refuse_singular(const char* algorithm, const lu_pivoting& pivoting, std::size_t count) {
    std::vector<int> status(count);
    engine::copy_out(*pivoting.status, whole_of(*pivoting.status), status.data());
    const auto singular = std::find_if(status.begin(), status.end(), [](int column) { return column >= 0; });
    if (singular == status.end()) return;
    const std::size_t index = std::size_t(singular - status.begin());
    throw invalid_argument(std::string(algorithm) + ": " +
                           (count > 1 ? "matrix " + std::to_string(index) + " of the input" : "the input") +
                           " is singular: column " + std::to_string(*singular) +
                           " has no nonzero pivot (LAPACK's info " + std::to_string(*singular + 1) + ")");
}

// Refuses A (n x n) beside `right` columns past what the panel's kernels index in int.
void check_work_size(const char* algorithm, int n, int right) {
    const std::int64_t elements = std::int64_t(n) * (std::int64_t(n) + right);
    if (elements > INT_MAX)
        throw invalid_argument(std::string(algorithm) + ": A (" + shape_text(n, n) + ") beside " +
                               std::to_string(right) + " more columns is " + std::to_string(elements) +
                               " elements, past the " + std::to_string(INT_MAX) + " the factorization's kernels index");
}

// Matrix `index` of `a` beside `right` columns of work, which `place` fills; the right columns
// become A^-1 times what they held unless the matrix is singular, which its status then says.
template <class Place>
matrix_operand solved(const std::shared_ptr<context>& context, element_type type, const matrix_operand& a,
                      std::size_t index, int right, const lu_pivoting& pivoting, const Place& place) {
    const int n = a.columns;
    const matrix_operand work{new_matrix(context, type, n, n + right), n, n + right};
    engine::copy_async(*a.data, box_of(index, 0, 0, n, n), *work.data, box_of(0, 0, 0, n, n));
    place(work);
    back_substitute(context, type, work, n,
                    eliminate(context, type, work, n, {pivoting.pivots, pivoting.status, index}));
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
    check_work_size(algorithm, n, k);

    const lu_pivoting pivoting = new_pivoting(context, n, count);
    for (std::size_t index = 0; index < count; ++index) {
        const matrix_operand work = solved(context, type, a, index, k, pivoting, [&](const matrix_operand& w) {
            engine::copy_async(*b.data, box_of(index, 0, 0, n, k), *w.data, box_of(0, 0, n, n, k));
        });
        engine::copy_async(*work.data, box_of(0, 0, n, n, k), *x.data, box_of(index, 0, 0, n, k));
    }
    refuse_singular(algorithm, pivoting, count);
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
    check_work_size(algorithm, n, n);

    const lu_pivoting pivoting = new_pivoting(context, n, count);
    for (std::size_t index = 0; index < count; ++index) {
        const matrix_operand work = solved(context, type, input, index, n, pivoting, [&](const matrix_operand& w) {
            write_identity(context, type, w.data, n, 2 * n, n, n, 0);
        });
        engine::copy_async(*work.data, box_of(0, 0, n, n, n), *output.data, box_of(index, 0, 0, n, n));
    }
    refuse_singular(algorithm, pivoting, count);
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

    const lu_pivoting pivoting = new_pivoting(context, n, count);
    const matrix_operand work{new_matrix(context, type, n, n), n, n};
    for (std::size_t index = 0; index < count; ++index) {
        engine::copy_async(*input.data, box_of(index, 0, 0, n, n), *work.data, whole_of(*work.data));
        eliminate(context, type, work, n, {pivoting.pivots, pivoting.status, index});
        launch_algorithm(
            context, covering_domain(determinant_work_items, determinant_work_items), lu_kernel("lu_determinant", type),
            std::array<launch_arg, 8>{input_arg(work.data), scalar_arg(n), scalar_arg(n), input_arg(pivoting.pivots),
                                      input_arg(pivoting.status), scalar_arg(int(index)), output_arg(sign.data),
                                      output_arg(logabsdet.data)});
    }
}

catalog_entry lu_in_catalog() { return {{&solve_description(), &inv_description(), &slogdet_description()}, {}}; }

} // namespace tiles::algorithms
