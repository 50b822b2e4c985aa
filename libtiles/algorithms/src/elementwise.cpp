// libtiles algorithms: elementwise, the engine of numpy's arithmetic for every face: checks of
// the operands (naming the numbers), numpy's type resolution (elementwise_types.cpp), the kernel
// of the description, made once and kept under its key (elementwise_source.cpp), and its launch
// over the result's elements, one work-item each.
#include "tiles/algorithms/elementwise.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>
#include <mutex>
#include <utility>

#include "elementwise_table.hpp"
#include "support.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {

std::string shape_text(const std::vector<int>& shape) {
    std::string text = "(";
    for (std::size_t d = 0; d < shape.size(); ++d) text += (d ? ", " : "") + std::to_string(shape[d]);
    return text + (shape.size() == 1 ? ",)" : ")");
}

// Saturates at SIZE_MAX rather than wrap, so that a broadcast too large to launch is refused as such.
std::size_t count_of(const std::vector<int>& shape) {
    std::size_t count = 1;
    for (int n : shape) {
        if (n != 0 && count > SIZE_MAX / std::size_t(n)) return SIZE_MAX;
        count *= std::size_t(n);
    }
    return count;
}

namespace {

std::string strides_text(const std::vector<std::int64_t>& strides) {
    std::string text = "(";
    for (std::size_t d = 0; d < strides.size(); ++d) text += (d ? ", " : "") + std::to_string(strides[d]);
    return text + (strides.size() == 1 ? ",)" : ")");
}

bool placed(const elementwise_operand& o) { return !o.strides.empty() || o.offset != 0; }

// Refuses a placed operand (numpy's view) whose strides are not one a dimension, or which reaches
// elements outside the `held` elements of its data. The reach is summed with overflow checks, so
// that a stride or an offset near 2^63 is refused rather than wrapping past the check.
void check_place(const elementwise_operand& o, const char* role, std::size_t held) {
    if (o.strides.size() != o.shape.size())
        throw invalid_argument(std::string("elementwise: ") + role + " of shape " + shape_text(o.shape) + " has " +
                               std::to_string(o.strides.size()) + " strides, not one for each dimension");
    if (count_of(o.shape) == 0) return;
    std::int64_t lowest = o.offset, highest = o.offset, reach = 0;
    bool inside = true;
    for (std::size_t d = 0; d < o.shape.size() && inside; ++d)
        inside = !__builtin_mul_overflow(std::int64_t(o.shape[d] - 1), o.strides[d], &reach) &&
                 !__builtin_add_overflow(reach < 0 ? lowest : highest, reach, reach < 0 ? &lowest : &highest);
    if (!inside || lowest < 0 || highest >= std::int64_t(held))
        throw invalid_argument(std::string("elementwise: ") + role + " of shape " + shape_text(o.shape) +
                               " placed at offset " + std::to_string(o.offset) + " with strides " +
                               strides_text(o.strides) + " reaches outside the " + std::to_string(held) +
                               " elements its data holds");
}

// Whether no two elements of a placed operand lie at one place of its data: taken innermost
// stride first, each dimension steps past all that the dimensions inside it reach (check_place
// has kept every reach within the data).
bool places_distinct(const elementwise_operand& o) {
    std::vector<std::pair<std::int64_t, int>> dimensions; // |stride|, extent
    for (std::size_t d = 0; d < o.shape.size(); ++d)
        if (o.shape[d] > 1) dimensions.push_back({o.strides[d] < 0 ? -o.strides[d] : o.strides[d], o.shape[d]});
    std::sort(dimensions.begin(), dimensions.end());
    std::int64_t reach = 0;
    for (const auto& [stride, extent] : dimensions) {
        if (stride <= reach) return false;
        reach += stride * (extent - 1);
    }
    return true;
}

bool same_place(const elementwise_operand& a, const elementwise_operand& b) {
    return a.data == b.data && a.region == b.region && a.shape == b.shape && a.strides == b.strides &&
           a.offset == b.offset;
}

} // namespace

void check_operand(const elementwise_operand& o, const char* role) {
    const element_type e = o.type.element;
    if (e == element_type::opaque || e == element_type::bfloat16 || (o.type.boolean && e != element_type::uint8))
        throw invalid_argument(std::string("elementwise: ") + role + " holds " + element_description(e) +
                               " elements, which the elementwise kernels do not read (they read bool, int8..int64, "
                               "uint8..uint64, float16, float32, float64, complex64 and complex128)");
    for (int n : o.shape)
        if (n < 0)
            throw invalid_argument(std::string("elementwise: ") + role + " has the negative extent " +
                                   std::to_string(n));
    if (o.data == nullptr) return;
    const std::size_t bytes = volume(o.region) * layout_of(*o.data).size, wanted = count_of(o.shape) * element_size(e);
    if (!o.strides.empty() || o.offset != 0) {
        check_place(o, role, bytes / element_size(e));
        return;
    }
    if (bytes != wanted)
        throw invalid_argument(std::string("elementwise: ") + role + " of shape " + shape_text(o.shape) + " and " +
                               dtype_name(o.type) + " elements needs " + std::to_string(wanted) +
                               " bytes, and its data holds " + std::to_string(bytes));
}

void check_dense(const elementwise_operand& o, const char* function, const char* role) {
    if (placed(o))
        throw invalid_argument(std::string(function) + ": " + role + " is placed by strides " +
                               strides_text(o.strides) + " and offset " + std::to_string(o.offset) +
                               ", and its kernels read data dense: copy it into data of its shape first");
}

void check_output(elementwise_op op, const elementwise_operand& out, const std::vector<int>& shape,
                  array_dtype result) {
    if (out.data == nullptr) throw invalid_argument("elementwise: the output is a scalar, not data");
    if (out.read_only)
        throw invalid_argument("elementwise: the output is a view of const elements, which may not be written");
    if (out.shape != shape)
        throw invalid_argument("non-broadcastable output operand with shape " + shape_text(out.shape) +
                               " doesn't match the broadcast shape " + shape_text(shape));
    if (op != elementwise_op::copy && !can_cast_same_kind(result, out.type))
        throw invalid_argument(std::string("Cannot cast ufunc '") + to_string(op) + "' output from " +
                               dtype_name(result) + " to " + dtype_name(out.type) + " with casting rule 'same_kind'");
}

// Refuses loops the kernels lack (float16 arithmetic) and doubles on a device without them.
void check_computable(elementwise_op op, const elementwise_description& d, const device_info& device) {
    for (array_dtype t : d.loop)
        if (t.element == element_type::float16)
            throw unsupported_feature(std::string("elementwise: numpy's ") + to_string(op) +
                                      " computes in float16 here, which libtiles' elementwise kernels do not compute "
                                      "in: convert the operands to float32 first (numpy's astype)");
    if (device.fp64) return;
    // Each call passes here: the dtypes are read where they lie, never gathered into a new vector.
    const auto refuse_doubles = [&](array_dtype t) {
        if (real_part(t).element == element_type::float64)
            throw unsupported_feature(std::string("elementwise: ") + to_string(op) + " involves " + dtype_name(t) +
                                      ", and '" + device.name +
                                      "' has no doubles (cl_khr_fp64): convert the "
                                      "operands to float32 or complex64 first");
    };
    for (array_dtype t : d.loop) refuse_doubles(t);
    for (array_dtype t : d.stored) refuse_doubles(t);
    refuse_doubles(d.output);
}

// The strides, in elements, that read operand `o` broadcast to `result`: its own (those of its
// shape held dense and row-major where it has none), 0 along the dimensions it is broadcast in.
std::vector<std::int64_t> broadcast_strides(const elementwise_operand& o, const std::vector<int>& result) {
    std::vector<std::int64_t> strides(result.size(), 0);
    std::int64_t step = 1;
    for (std::size_t from_end = 0; from_end < o.shape.size(); ++from_end) {
        const std::size_t at = o.shape.size() - 1 - from_end;
        if (o.shape[at] != 1) strides[result.size() - 1 - from_end] = o.strides.empty() ? step : o.strides[at];
        step *= o.shape[at];
    }
    return strides;
}

// Refuses an output placed by strides over the storage an input reads: the work-items writing it
// would race those reading the input's elements in another order.
void check_overlap(const elementwise_operand* inputs, std::size_t count, const elementwise_operand& output) {
    if (placed(output) && !places_distinct(output))
        throw invalid_argument("elementwise: the output of shape " + shape_text(output.shape) +
                               " placed with strides " + strides_text(output.strides) +
                               " puts two of its elements at one place of its data: their work-items would race");
    for (std::size_t k = 0; k < count; ++k)
        if (inputs[k].data == output.data && (placed(output) || placed(inputs[k])) && !same_place(inputs[k], output))
            throw invalid_argument("elementwise: input " + std::to_string(k + 1) +
                                   " and the output share their data, one of them placed by strides, and the kernel "
                                   "would read elements it has written: copy the input first");
}

const kernel& kept_kernel(std::string key, const std::function<std::string()>& source, const char* name) {
    static engine::immortal<std::map<std::string, kernel>> kernels;
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    auto found = kernels->find(key);
    if (found == kernels->end())
        found = kernels->emplace(std::move(key), kernel(source(), name, elementwise_options)).first;
    return found->second;
}

launch_arg memory_arg(const elementwise_operand& o, bool written) {
    return {
        launch_arg::kind::memory, o.data, o.region, {o.type.element, element_size(o.type.element)}, !written, "array"};
}

// A scalar as its kernel parameters take it, in the loop's dtype `loop`.
void add_scalar(std::vector<launch_arg>& args, const elementwise_operand& o, array_dtype loop) {
    const bool integral = kind_of(o.type) != 'f' && kind_of(o.type) != 'c';
    const double real =
        integral ? (kind_of(o.type) == 'u' ? double(std::uint64_t(o.integer)) : double(o.integer)) : o.real;
    const char kind = kind_of(loop);
    if (loop.boolean) { // where's condition: any nonzero value is true, as numpy's bool() of it
        args.push_back(scalar_arg(std::int64_t(integral ? o.integer != 0 : (o.real != 0 || o.imag != 0))));
        return;
    }
    if (kind == 'c') {
        args.push_back(element_arg(real_part(loop).element, real));
        args.push_back(element_arg(real_part(loop).element, integral ? 0.0 : o.imag));
    } else if (kind == 'f') {
        args.push_back(element_arg(loop.element, real));
    } else {
        args.push_back(scalar_arg(std::int64_t(o.integer)));
    }
}

launch_domain per_element_domain(const char* algorithm, const std::vector<int>& shape) {
    const std::size_t size = count_of(shape);
    if (size > std::size_t(INT_MAX))
        throw invalid_argument(std::string(algorithm) + ": the result's " + std::to_string(size) +
                               " elements are more than " + std::to_string(INT_MAX) + ", the most one launch covers");
    launch_domain domain;
    domain.rank = 1;
    domain.extent = {int(size), 0, 0};
    return domain;
}

operand_layout layout_for(const elementwise_operand& o, const std::vector<int>& shape) {
    return o.shape == shape && o.strides.empty() && o.offset == 0 ? operand_layout::same : operand_layout::strided;
}

void add_place(std::vector<launch_arg>& args, const elementwise_operand& o, const std::vector<int>& shape) {
    for (std::int64_t stride : broadcast_strides(o, shape)) args.push_back(scalar_arg(stride));
    args.push_back(scalar_arg(o.offset));
}

namespace {

// The kernel's arguments, in elementwise_source()'s order.
std::vector<launch_arg> launch_args(const elementwise_description& d, const elementwise_operand* inputs,
                                    const elementwise_operand* mask, const elementwise_operand& output,
                                    const std::vector<int>& shape) {
    std::vector<launch_arg> args;
    // At most: the output; two parts of each complex scalar; the dimensions; each strides and
    // offset, the mask's too.
    args.reserve(2 + 2 * d.loop.size() + shape.size() + (d.loop.size() + 2) * (shape.size() + 1));
    args.push_back(memory_arg(output, true));
    for (std::size_t k = 0; k < d.loop.size(); ++k)
        if (d.layouts[k] == operand_layout::scalar)
            add_scalar(args, inputs[k], d.loop[k]);
        else
            args.push_back(memory_arg(inputs[k], false));
    if (d.mask != operand_layout::scalar) args.push_back(memory_arg(*mask, false));
    if (d.rank == 0) return args;
    for (std::size_t n = 1; n < shape.size(); ++n) args.push_back(scalar_arg(unsigned(shape[n])));
    for (std::size_t k = 0; k < d.loop.size(); ++k)
        if (d.layouts[k] == operand_layout::strided) add_place(args, inputs[k], shape);
    if (d.mask == operand_layout::strided) add_place(args, *mask, shape);
    if (d.written == operand_layout::strided) add_place(args, output, shape);
    return args;
}

} // namespace

void check_mask(const elementwise_operand& mask) {
    check_operand(mask, "where=");
    if (!mask.type.boolean)
        throw invalid_argument("where= holds " + dtype_name(mask.type) +
                               " elements, and numpy's where= is a mask of bools (Cannot cast array data from dtype('" +
                               dtype_name(mask.type) + "') to dtype('bool') according to the rule 'safe')");
}

namespace {

// The shape the inputs and where='s mask broadcast to, and the refusal of an output over the
// storage of either.
std::vector<int> checked_shape(const elementwise_operand* inputs, std::size_t count, const elementwise_operand* mask,
                               const elementwise_operand& output) {
    if (mask == nullptr) {
        check_overlap(inputs, count, output);
        return broadcast_shape(inputs, count);
    }
    check_mask(*mask);
    std::vector<elementwise_operand> read(inputs, inputs + count);
    read.push_back(*mask);
    check_overlap(read.data(), read.size(), output);
    return broadcast_shape(read.data(), read.size());
}

} // namespace

void check_exponent(elementwise_op op, const elementwise_operand& exponent, array_dtype loop) {
    const bool integral = kind_of(loop) == 'i' || kind_of(loop) == 'u';
    if (op == elementwise_op::power && integral && exponent.data == nullptr && kind_of(exponent.type) == 'i' &&
        exponent.integer < 0)
        throw invalid_argument("Integers to negative integer powers are not allowed.");
}

std::vector<int> held_extent(const std::vector<int>& shape) { return shape.empty() ? std::vector<int>{1} : shape; }

elementwise_operand new_output(array_dtype type, const std::vector<int>& shape, const std::shared_ptr<context>& on) {
    const std::vector<int> extent = held_extent(shape);
    elementwise_operand output;
    output.data = engine::storage_on_device({type.element, element_size(type.element)},
                                            engine::dims_of(int(extent.size()), extent.data()), on);
    output.region = engine::whole_of(*output.data);
    output.shape = shape;
    output.type = type;
    return output;
}

namespace {

// Refuses an operation outside the enum and inputs that are no operands; `op`'s arity.
std::size_t checked_inputs(elementwise_op op, const elementwise_operand* inputs) {
    if (int(op) < 0 || int(op) >= elementwise_op_count)
        throw invalid_argument("elementwise: " + std::to_string(int(op)) + " is no operation (0 to " +
                               std::to_string(elementwise_op_count - 1) + ")");
    const std::size_t count = std::size_t(arity(op));
    const char* const roles[] = {"the first input", "the second input", "the third input"};
    for (std::size_t k = 0; k < count; ++k) check_operand(inputs[k], roles[k]);
    return count;
}

// elementwise() once its operands are checked and its loop and broadcast shape resolved.
void elementwise_resolved(const std::shared_ptr<context>& context, elementwise_op op, const elementwise_operand* inputs,
                          const elementwise_operand& output, const elementwise_operand* where, resolved_loop loop,
                          const std::vector<int>& shape) {
    const std::size_t count = loop.inputs.size();
    check_output(op, output, shape, loop.result);
    if (count == 2) check_exponent(op, inputs[1], loop.inputs[1]);
    // The loop's dtypes move into the description rather than be copied on each call.
    elementwise_description d{op, std::move(loop.inputs), {}, {}, loop.result, output.type, 0};
    if (where != nullptr && where->data == nullptr && where->integer == 0) return; // where=False: nothing written
    if (where != nullptr && where->data != nullptr) d.mask = layout_for(*where, shape);
    if (d.mask == operand_layout::strided) d.rank = int(shape.size());
    d.stored.reserve(count);
    d.layouts.reserve(count);
    for (std::size_t k = 0; k < count; ++k) {
        const bool scalar = inputs[k].data == nullptr;
        d.stored.push_back(scalar ? d.loop[k] : inputs[k].type);
        d.layouts.push_back(scalar ? operand_layout::scalar : layout_for(inputs[k], shape));
        if (d.layouts.back() == operand_layout::strided) d.rank = int(shape.size());
    }
    d.written = layout_for(output, shape);
    if (d.written == operand_layout::strided) d.rank = int(shape.size());
    check_computable(op, d, *narrow(*context).device());
    launch_per_element(
        context, "elementwise", shape,
        [&]() -> const kernel& {
            return kept_kernel(
                key_of(d), [&] { return elementwise_source(d); }, "tiles_elementwise");
        },
        [&] { return launch_args(d, inputs, where, output, shape); });
}

} // namespace

void elementwise(const std::shared_ptr<context>& context, elementwise_op op, const elementwise_operand* inputs,
                 const elementwise_operand& output, const elementwise_operand* where) {
    const std::size_t count = checked_inputs(op, inputs);
    check_operand(output, "the output");
    resolved_loop loop = resolve_loop(op, inputs);
    const std::vector<int> shape = checked_shape(inputs, count, where, output);
    elementwise_resolved(context, op, inputs, output, where, std::move(loop), shape);
}

elementwise_operand elementwise_into_new_array(const std::shared_ptr<context>& context, elementwise_op op,
                                               const elementwise_operand* inputs) {
    const std::size_t count = checked_inputs(op, inputs);
    resolved_loop loop = resolve_loop(op, inputs);
    const std::vector<int> shape = broadcast_shape(inputs, count);
    elementwise_operand output = new_output(loop.result, shape, context);
    elementwise_resolved(context, op, inputs, output, nullptr, std::move(loop), output.shape);
    return output;
}

} // namespace tiles::algorithms
