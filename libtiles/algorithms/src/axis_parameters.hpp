// libtiles algorithms: how reductions over axes and scans spread their work on each kind of device.
// CPUs (PoCL) run a work-group's work-items as a loop, where barriers and extra passes cost more
// than coalesced reads save: on PoCL at 2048 x 2048 float32, a work-group per row summed axis 1 in
// 5 to 9 ms against 1.9 ms for a work-item per row, and a 16M-element scan in blocks took 31 to
// 44 ms against 16 ms in one work-item. GPUs take the work-groups and the blocks.
#pragma once

#include <algorithm>
#include <climits>
#include <cstddef>
#include <memory>

#include "devices/device_class.hpp"
#include "parameters/parameter_lookup.hpp"
#include "tiles/engine/kernel_limits.hpp"

namespace tiles::algorithms {

struct axis_values {
    int widest_group;   // the most work-items of a work-group per result; 0: a work-item per result
    bool blocked_scans; // whether few long lines are scanned in blocks
};

// A row a class of devices (device_class.hpp); a checked context takes TILES_CHECKED_AS's row.
inline constexpr engine::device_row<axis_values> axis_table[] = {
    {engine::every_cpu, {0, false}},
    {engine::every_device, {256, true}},
};

// The work-items of a work-group that combines a share, clamped to what its kernel runs in: the
// widest power of two at most `wanted` and at most `kernel_limit` (CL_KERNEL_WORK_GROUP_SIZE, which
// a kernel of many registers may keep below the device's limit, and above which its launch is
// refused); 1 at least, where the kernel promises less than 2.
constexpr int group_within(int wanted, std::size_t kernel_limit) {
    int group = 1;
    while (group * 2 <= wanted && std::size_t(group) * 2 <= kernel_limit) group *= 2;
    return group;
}

// The widest work-group, at most `wanted` (a power of two), that the kernel made for it runs in:
// kernel_for(group) is the kernel of work-groups of `group`, launched over `groups` of them. Each
// width tried is built: a narrower work-group's kernel may promise more, never less than it needs.
template <class KernelFor>
int group_fitting(const std::shared_ptr<engine::context>& context, int wanted, std::size_t groups,
                  KernelFor kernel_for) {
    while (wanted > 1) {
        engine::launch_domain domain;
        domain.rank = 1;
        // The kernel is built for the tile alone: a domain of at most INT_MAX work-items serves, and
        // the launch's own is checked where it is made.
        domain.extent = {int(std::min(groups, std::size_t(INT_MAX) / std::size_t(wanted)) * std::size_t(wanted)), 0, 0};
        domain.tiled = true;
        domain.tile = {wanted, 0, 0};
        const int fits = group_within(wanted, engine::kernel_work_group_size(context, domain, kernel_for(wanted)));
        if (fits == wanted) break;
        wanted = fits;
    }
    return wanted;
}

} // namespace tiles::algorithms
