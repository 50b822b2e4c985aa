// libtiles C API: fused elementwise expressions, tiles_elementwise_fused and its variant into a
// new array, over the core's fused engine (tiles/algorithms/fused.hpp): the C nodes and operands
// become the engine's, the engine checks and decides the rest.
#include <vector>

#include "capi_internal.hpp"
#include "tiles/algorithms/fused.hpp"

namespace tiles::capi {
namespace {

using tiles::algorithms::elementwise_operand;
using tiles::algorithms::fused_node;

// The engine's nodes; an operation is read as an int, so that one outside the enum is refused by
// the engine by name, never loaded as the enum.
std::vector<fused_node> nodes_of(const tiles_fused_node* nodes, size_t count) {
    if (nodes == nullptr) throw invalid_argument("the fused expression's nodes are NULL");
    std::vector<fused_node> converted(count);
    for (size_t n = 0; n < count; ++n) {
        converted[n].operand = nodes[n].operand;
        converted[n].op = tiles::elementwise_op(as_int(nodes[n].operation));
        for (int j = 0; j < 3; ++j) converted[n].children[j] = nodes[n].children[j];
    }
    return converted;
}

std::vector<elementwise_operand> operands_of(const tiles_elementwise_operand* operands,
                                             const tiles_elementwise_place* const* places, size_t count) {
    if (operands == nullptr && count != 0) throw invalid_argument("the fused expression's operands are NULL");
    std::vector<elementwise_operand> converted;
    for (size_t k = 0; k < count; ++k) {
        const std::string role = "operand " + std::to_string(k);
        converted.push_back(operand_of(operands[k], role.c_str()));
        if (places != nullptr) place(converted.back(), places[k], role.c_str());
    }
    return converted;
}

} // namespace

} // namespace tiles::capi

using namespace tiles::capi;

extern "C" {

tiles_status tiles_elementwise_fused(tiles_view* out, int out_is_bool, const tiles_elementwise_place* out_place,
                                     tiles_context* context, const tiles_elementwise_operand* operands,
                                     const tiles_elementwise_place* const* operand_places, size_t operand_count,
                                     const tiles_fused_node* nodes, size_t node_count) {
    return guard([&] {
        const std::vector<elementwise_operand> converted = operands_of(operands, operand_places, operand_count);
        const std::vector<fused_node> expression = nodes_of(nodes, node_count);
        if (out == nullptr)
            throw tiles::invalid_argument(
                "the output view is NULL: tiles_elementwise_fused writes into a view (tiles_elementwise_fused_new "
                "makes a new array)");
        tiles_elementwise_operand written{out, out_is_bool, TILES_OPAQUE, 0, 0, 0.0, 0.0};
        elementwise_operand output = operand_of(written, "the output");
        place(output, out_place, "the output");
        tiles::algorithms::fused(context_of_operands(context, converted, &output), converted.data(), converted.size(),
                                 expression.data(), expression.size(), output);
    });
}

tiles_status tiles_elementwise_fused_new(tiles_array** out, int* out_is_bool, tiles_context* context,
                                         const tiles_elementwise_operand* operands, size_t operand_count,
                                         const tiles_fused_node* nodes, size_t node_count) {
    return guard([&] {
        check_out(out);
        check_out(out_is_bool);
        const std::vector<elementwise_operand> converted = operands_of(operands, nullptr, operand_count);
        const std::vector<fused_node> expression = nodes_of(nodes, node_count);
        const tiles::array_dtype type = tiles::algorithms::fused_result_type(converted.data(), converted.size(),
                                                                             expression.data(), expression.size());
        const std::vector<int> shape = tiles::algorithms::fused_shape(converted.data(), converted.size());
        const std::shared_ptr<tiles::engine::context> on = context_of_operands(context, converted, nullptr);
        const elementwise_operand output = new_output(type, shape, on);
        tiles::algorithms::fused(on, converted.data(), converted.size(), expression.data(), expression.size(), output);
        *out = make_handle<tiles_array>(output.data, held_extent(shape));
        *out_is_bool = type.boolean ? 1 : 0;
    });
}

} // extern "C"
