// libtiles algorithms: the scan of long lines in blocks (scan_blocked.cpp), which scan_axis chooses
// where few lines are long, so that one work-item per line would leave the device idle.
#pragma once

#include <cstddef>
#include <memory>

#include "reduce_axes_source.hpp"
#include "support.hpp"

namespace tiles::algorithms {

// The lines of a scan: `outer` * `inner` of them, each `n` long, whose elements lie `inner` apart.
struct scan_lines {
    std::size_t outer, n, inner;
};

// Whether scan_blocked scans `lines` on a device whose row takes blocks (else one work-item walks
// each line).
bool scans_in_blocks(const scan_lines& lines);

// Scans each line of `input` into `output` (the identity first where `shift` is 1) in blocks:
// each work-item combines one block, the blocks' totals are scanned (by scan_axis, itself in blocks
// where they are many), and each work-item rescans its block from the total of those before it.
// `d` is the scan's description. Integers come out exact; float sums and products are combined in
// another order than numpy's one after another, within n * eps of its results.
void scan_blocked(const std::shared_ptr<context>& context, const reduction_description& d,
                  const elementwise_operand& input, const scan_lines& lines, int shift,
                  const elementwise_operand& output);

// Scratch data of `type` on the device, `rows` x `columns`, for a scan's totals.
elementwise_operand scan_scratch(const std::shared_ptr<context>& context, array_dtype type, std::size_t rows,
                                 std::size_t columns);

// The work-items of a work-group that scan_grouped gives each block of `lines` on the context's
// device (a power of two); 0 where it does not scan them: on devices whose row takes no work-groups
// (CPUs), lines whose elements lie apart (inner is not 1), many lines, or lines of few blocks.
int scan_group_of(const std::shared_ptr<context>& context, const scan_lines& lines, array_dtype accumulated);

// Scans each line of consecutive elements of `input` into `output` (the identity first where
// `shift` is 1) in blocks, each a work-group's of `widest` work-items or fewer, where the kernel
// runs no more (scan_grouped.cpp): the blocks' totals, their scan by scan_axis, and each block
// scanned again in __local memory from the total before it. Integers come out exact; float sums
// and products are combined in another order than numpy's one after another.
void scan_grouped(const std::shared_ptr<context>& context, const reduction_description& d,
                  const elementwise_operand& input, const scan_lines& lines, int shift,
                  const elementwise_operand& output, int widest);

} // namespace tiles::algorithms
