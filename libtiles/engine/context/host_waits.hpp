// libtiles engine: waits on the host that say what they wait for. A wait that may never end (a
// command the device never runs, a driver that never completes it) otherwise looks like a hang
// with nothing said: while such a wait lasts, a watching thread says at the warning level, once a
// minute, what it waits for, on which device, for how long so far, and what OpenCL says of the
// command (queued, submitted, running, complete, failed).
#pragma once

#include <chrono>

#include "base/opencl.hpp"

namespace tiles::engine {

// clWaitForEvents on `event`, `what` (a literal: the watching thread may read it after the wait)
// said of it while it lasts long.
cl_int wait_for(const cl::Event& event, const char* what);
// clFinish on `queue`, likewise.
cl_int finish(const cl::CommandQueue& queue, const char* what);

// How long a wait lasts before it is said, and again each time as long after (a minute): for
// tests, which cannot wait a minute.
void say_waits_after(std::chrono::milliseconds after);

} // namespace tiles::engine
