// libtiles algorithms: reduce_axes, the engine of numpy's reductions for every face: numpy's result
// dtypes, the checks of the axes and operands (naming the numbers), the data seen as kept and
// reduced runs, and one launch of the kernel of the description (reduce_axes_source.cpp); where
// few results would leave the device idle, each result's elements are split into shares, combined
// by a second launch. Where the reduced elements lie next to each other, a work-group combines each
// share on GPUs (reads coalesced); elsewhere, and on CPUs, a work-item does. A sum, least or
// greatest of all of the data is the whole-data reduction's (reduce.cpp), where it reads the dtype,
// but a float32 sum of one share's elements, which the kernel of the description adds in double
// without the whole-data reduction's partials.
#include "tiles/algorithms/reduce_axes.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <iterator>
#include <optional>
#include <string>
#include <utility>

#include "axis_parameters.hpp"
#include "elementwise_table.hpp"
#include "reduce_axes_source.hpp"
#include "support.hpp"
#include "tiles/algorithms/reduce.hpp"
#include "tiles/exceptions.hpp"

namespace tiles {

const char* to_string(axis_reduction op) {
    static constexpr const char* names[] = {"sum", "prod", "min", "max", "any", "all", "mean", "argmin", "argmax"};
    static_assert(std::size(names) == std::size_t(axis_reduction_count), "one name per axis_reduction");
    const int value = int(op);
    return value >= 0 && value < axis_reduction_count ? names[value] : "";
}

} // namespace tiles

namespace tiles::algorithms {
namespace {

using et = element_type;

// Work-items that keep a device busy: a GPU's hundreds of thousands (an H200 holds 270,336 at
// once); a CPU's cores, which run a work-group's work-items as a loop, so that a second launch pays
// only where results are few and long.
constexpr std::size_t busy_on_gpus = 262144, busy_on_cpus = 64;
// The fewest elements a share combines: on GPUs few, so that a sum over the rows of 8192 columns
// runs 32 work-items a column; on CPUs enough that the second launch costs little beside them.
constexpr std::size_t least_share_on_gpus = 256, least_share_on_cpus = 4096;
// The fewest elements of a result a work-group combines, below which its barriers cost more than
// its reads save.
constexpr std::size_t least_for_group = 32;

// numpy's dtype of the sums and products of `t`: bools and integers narrower than 64 bits in int64
// (unsigned ones in uint64).
array_dtype widened(array_dtype t) {
    const char kind = kind_of(t);
    if (kind == 'b' || (kind == 'i' && t.element != et::int64)) return {et::int64};
    if (kind == 'u' && t.element != et::uint64) return {et::uint64};
    return t;
}

// One run of dimensions: its extent and its stride in elements, and where= mask's stride (0 where
// the mask is broadcast along it, or there is none).
struct run {
    std::size_t extent, stride, mask_stride = 0;
};

// The kept and the reduced runs of dense row-major data of `shape`, each in order, neighbours that
// are one run merged (in the data and in the mask, whose strides are `mask`, empty for none) and
// extents of 1 left out; a run (1, 0) where there would be none.
void runs_of(const std::vector<int>& shape, const std::vector<int>& axes, const std::vector<std::int64_t>& mask,
             std::vector<run>& kept, std::vector<run>& reduced) {
    std::size_t stride = 1;
    for (std::size_t d = shape.size(); d-- > 0;) {
        const std::size_t n = std::size_t(shape[d]), mask_stride = mask.empty() ? 0 : std::size_t(mask[d]);
        std::vector<run>& runs = std::count(axes.begin(), axes.end(), int(d)) ? reduced : kept;
        if (n != 1 && !runs.empty() && runs.front().stride * runs.front().extent == stride &&
            runs.front().mask_stride * runs.front().extent == mask_stride)
            runs.front() = {runs.front().extent * n, runs.front().stride, runs.front().mask_stride};
        else if (n != 1)
            runs.insert(runs.begin(), run{n, stride, mask_stride});
        stride *= n;
    }
    for (std::vector<run>* runs : {&kept, &reduced})
        if (runs->empty()) runs->push_back({1, 0});
}

std::size_t count_of(const std::vector<run>& runs) {
    std::size_t count = 1;
    for (const run& r : runs) count *= r.extent;
    return count;
}

// The dtype a reduction combines in: the result's, float32 for float16 (as numpy's float16 loops
// compute), the data's for min and max, whose result it is, and for argmin and argmax. Float32
// sums and means add in double where the device has doubles: pairwise in float, 2^24 and then
// 1,000 ones would lose a few, as numpy's do.
array_dtype accumulated_in(axis_reduction op, array_dtype input, array_dtype result, const device_info& device) {
    const bool compares = op == axis_reduction::min || op == axis_reduction::max || op == axis_reduction::argmin ||
                          op == axis_reduction::argmax;
    const array_dtype t = compares ? input : result;
    if (t.element == et::float16) return {et::float32};
    const bool adds = op == axis_reduction::sum || op == axis_reduction::mean;
    return adds && t.element == et::float32 && device.fp64 ? array_dtype{et::float64} : t;
}

void check_output(axis_reduction op, const elementwise_operand& out, const std::vector<int>& shape,
                  const std::vector<int>& axes, array_dtype result) {
    check_operand(out, "the output");
    if (out.data == nullptr) throw invalid_argument("reduce_axes: the output is a scalar, not data");
    if (out.read_only)
        throw invalid_argument("reduce_axes: the output is a view of const elements, which may not be written");
    // Only the shape of the output's rank can match (with keepdims where it is the input's): one
    // vector made on each call, the other only for the message.
    if (out.shape != reduction_shape(shape, axes, out.shape.size() == shape.size()))
        throw invalid_argument("reduce_axes: the output's shape " + shape_text(out.shape) + " is not the result's, " +
                               shape_text(reduction_shape(shape, axes, false)) + " or with keepdims " +
                               shape_text(reduction_shape(shape, axes, true)));
    if (out.type != result)
        throw invalid_argument(std::string("reduce_axes: the output holds ") + dtype_name(out.type) + ", and the " +
                               to_string(op) + " is of " + dtype_name(result));
}

void check_computable(axis_reduction op, std::initializer_list<array_dtype> types, const device_info& device) {
    for (array_dtype t : types)
        if (real_part(t).element == et::float64 && !device.fp64)
            throw unsupported_feature(std::string("reduce_axes: the ") + to_string(op) + " involves " + dtype_name(t) +
                                      ", and '" + device.name +
                                      "' has no doubles (cl_khr_fp64): convert the data to float32 or complex64 first");
    // any and all take a complex number's truth, as numpy does; the others would drop its imaginary part.
    const bool truth = op == axis_reduction::any || op == axis_reduction::all;
    if (!truth && kind_of(*types.begin()) == 'c' && kind_of(*(types.begin() + 1)) != 'c')
        throw unsupported_feature(std::string("reduce_axes: the ") + to_string(op) + " of " +
                                  dtype_name(*types.begin()) + " in " + dtype_name(*(types.begin() + 1)) +
                                  " would discard the imaginary parts, which libtiles' kernels do not do");
}

// The work-items of a work-group that combines each share (a power of two), where the reduced
// elements lie next to each other (one run of stride 1: the innermost axis reduced), so that
// neighbouring work-items read neighbouring elements. 0 for one work-item per share: on devices
// whose row says so (CPUs), short results, and reduced elements apart, whose neighbouring results
// are already neighbouring elements.
int group_of(const std::vector<run>& reduced, const std::shared_ptr<context>& context) {
    const std::size_t widest = std::size_t(row_on(axis_table, *context).widest_group);
    if (widest == 0 || reduced.size() != 1 || reduced[0].stride != 1 || reduced[0].extent < least_for_group) return 0;
    const std::size_t most = std::min({widest, narrow(*context).device()->max_work_group_size, reduced[0].extent});
    std::size_t group = 1;
    while (group * 2 <= most) group *= 2;
    return int(group);
}

const kernel& reduction_kernel(const reduction_description& d) {
    return kept_kernel(
        key_of(d), [&] { return reduction_source(d); }, "tiles_reduce_axes");
}

launch_domain reduction_domain(std::size_t work, int group) {
    launch_domain domain;
    domain.rank = 1;
    domain.extent = {int(work), 0, 0};
    domain.tiled = group != 0;
    domain.tile = {group, 0, 0};
    return domain;
}

// Launches the kernel of `d` over `outputs` results of `shares` shares each, from the input (data
// of `kept` and `reduced` runs) into the output, `data` in the order of the kernel's parameters
// (reduction_source): a work-item per share, or a work-group of d.group (or fewer, where the kernel
// runs no more).
void launch_reduction(const std::shared_ptr<context>& context, const reduction_description& d,
                      std::vector<launch_arg> args, double divisor, std::size_t shares, const std::vector<run>& kept,
                      const std::vector<run>& reduced) {
    const std::size_t outputs = count_of(kept), count = count_of(reduced), chunk = (count + shares - 1) / shares;
    const std::size_t work = outputs * shares * std::size_t(std::max(d.group, 1));
    if (work > std::size_t(INT_MAX))
        throw invalid_argument("reduce_axes: the " + std::to_string(work) + " results and shares are more than " +
                               std::to_string(INT_MAX) + ", the most one launch covers");
    args.reserve(args.size() + 4 + 2 * kept.size() + 2 * reduced.size()); // the divisor, counts, extents and strides
    if (d.op == axis_reduction::mean && !d.masked)
        args.push_back(element_arg(real_part(d.accumulated).element, divisor));
    for (std::size_t n : {outputs, shares, chunk}) args.push_back(scalar_arg(std::uint64_t(n)));
    for (std::size_t n = 1; n < kept.size(); ++n) args.push_back(scalar_arg(std::uint64_t(kept[n].extent)));
    for (const run& r : kept) args.push_back(scalar_arg(std::uint64_t(r.stride)));
    for (const run& r : reduced) args.push_back(scalar_arg(std::uint64_t(r.extent)));
    for (const run& r : reduced) args.push_back(scalar_arg(std::uint64_t(r.stride)));
    for (const run& r : kept)
        if (d.masked) args.push_back(scalar_arg(std::uint64_t(r.mask_stride)));
    for (const run& r : reduced)
        if (d.masked) args.push_back(scalar_arg(std::uint64_t(r.mask_stride)));
    // A work-item of work-groups of `group` (a work-item alone: 0) combines at most one block of a pairwise sum.
    const auto one_block = [chunk](int group) {
        return (chunk + std::size_t(std::max(group, 1)) - 1) / std::size_t(std::max(group, 1)) <= pairwise_block;
    };
    reduction_description fitted = d;
    if (d.group > 1)
        fitted.group = group_fitting(context, d.group, outputs * shares, [&](int group) -> const kernel& {
            fitted.group = group;
            fitted.one_block = one_block(group);
            return reduction_kernel(fitted);
        });
    fitted.one_block = one_block(fitted.group);
    engine::launch(context, reduction_domain(outputs * shares * std::size_t(std::max(fitted.group, 1)), fitted.group),
                   reduction_kernel(fitted), args.data(), args.size());
}

// The reduction of `d` in two launches: each result's `shares` shares combined into partials, in a
// row of their own, and then each row into the output. A mean's shares are sums; argmin's and
// argmax's are each share's best value beside its position.
void reduce_in_shares(const std::shared_ptr<context>& context, const reduction_description& d,
                      const std::vector<launch_arg>& read, const std::vector<launch_arg>& initial,
                      const elementwise_operand& output, std::size_t shares, const std::vector<run>& kept,
                      const std::vector<run>& reduced) {
    const std::size_t outputs = count_of(kept), count = count_of(reduced);
    const array_dtype accumulated = d.accumulated;
    const std::shared_ptr<storage> partials = storage_on_device(
        {accumulated.element, element_size(accumulated.element)}, dims3{1, 1, outputs * shares}, context);
    reduction_description first = d, second = d;
    first.initial = second.masked = false; // the mask is read by the first launch, initial= added by the second
    second.stored = accumulated;
    second.kept = second.reduced = 1;
    second.group = group_of({{shares, 1}}, context);
    if (d.op == axis_reduction::argmin || d.op == axis_reduction::argmax) {
        const std::shared_ptr<storage> positions =
            storage_on_device({et::int64, sizeof(std::int64_t)}, dims3{1, 1, outputs * shares}, context);
        first.pass = position_pass::shares;
        std::vector<launch_arg> args{output_arg(positions), output_arg(partials)};
        args.insert(args.end(), read.begin(), read.end());
        launch_reduction(context, first, std::move(args), 1.0, shares, kept, reduced);
        second.pass = position_pass::of_shares;
        return launch_reduction(context, second, {memory_arg(output, true), input_arg(partials), input_arg(positions)},
                                double(count), 1, {{outputs, shares}}, {{shares, 1}});
    }
    first.op = d.op == axis_reduction::mean ? axis_reduction::sum : d.op;
    first.output = accumulated;
    std::vector<launch_arg> first_args{output_arg(partials)},
        second_args{memory_arg(output, true), input_arg(partials)};
    first_args.insert(first_args.end(), read.begin(), read.end());
    second_args.insert(second_args.end(), initial.begin(), initial.end());
    launch_reduction(context, first, std::move(first_args), 1.0, shares, kept, reduced);
    launch_reduction(context, second, std::move(second_args), double(count), 1, {{outputs, shares}}, {{shares, 1}});
}

// How many shares each of `outputs` results of `count` elements is split into, each share combined
// by one work-item or a work-group of `group` (on CPUs, one core's, as a work-item is).
std::size_t shares_of(std::size_t outputs, std::size_t count, int group, const device_info& device) {
    const bool cpu = device.is_cpu();
    const std::size_t busy = cpu ? busy_on_cpus : busy_on_gpus / std::size_t(std::max(group, 1));
    const std::size_t least_share = cpu ? least_share_on_cpus : least_share_on_gpus;
    const std::size_t wanted = std::min(busy / outputs, (count + least_share - 1) / least_share);
    if (wanted <= 1) return 1;
    const std::size_t chunk = (count + wanted - 1) / wanted;
    return (count + chunk - 1) / chunk;
}

// The whole-data reduction's op (reduce.cpp, tuned per device, reading 8-wide vectors on CPUs)
// where it gives numpy's answer of all of `input` into `output`: the sum, least or greatest of the
// elements of a whole storage of a type it reads, into a whole one-element output of numpy's dtype
// (sums of int32 in int64, of uint8 in uint64). Else nothing, for the kernel of the description.
std::optional<reduction_op> whole_data_op(axis_reduction op, const elementwise_operand& input,
                                          const std::vector<int>& axes, const elementwise_operand& output) {
    if (axes.size() != input.shape.size() || input.type.boolean || output.type.boolean ||
        !(input.region == whole_of(*input.data)) || layout_of(*input.data).type != input.type.element ||
        !(output.region == whole_of(*output.data)) || volume(output.region) != 1)
        return std::nullopt;
    const et in = input.type.element, out = output.type.element;
    const bool same_type = in == out && (in == et::int32 || in == et::int64 || in == et::float32 || in == et::float64);
    if (op == axis_reduction::sum &&
        (same_type ? in != et::int32 : (in == et::int32 && out == et::int64) || (in == et::uint8 && out == et::uint64)))
        return reduction_op::sum;
    if ((op == axis_reduction::min || op == axis_reduction::max) && same_type)
        return op == axis_reduction::min ? reduction_op::min : reduction_op::max;
    return std::nullopt;
}

// Whether the whole-data reduction `op` of `input` adds in double and rounds its one element to
// float32: a float32 sum where the device has doubles (in float, one work-item's long strip loses
// 17 times what numpy's pairwise sum does).
bool sums_in_double(reduction_op op, const elementwise_operand& input, const device_info& device) {
    return op == reduction_op::sum && input.type.element == et::float32 && device.fp64;
}

// The whole-data reduction of `input` into `output`, one launch; a float32 sum added in double and
// rounded once, as its launch writes it.
void reduce_whole_data(const std::shared_ptr<context>& context, reduction_op op, const elementwise_operand& input,
                       const elementwise_operand& output) {
    const element_type accumulator =
        sums_in_double(op, input, *narrow(*context).device()) ? et::float64 : output.type.element;
    reduce(context, input.data, op, accumulator, output.data);
}

} // namespace

array_dtype reduction_result_type(axis_reduction op, array_dtype input, const array_dtype* dtype) {
    if (int(op) < 0 || int(op) >= axis_reduction_count)
        throw invalid_argument("reduce_axes: " + std::to_string(int(op)) + " is no reduction (0 to " +
                               std::to_string(axis_reduction_count - 1) + ")");
    const bool takes_dtype = op == axis_reduction::sum || op == axis_reduction::prod || op == axis_reduction::mean;
    if (dtype != nullptr && !takes_dtype)
        throw invalid_argument(std::string("reduce_axes: numpy's ") + to_string(op) +
                               " takes no dtype (sum, prod and mean do)");
    if (dtype != nullptr) return *dtype;
    switch (op) {
    case axis_reduction::sum:
    case axis_reduction::prod:
        return widened(input);
    case axis_reduction::mean:
        return kind_of(input) == 'f' || kind_of(input) == 'c' ? input : array_dtype{et::float64};
    case axis_reduction::any:
    case axis_reduction::all:
        return bool_dtype;
    case axis_reduction::argmin:
    case axis_reduction::argmax:
        return {et::int64};
    default:
        return input;
    }
}

std::vector<int> reduced_axes(axis_reduction op, int rank, const int* axes, std::size_t count) {
    std::vector<int> found;
    found.reserve(std::size_t(std::max(rank, 0))); // at most each axis once: a repeated one is refused
    if (axes == nullptr) {
        for (int d = 0; d < rank; ++d) found.push_back(d);
        return found;
    }
    if ((op == axis_reduction::argmin || op == axis_reduction::argmax) && count != 1)
        throw invalid_argument(std::string("reduce_axes: ") + to_string(op) + " takes one axis or all, not " +
                               std::to_string(count));
    for (std::size_t k = 0; k < count; ++k) {
        if (axes[k] < -rank || axes[k] >= rank)
            throw invalid_argument("axis " + std::to_string(axes[k]) + " is out of bounds for array of dimension " +
                                   std::to_string(rank));
        const int axis = axes[k] < 0 ? axes[k] + rank : axes[k];
        if (std::count(found.begin(), found.end(), axis))
            throw invalid_argument("reduce_axes: the axis " + std::to_string(axis) + " is given twice");
        found.push_back(axis);
    }
    std::sort(found.begin(), found.end());
    return found;
}

std::vector<int> reduction_shape(const std::vector<int>& shape, const std::vector<int>& axes, bool keepdims) {
    std::vector<int> result;
    result.reserve(shape.size());
    for (std::size_t d = 0; d < shape.size(); ++d) {
        const bool reduced = std::count(axes.begin(), axes.end(), int(d)) != 0;
        if (!reduced || keepdims) result.push_back(reduced ? 1 : shape[d]);
    }
    return result;
}

namespace {

// Refuses where= and initial= as numpy does, naming them: a mask that is not bool data dense of a
// shape that broadcasts to the data's; either of argmin and argmax, initial= of mean, any and all
// (whose numpy functions take none) or one that is not a scalar; max and min with where= and no
// initial=, which have no identity to put in place of what the mask leaves out.
void check_where_and_initial(axis_reduction op, const elementwise_operand& input, const elementwise_operand* where,
                             const elementwise_operand* initial) {
    const std::string name = to_string(op);
    if (where != nullptr) {
        check_mask(*where);
        if (where->data == nullptr)
            throw invalid_argument("reduce_axes: where= is a scalar: the " + name +
                                   "'s mask is data (a bool of one element broadcasts)");
        check_dense(*where, "reduce_axes", "where=");
        const elementwise_operand both[] = {input, *where};
        if (broadcast_shape(both, 2) != input.shape)
            throw invalid_argument("reduce_axes: where= of shape " + shape_text(where->shape) +
                                   " does not broadcast to the data's " + shape_text(input.shape));
    }
    const bool positions = op == axis_reduction::argmin || op == axis_reduction::argmax;
    if (positions && (where != nullptr || initial != nullptr))
        throw invalid_argument("reduce_axes: numpy's " + name + " takes no where= or initial=");
    const bool extreme = op == axis_reduction::min || op == axis_reduction::max;
    if (initial != nullptr && !extreme && op != axis_reduction::sum && op != axis_reduction::prod)
        throw invalid_argument("reduce_axes: numpy's " + name + " takes no initial= (sum, prod, min and max do)");
    if (initial != nullptr && initial->data != nullptr)
        throw invalid_argument("reduce_axes: initial= is data of shape " + shape_text(initial->shape) +
                               ", and numpy's initial= is a scalar");
    if (extreme && where != nullptr && initial == nullptr)
        throw invalid_argument(std::string("reduction operation '") +
                               (op == axis_reduction::max ? "maximum" : "minimum") +
                               "' does not have an identity, so to use a where mask one has to specify 'initial'");
}

// initial='s launch arguments in the accumulated dtype, a float truncated for integers as numpy's cast.
std::vector<launch_arg> initial_args(const elementwise_operand* initial, array_dtype accumulated) {
    std::vector<launch_arg> args;
    if (initial == nullptr) return args;
    elementwise_operand start = *initial;
    const char from = kind_of(start.type), to = kind_of(accumulated);
    if ((from == 'f' || from == 'c') && to != 'f' && to != 'c') {
        // Within int64's range (below 2^63), else the conversion is undefined.
        if (!(std::fabs(start.real) < 9223372036854775808.0))
            throw invalid_argument("reduce_axes: initial= is " + std::to_string(start.real) + ", which the " +
                                   dtype_name(accumulated) + " reduction cannot start from");
        start.integer = std::int64_t(start.real);
    }
    add_scalar(args, start, accumulated);
    return args;
}

} // namespace

void reduce_axes(const std::shared_ptr<context>& context, axis_reduction op, const elementwise_operand& input,
                 const std::vector<int>& axes, const elementwise_operand& output, const elementwise_operand* where,
                 const elementwise_operand* initial) {
    check_operand(input, "the input");
    if (input.data == nullptr) throw invalid_argument("reduce_axes: the input is a scalar, not data");
    check_dense(input, "reduce_axes", "the input");
    check_dense(output, "reduce_axes", "the output");
    check_where_and_initial(op, input, where, initial);
    const array_dtype requested = output.type;
    const array_dtype result = reduction_result_type(op, input.type, nullptr);
    const bool takes_dtype = op == axis_reduction::sum || op == axis_reduction::prod || op == axis_reduction::mean;
    check_output(op, output, input.shape, axes, takes_dtype ? requested : result);
    const array_dtype accumulated = accumulated_in(op, input.type, output.type, *narrow(*context).device());
    check_computable(op, {input.type, accumulated, output.type}, *narrow(*context).device());
    std::vector<run> kept, reduced;
    runs_of(input.shape, axes, where != nullptr ? broadcast_strides(*where, input.shape) : std::vector<std::int64_t>{},
            kept, reduced);
    const std::size_t outputs = count_of(kept), count = count_of(reduced);
    // A masked mean counts what its mask leaves in where it adds: one work-item a result.
    const bool counts = where != nullptr && op == axis_reduction::mean;
    const int group = counts ? 0 : group_of(reduced, context);
    const std::size_t shares =
        counts || outputs == 0 ? 1 : shares_of(outputs, count, group, *narrow(*context).device());
    // A float32 sum of one share is the kernel of the description's, which adds in double too, and
    // needs no partials nor a counter of finished tiles: the host's cost of small sums.
    const std::optional<reduction_op> whole =
        where == nullptr && initial == nullptr ? whole_data_op(op, input, axes, output) : std::nullopt;
    if (whole && !(shares == 1 && sums_in_double(*whole, input, *narrow(*context).device())))
        return reduce_whole_data(context, *whole, input, output);
    if (outputs == 0) return;
    if (count == 0)
        throw invalid_argument("reduce_axes: the " + std::string(to_string(op)) +
                               " over axes of no elements (of shape " + shape_text(input.shape) +
                               "): the faces take data of one element or more");
    reduction_description d{op, input.type, accumulated, output.type, int(kept.size()), int(reduced.size()), group};
    d.masked = where != nullptr;
    d.initial = initial != nullptr;
    std::vector<launch_arg> read{memory_arg(input, false)};
    if (where != nullptr) read.push_back(memory_arg(*where, false));
    const std::vector<launch_arg> start = initial_args(initial, accumulated);
    if (shares != 1) return reduce_in_shares(context, d, read, start, output, shares, kept, reduced);
    std::vector<launch_arg> args{memory_arg(output, true)};
    args.insert(args.end(), read.begin(), read.end());
    args.insert(args.end(), start.begin(), start.end());
    launch_reduction(context, d, std::move(args), double(count), 1, kept, reduced);
}

} // namespace tiles::algorithms
