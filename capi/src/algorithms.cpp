// libtiles C API: the tiled algorithms, over the algorithms on the engine's operands
// (tiles/algorithms/). Each entry point hands its views, in its parameters' order, which is its
// algorithm's description's (tiles/algorithms/description.hpp), to described_operands, which
// checks each as its operand is described; then it picks the context the C++ shells would and
// leaves every other check to the algorithms. No entry point names an operand or a rule itself.
#include <algorithm>
#include <array>
#include <cctype>
#include <iterator>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "capi_internal.hpp"

#include "tiles/algorithms/block_reduce.hpp"
#include "tiles/algorithms/cholesky.hpp"
#include "tiles/algorithms/description.hpp"
#include "tiles/algorithms/eigh.hpp"
#include "tiles/algorithms/gemm.hpp"
#include "tiles/algorithms/lu.hpp"
#include "tiles/algorithms/qr.hpp"
#include "tiles/algorithms/reduce.hpp"
#include "tiles/algorithms/stencil.hpp"
#include "tiles/algorithms/svd.hpp"
#include "tiles/algorithms/transpose.hpp"
#include "tiles/marked_names.hpp"

using namespace tiles::capi;
using tiles::marked_element;
using tiles::marked_function;
using tiles::names_marked;
using tiles::algorithms::algorithm_description;
using tiles::algorithms::algorithm_named;
using tiles::algorithms::operand_description;
using tiles::engine::matrix_operand;

namespace {

// "rank 1 (one row) or 2", "rank 2 or more": the ranks from `least` to `most`, as messages say them.
std::string ranks_text(int least, int most) {
    if (most == tiles::algorithms::any_rank) return "rank " + std::to_string(least) + " or more";
    std::string text = "rank";
    for (int rank = least; rank <= most; ++rank)
        text += (rank == least  ? " "
                 : rank == most ? " or "
                                : ", ") +
                std::to_string(rank) + (rank == 1 && most > 1 ? " (one row)" : "");
    return text;
}

// The rows of a view as the engine's matrix: 1 for rank 1, else those of all its matrices, one
// after another (a stack's); invalid_argument where an int cannot count them.
int stacked_rows(const view_object& v, const char* function, const std::string& role) {
    long long rows = 1;
    for (int d = 0; d + 1 < v.rank(); ++d) {
        rows *= v.extent[std::size_t(d)];
        if (rows > std::numeric_limits<int>::max())
            throw names_marked<tiles::invalid_argument>(marked_function(function) + ": the " + role +
                                                        " has more rows than an int counts");
    }
    return int(rows);
}

// `view` as the engine's matrix, refused unless its rank is from `least` to `most`, it is of all
// of its data in its own element type (where `takes_section` is false) and, where `written`, it
// may be written. Messages name `function` and the view as `role` ("input view").
matrix_operand checked_matrix(const tiles_view* view, const char* function, const std::string& role, int least,
                              int most, bool takes_section, bool written) {
    const view_object& v = live(view, role.c_str());
    if (v.rank() < least || v.rank() > most)
        throw names_marked<tiles::invalid_argument>(marked_function(function) + ": the " + role + " has rank " +
                                                    std::to_string(v.rank()) + "; " + marked_function(function) +
                                                    " takes " + ranks_text(least, most));
    if (!takes_section && !tiles::engine::is_whole(*v.storage, v.placement(), v.layout))
        throw names_marked<tiles::invalid_argument>(
            marked_function(function) + ": the " + role + " is a section, or a view through " +
            marked_function("tiles_view_reinterpret") + "; " + marked_function(function) +
            " takes views of all of their data in its own element type (copy the data "
            "into an array first)");
    // A stack's matrices are found by its data's layout, which a view from tiles_view_reshape
    // changes: such a view would be read as other matrices.
    if (most > 2 && tiles::engine::dims_of(v.rank(), v.extent.data()) != tiles::engine::dims_of(*v.storage))
        throw names_marked<tiles::invalid_argument>(
            marked_function(function) + ": the " + role + " has another shape than its data (a view from " +
            marked_function("tiles_view_reshape") + "); " + marked_function(function) +
            " takes stacks of matrices in their data's own shape (copy the data into an array of this shape first)");
    if (written) check_writable(v, marked_function(function) + "'s " + role);
    return {v.storage, stacked_rows(v, function, role), v.extent[std::size_t(v.rank() - 1)]};
}

// `view`, given to `function` as `operand`, checked as its description says; messages name it as
// the C API's parameters are documented: "the input view", "the view of A".
matrix_operand operand_of(const operand_description& operand, const tiles_view* view, const char* function) {
    const std::string role = operand.role;
    const std::string view_role = role.rfind("the ", 0) == 0 ? role.substr(4) + " view" : "view of " + role;
    return checked_matrix(view, function, view_role, operand.min_rank, operand.max_rank, operand.takes_section,
                          operand.written);
}

// `views`, given to `function`, as the operands of the algorithm called `algorithm`, in the order
// its description lists them, each checked as described. A function may take the first few only
// (tiles_reduce gives its result through a pointer, not a view).
std::vector<matrix_operand> described_operands(const char* algorithm, const char* function,
                                               std::initializer_list<const tiles_view*> views) {
    const algorithm_description& described = algorithm_named(algorithm);
    if (views.size() > described.operands.size())
        throw names_marked<std::logic_error>(marked_function(function) + " takes " + std::to_string(views.size()) +
                                             " views, but " + algorithm + " describes " +
                                             std::to_string(described.operands.size()) + " operands");
    std::vector<matrix_operand> operands;
    for (const tiles_view* view : views)
        operands.push_back(operand_of(described.operands[operands.size()], view, function));
    return operands;
}

} // namespace

namespace tiles::capi {

matrix_operand matrix_operand_of(const tiles_view* view, const char* function, const char* role) {
    return checked_matrix(view, function, role, 1, 2, false, false);
}

matrix_operand output_operand_of(tiles_view* view, const char* function, const char* role) {
    return checked_matrix(view, function, role, 1, 2, false, true);
}

std::vector<std::shared_ptr<engine::context>> contexts_of(tiles_context* const* contexts, size_t count,
                                                          const char* function) {
    if (contexts == nullptr && count > 0)
        throw names_marked<invalid_argument>(marked_function(function) + ": the contexts are NULL");
    if (count == 0) throw names_marked<invalid_argument>(marked_function(function) + ": the list of contexts is empty");
    std::vector<std::shared_ptr<engine::context>> engine_contexts;
    for (size_t i = 0; i < count; ++i) {
        const std::string what = "context " + std::to_string(i) + " of the list";
        engine_contexts.push_back(live(contexts[i], what.c_str()).view.context());
    }
    return engine_contexts;
}

} // namespace tiles::capi

namespace {

// Where an algorithm runs: the engine's rule (tiles::engine::context_for) over `context` and its
// operands, in the order of its arguments.
std::shared_ptr<tiles::engine::context> context_for(tiles_context* context,
                                                    const std::vector<matrix_operand>& operands) {
    std::vector<const tiles::engine::storage*> data;
    for (const matrix_operand& operand : operands) data.push_back(operand.data.get());
    return tiles::engine::context_for(context != nullptr ? live(context, "context").view.context() : nullptr,
                                      data.data(), data.size());
}

// The C enumerations of the algorithms' named parameters, whose values are the description's names
// in its order, spelled TILES_<prefix><NAME>: one line each.
struct c_enumeration {
    const char* parameter; // as the description names it
    const char* type;      // tiles.h's enum
    const char* prefix;    // of its values' names
};
constexpr c_enumeration c_enumerations[] = {{"op", "tiles_reduction", "TILES_REDUCE_"},
                                            {"precision", "tiles_precision", "TILES_PRECISION_"}};

// `value`, given to `function` for `algorithm`'s named parameter, or invalid_argument naming the
// values its C enumeration has ("7 is not a tiles_reduction (TILES_REDUCE_SUM, _MIN or _MAX)").
int parameter_value(const algorithm_description& algorithm, int value, const char* function) {
    const std::vector<const char*>& names = algorithm.parameter_values;
    if (value >= 0 && std::size_t(value) < names.size()) return value;
    const c_enumeration* c =
        std::find_if(std::begin(c_enumerations), std::end(c_enumerations),
                     [&](const c_enumeration& e) { return e.parameter == std::string(algorithm.parameter); });
    if (c == std::end(c_enumerations))
        throw std::logic_error(std::string(algorithm.name) + "'s parameter '" + algorithm.parameter +
                               "' has no C enumeration");
    std::string listed;
    for (std::size_t i = 0; i < names.size(); ++i) {
        std::string name = names[i];
        for (char& letter : name) letter = char(std::toupper(static_cast<unsigned char>(letter)));
        listed += (i == 0 ? c->prefix : i + 1 == names.size() ? " or _" : ", _") + name;
    }
    throw names_marked<tiles::invalid_argument>(marked_function(function) + ": " + std::to_string(value) +
                                                " is not a " + c->type + " (" + listed + ")");
}

static_assert(int(TILES_REDUCE_SUM) == int(tiles::reduction_op::sum) &&
                  int(TILES_REDUCE_MIN) == int(tiles::reduction_op::min) &&
                  int(TILES_REDUCE_MAX) == int(tiles::reduction_op::max),
              "tiles_reduction's values are reduction_op's, the order of reduce's description");

tiles::reduction_op reduction_of(const tiles_reduction& op, const char* function) {
    return tiles::reduction_op(parameter_value(algorithm_named("reduce"), as_int(op), function));
}

tiles::gemm_precision precision_of(const tiles_precision& precision, const char* function) {
    return tiles::gemm_precision(parameter_value(algorithm_named("gemm"), as_int(precision), function));
}

// Refuses an `out_size` other than the size of one element of the result's type.
void check_result_size(const char* function, size_t out_size, tiles::element_type type) {
    if (out_size != tiles::element_size(type))
        throw names_marked<tiles::invalid_argument>(
            marked_function(function) + ": out_size is " + std::to_string(out_size) + " bytes, but the result is one " +
            marked_element(type) + ", " + std::to_string(tiles::element_size(type)) + " bytes");
}

// What tiles_reduce and its variants are asked for: combined in the input's type where
// `accumulator` is NULL. `op` comes by reference, as every enum a caller passes: a value outside
// the enum is the caller's error to report, and copying one would be undefined behaviour before
// reduction_of could refuse it.
struct reduction_call {
    std::vector<matrix_operand> input;
    tiles::reduction_op op;
    tiles::element_type result_type;
};

reduction_call check_reduce(const char* function, void* out, size_t out_size, const tiles_dtype* accumulator,
                            const tiles_view* input, const tiles_reduction& op) {
    check_out(out);
    std::vector<matrix_operand> in = described_operands("reduce", function, {input});
    const tiles::reduction_op reduction = reduction_of(op, function);
    const tiles::element_type type =
        accumulator == nullptr ? tiles::engine::layout_of(*in[0].data).type : to_element_type(*accumulator);
    check_result_size(function, out_size, type);
    return {std::move(in), reduction, type};
}

void reduce(const char* function, void* out, size_t out_size, const tiles_dtype* accumulator, tiles_context* context,
            const tiles_view* input, const tiles_reduction& op) {
    const reduction_call call = check_reduce(function, out, out_size, accumulator, input, op);
    tiles::algorithms::reduce(context_for(context, call.input), call.input[0].data, call.op, call.result_type, out);
}

// gemm at `precision`, else at the default precision of A's elements.
void gemm(const char* function, std::optional<tiles::gemm_precision> precision, tiles_context* context, double alpha,
          const tiles_view* a, const tiles_view* b, double beta, tiles_view* c) {
    const std::vector<matrix_operand> o = described_operands("gemm", function, {a, b, c});
    const tiles::gemm_precision how =
        precision.value_or(tiles::algorithms::default_precision(tiles::engine::layout_of(*o[0].data).type));
    tiles::algorithms::gemm(context_for(context, o), alpha, o[0], o[1], beta, o[2], how);
}

tiles_status block_reduce(tiles::algorithms::block_statistic statistic, const char* algorithm, const char* function,
                          tiles_context* context, const tiles_view* input, int block_rows, int block_columns,
                          tiles_view* output) {
    return guard([&] {
        const std::vector<matrix_operand> o = described_operands(algorithm, function, {input, output});
        tiles::algorithms::block_reduce(context_for(context, o), statistic, o[0], block_rows, block_columns, o[1]);
    });
}

const algorithm_description& algorithm_numbered(size_t algorithm) {
    const std::vector<const algorithm_description*>& all = tiles::algorithms::algorithm_descriptions();
    if (algorithm >= all.size())
        throw tiles::invalid_argument("there is no algorithm " + std::to_string(algorithm) + "; libtiles has " +
                                      std::to_string(all.size()) + ", numbered from 0");
    return *all[algorithm];
}

} // namespace

extern "C" {

tiles_precision tiles_default_precision(tiles_dtype dtype) {
    const int value = as_int(dtype);
    return is_dtype(value) ? tiles_precision(tiles::algorithms::default_precision(tiles::element_type(value)))
                           : TILES_PRECISION_EXACT;
}

const char* tiles_precision_name(tiles_precision precision) {
    static_assert(int(TILES_PRECISION_BFLOAT16) + 1 == tiles::algorithms::precision_count,
                  "tiles_precision mirrors tiles::gemm_precision");
    const int value = as_int(precision);
    return value >= 0 && value < tiles::algorithms::precision_count ? tiles::algorithms::precision_table[value].name
                                                                    : "";
}

tiles_status tiles_reduce(void* out, size_t out_size, tiles_context* context, const tiles_view* input,
                          tiles_reduction op) {
    return guard([&] { reduce("tiles_reduce", out, out_size, nullptr, context, input, op); });
}

tiles_status tiles_reduce_as(void* out, size_t out_size, tiles_dtype accumulator, tiles_context* context,
                             const tiles_view* input, tiles_reduction op) {
    return guard([&] { reduce("tiles_reduce_as", out, out_size, &accumulator, context, input, op); });
}

tiles_status tiles_reduce_into(tiles_context* context, const tiles_view* input, tiles_reduction op,
                               tiles_view* result) {
    return guard([&] {
        const std::vector<matrix_operand> o = described_operands("reduce", "tiles_reduce_into", {input, result});
        const tiles::reduction_op reduction = reduction_of(op, "tiles_reduce_into");
        tiles::algorithms::reduce(context_for(context, o), o[0].data, reduction,
                                  tiles::engine::layout_of(*o[1].data).type, o[1].data);
    });
}

tiles_status tiles_block_grid(int* out_rows, int* out_columns, int rows, int columns, int block_rows,
                              int block_columns) {
    return guard([&] {
        check_out(out_rows);
        check_out(out_columns);
        if (rows < 1 || columns < 1)
            throw names_marked<tiles::invalid_argument>(marked_function("tiles_block_grid") + ": the matrix is " +
                                                        std::to_string(rows) + "x" + std::to_string(columns) +
                                                        "; every dimension must be at least 1");
        const std::array<int, 2> grid =
            tiles::algorithms::block_grid("tiles_block_grid", rows, columns, block_rows, block_columns);
        *out_rows = grid[0];
        *out_columns = grid[1];
    });
}

tiles_status tiles_block_sum(tiles_context* context, const tiles_view* input, int block_rows, int block_columns,
                             tiles_view* output) {
    return block_reduce(tiles::algorithms::block_statistic::sum, "block_sum", "tiles_block_sum", context, input,
                        block_rows, block_columns, output);
}

tiles_status tiles_block_average(tiles_context* context, const tiles_view* input, int block_rows, int block_columns,
                                 tiles_view* output) {
    return block_reduce(tiles::algorithms::block_statistic::average, "block_average", "tiles_block_average", context,
                        input, block_rows, block_columns, output);
}

tiles_status tiles_transpose(tiles_context* context, const tiles_view* input, tiles_view* output) {
    return guard([&] {
        const std::vector<matrix_operand> o = described_operands("transpose", "tiles_transpose", {input, output});
        tiles::algorithms::transpose(context_for(context, o), o[0], o[1]);
    });
}

tiles_status tiles_cholesky(tiles_context* context, const tiles_view* input, int upper, tiles_view* output) {
    return guard([&] {
        const std::vector<matrix_operand> o = described_operands("cholesky", "tiles_cholesky", {input, output});
        tiles::algorithms::cholesky(context_for(context, o), o[0], upper != 0, o[1]);
    });
}

tiles_status tiles_qr(tiles_context* context, const tiles_view* input, int complete, tiles_view* q, tiles_view* r) {
    return guard([&] {
        const std::vector<matrix_operand> o = described_operands("qr", "tiles_qr", {input, q, r});
        tiles::algorithms::qr(context_for(context, o), o[0], complete != 0, o[1], o[2]);
    });
}

tiles_status tiles_svd(tiles_context* context, const tiles_view* input, int full_matrices, tiles_view* u, tiles_view* s,
                       tiles_view* vh) {
    return guard([&] {
        const std::vector<matrix_operand> o = described_operands("svd", "tiles_svd", {input, u, s, vh});
        tiles::algorithms::svd(context_for(context, o), o[0], full_matrices != 0, o[1], o[2], o[3]);
    });
}

tiles_status tiles_svdvals(tiles_context* context, const tiles_view* input, tiles_view* s) {
    return guard([&] {
        const std::vector<matrix_operand> o = described_operands("svdvals", "tiles_svdvals", {input, s});
        tiles::algorithms::svdvals(context_for(context, o), o[0], o[1]);
    });
}

tiles_status tiles_eigh(tiles_context* context, const tiles_view* input, tiles_view* eigenvalues,
                        tiles_view* eigenvectors) {
    return guard([&] {
        const std::vector<matrix_operand> o =
            described_operands("eigh", "tiles_eigh", {input, eigenvalues, eigenvectors});
        tiles::algorithms::eigh(context_for(context, o), o[0], o[1], o[2]);
    });
}

tiles_status tiles_eigvalsh(tiles_context* context, const tiles_view* input, tiles_view* eigenvalues) {
    return guard([&] {
        const std::vector<matrix_operand> o = described_operands("eigvalsh", "tiles_eigvalsh", {input, eigenvalues});
        tiles::algorithms::eigvalsh(context_for(context, o), o[0], o[1]);
    });
}

tiles_status tiles_solve(tiles_context* context, const tiles_view* a, const tiles_view* b, tiles_view* x) {
    return guard([&] {
        const std::vector<matrix_operand> o = described_operands("solve", "tiles_solve", {a, b, x});
        tiles::algorithms::solve(context_for(context, o), o[0], o[1], o[2]);
    });
}

tiles_status tiles_inv(tiles_context* context, const tiles_view* input, tiles_view* output) {
    return guard([&] {
        const std::vector<matrix_operand> o = described_operands("inv", "tiles_inv", {input, output});
        tiles::algorithms::inv(context_for(context, o), o[0], o[1]);
    });
}

tiles_status tiles_slogdet(tiles_context* context, const tiles_view* input, tiles_view* sign, tiles_view* logabsdet) {
    return guard([&] {
        const std::vector<matrix_operand> o = described_operands("slogdet", "tiles_slogdet", {input, sign, logabsdet});
        tiles::algorithms::slogdet(context_for(context, o), o[0], o[1], o[2]);
    });
}

tiles_status tiles_gemm(tiles_context* context, double alpha, const tiles_view* a, const tiles_view* b, double beta,
                        tiles_view* c) {
    return guard([&] { gemm("tiles_gemm", std::nullopt, context, alpha, a, b, beta, c); });
}

tiles_status tiles_gemm_as(tiles_precision precision, tiles_context* context, double alpha, const tiles_view* a,
                           const tiles_view* b, double beta, tiles_view* c) {
    return guard(
        [&] { gemm("tiles_gemm_as", precision_of(precision, "tiles_gemm_as"), context, alpha, a, b, beta, c); });
}

tiles_status tiles_stencil(tiles_context* context, const tiles_view* input, const tiles_view* mask,
                           tiles_view* output) {
    return guard([&] {
        const std::vector<matrix_operand> o = described_operands("stencil", "tiles_stencil", {input, mask, output});
        tiles::algorithms::stencil(context_for(context, o), o[0], o[1], o[2]);
    });
}

tiles_status tiles_reduce_split(void* out, size_t out_size, tiles_dtype accumulator, tiles_context* const* contexts,
                                size_t count, const tiles_view* input, tiles_reduction op) {
    return guard([&] {
        const reduction_call call = check_reduce("tiles_reduce_split", out, out_size, &accumulator, input, op);
        tiles::algorithms::reduce(contexts_of(contexts, count, "tiles_reduce_split"), call.input[0].data, call.op,
                                  call.result_type, out);
    });
}

tiles_status tiles_split_reduce(void* out, size_t out_size, tiles_dtype accumulator, const tiles_split* split,
                                tiles_reduction op) {
    return guard([&] {
        check_out(out);
        const tiles::reduction_op reduction = reduction_of(op, "tiles_split_reduce");
        const tiles::element_type type = to_element_type(accumulator);
        check_result_size("tiles_split_reduce", out_size, type);
        tiles::algorithms::reduce(*live(split, "split").matrix, reduction, type, out);
    });
}

tiles_status tiles_split_gemm(tiles_precision precision, double alpha, const tiles_split* a, const tiles_split* b,
                              double beta, tiles_split* c) {
    return guard([&] {
        const tiles::gemm_precision how = precision_of(precision, "tiles_split_gemm");
        tiles::algorithms::gemm(alpha, *live(a, "split").matrix, *live(b, "split").matrix, beta,
                                *live(c, "split").matrix, how);
    });
}

tiles_status tiles_gemm_split(tiles_precision precision, tiles_context* const* contexts, size_t count, double alpha,
                              const tiles_view* a, const tiles_view* b, double beta, tiles_view* c) {
    return guard([&] {
        const tiles::gemm_precision how = precision_of(precision, "tiles_gemm_split");
        const auto contexts_given = contexts_of(contexts, count, "tiles_gemm_split");
        const std::vector<matrix_operand> o = described_operands("gemm", "tiles_gemm_split", {a, b, c});
        tiles::algorithms::gemm(contexts_given, alpha, o[0], o[1], beta, o[2], how);
    });
}

tiles_status tiles_stencil_split(tiles_context* const* contexts, size_t count, const tiles_view* input,
                                 const tiles_view* mask, tiles_view* output, int iterations) {
    return guard([&] {
        const auto contexts_given = contexts_of(contexts, count, "tiles_stencil_split");
        const std::vector<matrix_operand> o =
            described_operands("stencil", "tiles_stencil_split", {input, mask, output});
        tiles::algorithms::stencil(contexts_given, o[0], o[1], o[2], iterations);
    });
}

tiles_status tiles_algorithm_describe(tiles_algorithm_info* out, size_t algorithm) {
    return guard([&] {
        const algorithm_description& described = algorithm_numbered(algorithm);
        tiles_algorithm_info info = TILES_ALGORITHM_INFO_INIT;
        info.name = described.name;
        info.operand_count = described.operands.size();
        info.parameter = described.parameter;
        info.parameter_values = described.parameter_values.empty() ? nullptr : described.parameter_values.data();
        info.parameter_value_count = described.parameter_values.size();
        info.numbers = described.numbers.empty() ? nullptr : described.numbers.data();
        info.number_count = described.numbers.size();
        write_struct(out, info, "tiles_algorithm_info");
    });
}

static_assert(tiles::element_type_count <= 64, "tiles_algorithm_operand's dtypes has a bit per tiles_dtype");

tiles_status tiles_algorithm_describe_operand(tiles_algorithm_operand* out, size_t algorithm, size_t operand) {
    return guard([&] {
        const algorithm_description& described = algorithm_numbered(algorithm);
        if (operand >= described.operands.size())
            throw tiles::invalid_argument(std::string(described.name) + " has no operand " + std::to_string(operand) +
                                          "; it has " + std::to_string(described.operands.size()) +
                                          ", numbered from 0");
        const operand_description& o = described.operands[operand];
        tiles_algorithm_operand info = TILES_ALGORITHM_OPERAND_INIT;
        info.name = o.name;
        info.role = o.role;
        info.written = o.written;
        info.min_rank = o.min_rank;
        info.max_rank = o.max_rank;
        info.takes_section = o.takes_section;
        for (const tiles::element_type type : o.element_types) info.dtypes |= uint64_t(1) << int(to_dtype(type));
        write_struct(out, info, "tiles_algorithm_operand");
    });
}

} // extern "C"
