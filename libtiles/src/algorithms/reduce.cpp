// libtiles algorithms: reduce, the sum, least or greatest element of data. Each pass combines
// one tile's span of the data into one partial value per tile; passes repeat over the partials
// until a single value remains, which is read back into the caller's memory.
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

element_layout check_input(const std::shared_ptr<storage>& input, void* result, int max_count,
                           const device_info& device) {
    if (input == nullptr) throw invalid_argument("reduce: the input has no storage");
    if (result == nullptr) throw invalid_argument("reduce: the result's memory is NULL");
    const element_layout layout = layout_of(*input);
    check_element_type(algorithm, layout.type, {element_type::int32, element_type::float32}, device);
    const std::size_t count = element_count(*input);
    if (count == 0) throw invalid_argument("reduce: the input has 0 elements; a reduction needs at least 1");
    if (count > std::size_t(max_count))
        throw invalid_argument("reduce: the input has " + std::to_string(count) + " elements, more than the " +
                               std::to_string(max_count) + " one reduction can take");
    return layout;
}

} // namespace

void reduce(const accelerator_view& view, const std::shared_ptr<storage>& input, reduction_op op, void* result) {
    const device_info& device = device_of(view);
    const reduce_parameters& p = parameters_for(device).reduce;
    // How far one tile reads; the last tile's reach past the data must still be an int.
    const int span = p.tile_size * p.items_per_thread * p.vector_width;
    const element_layout layout = check_input(input, result, INT_MAX - span, device);
    const int count = int(element_count(*input));

    const kernel pass = algorithm_kernel(tiles_kernel_reduction, "reduce_pass", layout.type,
                                         "-DREDUCE_OP=" + std::to_string(op_number(op)) +
                                             " -DITEMS_PER_THREAD=" + std::to_string(p.items_per_thread) +
                                             " -DVECTOR_WIDTH=" + std::to_string(p.vector_width));
    // The partials, and the result on the device, live in the view's scratch buffers, so that a
    // reduction allocates nothing (on a GPU, an allocation can cost as much as reading hundreds
    // of MiB).
    context_state& state = *view.state();
    std::vector<context_state::scratch_buffer> scratch;
    std::shared_ptr<storage> remaining = input;
    int remaining_count = count;
    for (;;) {
        const int tile_count = (remaining_count + span - 1) / span;
        scratch.push_back(state.take_scratch(std::size_t(tile_count) * layout.size));
        const std::shared_ptr<storage> partials =
            storage_over_buffer(layout, dims3{1, 1, std::size_t(tile_count)}, view, scratch.back().buffer());
        launch_algorithm(
            view, covering_domain(tile_count * p.tile_size, p.tile_size), pass,
            std::array<launch_arg, 3>{input_arg(remaining), make_arg(remaining_count), output_arg(partials)});
        remaining = partials;
        remaining_count = tile_count;
        if (tile_count == 1) break;
    }
    copy_out(*remaining, whole_of(*remaining), result);
    for (context_state::scratch_buffer& s : scratch) state.give_back_scratch(std::move(s));
}

} // namespace tiles::detail
