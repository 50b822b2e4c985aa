// libtiles: completion_future, what asynchronous calls return (AMP's name): wait for the work,
// poll whether it is done, or get() it, which also rethrows what made it fail.
#pragma once

#include <cstdint>
#include <memory>

namespace tiles {

namespace engine {
class pending_work;
} // namespace engine

// When the device's driver took the work: OpenCL's profiling times (CL_PROFILING_COMMAND_*) in
// nanoseconds on the device's clock, as PyOpenCL's event.profile gives them. For work of several
// commands, queued, submitted and started are the first's and ended the last's.
struct event_profile {
    std::uint64_t queued = 0;    // enqueued by the host
    std::uint64_t submitted = 0; // submitted to the device
    std::uint64_t started = 0;   // began to run
    std::uint64_t ended = 0;     // finished
};

class completion_future {
  public:
    // A future with nothing to wait for.
    completion_future() = default;
    explicit completion_future(std::shared_ptr<engine::pending_work> work) : work_(std::move(work)) {}

    // Blocks until the work is done.
    void wait() const;
    // Whether the work is done, without blocking.
    bool is_ready() const;
    // Waits, then rethrows the exception the work ended with, if any.
    void get() const;
    // Waits (as get()), then gives the OpenCL profiling times of the work; unsupported_feature for
    // work that enqueued no OpenCL command (a future with nothing to wait for) or ran on a queue
    // made without CL_QUEUE_PROFILING_ENABLE (an adopted one; libtiles' own queues have it).
    event_profile profile() const;

  private:
    std::shared_ptr<engine::pending_work> work_;
};

} // namespace tiles
