// libtiles algorithms: sort_axis, the engine of the array API's sort and argsort for every face: a
// bottom-up merge sort (kernels/sort.cl) whose first pass sorts blocks of each line in work-groups'
// tile_static memory, and whose next passes each merge pairs of sorted runs of every line at once,
// from scratch data into scratch data, the last pass into the outputs.
#include "tiles/algorithms/sort_axis.hpp"

#include <climits>
#include <string>
#include <vector>

#include "elementwise_table.hpp"
#include "scan_blocked.hpp"
#include "support.hpp"
#include "tiles/exceptions.hpp"

extern const char tiles_kernel_sort[];

namespace tiles::algorithms {
namespace {

constexpr array_dtype positions_dtype{element_type::int64, false};

void check_output(const elementwise_operand& input, const elementwise_operand& output, array_dtype type,
                  const char* role) {
    check_operand(output, role);
    if (output.data == nullptr || output.read_only)
        throw invalid_argument(std::string("sort_axis: ") + role + " is not data that may be written");
    check_dense(output, "sort_axis", role);
    if (output.shape != input.shape || output.type != type)
        throw invalid_argument(std::string("sort_axis: ") + role + " is " + dtype_name(output.type) + " of shape " +
                               shape_text(output.shape) + ", not " + dtype_name(type) + " of the input's shape " +
                               shape_text(input.shape));
    if (output.data == input.data)
        throw invalid_argument(std::string("sort_axis: ") + role +
                               " shares the input's data, which the sort reads "
                               "while it writes: sort into new data");
}

void check_sort(const elementwise_operand& input, const elementwise_operand* values,
                const elementwise_operand* positions, const device_info& device) {
    check_operand(input, "the input");
    if (input.data == nullptr) throw invalid_argument("sort_axis: the input is a scalar, not data");
    check_dense(input, "sort_axis", "the input");
    const element_type e = input.type.element;
    if (e == element_type::opaque)
        throw invalid_argument("sort_axis: the input's elements are opaque bytes, which have no order");
    if (is_16_bit_float(e) || kind_of(input.type) == 'c')
        throw unsupported_feature("sort_axis: sorts bool, integers, float32 and float64, not " +
                                  dtype_name(input.type));
    if (e == element_type::float64 && !device.fp64)
        throw unsupported_feature("sort_axis: '" + device.name + "' has no doubles (cl_khr_fp64) for float64");
    if (values == nullptr && positions == nullptr)
        throw invalid_argument("sort_axis: neither the values nor the positions are asked for");
    if (values != nullptr) check_output(input, *values, input.type, "the values");
    if (positions != nullptr) check_output(input, *positions, positions_dtype, "the positions");
    if (values != nullptr && positions != nullptr && values->data == positions->data)
        throw invalid_argument("sort_axis: the values and the positions share data, which the sort writes both "
                               "into: give each its own");
}

// The elements a work-group sorts in tile_static memory before the merges: 256, or the device's
// largest work-group where that is less (a power of two).
std::size_t block_of(const device_info& device) {
    std::size_t block = 256;
    while (block > 1 && block > device.max_work_group_size) block /= 2;
    return block;
}

// The lines of a sort: `outer` * `inner` of them, each `n` long, whose elements lie `inner` apart.
struct sort_lines {
    std::size_t outer, n, inner;
};

// The block sort, then merge passes of runs of block, 2 * block ... until one run holds each line:
// the last writes the outputs; those before alternate between two scratch pairs.
void sort_in_passes(const std::shared_ptr<context>& context, const elementwise_operand& input, const sort_lines& lines,
                    std::size_t block, const std::string& options, const elementwise_operand& keys_out,
                    const elementwise_operand* positions) {
    const std::size_t count = lines.outer * lines.n * lines.inner, blocks = (lines.n + block - 1) / block;
    int passes = 1;
    for (std::size_t width = block; width < lines.n; width *= 2) ++passes;
    std::vector<elementwise_operand> keys, places;
    for (int i = 0; i < std::min(passes - 1, 2); ++i) {
        keys.push_back(scan_scratch(context, input.type, 1, count));
        if (positions != nullptr) places.push_back(scan_scratch(context, positions_dtype, 1, count));
    }
    const auto n = scalar_arg(std::uint64_t(lines.n)), inner = scalar_arg(std::uint64_t(lines.inner));
    for (int pass = 0; pass < passes; ++pass) {
        const bool last = pass == passes - 1;
        const elementwise_operand& to = last ? keys_out : keys[std::size_t(pass) % 2];
        // Without positions, the keys' data stands in for their unread parameters.
        const elementwise_operand& places_to = positions == nullptr ? to
                                               : last               ? *positions
                                                                    : places[std::size_t(pass) % 2];
        if (pass == 0) {
            const std::vector<launch_arg> args{memory_arg(to, true),
                                               memory_arg(places_to, true),
                                               memory_arg(input, false),
                                               n,
                                               inner,
                                               scalar_arg(std::uint64_t(blocks))};
            engine::launch(context,
                           covering_domain(std::int64_t(lines.outer * lines.inner * blocks * block), int(block)),
                           algorithm_kernel(tiles_kernel_sort, "tiles_sort_blocks", input.type.element, options),
                           args.data(), args.size());
            continue;
        }
        const elementwise_operand& from = keys[std::size_t(pass - 1) % 2];
        const elementwise_operand& places_from = positions == nullptr ? from : places[std::size_t(pass - 1) % 2];
        const std::vector<launch_arg> args{memory_arg(to, true),
                                           memory_arg(places_to, true),
                                           memory_arg(from, false),
                                           memory_arg(places_from, false),
                                           n,
                                           inner,
                                           scalar_arg(std::uint64_t(block) << (pass - 1))};
        launch_domain domain;
        domain.rank = 1;
        domain.extent = {int(count), 0, 0};
        engine::launch(context, domain,
                       algorithm_kernel(tiles_kernel_sort, "tiles_sort_merge", input.type.element, options),
                       args.data(), args.size());
    }
}

} // namespace

int sort_axis_index(int rank, int axis) {
    if (axis < -rank || axis >= rank)
        throw invalid_argument("sort_axis: axis " + std::to_string(axis) + " is out of bounds for data of " +
                               std::to_string(rank) + " dimensions");
    return axis < 0 ? axis + rank : axis;
}

void sort_axis(const std::shared_ptr<context>& context, const elementwise_operand& input, int axis, bool descending,
               const elementwise_operand* values, const elementwise_operand* positions) {
    const int along = sort_axis_index(int(input.shape.size()), axis);
    const device_info& device = *narrow(*context).device();
    check_sort(input, values, positions, device);
    std::size_t outer = 1, n = std::size_t(input.shape[std::size_t(along)]), inner = 1;
    for (int d = 0; d < int(input.shape.size()); ++d)
        if (d != along) (d < along ? outer : inner) *= std::size_t(input.shape[std::size_t(d)]);
    const std::size_t count = outer * n * inner;
    if (count == 0) return;
    if (count > std::size_t(INT_MAX))
        throw invalid_argument("sort_axis: the sort's " + std::to_string(count) + " elements are more than " +
                               std::to_string(INT_MAX) + ", the most one launch covers");
    const std::size_t block = block_of(device);
    if (outer * inner * ((n + block - 1) / block) * block > std::size_t(INT_MAX))
        throw invalid_argument("sort_axis: the sort's blocks of " + std::to_string(block) +
                               " elements cover more than " + std::to_string(INT_MAX) +
                               " elements, the most one launch covers");
    const std::string options = "-DBLOCK=" + std::to_string(block) + " -DDESCENDING=" + (descending ? "1" : "0") +
                                " -DWITH_INDICES=" + (positions != nullptr ? "1" : "0");
    const elementwise_operand keys_out = values != nullptr ? *values : scan_scratch(context, input.type, 1, count);
    sort_in_passes(context, input, {outer, n, inner}, block, options, keys_out, positions);
}

} // namespace tiles::algorithms
