// libtiles C API: elementwise arithmetic, tiles_elementwise and its variants over the core's
// elementwise engine (tiles/algorithms/elementwise.hpp): the C operands become the engine's, the
// engine decides everything else.
#include <vector>

#include "capi_internal.hpp"
#include "tiles/algorithms/elementwise.hpp"

namespace tiles::capi {
namespace {

using tiles::algorithms::elementwise_operand;

// The C enum is the core's, value for value: a reordering of either would run another operation.
static_assert(int(TILES_OP_ADD) == int(tiles::elementwise_op::add) &&
                  int(TILES_OP_WHERE) == int(tiles::elementwise_op::where) &&
                  int(TILES_OP_WHERE) + 1 == tiles::elementwise_op_count,
              "tiles_elementwise_op and tiles::elementwise_op differ");

tiles::elementwise_op op_of(const tiles_elementwise_op& op) {
    const int value = as_int(op);
    if (value < 0 || value >= tiles::elementwise_op_count)
        throw invalid_argument("the elementwise operation " + std::to_string(value) + " is none (0 to " +
                               std::to_string(tiles::elementwise_op_count - 1) + ")");
    return tiles::elementwise_op(value);
}

tiles::array_dtype dtype_of(tiles::element_type type, int is_bool, const char* role) {
    if (is_bool != 0 && type != tiles::element_type::uint8)
        throw invalid_argument(std::string(role) + " is marked bool, and holds " + tiles::element_description(type) +
                               " elements, where numpy's bools are held as uchar (uint8)");
    return {type, is_bool != 0};
}

} // namespace

elementwise_operand operand_of(const tiles_elementwise_operand& o, const char* role) {
    elementwise_operand operand;
    if (o.view == nullptr) {
        operand.type = dtype_of(to_element_type(o.scalar_dtype), o.is_bool, role);
        operand.weak = o.weak != 0;
        operand.integer = o.integer;
        operand.real = o.real;
        operand.imag = o.imag;
        return operand;
    }
    const view_object& v = live(o.view, role);
    if (v.boxes.elements.folded())
        throw tiles::invalid_argument(std::string("elementwise: ") + role +
                                      " is a section of a reshaped view whose rows are longer than the section, which "
                                      "elementwise does not read: copy it into an array first");
    operand.data = v.storage;
    operand.region = v.region;
    operand.shape = v.extent;
    operand.type = dtype_of(v.layout.type, o.is_bool, role);
    operand.read_only = v.read_only;
    return operand;
}

void place(elementwise_operand& operand, const tiles_elementwise_place* place, const char* role) {
    if (place == nullptr) return;
    if (operand.data == nullptr) throw invalid_argument(std::string(role) + " is a scalar, which has no place");
    if (place->rank < 0 || place->rank > 32)
        throw invalid_argument(std::string(role) + "'s place has rank " + std::to_string(place->rank) +
                               " (0 to 32, numpy's)");
    if (place->rank > 0 && (place->shape == nullptr || place->strides == nullptr))
        throw invalid_argument(std::string(role) + "'s place has no shape or strides (NULL)");
    operand.shape.assign(place->shape, place->shape + place->rank);
    operand.strides.assign(place->strides, place->strides + place->rank);
    operand.offset = place->offset;
}

namespace {

// The engine's inputs of the caller's, as many as `op` takes.
std::vector<elementwise_operand> inputs_of(tiles::elementwise_op op, const tiles_elementwise_operand* inputs,
                                           size_t count) {
    if (count != size_t(tiles::arity(op)))
        throw invalid_argument(std::string(tiles::to_string(op)) + " takes " + std::to_string(tiles::arity(op)) +
                               " inputs, not " + std::to_string(count));
    if (inputs == nullptr) throw invalid_argument("the inputs are NULL");
    static const char* const roles[] = {"the first input", "the second input", "the third input"};
    std::vector<elementwise_operand> operands;
    operands.reserve(count);
    for (size_t i = 0; i < count; ++i) operands.push_back(operand_of(inputs[i], roles[i]));
    return operands;
}

} // namespace

std::shared_ptr<engine::context> context_of_operands(tiles_context* context,
                                                     const std::vector<elementwise_operand>& operands,
                                                     const elementwise_operand* output) {
    std::vector<const engine::storage*> storages;
    storages.reserve(operands.size() + 1);
    if (output != nullptr) storages.push_back(output->data.get());
    for (const elementwise_operand& o : operands) storages.push_back(o.data.get());
    return engine::context_for(context != nullptr ? live(context, "context").view.context() : nullptr, storages.data(),
                               storages.size());
}

namespace {

// What tiles_elementwise and tiles_elementwise_placed do. `op` comes by reference: a value outside
// the enum is read as an int and refused by name, never loaded as the enum (undefined behaviour).
tiles_status elementwise_placed(tiles_view* out, int out_is_bool, const tiles_elementwise_place* out_place,
                                tiles_context* context, const tiles_elementwise_op& op,
                                const tiles_elementwise_operand* inputs,
                                const tiles_elementwise_place* const* input_places, size_t input_count,
                                const tiles_elementwise_operand* where = nullptr,
                                const tiles_elementwise_place* where_place = nullptr) {
    return guard([&] {
        static const char* const roles[] = {"the first input", "the second input", "the third input"};
        const tiles::elementwise_op o = op_of(op);
        std::vector<elementwise_operand> operands = inputs_of(o, inputs, input_count);
        for (size_t k = 0; input_places != nullptr && k < operands.size(); ++k)
            place(operands[k], input_places[k], roles[k]);
        if (out == nullptr)
            throw tiles::invalid_argument(
                "the output view is NULL: elementwise writes into a view (tiles_elementwise_new "
                "makes a new array)");
        tiles_elementwise_operand written{out, out_is_bool, TILES_OPAQUE, 0, 0, 0.0, 0.0};
        elementwise_operand output = operand_of(written, "the output");
        place(output, out_place, "the output");
        if (where == nullptr && where_place != nullptr)
            throw tiles::invalid_argument("where='s place is given, and where= is NULL (every element written)");
        elementwise_operand mask;
        if (where != nullptr) {
            mask = operand_of(*where, "where=");
            place(mask, where_place, "where=");
        }
        tiles::algorithms::elementwise(context_of_operands(context, operands, &output), o, operands.data(), output,
                                       where != nullptr ? &mask : nullptr);
    });
}

} // namespace

} // namespace tiles::capi

using namespace tiles::capi;

extern "C" {

const char* tiles_elementwise_op_name(tiles_elementwise_op op) {
    const int value = as_int(op);
    return value < 0 || value >= tiles::elementwise_op_count ? "" : tiles::to_string(tiles::elementwise_op(value));
}

tiles_status tiles_elementwise_result_type(tiles_dtype* out, int* out_is_bool, tiles_elementwise_op op,
                                           const tiles_elementwise_operand* inputs, size_t input_count) {
    return guard([&] {
        check_out(out);
        check_out(out_is_bool);
        const tiles::elementwise_op o = op_of(op);
        if (o == tiles::elementwise_op::copy)
            throw tiles::invalid_argument("the copy's dtype is its output's, which the caller chooses");
        const tiles::array_dtype type =
            tiles::algorithms::elementwise_result_type(o, inputs_of(o, inputs, input_count).data());
        *out = to_dtype(type.element);
        *out_is_bool = type.boolean ? 1 : 0;
    });
}

tiles_status tiles_elementwise(tiles_view* out, int out_is_bool, tiles_context* context, tiles_elementwise_op op,
                               const tiles_elementwise_operand* inputs, size_t input_count) {
    return elementwise_placed(out, out_is_bool, nullptr, context, op, inputs, nullptr, input_count);
}

tiles_status tiles_elementwise_placed(tiles_view* out, int out_is_bool, const tiles_elementwise_place* out_place,
                                      tiles_context* context, tiles_elementwise_op op,
                                      const tiles_elementwise_operand* inputs,
                                      const tiles_elementwise_place* const* input_places, size_t input_count) {
    return elementwise_placed(out, out_is_bool, out_place, context, op, inputs, input_places, input_count);
}

tiles_status tiles_elementwise_masked(tiles_view* out, int out_is_bool, const tiles_elementwise_place* out_place,
                                      tiles_context* context, tiles_elementwise_op op,
                                      const tiles_elementwise_operand* inputs,
                                      const tiles_elementwise_place* const* input_places, size_t input_count,
                                      const tiles_elementwise_operand* where,
                                      const tiles_elementwise_place* where_place) {
    return elementwise_placed(out, out_is_bool, out_place, context, op, inputs, input_places, input_count, where,
                              where_place);
}

tiles_status tiles_elementwise_new(tiles_array** out, int* out_is_bool, tiles_context* context, tiles_elementwise_op op,
                                   const tiles_elementwise_operand* inputs, size_t input_count) {
    return guard([&] {
        check_out(out);
        check_out(out_is_bool);
        const tiles::elementwise_op o = op_of(op);
        if (o == tiles::elementwise_op::copy)
            throw tiles::invalid_argument("a copy needs its output's dtype: tiles_elementwise into a view of it");
        const std::vector<elementwise_operand> operands = inputs_of(o, inputs, input_count);
        const std::shared_ptr<tiles::engine::context> on = context_of_operands(context, operands, nullptr);
        const elementwise_operand output = tiles::algorithms::elementwise_into_new_array(on, o, operands.data());
        *out = make_handle<tiles_array>(output.data, held_extent(output.shape));
        *out_is_bool = output.type.boolean ? 1 : 0;
    });
}

} // extern "C"
