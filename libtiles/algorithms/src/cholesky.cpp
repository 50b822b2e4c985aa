// libtiles algorithms: cholesky, blocked right-looking (MAGMA's potrf, one block column at a time):
// one work-group factors the diagonal block of the trailing matrix (L11) and inverts the factor
// (cholesky.cl); the panel below it becomes L21 = A21 * L11^-T by gemm, and the trailing matrix
// A22 - L21 * L21^T by gemm, all on the device. The trailing matrix is a compact array of its
// own, a copy on the device of its box of the last one, since gemm takes whole arrays; its
// buffers are made once (cholesky_spaces). A last launch writes each factor's triangle, and zeros
// in the other, into the output. Its description: the faces' operands and element types.
#include "tiles/algorithms/cholesky.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "factor_transfer.hpp"
#include "support.hpp"
#include "tiles/algorithms/gemm.hpp"
#include "tiles/algorithms/transpose.hpp"
#include "tiles/exceptions.hpp"

extern const char tiles_kernel_cholesky[];

namespace tiles::algorithms {
namespace {

// The width of a block column: one work-group factors each panel_width x panel_width block,
// and gemm's trailing updates are panel_width deep, enough for its register-blocked kernel to run
// at speed. The work-group is block_grid x block_grid work-items, each keeping a block_part x
// block_part part of the block in registers.
constexpr int panel_width = 128;
constexpr int block_grid = 16;
constexpr int block_part = panel_width / block_grid;
// The tile of the launch that writes the triangles.
constexpr int triangle_tile = 8;

// The options cholesky.cl is built with: UPPER picks cholesky_triangle's part, and
// cholesky_block, in the same program, takes UPPER 0.
std::string kernel_options(bool upper) {
    return std::string("-DUPPER=") + (upper ? "1" : "0") + " -DBLOCK_GRID=" + std::to_string(block_grid) +
           " -DBLOCK_PART=" + std::to_string(block_part);
}

[[noreturn]] void refuse_not_positive_definite(std::size_t matrix, std::size_t count, int column, double pivot) {
    const std::string which = count > 1 ? "matrix " + std::to_string(matrix) + " of the input" : "the input";
    throw invalid_argument("cholesky: " + which + " is not positive definite: the pivot of column " +
                           std::to_string(column) + " (counted from 0) is " +
                           std::to_string(std::isnan(pivot) ? std::fabs(pivot) : pivot) +
                           ", not positive; its leading minor of order " + std::to_string(column + 1) +
                           " is not positive definite (LAPACK's info " + std::to_string(column + 1) + ")");
}

// Factors the width x width block at the top left of `trailing` (rows of `columns` elements) on
// the device, in place, and writes the transpose of its factor's inverse into `inverse`, and the
// block's status, entry `block` of `status` (cholesky.cl's cholesky_block).
void factor_diagonal_block(const std::shared_ptr<context>& context, element_type type,
                           const std::shared_ptr<storage>& trailing, int columns, int width,
                           const matrix_operand& inverse, const std::shared_ptr<storage>& status, int block) {
    launch_algorithm(context, covering_domain(block_grid, block_grid, block_grid, block_grid),
                     algorithm_kernel(tiles_kernel_cholesky, "cholesky_block", type, kernel_options(false)),
                     std::array<launch_arg, 6>{output_arg(trailing), scalar_arg(columns), scalar_arg(width),
                                               output_arg(inverse.data), output_arg(status), scalar_arg(block)});
}

// The device memory of factor_matrix's steps, made once for a stack of n x n matrices, each the
// size of its first step's: the steps' shrinking matrices lie within them (matrix_within). The
// trailing matrix and its next are two, since each is copied from the other. A matrix of one
// block takes the first trailing matrix and the inverse alone.
struct cholesky_spaces {
    std::shared_ptr<storage> trailing[2], inverse, panel, factor, factor_transposed;

    cholesky_spaces(const std::shared_ptr<context>& context, element_type type, int n) {
        const int width = std::min(panel_width, n), rest = n - width;
        trailing[0] = new_matrix(context, type, n, n);
        inverse = new_matrix(context, type, width, width);
        if (rest == 0) return;
        trailing[1] = new_matrix(context, type, n, n);
        panel = new_matrix(context, type, rest, width);
        factor = new_matrix(context, type, rest, width);
        factor_transposed = new_matrix(context, type, width, rest);
    }
};

// Factors matrix `index` of `input` into the lower triangle of the same matrix of `factored`,
// on `context`, block column by block column, all on the device. The blocks' statuses come to
// the host once, at the end: the first block whose pivot is not positive is refused.
void factor_matrix(const std::shared_ptr<context>& context, const matrix_operand& input, std::size_t index,
                   std::size_t count, int n, const cholesky_spaces& spaces, const std::shared_ptr<storage>& factored) {
    const element_type type = element_type_of(input);
    const int blocks = blocks_covering(n, panel_width);
    const std::shared_ptr<storage> status = new_matrix(context, type, blocks, 2);
    matrix_operand trailing = matrix_within(context, type, *spaces.trailing[0], n, n);
    engine::copy_async(*input.data, box_of(index, 0, 0, n, n), *trailing.data, box_of(0, 0, 0, n, n));
    for (int done = 0, step = 0; done < n; done += panel_width, ++step) {
        const int width = std::min(panel_width, n - done), rest = n - done - width;
        const matrix_operand inverse = matrix_within(context, type, *spaces.inverse, width, width);
        factor_diagonal_block(context, type, trailing.data, n - done, width, inverse, status, done / panel_width);
        engine::copy_async(*trailing.data, box_of(0, 0, 0, width, width), *factored,
                           box_of(index, done, done, width, width));
        if (rest == 0) break;

        // L21 = A21 * L11^-T.
        const matrix_operand a21 = matrix_within(context, type, *spaces.panel, rest, width);
        engine::copy_async(*trailing.data, box_of(0, width, 0, rest, width), *a21.data, box_of(0, 0, 0, rest, width));
        const matrix_operand l21 = matrix_within(context, type, *spaces.factor, rest, width);
        gemm(context, 1.0, a21, inverse, 0.0, l21, gemm_precision::exact);
        engine::copy_async(*l21.data, whole_of(*l21.data), *factored, box_of(index, done + width, done, rest, width));

        // A22 -= L21 * L21^T.
        const matrix_operand l21_transposed = matrix_within(context, type, *spaces.factor_transposed, width, rest);
        transpose(context, l21, l21_transposed);
        const matrix_operand a22 = matrix_within(context, type, *spaces.trailing[(step + 1) % 2], rest, rest);
        engine::copy_async(*trailing.data, box_of(0, width, width, rest, rest), *a22.data, whole_of(*a22.data));
        gemm(context, -1.0, l21, l21_transposed, 1.0, a22, gemm_precision::exact);
        trailing = a22;
    }
    const std::vector<double> statuses = downloaded(*status, whole_of(*status), type);
    for (int block = 0; block < blocks; ++block)
        if (statuses[2 * block] >= 0)
            refuse_not_positive_definite(index, count, block * panel_width + int(statuses[2 * block]),
                                         statuses[2 * block + 1]);
}

} // namespace

const algorithm_description& cholesky_description() {
    static const engine::immortal<algorithm_description> description([] {
        const std::vector<element_type> types{element_type::float32, element_type::float64};
        return algorithm_description{
            "cholesky",
            {read_matrices("input", "the input", types), written_matrices("output", "the output", types)},
            {"upper"},
            "",
            {}};
    }());
    return *description;
}

void cholesky(const std::shared_ptr<context>& context, const matrix_operand& input, bool upper,
              const matrix_operand& output) {
    const char* const algorithm = cholesky_description().name;
    const element_type type = check_described(cholesky_description(), {&input, &output}, *narrow(*context).device());
    const dims3& dims = engine::dims_of(*input.data);
    const int n = input.columns;
    if (dims[1] != std::size_t(n))
        throw invalid_argument("cholesky: the input's matrices are " + shape_text(int(dims[1]), n) +
                               "; cholesky takes square matrices");
    check_same_element_type(algorithm, "the output", output, "the input", type);
    check_shape(algorithm, "the output", output, input.rows, input.columns, "the input's shape");
    check_not_aliased(algorithm, "the output", output, "the input", input);
    if (engine::dims_of(*output.data) != dims)
        throw invalid_argument("cholesky: the output must be a stack of as many matrices as the input");

    const std::shared_ptr<storage> factored = storage_on_device(layout_of(*input.data), dims, context);
    if (n > 0 && dims[0] > 0) {
        const cholesky_spaces spaces(context, type, n);
        for (std::size_t index = 0; index < dims[0]; ++index)
            factor_matrix(context, input, index, dims[0], n, spaces, factored);
    }
    launch_algorithm(
        context, covering_domain(input.rows, n, triangle_tile, triangle_tile),
        algorithm_kernel(tiles_kernel_cholesky, "cholesky_triangle", type, kernel_options(upper)),
        std::array<launch_arg, 4>{input_arg(factored), scalar_arg(input.rows), scalar_arg(n), output_arg(output.data)});
}

catalog_entry cholesky_in_catalog() { return {{&cholesky_description()}, {}}; }

} // namespace tiles::algorithms
