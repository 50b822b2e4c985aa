// libtiles algorithms: the scan of long lines in three steps, each over all of the device: the
// totals of blocks of each line, the scan of those totals, and the blocks scanned again from them.
// Integers wrap as numpy's running sums do whatever the order; floats round in another order.
#include "scan_blocked.hpp"

#include <climits>
#include <string>

#include "elementwise_table.hpp"
#include "tiles/algorithms/scan_axis.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {
namespace {

// Elements each work-item combines one after another; lines shorter than a few blocks, or more
// lines than would keep a device busy, are scanned a work-item per line.
constexpr std::size_t block = 256, least_blocks = 4, most_lines = 1024;

std::string cl(array_dtype t) { return t.boolean ? "uchar" : opencl_name(t.element); }

// Work-item `id`'s line, block and first element in `in`, as the two kernels begin.
const char* prologue = "    const ulong id = get_global_id(0), line = id / blocks, b = id % blocks;\n"
                       "    const ulong o = line / inner, across = line % inner, first = b * BLOCK;\n"
                       "    const ulong end = min(first + BLOCK, n);\n"
                       "    ulong at = o * n * inner + across + first * inner;\n";

std::string head(const reduction_description& d) {
    return pragmas({d.stored, d.accumulated, d.output}) + definitions(d.accumulated) +
           helper_source(combination(d), d.accumulated) + "\n#define BLOCK " + std::to_string(block) + "\n";
}

std::string combine_next(const reduction_description& d) {
    return "        const LOOP y = " + element(d, "at") + ";\n        { const LOOP x = a; a = " + combination(d) +
           "; }\n";
}

// Kernel "tiles_scan_totals": out[id] is the combination of block b of the line.
std::string totals_source(const reduction_description& d) {
    return head(d) + "__kernel void tiles_scan_totals(__global " + cl(d.output) + "* out, __global const " +
           cl(d.stored) + "* in, const ulong n, const ulong inner, const ulong blocks) {\n" + prologue +
           "    LOOP a = " + identity(d) + ";\n    for (ulong j = first; j < end; ++j, at += inner) {\n" +
           combine_next(d) + "    }\n    const ulong i = id;\n    " + store("a", d.output, d.accumulated) + "\n}\n";
}

// Kernel "tiles_scan_blocks": block b of the line scanned again from `before`, the scan of the
// line's totals with the identity first (blocks + 1 a line), so that before[b] precedes block b.
std::string blocks_source(const reduction_description& d) {
    return head(d) + "__kernel void tiles_scan_blocks(__global " + cl(d.output) + "* out, __global const " +
           cl(d.stored) + "* in, __global const " + cl(d.output) +
           "* before, const ulong n, const ulong inner, const ulong blocks, const ulong shift) {\n" + prologue +
           "    LOOP a = before[line * (blocks + 1) + b];\n"
           "    ulong to = o * (n + shift) * inner + across + (first + shift) * inner;\n"
           "    if (shift != 0 && b == 0) { const ulong i = to - inner; " +
           store("a", d.output, d.accumulated) +
           " }\n    for (ulong j = first; j < end; ++j, at += inner, to += inner) {\n" + combine_next(d) +
           "        { const ulong i = to; " + store("a", d.output, d.accumulated) + " }\n    }\n}\n";
}

void launch_over(const std::shared_ptr<context>& context, std::size_t work, const std::string& key,
                 const std::function<std::string()>& source, const char* name, std::vector<launch_arg>& args) {
    if (work > std::size_t(INT_MAX))
        throw invalid_argument("scan_axis: the scan's " + std::to_string(work) + " blocks are more than " +
                               std::to_string(INT_MAX) + ", the most one launch covers");
    launch_domain domain;
    domain.rank = 1;
    domain.extent = {int(work), 0, 0};
    engine::launch(context, domain, kept_kernel(key, source, name), args.data(), args.size());
}

} // namespace

elementwise_operand scan_scratch(const std::shared_ptr<context>& context, array_dtype type, std::size_t rows,
                                 std::size_t columns) {
    elementwise_operand o;
    o.data = storage_on_device({type.element, element_size(type.element)}, dims3{1, 1, rows * columns}, context);
    o.region = whole_of(*o.data);
    o.shape = {int(rows), int(columns)};
    o.type = type;
    return o;
}

bool scans_in_blocks(const scan_lines& lines) {
    return lines.outer * lines.inner <= most_lines && lines.n >= least_blocks * block;
}

void scan_blocked(const std::shared_ptr<context>& context, const reduction_description& d,
                  const elementwise_operand& input, const scan_lines& lines, int shift,
                  const elementwise_operand& output) {
    const std::size_t count = lines.outer * lines.inner, blocks = (lines.n + block - 1) / block;
    const elementwise_operand totals = scan_scratch(context, d.output, count, blocks);
    const elementwise_operand before = scan_scratch(context, d.output, count, blocks + 1);
    const auto n = scalar_arg(std::uint64_t(lines.n)), inner = scalar_arg(std::uint64_t(lines.inner)),
               per_line = scalar_arg(std::uint64_t(blocks));
    std::vector<launch_arg> args{memory_arg(totals, true), memory_arg(input, false), n, inner, per_line};
    launch_over(
        context, count * blocks, "scan-totals:" + key_of(d), [&] { return totals_source(d); }, "tiles_scan_totals",
        args);
    scan_axis(context, d.op, totals, {1}, true, before);
    args = {memory_arg(output, true),        memory_arg(input, false), memory_arg(before, false), n, inner, per_line,
            scalar_arg(std::uint64_t(shift))};
    launch_over(
        context, count * blocks, "scan-blocks:" + key_of(d), [&] { return blocks_source(d); }, "tiles_scan_blocks",
        args);
}

} // namespace tiles::algorithms
