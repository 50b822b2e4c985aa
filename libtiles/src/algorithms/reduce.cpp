// libtiles algorithms: reduce, the sum, least or greatest element of data, on one accelerator view
// or several. One launch combines each tile's span of the data into a partial value, and its last
// tile to finish combines the partials into the result, which is read back into the caller's
// memory. Over several views, each view makes the partials of its band of whole spans, and the
// first view combines them all in the same order.
#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include "parameter_lookup.hpp"
#include "support.hpp"
#include "tiles/detail/split.hpp"
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
    check_element_type(algorithm, layout.type,
                       {element_type::int32, element_type::float32, element_type::float16, element_type::bfloat16},
                       device);
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

// The accumulator is the type the input is computed in (float for 16-bit floats, whose results
// are floats), or for sums a wider one.
void check_accumulator(element_type input, reduction_op op, element_type accumulator, const device_info& device) {
    if (is_16_bit_float(input) && accumulator == input)
        throw invalid_argument("reduce: " + element_description(input) + " elements are combined, and given, as " +
                               element_description(element_type::float32) + ": ask for a result of that type");
    input = computed_as(input);
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

// One reduction's kernels and the span of data each of its tiles combines into one partial.
class reduction {
  public:
    reduction(const accelerator_view& view, reduction_op op, element_type accumulator)
        : p_(parameters_for(view).reduce), accumulator_(accumulator),
          options_("-DREDUCE_OP=" + std::to_string(op_number(op)) + " -DACCUMULATOR=" + opencl_name(accumulator) + " " +
                   build_options(p_) + (device_of(view).ptx_shuffles ? " -DTILES_PTX=1" : "")) {}

    // How far one tile reads; the last tile's reach past the data must still be an int.
    int span() const { return p_.tile_size * p_.items_per_thread * p_.vector_width; }
    element_layout partial_layout() const { return {accumulator_, element_size(accumulator_)}; }
    int partial_count(int count) const { return blocks_covering(count, span()); }

    // Combines `count` elements of `data`, of type `element`, on `view`, into `result`'s one
    // element there, keeping the partial_count(count) partials in `partials`.
    void run(const accelerator_view& view, const std::shared_ptr<storage>& data, element_type element, int count,
             const std::shared_ptr<storage>& partials, const std::shared_ptr<storage>& result) const {
        const std::shared_ptr<storage> finished_tiles =
            storage_over_buffer({element_type::uint32, sizeof(cl_uint)}, dims3{1, 1, 1}, view,
                                view.state()->finished_tiles_counter().get());
        launch_algorithm(view, covering_domain(std::int64_t(partial_count(count)) * p_.tile_size, p_.tile_size),
                         kernel_named("reduce", element),
                         std::array<launch_arg, 5>{input_arg(data), make_arg(count), output_arg(partials),
                                                   output_arg(finished_tiles), output_arg(result)});
    }
    // The same with the partials in the view's scratch.
    void run(const accelerator_view& view, const std::shared_ptr<storage>& data, element_type element, int count,
             const std::shared_ptr<storage>& result) const {
        with_scratch(view, std::size_t(partial_count(count)), [&](const std::shared_ptr<storage>& partials) {
            run(view, data, element, count, partials, result);
        });
    }
    // The same into host memory, through the view's scratch.
    void run(const accelerator_view& view, const std::shared_ptr<storage>& data, element_type element, int count,
             void* result) const {
        with_scratch(view, 1, [&](const std::shared_ptr<storage>& total) {
            run(view, data, element, count, total);
            copy_out(*total, whole_of(*total), result);
        });
    }

    // Combines `count` partials of one or more run()s, in order, on `view` into `result`, as run()
    // combines its own.
    void combine(const accelerator_view& view, const std::shared_ptr<storage>& partials, element_type element,
                 int count, void* result) const {
        with_scratch(view, 1, [&](const std::shared_ptr<storage>& total) {
            launch_algorithm(view, covering_domain(p_.tile_size, p_.tile_size),
                             kernel_named("reduce_partials", element),
                             std::array<launch_arg, 3>{input_arg(partials), make_arg(count), output_arg(total)});
            copy_out(*total, whole_of(*total), result);
        });
    }

    // Calls use(storage) on `count` accumulators of the view's scratch, which a reduction's
    // intermediate values live in so that it allocates nothing (on a GPU, an allocation can cost as
    // much as reading hundreds of MiB).
    template <typename Use> void with_scratch(const accelerator_view& view, std::size_t count, Use use) const {
        context_state& state = *view.state();
        context_state::scratch_buffer scratch = state.take_scratch(count * partial_layout().size);
        use(storage_over_buffer(partial_layout(), dims3{1, 1, count}, view, scratch.buffer.get()));
        state.give_back_scratch(std::move(scratch));
    }

  private:
    // A kernel of the reduction's program for data of `element`s.
    const kernel& kernel_named(const char* name, element_type element) const {
        return algorithm_kernel(tiles_kernel_reduction, name, computed_as(element), options_, element);
    }

    reduce_parameters p_;
    element_type accumulator_;
    std::string options_;
};

} // namespace

void reduce(const accelerator_view& view, const std::shared_ptr<storage>& input, reduction_op op,
            element_type accumulator, void* result) {
    const device_info& device = device_of(view);
    const reduction r(view, op, accumulator);
    const element_layout layout = check_input(input, result, INT_MAX - r.span(), device);
    check_accumulator(layout.type, op, accumulator, device);
    r.run(view, input, layout.type, int(element_count(*input)), result);
}

void reduce(const accelerator_view& view, const std::shared_ptr<storage>& input, reduction_op op,
            const std::shared_ptr<storage>& result) {
    const device_info& device = device_of(view);
    if (result == nullptr) throw invalid_argument("reduce: the result has no storage");
    const element_layout result_layout = layout_of(*result);
    const reduction r(view, op, result_layout.type);
    const element_layout layout = check_input(input, result.get(), INT_MAX - r.span(), device);
    check_accumulator(layout.type, op, result_layout.type, device);
    if (element_count(*result) != 1)
        throw invalid_argument("reduce: the result has " + std::to_string(element_count(*result)) +
                               " elements; it is one element");
    if (result == input) throw invalid_argument("reduce: the result is the input, which it would overwrite");
    r.run(view, input, layout.type, int(element_count(*input)), result);
}

void reduce(const std::vector<accelerator_view>& views, const std::shared_ptr<storage>& input, reduction_op op,
            element_type accumulator, void* result) {
    if (views.empty()) throw invalid_argument("reduce: the list of accelerator views is empty");
    const reduction r(views.front(), op, accumulator);
    const element_layout layout = check_input(input, result, INT_MAX - r.span(), device_of(views.front()));
    for (const accelerator_view& view : views) check_accumulator(layout.type, op, accumulator, device_of(view));
    const int count = int(element_count(*input));

    // Bands of whole spans, so that every view's partials are those one view would make, in order.
    const int spans = r.partial_count(count);
    const int spans_per_band = blocks_covering(spans, int(views.size()));
    const auto* host = static_cast<const unsigned char*>(host_data(*input, whole_of(*input), host_access::read));
    std::vector<std::shared_ptr<storage>> bands, partials;
    std::vector<int> partial_counts;
    std::vector<completion_future> uploads;
    for (std::size_t i = 0; i < views.size() && int(i) * spans_per_band < spans; ++i) {
        const int first = int(i) * spans_per_band * r.span();
        const int band_count = std::min(count - first, spans_per_band * r.span());
        bands.push_back(storage_on_device(layout, dims3{1, 1, std::size_t(band_count)}, views[i]));
        uploads.push_back(
            copy_in_async(*bands.back(), whole_of(*bands.back()), host + std::size_t(first) * layout.size, nullptr));
        partial_counts.push_back(r.partial_count(band_count));
        partials.push_back(
            storage_on_device(r.partial_layout(), dims3{1, 1, std::size_t(partial_counts.back())}, views[i]));
    }
    for (std::size_t i = 0; i < bands.size(); ++i)
        r.with_scratch(views[i], 1, [&](const std::shared_ptr<storage>& total) {
            r.run(views[i], bands[i], layout.type, int(element_count(*bands[i])), partials[i], total);
        });
    for (const completion_future& u : uploads) u.get(); // the caller's memory is free again

    // Every view's partials, in order, on the first view, combined there as on one view.
    std::vector<unsigned char> gathered(std::size_t(spans) * r.partial_layout().size);
    std::size_t at = 0;
    for (std::size_t i = 0; i < partials.size(); ++i) {
        copy_out(*partials[i], whole_of(*partials[i]), gathered.data() + at);
        at += std::size_t(partial_counts[i]) * r.partial_layout().size;
    }
    const std::shared_ptr<storage> all =
        storage_on_device(r.partial_layout(), dims3{1, 1, std::size_t(spans)}, views.front());
    copy_in(*all, whole_of(*all), gathered.data());
    r.combine(views.front(), all, layout.type, spans, result);
}

} // namespace tiles::detail
