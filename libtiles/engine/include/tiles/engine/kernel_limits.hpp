// libtiles engine: what a kernel may run as on a device, for algorithms that size their launches
// to the kernel they launch rather than to the device.
#pragma once

#include <cstddef>
#include <memory>

#include "tiles/engine/launch.hpp"

namespace tiles::engine {

// The most work-items a tile of the kernel runs in on the context's device, as its driver promises
// (CL_KERNEL_WORK_GROUP_SIZE): at most the device's limit, less where the kernel's registers or
// private memory need more. The kernel is built for the domain's rank and tile shape first.
std::size_t kernel_work_group_size(const std::shared_ptr<context>& context, const launch_domain& domain,
                                   const kernel& k);

} // namespace tiles::engine
