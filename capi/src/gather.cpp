// libtiles C API: gathers and scatters over the core's (tiles/algorithms/gather.hpp): the C
// operands, places and integer arrays become the engine's, the engine decides everything else.
#include <vector>

#include "capi_internal.hpp"
#include "tiles/algorithms/gather.hpp"

namespace tiles::capi {
namespace {

using tiles::algorithms::element_index;
using tiles::algorithms::elementwise_operand;

elementwise_operand view_operand(const tiles_view* view, int is_bool, const char* role) {
    if (view == nullptr) throw invalid_argument(std::string(role) + " is NULL");
    tiles_elementwise_operand o = TILES_ELEMENTWISE_VIEW(view);
    o.is_bool = is_bool;
    return operand_of(o, role);
}

element_index index_of(const tiles_element_index* index, std::size_t rank) {
    if (index == nullptr) return {}; // no integer array: the place alone
    if (rank > 0 && index->strides == nullptr) throw invalid_argument("the index's strides are NULL");
    element_index made;
    made.positions = view_operand(index->positions, 0, "the positions");
    if (rank > 0) made.strides.assign(index->strides, index->strides + rank);
    made.stride = index->stride;
    made.bound = index->bound;
    made.skip_negative = index->skip_negative != 0;
    made.unchecked = index->unchecked != 0;
    return made;
}

std::shared_ptr<engine::context> context_of_data(tiles_context* context, const std::vector<elementwise_operand>& data) {
    return context_of_operands(context, data, nullptr);
}

} // namespace
} // namespace tiles::capi

using namespace tiles::capi;

extern "C" {

tiles_status tiles_gather(tiles_view* out, int out_is_bool, tiles_context* context, const tiles_view* source,
                          int source_is_bool, const tiles_elementwise_place* source_place,
                          const tiles_element_index* index) {
    return guard([&] {
        elementwise_operand placed = view_operand(source, source_is_bool, "the source");
        place(placed, source_place, "the source");
        const element_index positions = index_of(index, placed.shape.size());
        const elementwise_operand output = view_operand(out, out_is_bool, "the output");
        tiles::algorithms::gather(context_of_data(context, {output, placed, positions.positions}), placed, positions,
                                  output);
    });
}

tiles_status tiles_scatter(tiles_view* target, int target_is_bool, const tiles_elementwise_place* target_place,
                           tiles_context* context, const tiles_elementwise_operand* value,
                           const tiles_element_index* index) {
    return guard([&] {
        elementwise_operand placed = view_operand(target, target_is_bool, "the target");
        place(placed, target_place, "the target");
        if (value == nullptr) throw tiles::invalid_argument("the value is NULL");
        const elementwise_operand written = operand_of(*value, "the value");
        const element_index positions = index_of(index, placed.shape.size());
        tiles::algorithms::scatter(context_of_data(context, {placed, written, positions.positions}), placed, positions,
                                   written);
    });
}

tiles_status tiles_take_new(tiles_array** out, tiles_context* context, const tiles_view* source, int source_is_bool,
                            const tiles_view* positions, int axis) {
    return guard([&] {
        check_out(out);
        const elementwise_operand from = view_operand(source, source_is_bool, "the source");
        const elementwise_operand picked = view_operand(positions, 0, "the positions");
        const std::vector<int> shape = tiles::algorithms::take_shape(from.shape, picked.shape, axis);
        const std::shared_ptr<tiles::engine::context> on = context_of_data(context, {from, picked});
        const elementwise_operand output = new_output(from.type, shape, on);
        tiles::algorithms::take(on, from, picked, axis, output);
        *out = make_handle<tiles_array>(output.data, held_extent(shape));
    });
}

tiles_status tiles_true_positions_new(tiles_array** out, size_t* out_count, tiles_context* context,
                                      const tiles_view* mask) {
    return guard([&] {
        check_out(out);
        check_out(out_count);
        const elementwise_operand m = view_operand(mask, 1, "the mask");
        const elementwise_operand positions = tiles::algorithms::true_positions(context_of_data(context, {m}), m);
        *out_count = std::size_t(positions.shape[0]);
        *out = positions.data == nullptr ? nullptr : make_handle<tiles_array>(positions.data, positions.shape);
    });
}

} // extern "C"
