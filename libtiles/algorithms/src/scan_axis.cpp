// libtiles algorithms: scan_axis, the engine of numpy's cumulative sums and products for every
// face. The data is seen as lines (outer, n, inner): each work-item walks one line, combining its
// elements one after another with the elementwise engine's expression, and writes every partial
// result, so that sums and products wrap, round and propagate NaN as numpy's running ones do.
// On GPUs, few long lines are scanned in blocks instead, a work-group's each where the line's
// elements are consecutive (scan_grouped.cpp), else a work-item's (scan_blocked.cpp), floats then
// rounding in another order.
#include "tiles/algorithms/scan_axis.hpp"

#include <climits>
#include <string>

#include "axis_parameters.hpp"
#include "elementwise_table.hpp"
#include "reduce_axes_source.hpp"
#include "scan_blocked.hpp"
#include "support.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {
namespace {

std::string cl(array_dtype t) { return t.boolean ? "uchar" : opencl_name(t.element); }

// The kernel "tiles_scan_axis" of `d` (its kept and reduced ranks unused): parameters out, in, and
// the lines' n, inner and shift (1 where include_initial); work-item k scans line k.
std::string scan_source(const reduction_description& d) {
    const std::string expression = combination(d);
    return pragmas({d.stored, d.accumulated, d.output}) + definitions(d.accumulated) +
           helper_source(expression, d.accumulated) + "\n\n__kernel void tiles_scan_axis(__global " + cl(d.output) +
           "* out, __global const " + cl(d.stored) +
           "* in, const ulong n, const ulong inner, const ulong shift) {\n"
           "    const ulong line = get_global_id(0), outer = line / inner, across = line % inner;\n"
           "    ulong at = outer * n * inner + across, to = outer * (n + shift) * inner + across;\n"
           "    LOOP a = " +
           identity(d) + ";\n    if (shift != 0) { const ulong i = to; " + store("a", d.output, d.accumulated) +
           " to += inner; }\n    for (ulong j = 0; j < n; ++j, at += inner, to += inner) {\n        const LOOP y = " +
           element(d, "at") + ";\n        { const LOOP x = a; a = " + expression +
           "; }\n        { const ulong i = to; " + store("a", d.output, d.accumulated) + " }\n    }\n}\n";
}

void check_operation(axis_reduction op) {
    if (op != axis_reduction::sum && op != axis_reduction::prod)
        throw invalid_argument(std::string("scan_axis: a scan is a cumulative sum or product, not a ") + to_string(op));
}

void check_scan(axis_reduction op, const elementwise_operand& input, const elementwise_operand& output,
                const std::vector<int>& shape, const device_info& device) {
    check_operation(op);
    check_operand(input, "the input");
    check_operand(output, "the output");
    if (input.data == nullptr || output.data == nullptr)
        throw invalid_argument("scan_axis: the input and the output are data, not scalars");
    if (output.read_only)
        throw invalid_argument("scan_axis: the output is a view of const elements, which may not be written");
    check_dense(input, "scan_axis", "the input");
    check_dense(output, "scan_axis", "the output");
    if (output.shape != shape)
        throw invalid_argument("scan_axis: the output's shape " + shape_text(output.shape) + " is not the scan's " +
                               shape_text(shape));
    if (output.type.element == element_type::float16)
        throw unsupported_feature("scan_axis: numpy's running float16 sums and products round each step to "
                                  "float16, which libtiles' kernels do not compute in: ask for dtype=float32");
    if (kind_of(input.type) == 'c' && kind_of(output.type) != 'c')
        throw unsupported_feature(std::string("scan_axis: the scan of ") + dtype_name(input.type) + " in " +
                                  dtype_name(output.type) + " would discard the imaginary parts");
    for (array_dtype t : {input.type, output.type})
        if (real_part(t).element == element_type::float64 && !device.fp64)
            throw unsupported_feature("scan_axis: '" + device.name + "' has no doubles (cl_khr_fp64) for " +
                                      dtype_name(t) + ": convert the data to float32 or complex64 first");
}

} // namespace

array_dtype scan_result_type(axis_reduction op, array_dtype input, const array_dtype* dtype) {
    check_operation(op);
    return reduction_result_type(op, input, dtype);
}

std::vector<int> scan_shape(const std::vector<int>& shape, const std::vector<int>& axes, bool include_initial) {
    const int shift = include_initial ? 1 : 0;
    if (axes.size() == 1) {
        std::vector<int> result = shape;
        if (result[std::size_t(axes[0])] > INT_MAX - shift)
            throw invalid_argument("scan_axis: the axis of " + std::to_string(result[std::size_t(axes[0])]) +
                                   " elements and its initial value are more than " + std::to_string(INT_MAX));
        result[std::size_t(axes[0])] += shift;
        return result;
    }
    if (axes.size() != shape.size())
        throw invalid_argument("scan_axis: a scan runs along one axis or all of them, not " +
                               std::to_string(axes.size()) + " of " + std::to_string(shape.size()));
    std::size_t count = 1;
    for (int n : shape) count *= std::size_t(n);
    if (count + std::size_t(shift) > std::size_t(INT_MAX))
        throw invalid_argument("scan_axis: the scan's " + std::to_string(count) + " elements are more than " +
                               std::to_string(INT_MAX));
    return {int(count) + shift};
}

void scan_axis(const std::shared_ptr<context>& context, axis_reduction op, const elementwise_operand& input,
               const std::vector<int>& axes, bool include_initial, const elementwise_operand& output) {
    check_scan(op, input, output, scan_shape(input.shape, axes, include_initial), *narrow(*context).device());
    // The lines: the dimensions before the axis, along it, after it (all of the data: one line).
    std::size_t outer = 1, n = 1, inner = 1;
    for (std::size_t d = 0; d < input.shape.size(); ++d) {
        const std::size_t extent = std::size_t(input.shape[d]);
        if (axes.size() != 1 || int(d) == axes[0])
            n *= extent;
        else
            (int(d) < axes[0] ? outer : inner) *= extent;
    }
    if (outer * inner == 0 || (n == 0 && !include_initial)) return; // no output elements
    if (n == 0)
        throw invalid_argument("scan_axis: a scan along an axis of no elements with its initial value (of shape " +
                               shape_text(input.shape) + "): the faces take data of one element or more");
    if (outer * inner > std::size_t(INT_MAX))
        throw invalid_argument("scan_axis: the scan's " + std::to_string(outer * inner) + " lines are more than " +
                               std::to_string(INT_MAX) + ", the most one launch covers");
    const reduction_description d{op, input.type, output.type, output.type, 1, 1, 0};
    if (const int group = scan_group_of(context, {outer, n, inner}, d.accumulated))
        return scan_grouped(context, d, input, {outer, n, inner}, include_initial ? 1 : 0, output, group);
    if (row_on(axis_table, *context).blocked_scans && scans_in_blocks({outer, n, inner}))
        return scan_blocked(context, d, input, {outer, n, inner}, include_initial ? 1 : 0, output);
    const std::vector<launch_arg> args{memory_arg(output, true), memory_arg(input, false), scalar_arg(std::uint64_t(n)),
                                       scalar_arg(std::uint64_t(inner)),
                                       scalar_arg(std::uint64_t(include_initial ? 1 : 0))};
    launch_domain domain;
    domain.rank = 1;
    domain.extent = {int(outer * inner), 0, 0};
    engine::launch(context, domain,
                   kept_kernel(
                       "scan:" + key_of(d), [&] { return scan_source(d); }, "tiles_scan_axis"),
                   args.data(), args.size());
}

} // namespace tiles::algorithms
