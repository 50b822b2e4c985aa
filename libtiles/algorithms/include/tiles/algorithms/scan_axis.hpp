// libtiles algorithms: numpy's cumulative_sum and cumulative_prod along one axis of data of any
// rank, or along all of its elements in order (numpy's cumsum without an axis), with numpy's result
// dtypes and include_initial. Each call makes its kernel from a description (operation, dtypes),
// kept under that description for the next.
#pragma once

#include <memory>
#include <vector>

#include "tiles/algorithms/reduce_axes.hpp"

namespace tiles::algorithms {

// numpy's dtype of the cumulative sum (`op` sum) or product (prod) of `input` elements, given
// `dtype=` (nullptr where not given): the sum's or product's. invalid_argument for other operations.
array_dtype scan_result_type(axis_reduction op, array_dtype input, const array_dtype* dtype);

// The shape of a scan of data of `shape` along `axes` (reduced_axes' answer: one axis, or all of
// them for the elements in order, a result of rank 1), one longer along it where include_initial.
// invalid_argument for several axes that are not all of them.
std::vector<int> scan_shape(const std::vector<int>& shape, const std::vector<int>& axes, bool include_initial);

// Writes numpy's cumulative_sum (`op` sum) or cumulative_prod (`op` prod) of `input` along `axes`
// into `output`, data of scan_shape's shape whose dtype is the sum's or product's (numpy's, or
// dtype=), the identity first where include_initial. Each line's elements are combined one after
// another, in numpy's order, so results are numpy's to the last bit; but on GPUs, where few lines are long
// (1,024 lines or fewer, of 1,024 elements or more), each line is scanned in blocks of 256 in
// parallel: integers still numpy's exactly, float sums and products within n * eps of numpy's
// (n the line's length), as another order of the same operations rounds. Enqueued on `context` without
// waiting. invalid_argument for other operations and operands that do not fit, naming the
// numbers; unsupported_feature for float16 results (numpy rounds each step to float16) and
// doubles on a device without them.
void scan_axis(const std::shared_ptr<engine::context>& context, axis_reduction op, const elementwise_operand& input,
               const std::vector<int>& axes, bool include_initial, const elementwise_operand& output);

} // namespace tiles::algorithms
