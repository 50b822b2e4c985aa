// libtiles algorithms: reduce, the sum, least or greatest element of data. Each pass combines
// one tile's span of the data into one partial value per tile; passes repeat over the partials
// until a single value remains, which is read back into the caller's memory.
#include <climits>
#include <string>
#include <vector>

#include "parameter_lookup.hpp"
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

// The type sums of `input` may also be combined in, wider than it: numpy sums int32 in int64.
element_type wider_accumulator(element_type input) {
    return input == element_type::int32 ? element_type::int64 : element_type::float64;
}

void check_accumulator(element_type input, reduction_op op, element_type accumulator, const device_info& device) {
    if (accumulator == input) return;
    const std::string input_name = element_description(input);
    if (op != reduction_op::sum)
        throw invalid_argument("reduce: the least or greatest of " + input_name + " elements is one of them, an " +
                               input_name + ", not a " + element_description(accumulator));
    if (accumulator != wider_accumulator(input))
        throw invalid_argument("reduce: a sum of " + input_name + " elements is added in " + input_name + " or " +
                               element_description(wider_accumulator(input)) + ", not in " +
                               element_description(accumulator));
    check_element_type(algorithm, accumulator, {accumulator}, device); // double precision, where needed
}

} // namespace

void reduce(const accelerator_view& view, const std::shared_ptr<storage>& input, reduction_op op,
            element_type accumulator, void* result) {
    const device_info& device = device_of(view);
    const reduce_parameters p = parameters_for(view).reduce;
    // How far one tile reads; the last tile's reach past the data must still be an int.
    const int span = p.tile_size * p.items_per_thread * p.vector_width;
    const element_layout layout = check_input(input, result, INT_MAX - span, device);
    check_accumulator(layout.type, op, accumulator, device);
    const int count = int(element_count(*input));

    // The first pass reads the input's elements; later passes read the partials, accumulators.
    const auto pass_over = [&](element_type element) {
        return algorithm_kernel(tiles_kernel_reduction, "reduce_pass", element,
                                "-DREDUCE_OP=" + std::to_string(op_number(op)) +
                                    " -DACCUMULATOR=" + opencl_name(accumulator) + " " + build_options(p));
    };
    const element_layout partial_layout{accumulator, element_size(accumulator)};
    // The partials, and the result on the device, live in the view's scratch buffers, so that a
    // reduction allocates nothing (on a GPU, an allocation can cost as much as reading hundreds
    // of MiB).
    context_state& state = *view.state();
    std::vector<context_state::scratch_buffer> scratch;
    std::shared_ptr<storage> remaining = input;
    int remaining_count = count;
    for (;;) {
        const int tile_count = (remaining_count + span - 1) / span;
        scratch.push_back(state.take_scratch(std::size_t(tile_count) * partial_layout.size));
        const std::shared_ptr<storage> partials =
            storage_over_buffer(partial_layout, dims3{1, 1, std::size_t(tile_count)}, view, scratch.back().buffer());
        launch_algorithm(
            view, covering_domain(tile_count * p.tile_size, p.tile_size),
            pass_over(remaining == input ? layout.type : accumulator),
            std::array<launch_arg, 3>{input_arg(remaining), make_arg(remaining_count), output_arg(partials)});
        remaining = partials;
        remaining_count = tile_count;
        if (tile_count == 1) break;
    }
    copy_out(*remaining, whole_of(*remaining), result);
    for (context_state::scratch_buffer& s : scratch) state.give_back_scratch(std::move(s));
}

} // namespace tiles::detail
