// libtiles algorithms: the scan of long lines of consecutive elements on GPUs, each block a
// work-group's: its totals combined pairwise in __local memory, the totals of each line scanned,
// and each block scanned again in __local memory from the total before it. A block is read and
// written by neighbouring work-items at neighbouring elements; each work-item scans a few
// consecutive elements of it, and the work-items' totals are scanned Hillis and Steele's way.
#include <algorithm>
#include <climits>
#include <string>

#include "axis_parameters.hpp"
#include "elementwise_table.hpp"
#include "scan_blocked.hpp"
#include "tiles/algorithms/scan_axis.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {
namespace {

// Lines shorter than a few blocks, or more lines than would keep a device busy, take scan_blocked
// or a work-item per line; a block's elements fill at most 16 KiB of __local memory, each
// work-item's at most 8 of them.
constexpr std::size_t least_blocks = 4, most_lines = 1024, block_bytes = 16384, most_each = 8;

std::string cl(array_dtype t) { return t.boolean ? "uchar" : opencl_name(t.element); }
std::string text(std::size_t n) { return std::to_string(n); }

// The elements each work-item of a work-group of `group` scans.
std::size_t each_of(int group, array_dtype accumulated) {
    const std::size_t fit = block_bytes / (std::size_t(group) * element_size(accumulated.element));
    return std::max<std::size_t>(1, std::min(most_each, fit));
}

std::string head(const reduction_description& d, int group, std::size_t block) {
    return pragmas({d.stored, d.accumulated, d.output}) + definitions(d.accumulated) +
           helper_source(combination(d), d.accumulated) + "\n#define GROUP " + text(std::size_t(group)) +
           "\n#define BLOCK " + text(block) + "\n";
}

// `target` = combination of x and y, in a scope of their own.
std::string combine(const reduction_description& d, const std::string& target, const std::string& x,
                    const std::string& y) {
    return "{ const LOOP x = " + x + "; const LOOP y = " + y + "; " + target + " = " + combination(d) + "; }";
}

// The work-group's block of its line, as both kernels begin.
const char* prologue =
    "    const ulong g = get_group_id(0), line = g / blocks, b = g % blocks, lane = get_local_id(0);\n"
    "    const ulong first = b * BLOCK, end = min(first + BLOCK, n), base = line * n;\n";

// Kernel "tiles_scan_group_totals": out[g] is the combination of block b of the line.
std::string totals_source(const reduction_description& d, int group, std::size_t block) {
    return head(d, group, block) + "__kernel void tiles_scan_group_totals(__global " + cl(d.output) +
           "* out, __global const " + cl(d.stored) + "* in, const ulong n, const ulong blocks) {\n" +
           "    __local LOOP partial[GROUP];\n" + prologue + "    LOOP a = " + identity(d) +
           ";\n    for (ulong j = first + lane; j < end; j += GROUP) {\n        const ulong at = base + j;\n        " +
           combine(d, "a", "a", element(d, "at")) +
           "\n    }\n    partial[lane] = a;\n    barrier(CLK_LOCAL_MEM_FENCE);\n"
           "    for (ulong apart = GROUP / 2; apart > 0; apart >>= 1) {\n        if (lane < apart) " +
           combine(d, "partial[lane]", "partial[lane]", "partial[lane + apart]") +
           "\n        barrier(CLK_LOCAL_MEM_FENCE);\n    }\n    if (lane == 0) { const ulong i = g; a = partial[0]; " +
           store("a", d.output, d.accumulated) + " }\n}\n";
}

// The block's elements into __local memory, each work-item's `EACH` scanned, and the work-items'
// totals scanned (inclusive) in `sums`.
std::string scan_in_group(const reduction_description& d) {
    return "    for (ulong k = lane; k < BLOCK; k += GROUP) {\n        const ulong at = base + first + k;\n"
           "        values[k] = first + k < end ? " +
           element(d, "at") + " : " + identity(d) +
           ";\n    }\n    barrier(CLK_LOCAL_MEM_FENCE);\n    LOOP a = " + identity(d) +
           ";\n    for (ulong k = lane * EACH; k < lane * EACH + EACH; ++k) { " + combine(d, "a", "a", "values[k]") +
           " values[k] = a; }\n    sums[lane] = a;\n    barrier(CLK_LOCAL_MEM_FENCE);\n"
           "    for (ulong apart = 1; apart < GROUP; apart <<= 1) {\n        LOOP v = sums[lane];\n"
           "        if (lane >= apart) " +
           combine(d, "v", "sums[lane - apart]", "v") +
           "\n        barrier(CLK_LOCAL_MEM_FENCE);\n        sums[lane] = v;\n        barrier(CLK_LOCAL_MEM_FENCE);\n"
           "    }\n";
}

// Kernel "tiles_scan_group_blocks": block b of the line scanned again from `before`, the scan of the
// line's totals with the identity first (blocks + 1 a line), so that before[b] precedes block b.
std::string blocks_source(const reduction_description& d, int group, std::size_t block) {
    return head(d, group, block) + "#define EACH (BLOCK / GROUP)\n__kernel void tiles_scan_group_blocks(__global " +
           cl(d.output) + "* out, __global const " + cl(d.stored) + "* in, __global const " + cl(d.output) +
           "* before, const ulong n, const ulong blocks, const ulong shift) {\n"
           "    __local LOOP values[BLOCK];\n    __local LOOP sums[GROUP];\n" +
           prologue + scan_in_group(d) + "    LOOP p = before[line * (blocks + 1) + b];\n    if (lane > 0) " +
           combine(d, "p", "p", "sums[lane - 1]") + "\n    for (ulong k = lane * EACH; k < lane * EACH + EACH; ++k) " +
           combine(d, "values[k]", "p", "values[k]") +
           "\n    barrier(CLK_LOCAL_MEM_FENCE);\n    const ulong to = line * (n + shift) + shift;\n"
           "    if (shift != 0 && b == 0 && lane == 0) { const ulong i = to - 1; a = p; " +
           store("a", d.output, d.accumulated) +
           " }\n    for (ulong k = lane; k < BLOCK && first + k < end; k += GROUP) { const ulong i = to + first + k; "
           "a = values[k]; " +
           store("a", d.output, d.accumulated) + " }\n}\n";
}

const kernel& blocks_kernel(const reduction_description& d, int group) {
    const std::size_t block = std::size_t(group) * each_of(group, d.accumulated);
    return kept_kernel(
        "scan-group-blocks:" + key_of(d) + ":" + text(std::size_t(group)) + ":" + text(block),
        [&] { return blocks_source(d, group, block); }, "tiles_scan_group_blocks");
}

} // namespace

int scan_group_of(const std::shared_ptr<context>& context, const scan_lines& lines, array_dtype accumulated) {
    const std::size_t widest = std::size_t(row_on(axis_table, *context).widest_group);
    if (widest == 0 || lines.inner != 1 || lines.outer > most_lines) return 0;
    const int group = group_within(int(widest), narrow(*context).device()->max_work_group_size);
    return lines.n >= least_blocks * std::size_t(group) * each_of(group, accumulated) ? group : 0;
}

void scan_grouped(const std::shared_ptr<context>& context, const reduction_description& d,
                  const elementwise_operand& input, const scan_lines& lines, int shift,
                  const elementwise_operand& output, int widest) {
    const std::size_t most_blocks = (lines.n + widest - 1) / std::size_t(widest);
    const int group = group_fitting(context, widest, lines.outer * most_blocks,
                                    [&](int g) -> const kernel& { return blocks_kernel(d, g); });
    const std::size_t block = std::size_t(group) * each_of(group, d.accumulated);
    const std::size_t blocks = (lines.n + block - 1) / block, groups = lines.outer * blocks;
    if (groups * std::size_t(group) > std::size_t(INT_MAX))
        throw invalid_argument("scan_axis: the scan's " + text(groups) + " blocks of " + text(std::size_t(group)) +
                               " work-items are more than " + text(std::size_t(INT_MAX)) +
                               ", the most one launch covers");
    const elementwise_operand totals = scan_scratch(context, d.output, lines.outer, blocks);
    const elementwise_operand before = scan_scratch(context, d.output, lines.outer, blocks + 1);
    const auto n = scalar_arg(std::uint64_t(lines.n)), per_line = scalar_arg(std::uint64_t(blocks));
    launch_domain domain;
    domain.rank = 1;
    domain.extent = {int(groups * std::size_t(group)), 0, 0};
    domain.tiled = true;
    domain.tile = {group, 0, 0};
    const std::string suffix = key_of(d) + ":" + text(std::size_t(group)) + ":" + text(block);
    std::vector<launch_arg> args{memory_arg(totals, true), memory_arg(input, false), n, per_line};
    engine::launch(
        context, domain,
        kept_kernel(
            "scan-group-totals:" + suffix, [&] { return totals_source(d, group, block); }, "tiles_scan_group_totals"),
        args.data(), args.size());
    scan_axis(context, d.op, totals, {1}, true, before);
    args = {memory_arg(output, true),        memory_arg(input, false), memory_arg(before, false), n, per_line,
            scalar_arg(std::uint64_t(shift))};
    engine::launch(context, domain, blocks_kernel(d, group), args.data(), args.size());
}

} // namespace tiles::algorithms
