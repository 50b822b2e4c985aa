// libtiles algorithms: reduce, the sum, least or greatest of the elements of data, on one context
// or several at once. Operands are the engine's storages; each call throws before anything runs
// if they do not fit, naming the numbers.
#pragma once

#include <memory>
#include <vector>

#include "tiles/element_type.hpp"
#include "tiles/engine/context.hpp"
#include "tiles/engine/split.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles {

// What tiles::reduce computes: the sum, the least or the greatest of the elements.
enum class reduction_op { sum, min, max };

// "sum", "min" or "max": the name of `op`, as the C API and Python take it; "" for a value out of
// range.
const char* to_string(reduction_op op);

} // namespace tiles

namespace tiles::algorithms {

// Writes the reduction of every element of input (of the element types reduce's description
// lists, in reduce.cpp; half and bfloat16 read as float), combined in `accumulator`, into
// `result`: host memory for one element of that type. The accumulator is the input's type, or
// for sums a wider one: int64 for int32, float64 for float32.
void reduce(const std::shared_ptr<engine::context>& context, const std::shared_ptr<engine::storage>& input,
            reduction_op op, element_type accumulator, void* result);
// The same into `result`, written by the launch on `context` and left there: nothing waits for
// the device. The result is one element of the accumulator's type, or of the input's combined type
// (a float32 sum added in float64 and rounded once, in the same launch).
void reduce(const std::shared_ptr<engine::context>& context, const std::shared_ptr<engine::storage>& input,
            reduction_op op, element_type accumulator, const std::shared_ptr<engine::storage>& result);
// The same by bands of the elements over several contexts: every context combines its own into
// partials, which the first context combines as the one-context reduction does.
void reduce(const std::vector<std::shared_ptr<engine::context>>& contexts,
            const std::shared_ptr<engine::storage>& input, reduction_op op, element_type accumulator, void* result);
// The same of a split matrix's own rows where they are, each band combined on its context, the totals here (a band
// with a halo above first copies its own rows there; of copies, the first): data that stays on the devices. The bands
// are of whole rows, not of the one-context reduction's spans, so float sums may differ from one
// context's in their last bits.
void reduce(const engine::split_matrix& split, reduction_op op, element_type accumulator, void* result);

} // namespace tiles::algorithms
