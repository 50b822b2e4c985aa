// libtiles algorithms: gather and scatter, numpy's indexing by integer arrays, as one kernel a
// description: each work-item finds its element's place (the placed operand's strides, then its
// integer array's position times the position's stride), checks the position against its bound,
// and moves one element, converted as astype converts. And a mask's true positions: the core's
// scan of the mask (scan_axis), then a compaction.
#include "tiles/algorithms/gather.hpp"

#include <climits>
#include <cstdint>
#include <cstring>
#include <string>

#include "elementwise_table.hpp"
#include "support.hpp"
#include "tiles/algorithms/scan_axis.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {
namespace {

std::string cl(array_dtype t) { return t.boolean ? "uchar" : opencl_name(t.element); }

// What one gather or scatter kernel is made for: the placed operand is input 0 (gather) or the
// output (scatter); the integer array is always input 1 of the description's places.
struct gather_description {
    bool scatter;
    operand_layout value; // what is read: strided data (a gather's source, a scatter's value) or a scalar
    array_dtype stored;   // its stored dtype (a scalar's: its loop's)
    array_dtype loop;     // the dtype it is moved in (float16 as float32)
    array_dtype output;
    int rank;
    bool indexed; // whether an integer array moves the places
    bool skip_negative;
    bool checked; // whether a position out of bounds is kept for the host to name
};

std::string key_of(const gather_description& d) {
    return std::string(d.scatter ? "scatter:" : "gather:") + std::to_string(int(d.value)) + ":" + dtype_name(d.stored) +
           ":" + dtype_name(d.loop) + ":" + dtype_name(d.output) + ":" + std::to_string(d.rank) +
           (d.indexed ? ":indexed" : "") + (d.skip_negative ? ":skip" : "") + (d.checked ? ":checked" : "");
}

// The places that elementwise's unravel() finds: the read operand's (at0, or none for a scalar),
// the integer array's (at1), and a scatter's output (at_out).
elementwise_description places_of(const gather_description& d) {
    elementwise_description places{elementwise_op::copy, {d.loop}, {d.stored}, {d.value}, d.loop, d.output, d.rank};
    if (d.indexed) {
        places.loop.push_back(bool_dtype);
        places.stored.push_back(bool_dtype);
        places.layouts.push_back(operand_layout::strided);
    }
    places.written = d.scatter ? operand_layout::strided : operand_layout::same;
    return places;
}

// A position outside [-bound, bound) moves nothing; one such (the first to be seen, in no set
// order) is kept in `fault` (its flag, then the position) for the host to name.
std::string position_checks(const gather_description& d) {
    if (!d.indexed) return "";
    return std::string("    long j = positions[at1];\n") +
           (d.skip_negative ? "    if (j < 0) return;\n" : "    if (j < 0) j += bound;\n") +
           "    if (j < 0 || j >= bound) {\n" +
           (d.checked ? "        if (atomic_cmpxchg(fault, 0, 1) == 0) ((__global long*)fault)[1] = positions[at1];\n"
                      : "") +
           "        return;\n    }\n    at" + (d.scatter ? "_out" : "0") + " += j * index_stride;\n";
}

std::string gather_source(const gather_description& d) {
    std::string parameters = "__global " + cl(d.output) + "* out, ";
    std::string element = "in0";
    if (d.value == operand_layout::scalar) {
        parameters += scalar_parameters(d.loop, "in0");
        if (kind_of(d.loop) == 'c') element = "(" + cl(d.loop) + ")(in0_real, in0_imag)";
    } else {
        parameters += "__global const " + cl(d.stored) + "* in0";
        element = d.stored.element == element_type::float16 ? "vload_half(at0, in0)" : "in0[at0]";
    }
    if (d.indexed)
        parameters += std::string(", __global const long* positions") + (d.checked ? ", __global int* fault" : "") +
                      ", const long bound, const long index_stride";
    const std::string body = unravel(places_of(d), parameters);
    const array_dtype read_as =
        d.stored.element == element_type::float16 ? array_dtype{element_type::float32} : d.stored;
    const std::string read_value = d.value == operand_layout::scalar ? element : read(element, read_as, d.loop);
    return pragmas({d.stored, d.loop, d.output}) + "__kernel void tiles_gather(" + parameters +
           ") {\n    const uint i = get_global_id(0);\n" + body + position_checks(d) + "    const " + cl(d.loop) +
           " x = " + read_value + ";\n    " + store("x", d.output, d.loop, d.scatter ? "at_out" : "i") + "\n}\n";
}

// Refuses an integer array that is not dense int64 data reaching its positions within it; the
// messages begin with `caller`, the function the user called.
void check_index(const element_index& index, const std::vector<int>& shape, const std::string& caller) {
    const elementwise_operand& p = index.positions;
    if (p.data == nullptr) return; // none: the place alone
    if (p.type != array_dtype{element_type::int64})
        throw invalid_argument(caller + ": the positions are " + dtype_name(p.type) + ", where they are int64 data");
    if (index.strides.size() != shape.size())
        throw invalid_argument(caller + ": the positions have " + std::to_string(index.strides.size()) +
                               " strides for a shape of " + std::to_string(shape.size()) + " dimensions " +
                               shape_text(shape));
    if (index.bound < 0)
        throw invalid_argument(caller + ": the positions' bound is negative: " + std::to_string(index.bound));
    elementwise_operand reached = p;
    reached.shape = shape;
    reached.strides = index.strides;
    reached.offset = 0;
    check_operand(reached, "the positions");
}

// The placed operand reaching every place its positions may move it to: one dimension more, of
// the bound's extent and the positions' stride.
void check_moved_reach(const elementwise_operand& placed, const element_index& index, const char* role,
                       const std::string& caller) {
    check_operand(placed, role);
    if (index.positions.data == nullptr) return; // no integer array: the place alone
    if (index.bound < 0 || index.bound > INT_MAX)
        throw invalid_argument(caller + ": the positions' bound is " + std::to_string(index.bound) +
                               ", where an axis holds 0 to " + std::to_string(INT_MAX) + " elements");
    elementwise_operand reached = placed;
    if (reached.strides.empty()) {
        std::int64_t step = 1;
        reached.strides.assign(placed.shape.size(), 0);
        for (std::size_t d = placed.shape.size(); d-- > 0; step *= placed.shape[d]) reached.strides[d] = step;
    }
    reached.shape.push_back(int(index.bound));
    reached.strides.push_back(index.stride);
    check_operand(reached, role);
}

elementwise_operand fault_flag(const std::shared_ptr<context>& context) {
    elementwise_operand fault;
    fault.data = storage_on_device({element_type::int32, 4}, dims3{1, 1, 4}, context);
    fault.region = whole_of(*fault.data);
    fault.shape = {4};
    fault.type = {element_type::int32};
    const std::int32_t zeros[4] = {0, 0, 0, 0};
    engine::copy_in(*fault.data, fault.region, zeros);
    return fault;
}

// Waits for the kernel's fault flag, and names the first position out of bounds it kept.
void throw_on_fault(const elementwise_operand& fault, std::int64_t bound) {
    std::int32_t words[4] = {0, 0, 0, 0};
    engine::copy_out(*fault.data, fault.region, words);
    if (words[0] == 0) return;
    std::int64_t position = 0;
    static_assert(sizeof(position) == 2 * sizeof(std::int32_t));
    std::memcpy(&position, words + 2, sizeof(position));
    throw invalid_argument("index " + std::to_string(position) + " is out of bounds for axis of size " +
                           std::to_string(bound));
}

// The description of a gather (scatter false) of `value` into `output`, or of a scatter of `value`
// (data or a scalar) into `output`: the places are the source's (gather) or the target's (scatter).
gather_description describe(bool scatter, const elementwise_operand& value, const element_index& index,
                            const elementwise_operand& output) {
    const array_dtype loop = resolve_loop(elementwise_op::copy, &value).inputs[0];
    const bool indexed = index.positions.data != nullptr, scalar = value.data == nullptr;
    return {scatter,
            scalar ? operand_layout::scalar : operand_layout::strided,
            scalar ? loop : value.type,
            loop,
            output.type,
            int((scatter ? output : value).shape.size()),
            indexed,
            index.skip_negative,
            indexed && !index.unchecked};
}

void move_elements(const std::shared_ptr<context>& context, const gather_description& d,
                   const elementwise_operand& value, const element_index& index, const elementwise_operand& output,
                   const std::vector<int>& shape) {
    check_computable(elementwise_op::copy, places_of(d), *narrow(*context).device());
    const elementwise_operand fault = d.checked ? fault_flag(context) : elementwise_operand{};
    elementwise_operand positions = index.positions;
    positions.shape = shape;
    positions.strides = index.strides;
    launch_per_element(
        context, d.scatter ? "scatter" : "gather", shape,
        [&]() -> const kernel& {
            return kept_kernel(
                key_of(d), [&] { return gather_source(d); }, "tiles_gather");
        },
        [&] {
            std::vector<launch_arg> args{memory_arg(output, true)};
            if (d.value == operand_layout::scalar)
                add_scalar(args, value, d.loop);
            else
                args.push_back(memory_arg(value, false));
            if (d.indexed) {
                args.push_back(memory_arg(index.positions, false));
                if (d.checked) args.push_back(memory_arg(fault, true));
                args.push_back(scalar_arg(index.bound));
                args.push_back(scalar_arg(index.stride));
            }
            for (std::size_t n = 1; n < shape.size(); ++n) args.push_back(scalar_arg(unsigned(shape[n])));
            if (d.value == operand_layout::strided) add_place(args, value, shape);
            if (d.indexed) add_place(args, positions, shape);
            if (d.scatter) add_place(args, output, shape);
            return args;
        });
    if (d.checked && count_of(shape) != 0) throw_on_fault(fault, index.bound);
}

} // namespace

void gather(const std::shared_ptr<context>& context, const elementwise_operand& source, const element_index& index,
            const elementwise_operand& output, const char* caller) {
    const std::string name = caller;
    if (source.data == nullptr) throw invalid_argument(name + ": the source is a scalar, not data");
    check_moved_reach(source, index, "the source", name);
    check_operand(output, "the output");
    check_dense(output, caller, "the output");
    check_output(elementwise_op::copy, output, source.shape, output.type);
    check_index(index, source.shape, name);
    // The kernel reads them while it writes the output, in no order.
    if (output.data == source.data)
        throw invalid_argument(name + ": the output shares the source's data: write into other data");
    if (output.data == index.positions.data)
        throw invalid_argument(name + ": the output shares the positions' data: write into other data");
    move_elements(context, describe(false, source, index, output), source, index, output, source.shape);
}

void scatter(const std::shared_ptr<context>& context, const elementwise_operand& target, const element_index& index,
             const elementwise_operand& value) {
    if (target.data == nullptr) throw invalid_argument("scatter: the target is a scalar, not data");
    if (target.read_only) throw invalid_argument("scatter: the target is a view of const elements");
    check_moved_reach(target, index, "the target", "scatter");
    check_operand(value, "the value");
    const elementwise_operand both[] = {value, target};
    if (value.data != nullptr && broadcast_shape(both, 2) != target.shape)
        throw invalid_argument("could not broadcast input array from shape " + shape_text(value.shape) +
                               " into shape " + shape_text(target.shape));
    if (value.data != nullptr && value.data == target.data)
        throw invalid_argument("scatter: the value shares the target's data, which the kernel writes while it "
                               "reads: copy the value first");
    check_index(index, target.shape, "scatter");
    if (index.positions.data != nullptr && index.positions.data == target.data)
        throw invalid_argument("scatter: the positions share the target's data, which the kernel writes while it "
                               "reads them: copy the positions first");
    move_elements(context, describe(true, value, index, target), value, index, target, target.shape);
}

} // namespace tiles::algorithms
