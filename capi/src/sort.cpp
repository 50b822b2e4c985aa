// libtiles C API: tiles_sort_new over the core's sort (tiles/algorithms/sort_axis.hpp): the C
// options become the engine's arguments, the engine decides the rest.
#include <vector>

#include "capi_internal.hpp"
#include "tiles/algorithms/sort_axis.hpp"

using namespace tiles::capi;

extern "C" {

tiles_status tiles_sort_new(tiles_array** out_values, tiles_array** out_positions, tiles_context* context,
                            const tiles_view* input, int input_is_bool, const tiles_sort_options* options) {
    return guard([&] {
        if (out_values == nullptr && out_positions == nullptr)
            throw tiles::invalid_argument("tiles_sort_new: out_values and out_positions are both NULL; "
                                          "ask for the sorted values, their positions or both");
        check_struct(options, "tiles_sort_options");
        const tiles_sort_options o = read_struct(options);
        if (input == nullptr) throw tiles::invalid_argument("the input is NULL");
        const tiles_elementwise_operand viewed{input, input_is_bool, TILES_OPAQUE, 0, 0, 0.0, 0.0};
        const tiles::algorithms::elementwise_operand data = operand_of(viewed, "the input");
        tiles::algorithms::sort_axis_index(int(data.shape.size()), o.axis);
        const std::shared_ptr<tiles::engine::context> on = context_of_operands(context, {data}, nullptr);
        tiles::algorithms::elementwise_operand values, positions;
        if (out_values != nullptr) values = new_output(data.type, data.shape, on);
        if (out_positions != nullptr) positions = new_output({tiles::element_type::int64, false}, data.shape, on);
        tiles::algorithms::sort_axis(on, data, o.axis, o.descending != 0, out_values != nullptr ? &values : nullptr,
                                     out_positions != nullptr ? &positions : nullptr);
        if (out_values != nullptr) *out_values = make_handle<tiles_array>(values.data, data.shape);
        if (out_positions != nullptr) *out_positions = make_handle<tiles_array>(positions.data, data.shape);
    });
}

} // extern "C"
