// libtiles algorithms: the array API's sort and argsort (numpy's sort and argsort with
// kind="stable") along one axis of data of any rank, each line sorted on its own, ascending or
// descending, on the device. The kernel is kernels/sort.cl, kept per element type and order.
#pragma once

#include <memory>

#include "tiles/algorithms/elementwise.hpp"

namespace tiles::algorithms {

// The axis `axis` of data of `rank` dimensions counted from 0 (a negative one from the end);
// invalid_argument, naming both, for one out of range.
int sort_axis_index(int rank, int axis);

// Sorts each line of dense `input` along `axis` (negative: from the end): the sorted elements into
// `values` (input's dtype and shape) and their positions along the axis into `positions` (int64,
// input's shape), either of them nullptr where not wanted. The sort is stable: equal elements keep
// their order, ascending or `descending`. NaNs go after every number, as numpy's sort puts them;
// descending, before (the ascending order reversed, as the array API's sort by flips gives it).
// -0.0 and 0.0 are equal. A merge sort: blocks of 256 elements of each line sorted in tile_static
// memory, then log2(n / 256) passes over all elements, each merging pairs of runs; without waiting.
// invalid_argument for an axis out of range, opaque elements, outputs of another shape or dtype,
// outputs sharing the input's data or each other's, or neither output; unsupported_feature for dtypes other than
// bool, integers, float32 and float64 (complex numbers, 16-bit floats) and for doubles on a device
// without them.
void sort_axis(const std::shared_ptr<engine::context>& context, const elementwise_operand& input, int axis,
               bool descending, const elementwise_operand* values, const elementwise_operand* positions);

} // namespace tiles::algorithms
