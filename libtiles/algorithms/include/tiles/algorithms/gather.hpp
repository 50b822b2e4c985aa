// libtiles algorithms: gather and scatter, numpy's indexing by integer arrays and masks: elements
// read from (or written to) places an integer array picks, and the positions of a mask's true
// elements (the core's scan of the mask, then its compaction). Each call makes its kernel from a
// description (dtypes, rank, the value's layout), kept under that description for the next call.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "tiles/algorithms/elementwise.hpp"

namespace tiles::algorithms {

// The integer array of a place: element (c0, c1, ...) of the shape moves, besides its operand's
// strides, by positions[c0 * strides[0] + c1 * strides[1] + ...] * stride elements. Positions lie
// in [-bound, bound), a negative one counted from the end (numpy's); outside it, the call is
// refused naming one such position (the first the kernel meets) and the bound. Where skip_negative is set, a negative
// position moves nothing instead (a caller's mark for a repeated position a later one overrides).
// Where `unchecked` is set (positions the caller has checked: on the host, or a mask's), the call
// neither waits nor refuses, and a position out of bounds moves nothing. Positions that hold no
// data: no integer array, the place alone (a copy of numpy's view: a transpose, steps).
struct element_index {
    elementwise_operand positions;     // int64 data, dense
    std::vector<std::int64_t> strides; // one for each dimension of the shape, in positions' elements
    std::int64_t stride = 1;           // in the placed operand's elements
    std::int64_t bound = 0;
    bool skip_negative = false;
    bool unchecked = false;
};

// Writes into `output` (dense, of `source`'s shape and any dtype: numpy's unsafe casting, as
// astype) the elements of `source`, placed by its strides and offset, each moved by `index`.
// Enqueued on `context`; where a position is out of bounds the call waits for the kernel and throws
// invalid_argument ("index 7 is out of bounds for axis of size 5"), `output` then unspecified.
// Messages begin with `caller`, the function the user called.
void gather(const std::shared_ptr<engine::context>& context, const elementwise_operand& source,
            const element_index& index, const elementwise_operand& output, const char* caller = "gather");

// Writes `value` (a scalar, or data broadcast to `target`'s shape, numpy's) into `target`'s
// elements, placed by its strides and offset, each moved by `index`: numpy's x[idx] = v, converted
// as numpy's unsafe casting. Where two elements reach one place, which one is written is
// unspecified (mark all but the last with skip_negative, as numpy's last one wins). Out of bounds,
// as gather, with no element written at such a position and the others written.
void scatter(const std::shared_ptr<engine::context>& context, const elementwise_operand& target,
             const element_index& index, const elementwise_operand& value);

// numpy's take(source, positions, axis): writes into `output` (dense, of shape source.shape[:axis]
// + positions.shape + source.shape[axis + 1:], of source's dtype or any other, as astype) the
// elements of `source` (dense) at `positions` (int64 data, dense) along `axis`, a negative one
// counted from the end. invalid_argument naming the axis and the shapes that do not fit, and, as
// gather, the first position out of bounds (waiting for the kernel to know).
void take(const std::shared_ptr<engine::context>& context, const elementwise_operand& source,
          const elementwise_operand& positions, int axis, const elementwise_operand& output);
// The shape of take's result: shape[:axis] + positions + shape[axis + 1:]; invalid_argument
// naming an axis out of bounds.
std::vector<int> take_shape(const std::vector<int>& shape, const std::vector<int>& positions, int axis);

// The positions (int64) of the true elements of `mask` (bools, or any dtype read as numpy's
// truth: not 0) among its elements in row-major order, as new data on `context`: the mask's
// inclusive scan (scan_axis), whose last element, the count, is read back to size the result, and
// a compaction. Waits for the count.
elementwise_operand true_positions(const std::shared_ptr<engine::context>& context, const elementwise_operand& mask);

} // namespace tiles::algorithms
