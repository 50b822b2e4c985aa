// libtiles C API: reductions over axes and scans, tiles_axis_reduction_new and tiles_axis_scan_new over
// the core's engines (tiles/algorithms/reduce_axes.hpp, scan_axis.hpp): the C options become the
// engine's, the engine decides the rest.
#include <vector>

#include "capi_internal.hpp"
#include "tiles/algorithms/reduce_axes.hpp"
#include "tiles/algorithms/scan_axis.hpp"

namespace tiles::capi {
namespace {

// The C enum is the core's, value for value: a reordering of either would run another reduction.
static_assert(int(TILES_AXIS_SUM) == int(tiles::axis_reduction::sum) &&
                  int(TILES_AXIS_MEAN) == int(tiles::axis_reduction::mean) &&
                  int(TILES_AXIS_ARGMAX) + 1 == tiles::axis_reduction_count,
              "tiles_axis_reduction and tiles::axis_reduction differ");

tiles::axis_reduction op_of(const tiles_axis_reduction& op) {
    const int value = as_int(op);
    if (value < 0 || value >= tiles::axis_reduction_count)
        throw tiles::invalid_argument("the reduction " + std::to_string(value) + " is none (0 to " +
                                      std::to_string(tiles::axis_reduction_count - 1) + ")");
    return tiles::axis_reduction(value);
}

// dtype= of the options, as the engine takes it: nullptr where numpy's default is asked for.
const tiles::array_dtype* requested_dtype(tiles_dtype dtype, int is_bool, tiles::array_dtype& value) {
    if (dtype == TILES_OPAQUE) return nullptr;
    tiles_elementwise_operand scalar{nullptr, is_bool, dtype, 0, 0, 0.0, 0.0};
    value = operand_of(scalar, "dtype=").type;
    return &value;
}

// The engine's operand of the caller's input view.
tiles::algorithms::elementwise_operand input_of(const tiles_view* input, int input_is_bool) {
    if (input == nullptr) throw tiles::invalid_argument("the input is NULL");
    const tiles_elementwise_operand viewed{input, input_is_bool, TILES_OPAQUE, 0, 0, 0.0, 0.0};
    return operand_of(viewed, "the input");
}

} // namespace
} // namespace tiles::capi

using namespace tiles::capi;

extern "C" {

const char* tiles_axis_reduction_name(tiles_axis_reduction op) {
    const int value = as_int(op);
    return value < 0 || value >= tiles::axis_reduction_count ? "" : tiles::to_string(tiles::axis_reduction(value));
}

tiles_status tiles_axis_reduction_new(tiles_array** out, int* out_is_bool, tiles_context* context,
                                      tiles_axis_reduction op, const tiles_view* input, int input_is_bool,
                                      const tiles_reduction_options* options) {
    return guard([&] {
        check_out(out);
        check_out(out_is_bool);
        check_struct(options, "tiles_reduction_options");
        const tiles_reduction_options o = read_struct(options);
        const tiles::axis_reduction reduction = op_of(op);
        const tiles::algorithms::elementwise_operand data = input_of(input, input_is_bool);
        if (o.axes == nullptr && o.axis_count != 0)
            throw tiles::invalid_argument("tiles_reduction_options: axes is NULL and axis_count " +
                                          std::to_string(o.axis_count) + "; NULL axes (all of them) take axis_count 0");
        const std::vector<int> axes =
            tiles::algorithms::reduced_axes(reduction, int(data.shape.size()), o.axes, o.axis_count);
        tiles::array_dtype requested;
        const tiles::array_dtype type = tiles::algorithms::reduction_result_type(
            reduction, data.type, requested_dtype(o.dtype, o.dtype_is_bool, requested));
        const std::vector<int> shape = tiles::algorithms::reduction_shape(data.shape, axes, o.keepdims != 0);
        const std::shared_ptr<tiles::engine::context> on = context_of_operands(context, {data}, nullptr);
        const tiles::algorithms::elementwise_operand result = new_output(type, shape, on);
        const tiles_elementwise_operand masked{o.where, 1, TILES_OPAQUE, 0, 0, 0.0, 0.0};
        const tiles::algorithms::elementwise_operand mask =
            o.where != nullptr ? operand_of(masked, "where=") : tiles::algorithms::elementwise_operand{};
        const tiles::algorithms::elementwise_operand initial =
            o.initial != nullptr ? operand_of(*o.initial, "initial=") : tiles::algorithms::elementwise_operand{};
        tiles::algorithms::reduce_axes(on, reduction, data, axes, result, o.where != nullptr ? &mask : nullptr,
                                       o.initial != nullptr ? &initial : nullptr);
        *out = make_handle<tiles_array>(result.data, held_extent(shape));
        *out_is_bool = type.boolean ? 1 : 0;
    });
}

tiles_status tiles_axis_scan_new(tiles_array** out, int* out_is_bool, tiles_context* context, tiles_axis_reduction op,
                                 const tiles_view* input, int input_is_bool, const tiles_scan_options* options) {
    return guard([&] {
        check_out(out);
        check_out(out_is_bool);
        check_struct(options, "tiles_scan_options");
        const tiles_scan_options o = read_struct(options);
        const tiles::axis_reduction scan = op_of(op);
        const tiles::algorithms::elementwise_operand data = input_of(input, input_is_bool);
        const std::vector<int> axes =
            tiles::algorithms::reduced_axes(scan, int(data.shape.size()), o.axis, o.axis == nullptr ? 0 : 1);
        tiles::array_dtype requested;
        const tiles::array_dtype type =
            tiles::algorithms::scan_result_type(scan, data.type, requested_dtype(o.dtype, o.dtype_is_bool, requested));
        const std::vector<int> shape = tiles::algorithms::scan_shape(data.shape, axes, o.include_initial != 0);
        const std::shared_ptr<tiles::engine::context> on = context_of_operands(context, {data}, nullptr);
        const tiles::algorithms::elementwise_operand result = new_output(type, shape, on);
        tiles::algorithms::scan_axis(on, scan, data, axes, o.include_initial != 0, result);
        *out = make_handle<tiles_array>(result.data, shape);
        *out_is_bool = type.boolean ? 1 : 0;
    });
}

} // extern "C"
