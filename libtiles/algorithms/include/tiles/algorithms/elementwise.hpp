// libtiles algorithms: elementwise, numpy's arithmetic, comparisons and math functions of arrays
// and scalars, broadcast as numpy broadcasts them, with numpy's and the array API's type
// promotion decided here once for every face. Each call makes its kernel from a description
// (operation, dtypes, operand layouts, rank), kept under that description for the next call.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tiles/element_type.hpp"
#include "tiles/engine/context.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles {

// The operations, by numpy's ufunc names: the binary ones first (elementwise_binary_count of
// them), then the unary ones. `copy` is astype's conversion (numpy's unsafe casting), `real` and
// `imag` the parts of complex numbers; `where` numpy.where's choice (a condition, then the two
// choices), the one of three inputs.
enum class elementwise_op {
    add,
    subtract,
    multiply,
    divide,
    floor_divide,
    remainder,
    power,
    bitwise_and,
    bitwise_or,
    bitwise_xor,
    left_shift,
    right_shift,
    maximum,
    minimum,
    atan2,
    copysign,
    hypot,
    nextafter,
    logaddexp,
    logical_and,
    logical_or,
    logical_xor,
    equal,
    not_equal,
    less,
    less_equal,
    greater,
    greater_equal,
    negative,
    positive,
    absolute,
    conjugate,
    invert,
    sqrt,
    exp,
    log,
    sin,
    cos,
    tan,
    asin,
    acos,
    atan,
    sinh,
    cosh,
    tanh,
    asinh,
    acosh,
    atanh,
    expm1,
    log1p,
    log2,
    log10,
    cbrt,
    floor,
    ceil,
    trunc,
    rint,
    square,
    sign,
    isnan,
    isinf,
    isfinite,
    signbit,
    logical_not,
    real,
    imag,
    copy,
    where,
};
inline constexpr int elementwise_binary_count = int(elementwise_op::greater_equal) + 1;
inline constexpr int elementwise_op_count = int(elementwise_op::where) + 1;

// numpy's name of `op` ("add", "true_divide" for divide, "arctan2" for atan2); "" out of range.
const char* to_string(elementwise_op op);
// 3 for where, 2 for the binary operations, 1 for the unary ones.
inline int arity(elementwise_op op) {
    return op == elementwise_op::where ? 3 : int(op) < elementwise_binary_count ? 2 : 1;
}

// A dtype as numpy has them: an element type, or numpy's bool, held as uint8 elements 0 or 1.
struct array_dtype {
    element_type element = element_type::uint8;
    bool boolean = false;
    friend bool operator==(array_dtype a, array_dtype b) { return a.element == b.element && a.boolean == b.boolean; }
    friend bool operator!=(array_dtype a, array_dtype b) { return !(a == b); }
};
inline constexpr array_dtype bool_dtype{element_type::uint8, true};
// numpy's name of the dtype: "bool", "int32", "complex64".
std::string dtype_name(array_dtype type);

} // namespace tiles

namespace tiles::algorithms {

// One operand: data (`data` non-null: the elements of `region` of a storage, seen as a dense
// row-major array of `shape`), or a scalar. A weak scalar is a Python number as NEP 50 has it: it
// takes the other operand's kind of type where it can (Python's int beside an int8 array is an
// int8); a strong one (a numpy scalar) promotes as an array of no dimensions does.
struct elementwise_operand {
    std::shared_ptr<engine::storage> data;
    engine::box region{};
    std::vector<int> shape;
    array_dtype type{};
    bool read_only = false;
    bool weak = false;         // scalars: a Python number
    double real = 0, imag = 0; // scalars of a floating or complex type
    std::int64_t integer = 0;  // scalars of bool and integer types (a uint64's bits)
    // Where data's elements lie in the region held dense and row-major, as a numpy view's do (a
    // transpose, steps, a reversal): element (c0, c1, ...) of `shape` at offset + c0 * strides[0]
    // + c1 * strides[1] + ..., in elements. Empty: dense, in the shape's order. An output so placed
    // writes through to the region's elements, as an in-place operation on numpy's view does.
    std::vector<std::int64_t> strides;
    std::int64_t offset = 0;
};

// The dtype numpy's `op` of `inputs` (arity(op) of them) computes in and gives (a comparison's
// is bool; astype's `copy` the output's, so it is not asked): numpy's type resolution with NEP
// 50's weak scalars. invalid_argument where numpy has no loop for them, naming the dtypes.
array_dtype elementwise_result_type(elementwise_op op, const elementwise_operand* inputs);

// The shape `inputs` broadcast to, as numpy broadcasts them; invalid_argument naming the shapes
// where they do not.
std::vector<int> broadcast_shape(const elementwise_operand* inputs, std::size_t count);

// Writes numpy's `op` of `inputs` (arity(op) of them) into `output`, data of the broadcast shape
// whose dtype the result casts to as numpy's same_kind casting allows (any dtype for `copy`). An
// output placed by strides may not share its storage with an input: the kernel's work-items would
// race (numpy buffers such an operand; a caller copies it first).
// With `where` (numpy's where=: bool data, or a bool scalar), only the elements where it is true
// are written, the others keeping the output's values; it broadcasts with the inputs, as numpy's.
// Enqueued on `context` without waiting. invalid_argument for operands that do not fit, naming
// the numbers; unsupported_feature where the kernels lack the loop (float16 arithmetic, power
// and trigonometry of complex numbers) or the device lacks doubles.
void elementwise(const std::shared_ptr<engine::context>& context, elementwise_op op, const elementwise_operand* inputs,
                 const elementwise_operand& output, const elementwise_operand* where = nullptr);

// The extent an array holds a result of `shape` as: the shape, or one element of rank 1 for a
// result of no dimensions (numpy's 0-d arrays).
std::vector<int> held_extent(const std::vector<int>& shape);

// A new dense array's operand for a result of `type` and `shape` on `on`, held as held_extent(shape).
elementwise_operand new_output(array_dtype type, const std::vector<int>& shape,
                               const std::shared_ptr<engine::context>& on);

// elementwise() into a new dense array on `context` of the dtype and broadcast shape numpy gives
// (no dimensions: held as one element), the loop and the shape resolved once; its operand.
elementwise_operand elementwise_into_new_array(const std::shared_ptr<engine::context>& context, elementwise_op op,
                                               const elementwise_operand* inputs);

} // namespace tiles::algorithms
