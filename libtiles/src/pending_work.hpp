// libtiles: what a completion_future waits for: OpenCL events, a host task, or both.
#pragma once

#include <future>
#include <vector>

#include "opencl.hpp"

namespace tiles::detail {

struct pending_work {
    std::vector<cl::Event> events;
    std::shared_future<void> task;  // invalid when the work is only OpenCL commands
};

} // namespace tiles::detail
