// libtiles algorithms: what the elementwise engine knows of each operation (elementwise_ops.cpp):
// numpy's loops for it, its OpenCL C expression for each kind of loop dtype, and its result's
// dtype; numpy's type promotion over them (elementwise_types.cpp); and the kernel source made
// from a description (elementwise_source.cpp).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "support.hpp"
#include "tiles/algorithms/elementwise.hpp"

namespace tiles::algorithms {

// The kinds of numpy's loops an operation has, as bits.
enum loop_kinds : unsigned {
    bool_loop = 1,
    integer_loops = 2,
    half_loop = 4,
    float_loops = 8,
    complex_loops = 16,
    every_loop = 31,
};

// What an operation's result is: the loop's dtype, bool, or the real dtype of its parts.
enum class result_rule { loop, boolean, real };

// One operation. Expressions are of x (and y) of the loop's dtype LOOP: for integer loops ("i",
// signed and unsigned), bool ("b"), floating ("f") and complex ("c"); nullptr where the kernels
// have none (numpy's answer then comes from elsewhere, or is numpy's refusal). They may call the
// helpers of helper_source() and name LOOP, WIDE (the unsigned type integer arithmetic wraps in),
// PART (a complex number's part), PART_MAX, BITS and SIGNED, which each source defines.
struct elementwise_row {
    const char* name; // numpy's
    unsigned loops;   // numpy's (loop_kinds)
    const char* integer;
    const char* boolean;
    const char* floating;
    const char* complex;
    result_rule result;
};
const elementwise_row& row_of(elementwise_op op);

// The OpenCL C of the helper functions `expression` calls, for loops of `type`.
std::string helper_source(const std::string& expression, array_dtype type);

// The element types in numpy's order of loops (bool first), for type resolution.
const std::vector<array_dtype>& dtypes_in_loop_order();
// numpy's can_cast(from, to, "safe") and can_cast(from, to, "same_kind").
bool can_cast_safely(array_dtype from, array_dtype to);
bool can_cast_same_kind(array_dtype from, array_dtype to);
// numpy's kind letter: 'b', 'i', 'u', 'f', 'c'.
char kind_of(array_dtype type);
// The real dtype of a complex one's parts; the dtype itself for the others.
array_dtype real_part(array_dtype type);

// numpy's loop for `op` of `inputs`: the dtype each input is computed in (the same for all but
// comparisons of int64 with uint64, which numpy makes by value), and the result's. For `copy`,
// the input's (float16 read as float32), the result being the output's.
struct resolved_loop {
    std::vector<array_dtype> inputs;
    array_dtype result;
};
resolved_loop resolve_loop(elementwise_op op, const elementwise_operand* inputs);

// What a kernel is made for. Operands are "same" (of the result's shape), "strided" (broadcast to
// it, or placed, through strides and an offset passed as arguments) or "scalar" (an argument); the
// output is "same" or "strided".
enum class operand_layout { same, strided, scalar };
struct elementwise_description {
    elementwise_op op;
    std::vector<array_dtype> loop;                 // the dtype each input is computed in
    std::vector<array_dtype> stored;               // each input's stored dtype (a scalar's: its loop's)
    std::vector<operand_layout> layouts;           // each input's
    array_dtype computed;                          // the dtype the expression gives
    array_dtype output;                            // the dtype written
    int rank;                                      // the result's, where an operand is strided; else 0
    operand_layout written = operand_layout::same; // the output's
    // where='s bool mask: scalar where there is none (every element written), else its layout
    operand_layout mask = operand_layout::scalar;
};
// The key a description's kernel is kept under: the same for the same description.
std::string key_of(const elementwise_description& d);
// A dtype as one byte of such a key: its element type and its bool mark.
char key_byte(array_dtype t);
// The OpenCL C of the kernel "tiles_elementwise": its parameters the output, each input (a
// pointer, or a scalar as its integer, float or two complex parts), then where an operand is
// strided the result's dimensions 1.. (uint) and each strided input's strides and offset, then
// the output's if it is strided (long, in elements; a stride 0 where it is broadcast). A mask
// (where=) comes after the inputs as uchar pointer `mask`, its strides and offset after the
// inputs' where it is strided. Throws unsupported_feature where the kernels lack the loop (the
// row's expression is nullptr).
std::string elementwise_source(const elementwise_description& d);
// The pieces of kernel source the elementwise and reduction kernels share (elementwise_source.cpp).
// The definitions of LOOP, WIDE, PART, PART_MAX, BITS, SIGNED and TRUTH for loops of `t`.
std::string definitions(array_dtype t);
// `value`, an element of dtype `stored`, as the loop's dtype (numpy's casts).
std::string read(const std::string& value, array_dtype stored, array_dtype loop);
// The statement that writes `value`, of dtype `computed`, as out[at] of dtype `out`.
std::string store(const std::string& value, array_dtype out, array_dtype computed, const std::string& at = "i");
// The pragmas that dtypes `all` need: doubles, and no contraction for complex arithmetic.
std::string pragmas(const std::vector<array_dtype>& all);

// What the elementwise and reduction engines share (elementwise.cpp): numpy's text of a shape,
// "(2, 3)"; the refusal of an operand whose data does not hold its shape's elements of its dtype,
// or whose dtype the kernels never read or write, naming its role; an operand's launch argument;
// and the kernel kept under `key`, made from source() the first time it is asked for.
std::string shape_text(const std::vector<int>& shape);
void check_operand(const elementwise_operand& o, const char* role);
// Refuses an operand placed by strides or an offset, which only elementwise's kernels read:
// `function`'s read their data dense, in its shape's order.
void check_dense(const elementwise_operand& o, const char* function, const char* role);
launch_arg memory_arg(const elementwise_operand& o, bool written);
const kernel& kept_kernel(std::string key, const std::function<std::string()>& source, const char* name);

// What elementwise() and fused() share (elementwise.cpp): the elements of a shape (SIZE_MAX where
// they overflow); the refusals of an output, of loops the kernels or the device lack, of an output
// placed over an input's elements, and of a negative integer power; a scalar's and a placed
// operand's launch arguments; and how the kernel reaches an operand's elements.
std::size_t count_of(const std::vector<int>& shape);
std::vector<std::int64_t> broadcast_strides(const elementwise_operand& o, const std::vector<int>& result);
void check_output(elementwise_op op, const elementwise_operand& out, const std::vector<int>& shape, array_dtype result);
void check_computable(elementwise_op op, const elementwise_description& d, const device_info& device);
void check_overlap(const elementwise_operand* inputs, std::size_t count, const elementwise_operand& output);
void check_exponent(elementwise_op op, const elementwise_operand& exponent, array_dtype loop);
// Refuses a where= mask that is not numpy's bool (numpy casts where= to bool only 'safe'ly).
void check_mask(const elementwise_operand& mask);
void add_scalar(std::vector<launch_arg>& args, const elementwise_operand& o, array_dtype loop);
// A strided operand's launch arguments: its strides broadcast to `shape`, then its offset.
void add_place(std::vector<launch_arg>& args, const elementwise_operand& o, const std::vector<int>& shape);
operand_layout layout_for(const elementwise_operand& o, const std::vector<int>& shape);
// The domain of a work-item per element of `shape` for `algorithm`: extent 0 for no elements,
// refused past one launch's count.
launch_domain per_element_domain(const char* algorithm, const std::vector<int>& shape);
// Launches a kernel of `algorithm` a work-item per element of `shape`: nothing for none, refused
// past one launch's count; `kernel_for()` makes (or finds kept) the kernel and `args_for()` its
// arguments, only where it runs. The callables are template parameters so that a call allocates
// no std::function for their captures.
template <class KernelFor, class ArgsFor>
void launch_per_element(const std::shared_ptr<context>& context, const char* algorithm, const std::vector<int>& shape,
                        const KernelFor& kernel_for, const ArgsFor& args_for) {
    const launch_domain domain = per_element_domain(algorithm, shape);
    if (domain.extent[0] == 0) return;
    const std::vector<launch_arg> args = args_for();
    engine::launch(context, domain, kernel_for(), args.data(), args.size());
}

// What elementwise_source() and fused_source() share (elementwise_source.cpp): the OpenCL C of
// an operation of loops `loop` on x, y, z; a scalar's parameters, named `name`; and the statements
// that find each strided operand's element (at0, at1, ..., at_out), adding their parameters.
std::string expression(elementwise_op op, const std::vector<array_dtype>& loop);
std::string scalar_parameters(array_dtype loop, const std::string& name);
std::string unravel(const elementwise_description& d, std::string& parameters);
// `text` with each helper function helper_source() gives renamed name_`suffix`, so that helpers of
// several loop dtypes live in one kernel (elementwise_ops.cpp).
std::string with_helper_suffix(std::string text, const std::string& suffix);

// Build options: float32 division and square roots correctly rounded, as numpy's are.
inline const char* elementwise_options = "-cl-fp32-correctly-rounded-divide-sqrt";

} // namespace tiles::algorithms
