// libtiles algorithms: reduce, the sum, least or greatest element of data. Each pass combines
// one tile's span of the data into one partial value per tile; passes repeat over the partials
// until a single value remains, which the last pass writes into the result.
#include <climits>
#include <vector>

#include "parameters.hpp"
#include "support.hpp"
#include "tiles/exceptions.hpp"

extern const char tiles_kernel_reduction[];

namespace tiles::detail {
namespace {

const char* const algorithm = "reduce";

// The kernel's REDUCE_OP values.
int op_number(reduction_op op) {
    switch (op) {
    case reduction_op::sum:
        return 0;
    case reduction_op::min:
        return 1;
    case reduction_op::max:
        return 2;
    }
    throw invalid_argument("reduce: unknown reduction_op " + std::to_string(int(op)));
}

element_layout check_operands(const std::shared_ptr<storage>& input, const std::shared_ptr<storage>& result,
                              int max_count, const device_info& device) {
    if (input == nullptr || result == nullptr) throw invalid_argument("reduce: the input or the result has no storage");
    const element_layout layout = layout_of(*input);
    check_element_type(algorithm, layout.type, {element_type::int32, element_type::float32}, device);
    const std::size_t count = element_count(*input);
    if (count == 0) throw invalid_argument("reduce: the input has 0 elements; a reduction needs at least 1");
    if (count > std::size_t(max_count))
        throw invalid_argument("reduce: the input has " + std::to_string(count) + " elements, more than the " +
                               std::to_string(max_count) + " one reduction can take");
    if (layout_of(*result).type != layout.type || element_count(*result) != 1)
        throw invalid_argument("reduce: the result must be one element of the input's type (" +
                               std::string(opencl_name(layout.type)) + ")");
    return layout;
}

} // namespace

void reduce(const accelerator_view& view, const std::shared_ptr<storage>& input, reduction_op op,
            const std::shared_ptr<storage>& result) {
    const device_info& device = device_of(view);
    const reduce_parameters& p = parameters_for(device).reduce;
    // How far one tile reads; the last tile's reach past the data must still be an int.
    const int span = p.tile_size * p.items_per_thread * p.vector_width;
    const element_layout layout = check_operands(input, result, INT_MAX - span, device);
    const int count = int(element_count(*input));

    const kernel pass = algorithm_kernel(tiles_kernel_reduction, "reduce_pass", layout.type,
                                          "-DREDUCE_OP=" + std::to_string(op_number(op)) +
                                              " -DITEMS_PER_THREAD=" + std::to_string(p.items_per_thread) +
                                              " -DVECTOR_WIDTH=" + std::to_string(p.vector_width));
    // The partials live in the view's scratch buffers, so that a reduction allocates nothing
    // (an allocation can cost a GPU as much as reading hundreds of MiB).
    context_state& state = *view.state();
    std::vector<context_state::scratch_buffer> scratch;
    std::shared_ptr<storage> remaining = input;
    int remaining_count = count;
    for (;;) {
        const int tile_count = (remaining_count + span - 1) / span;
        std::shared_ptr<storage> partials = result;
        if (tile_count > 1) {
            scratch.push_back(state.take_scratch(std::size_t(tile_count) * layout.size));
            partials = storage_over_buffer(layout, dims3{1, 1, std::size_t(tile_count)}, view, scratch.back().buffer());
        }
        launch_algorithm(
            view, covering_domain(tile_count * p.tile_size, p.tile_size), pass,
            std::array<launch_arg, 3>{input_arg(remaining), make_arg(remaining_count), output_arg(partials)});
        if (tile_count == 1) break;
        remaining = partials;
        remaining_count = tile_count;
    }
    for (context_state::scratch_buffer& s : scratch) state.give_back_scratch(std::move(s));
}

} // namespace tiles::detail
