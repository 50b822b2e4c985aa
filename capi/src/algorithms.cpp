// libtiles C API: the tiled algorithms, over the algorithms on the engine's operands
// (tiles/algorithms/). Each entry point turns its views into the engine's operands, picks the
// context the C++ shells would, and leaves every other check to the algorithms.
#include <cctype>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "capi_internal.hpp"

#include "tiles/algorithms/block_reduce.hpp"
#include "tiles/algorithms/gemm.hpp"
#include "tiles/algorithms/reduce.hpp"
#include "tiles/algorithms/stencil.hpp"
#include "tiles/algorithms/transpose.hpp"

using namespace tiles::capi;
using tiles::engine::matrix_operand;

namespace tiles::capi {

matrix_operand matrix_operand_of(const tiles_view* view, const char* function, const char* role) {
    const view_object& v = live(view, role);
    if (v.rank() > 2)
        throw invalid_argument(std::string(function) + ": the " + role + " has rank " + std::to_string(v.rank()) +
                               "; the algorithms take rank 1 (one row) or 2");
    if (!engine::is_whole(*v.storage, v.placement(), v.layout))
        throw invalid_argument(std::string(function) + ": the " + role +
                               " is a section, or a view through tiles_view_reinterpret; the algorithms take views of "
                               "all of their data in its own element type (copy the data into an array first)");
    return {v.storage, v.rank() == 1 ? 1 : v.extent[0], v.extent[std::size_t(v.rank() - 1)]};
}

matrix_operand output_operand_of(tiles_view* view, const char* function, const char* role) {
    const matrix_operand operand = matrix_operand_of(view, function, role);
    check_writable(live(view, role), (std::string(function) + "'s " + role).c_str());
    return operand;
}

std::vector<std::shared_ptr<engine::context>> contexts_of(tiles_context* const* contexts, size_t count,
                                                          const char* function) {
    if (contexts == nullptr && count > 0) throw invalid_argument(std::string(function) + ": the contexts are NULL");
    if (count == 0) throw invalid_argument(std::string(function) + ": the list of contexts is empty");
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
                                                    std::initializer_list<const matrix_operand*> operands) {
    std::vector<const tiles::engine::storage*> data;
    for (const matrix_operand* operand : operands) data.push_back(operand->data.get());
    return tiles::engine::context_for(context != nullptr ? live(context, "context").view.context() : nullptr,
                                      data.data(), data.size());
}

tiles::reduction_op reduction_of(const tiles_reduction& op) {
    const int value = as_int(op);
    switch (value) {
    case TILES_REDUCE_SUM:
        return tiles::reduction_op::sum;
    case TILES_REDUCE_MIN:
        return tiles::reduction_op::min;
    case TILES_REDUCE_MAX:
        return tiles::reduction_op::max;
    }
    throw tiles::invalid_argument("tiles_reduce: " + std::to_string(value) +
                                  " is not a tiles_reduction (TILES_REDUCE_SUM, _MIN or _MAX)");
}

// What tiles_reduce and its variants are asked for: combined in the input's type where
// `accumulator` is NULL. `op` comes by reference, as every enum a caller passes: a value outside
// the enum is the caller's error to report, and copying one would be undefined behaviour before
// reduction_of could refuse it.
struct reduction_call {
    matrix_operand input;
    tiles::reduction_op op;
    tiles::element_type result_type;
};

reduction_call check_reduce(void* out, size_t out_size, const tiles_dtype* accumulator, const tiles_view* input,
                            const tiles_reduction& op) {
    check_out(out);
    const matrix_operand in = matrix_operand_of(input, "tiles_reduce", "input view");
    const tiles::reduction_op reduction = reduction_of(op);
    const tiles::element_type type =
        accumulator == nullptr ? tiles::engine::layout_of(*in.data).type : to_element_type(*accumulator);
    if (out_size != tiles::element_size(type))
        throw tiles::invalid_argument("tiles_reduce: out_size is " + std::to_string(out_size) +
                                      " bytes, but the result is one " + tiles::element_description(type) + ", " +
                                      std::to_string(tiles::element_size(type)) + " bytes");
    return {in, reduction, type};
}

void reduce(void* out, size_t out_size, const tiles_dtype* accumulator, tiles_context* context, const tiles_view* input,
            const tiles_reduction& op) {
    const reduction_call call = check_reduce(out, out_size, accumulator, input, op);
    tiles::algorithms::reduce(context_for(context, {&call.input}), call.input.data, call.op, call.result_type, out);
}

bool is_precision(int value) { return value >= 0 && value < tiles::algorithms::precision_count; }

tiles::gemm_precision precision_of(const tiles_precision& precision) {
    static_assert(int(TILES_PRECISION_BFLOAT16) + 1 == tiles::algorithms::precision_count,
                  "tiles_precision mirrors tiles::gemm_precision");
    const int value = as_int(precision);
    if (!is_precision(value)) {
        std::string listed;
        for (int i = 0; i < tiles::algorithms::precision_count; ++i) {
            std::string name = tiles::algorithms::precision_table[i].name;
            for (char& c : name) c = char(std::toupper(static_cast<unsigned char>(c)));
            listed += (i == 0                                        ? "TILES_PRECISION_"
                       : i + 1 == tiles::algorithms::precision_count ? " or _"
                                                                     : ", _") +
                      name;
        }
        throw tiles::invalid_argument("tiles_gemm_as: " + std::to_string(value) + " is not a tiles_precision (" +
                                      listed + ")");
    }
    return tiles::gemm_precision(value);
}

// tiles_gemm and its variants, run by `run(a, b, c)` where the caller says.
template <class Run> void gemm(const char* function, const tiles_view* a, const tiles_view* b, tiles_view* c, Run run) {
    run(matrix_operand_of(a, function, "view of A"), matrix_operand_of(b, function, "view of B"),
        output_operand_of(c, function, "view of C"));
}

// gemm at `precision`, else at the default precision of A's elements.
void gemm(const char* function, std::optional<tiles::gemm_precision> precision, tiles_context* context, double alpha,
          const tiles_view* a, const tiles_view* b, double beta, tiles_view* c) {
    gemm(function, a, b, c,
         [&](const matrix_operand& a_operand, const matrix_operand& b_operand, const matrix_operand& c_operand) {
             const tiles::gemm_precision how = precision.value_or(
                 tiles::algorithms::default_precision(tiles::engine::layout_of(*a_operand.data).type));
             tiles::algorithms::gemm(context_for(context, {&a_operand, &b_operand, &c_operand}), alpha, a_operand,
                                     b_operand, beta, c_operand, how);
         });
}

tiles_status block_reduce(tiles::algorithms::block_statistic statistic, const char* algorithm, tiles_context* context,
                          const tiles_view* input, int block_rows, int block_columns, tiles_view* output) {
    return guard([&] {
        const matrix_operand in = matrix_operand_of(input, algorithm, "input view");
        const matrix_operand out = output_operand_of(output, algorithm, "output view");
        tiles::algorithms::block_reduce(context_for(context, {&in, &out}), statistic, in, block_rows, block_columns,
                                        out);
    });
}

} // namespace

extern "C" {

tiles_precision tiles_default_precision(tiles_dtype dtype) {
    const int value = as_int(dtype);
    return is_dtype(value) ? tiles_precision(tiles::algorithms::default_precision(tiles::element_type(value)))
                           : TILES_PRECISION_EXACT;
}

const char* tiles_precision_name(tiles_precision precision) {
    const int value = as_int(precision);
    return is_precision(value) ? tiles::algorithms::precision_table[value].name : "";
}

tiles_status tiles_reduce(void* out, size_t out_size, tiles_context* context, const tiles_view* input,
                          tiles_reduction op) {
    return guard([&] { reduce(out, out_size, nullptr, context, input, op); });
}

tiles_status tiles_reduce_as(void* out, size_t out_size, tiles_dtype accumulator, tiles_context* context,
                             const tiles_view* input, tiles_reduction op) {
    return guard([&] { reduce(out, out_size, &accumulator, context, input, op); });
}

tiles_status tiles_reduce_into(tiles_context* context, const tiles_view* input, tiles_reduction op,
                               tiles_view* result) {
    return guard([&] {
        const matrix_operand in = matrix_operand_of(input, "tiles_reduce_into", "input view");
        const tiles::reduction_op reduction = reduction_of(op);
        const matrix_operand out = output_operand_of(result, "tiles_reduce_into", "result view");
        tiles::algorithms::reduce(context_for(context, {&in, &out}), in.data, reduction, out.data);
    });
}

tiles_status tiles_block_grid(int* out_rows, int* out_columns, int rows, int columns, int block_rows,
                              int block_columns) {
    return guard([&] {
        check_out(out_rows);
        check_out(out_columns);
        if (rows < 1 || columns < 1)
            throw tiles::invalid_argument("tiles_block_grid: the matrix is " + std::to_string(rows) + "x" +
                                          std::to_string(columns) + "; every dimension must be at least 1");
        const std::array<int, 2> grid =
            tiles::algorithms::block_grid("tiles_block_grid", rows, columns, block_rows, block_columns);
        *out_rows = grid[0];
        *out_columns = grid[1];
    });
}

tiles_status tiles_block_sum(tiles_context* context, const tiles_view* input, int block_rows, int block_columns,
                             tiles_view* output) {
    return block_reduce(tiles::algorithms::block_statistic::sum, "tiles_block_sum", context, input, block_rows,
                        block_columns, output);
}

tiles_status tiles_block_average(tiles_context* context, const tiles_view* input, int block_rows, int block_columns,
                                 tiles_view* output) {
    return block_reduce(tiles::algorithms::block_statistic::average, "tiles_block_average", context, input, block_rows,
                        block_columns, output);
}

tiles_status tiles_transpose(tiles_context* context, const tiles_view* input, tiles_view* output) {
    return guard([&] {
        const matrix_operand in = matrix_operand_of(input, "tiles_transpose", "input view");
        const matrix_operand out = output_operand_of(output, "tiles_transpose", "output view");
        tiles::algorithms::transpose(context_for(context, {&in, &out}), in, out);
    });
}

tiles_status tiles_gemm(tiles_context* context, double alpha, const tiles_view* a, const tiles_view* b, double beta,
                        tiles_view* c) {
    return guard([&] { gemm("tiles_gemm", std::nullopt, context, alpha, a, b, beta, c); });
}

tiles_status tiles_gemm_as(tiles_precision precision, tiles_context* context, double alpha, const tiles_view* a,
                           const tiles_view* b, double beta, tiles_view* c) {
    return guard([&] { gemm("tiles_gemm_as", precision_of(precision), context, alpha, a, b, beta, c); });
}

tiles_status tiles_stencil(tiles_context* context, const tiles_view* input, const tiles_view* mask,
                           tiles_view* output) {
    return guard([&] {
        const matrix_operand in = matrix_operand_of(input, "tiles_stencil", "input view");
        const matrix_operand weights = matrix_operand_of(mask, "tiles_stencil", "mask view");
        const matrix_operand out = output_operand_of(output, "tiles_stencil", "output view");
        tiles::algorithms::stencil(context_for(context, {&in, &weights, &out}), in, weights, out);
    });
}

tiles_status tiles_reduce_split(void* out, size_t out_size, tiles_dtype accumulator, tiles_context* const* contexts,
                                size_t count, const tiles_view* input, tiles_reduction op) {
    return guard([&] {
        const reduction_call call = check_reduce(out, out_size, &accumulator, input, op);
        tiles::algorithms::reduce(contexts_of(contexts, count, "tiles_reduce_split"), call.input.data, call.op,
                                  call.result_type, out);
    });
}

tiles_status tiles_gemm_split(tiles_precision precision, tiles_context* const* contexts, size_t count, double alpha,
                              const tiles_view* a, const tiles_view* b, double beta, tiles_view* c) {
    return guard([&] {
        const tiles::gemm_precision how = precision_of(precision);
        const auto contexts_given = contexts_of(contexts, count, "tiles_gemm_split");
        gemm("tiles_gemm_split", a, b, c,
             [&](const matrix_operand& a_operand, const matrix_operand& b_operand, const matrix_operand& c_operand) {
                 tiles::algorithms::gemm(contexts_given, alpha, a_operand, b_operand, beta, c_operand, how);
             });
    });
}

tiles_status tiles_stencil_split(tiles_context* const* contexts, size_t count, const tiles_view* input,
                                 const tiles_view* mask, tiles_view* output, int iterations) {
    return guard([&] {
        const auto contexts_given = contexts_of(contexts, count, "tiles_stencil_split");
        const matrix_operand in = matrix_operand_of(input, "tiles_stencil_split", "input view");
        const matrix_operand weights = matrix_operand_of(mask, "tiles_stencil_split", "mask view");
        const matrix_operand out = output_operand_of(output, "tiles_stencil_split", "output view");
        tiles::algorithms::stencil(contexts_given, in, weights, out, iterations);
    });
}

} // extern "C"
