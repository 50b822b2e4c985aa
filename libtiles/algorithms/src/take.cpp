// libtiles algorithms: numpy's take along an axis and the positions of a mask's true elements,
// both on gather's and scan_axis' kernels: take places the source so that its integer array moves
// along the axis; true_positions scans the mask and compacts the positions of its true elements.
#include <string>

#include "elementwise_table.hpp"
#include "support.hpp"
#include "tiles/algorithms/gather.hpp"
#include "tiles/algorithms/scan_axis.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {
namespace {

std::vector<std::int64_t> dense_strides(const std::vector<int>& shape) {
    std::vector<std::int64_t> strides(shape.size(), 0);
    std::int64_t step = 1;
    for (std::size_t d = shape.size(); d-- > 0; step *= shape[d]) strides[d] = step;
    return strides;
}

// The compaction: each true element's position, at the count of true elements before it.
const char* const compaction_source = R"(
__kernel void tiles_true_positions(__global long* positions, __global const uchar* mask,
                                   __global const long* within) {
    const uint i = get_global_id(0);
    if (mask[i] != 0) positions[within[i] - 1] = i;
})";

elementwise_operand int64_data(const std::shared_ptr<context>& context, std::size_t count) {
    elementwise_operand o;
    o.shape = {int(count)};
    o.type = {element_type::int64};
    if (count == 0) return o; // the engine holds no data of no elements
    o.data = storage_on_device({element_type::int64, 8}, dims3{1, 1, count}, context);
    o.region = whole_of(*o.data);
    return o;
}

} // namespace

std::vector<int> take_shape(const std::vector<int>& shape, const std::vector<int>& positions, int axis) {
    const int rank = int(shape.size());
    if (axis < -rank || axis >= rank)
        throw invalid_argument("take: axis " + std::to_string(axis) + " is out of bounds for data of " +
                               std::to_string(rank) + " dimensions " + shape_text(shape));
    const long along = axis < 0 ? axis + rank : axis;
    std::vector<int> taken(shape.begin(), shape.begin() + along);
    taken.insert(taken.end(), positions.begin(), positions.end());
    taken.insert(taken.end(), shape.begin() + along + 1, shape.end());
    return taken;
}

void take(const std::shared_ptr<context>& context, const elementwise_operand& source,
          const elementwise_operand& positions, int axis, const elementwise_operand& output) {
    elementwise_operand placed = source;
    placed.shape = take_shape(source.shape, positions.shape, axis);
    check_dense(source, "take", "the source");
    check_dense(positions, "take", "the positions");
    // The source's dense strides, 0 along the positions' dimensions, which the positions move along.
    const std::size_t along = std::size_t(axis < 0 ? axis + int(source.shape.size()) : axis);
    const std::vector<std::int64_t> held = dense_strides(source.shape), picked = dense_strides(positions.shape);
    placed.strides.assign(held.begin(), held.begin() + long(along));
    placed.strides.insert(placed.strides.end(), positions.shape.size(), 0);
    placed.strides.insert(placed.strides.end(), held.begin() + long(along) + 1, held.end());
    element_index index{positions, std::vector<std::int64_t>(along, 0), held[along], source.shape[along], false, false};
    index.strides.insert(index.strides.end(), picked.begin(), picked.end());
    index.strides.insert(index.strides.end(), source.shape.size() - along - 1, 0);
    gather(context, placed, index, output, "take");
}

elementwise_operand true_positions(const std::shared_ptr<context>& context, const elementwise_operand& mask) {
    if (mask.data == nullptr || !mask.type.boolean)
        throw invalid_argument("true_positions: the mask is " +
                               (mask.data == nullptr ? std::string("a scalar") : dtype_name(mask.type)) +
                               ", where it is bool data");
    check_operand(mask, "the mask");
    check_dense(mask, "true_positions", "the mask");
    const std::size_t size = count_of(mask.shape);
    if (size == 0) return int64_data(context, 0);
    elementwise_operand flat = mask;
    flat.shape = {int(size)};
    const elementwise_operand within = int64_data(context, size);
    scan_axis(context, axis_reduction::sum, flat, {0}, false, within);
    std::int64_t count = 0;
    engine::copy_out(*within.data, engine::box{dims3{0, 0, size - 1}, dims3{1, 1, 1}}, &count);
    const elementwise_operand positions = int64_data(context, std::size_t(count));
    if (count == 0) return positions;
    launch_per_element(
        context, "true_positions", flat.shape,
        []() -> const kernel& {
            return kept_kernel(
                "true_positions", [] { return std::string(compaction_source); }, "tiles_true_positions");
        },
        [&] {
            return std::vector<launch_arg>{memory_arg(positions, true), memory_arg(flat, false),
                                           memory_arg(within, false)};
        });
    return positions;
}

} // namespace tiles::algorithms
