// libtiles: the log's account of a kernel's first run. A driver may compile a kernel again when it
// first runs (PoCL makes its work-group function for the launch's tile size then), time that no
// build's time includes; at info, the first launch of each kernel built waits for its run to end
// and says how long it took, from its enqueue, so that the log accounts for a first call's time.
#pragma once

#include <string>

#include "base/opencl.hpp"

namespace tiles::engine {

// Whether a launch is to time its kernel's first run: at info, where the kernel's first run is
// not timed yet and nothing on the queue may wait for an event of the caller's (which the caller
// may set only after the launch returns: context::may_wait_for_callers).
bool time_first_run(bool timed_already, bool may_wait_for_callers);

// The steady clock's time, in milliseconds.
double steady_now_ms();

// Waits for `run`, the first run of `kernel` on `device` enqueued at `enqueued_at_ms`
// (steady_now_ms()), and logs its time. A run that failed is said so; the failure itself is
// reported where the launch's results are waited for.
void log_first_run(const cl::Event& run, double enqueued_at_ms, const std::string& kernel, const std::string& device);

} // namespace tiles::engine
