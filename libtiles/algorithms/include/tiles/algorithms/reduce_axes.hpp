// libtiles algorithms: reductions over any set of axes (numpy's sum, prod, min, max, any, all, mean,
// argmin and argmax), with numpy's result dtypes and keepdims, on data of any rank read as the
// elementwise engine reads its operands. Each call makes its kernel from a description (operation,
// dtypes, ranks of the kept and the reduced dimensions), kept under that description for the next.
#pragma once

#include <memory>
#include <vector>

#include "tiles/algorithms/elementwise.hpp"

namespace tiles {

// The reductions, by numpy's names.
enum class axis_reduction { sum, prod, min, max, any, all, mean, argmin, argmax };
inline constexpr int axis_reduction_count = int(axis_reduction::argmax) + 1;

// numpy's name of `op` ("sum", "argmax"); "" out of range.
const char* to_string(axis_reduction op);

} // namespace tiles

namespace tiles::algorithms {

// numpy's dtype of `op` of `input` elements, given `dtype=` (nullptr where not given): sums and
// products of bools and narrower integers in int64 (uint64), means of them in float64, any and all
// bool, argmin and argmax int64. invalid_argument where numpy refuses the dtypes, naming them.
array_dtype reduction_result_type(axis_reduction op, array_dtype input, const array_dtype* dtype);

// The axes `op` reduces of data of `rank` dimensions, numpy's way: each of `axes` (`count` of
// them; all where `axes` is nullptr) from 0 or from the end if negative, in order. invalid_argument
// for an axis out of range or given twice, and for argmin or argmax over several axes of some.
std::vector<int> reduced_axes(axis_reduction op, int rank, const int* axes, std::size_t count);

// The result's shape: `shape` without the reduced `axes`, or with extent 1 there (keepdims).
std::vector<int> reduction_shape(const std::vector<int>& shape, const std::vector<int>& axes, bool keepdims);

// Writes numpy's `op` of `input` over `axes` (reduced_axes') into `output`, data of the result's
// shape (reduction_shape, keepdims or not) whose dtype is the result's (reduction_result_type).
// Float sums and means add in a pairwise order, as accurate as numpy's. numpy's where= and
// initial=, in the same kernel: `where` (bool data, dense, broadcasting to the input's shape) leaves
// out the elements where it is false, which count as the identity (a mean divides by the number it
// leaves in: NaN where none); `initial` (a scalar; sum, prod, min and max) is combined with each
// result; max and min with where= need it. Enqueued on `context` without waiting.
// invalid_argument for operands that do not fit, naming the numbers; unsupported_feature where
// the kernels lack the loop (the order of complex numbers) or the device lacks doubles.
void reduce_axes(const std::shared_ptr<engine::context>& context, axis_reduction op, const elementwise_operand& input,
                 const std::vector<int>& axes, const elementwise_operand& output,
                 const elementwise_operand* where = nullptr, const elementwise_operand* initial = nullptr);

} // namespace tiles::algorithms
