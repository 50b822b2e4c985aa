// libtiles: completion_future, what asynchronous calls return (AMP's name): wait for the work,
// poll whether it is done, or get() it, which also rethrows what made it fail.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <future>
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

// C++ AMP's completion_future, with std::shared_future<void>'s semantics: copies share the work,
// and every future libtiles returns is valid.
class completion_future {
  public:
    // A future of no work: not valid(); wait() and get() return at once.
    completion_future() = default;
    explicit completion_future(std::shared_ptr<engine::pending_work> work) : work_(std::move(work)) {}

    // Whether the future has work (false for a default-constructed one only).
    bool valid() const { return work_ != nullptr; }
    // Blocks until the work is done.
    void wait() const;
    // Blocks until the work is done or `timeout` has passed (`deadline` has come), whichever is
    // first: std::future_status::ready if the work is done (failed work included: get() throws),
    // else timeout; never deferred. A future that is not valid is ready.
    template <class Rep, class Period>
    std::future_status wait_for(const std::chrono::duration<Rep, Period>& timeout) const {
        // A timeout beyond nanoseconds' range (duration::max()) waits for good.
        const std::chrono::duration<double, std::nano> nanoseconds = timeout;
        if (nanoseconds.count() >= double(std::chrono::nanoseconds::max().count())) {
            wait();
            return std::future_status::ready;
        }
        return wait_for_nanoseconds(std::chrono::duration_cast<std::chrono::nanoseconds>(timeout));
    }
    template <class Clock, class Duration>
    std::future_status wait_until(const std::chrono::time_point<Clock, Duration>& deadline) const {
        return wait_for(deadline - Clock::now());
    }
    // Whether the work is done, without blocking.
    bool is_ready() const;
    // Waits, then rethrows the exception the work ended with, if any.
    void get() const;
    // C++ AMP's then: calls `functor()` once the work is done (failed work included: get() on the
    // future tells), at once on the calling thread if it is done already (or the future is not
    // valid), else on a thread of its own that waits for it; what it throws there is logged.
    template <class Functor> void then(const Functor& functor) const { then_call(std::function<void()>(functor)); }
    // C++ AMP's conversion to std::shared_future<void>, for code that waits on standard futures: ready
    // when the work is done, its get() rethrowing what the work failed with.
    operator std::shared_future<void>() const;
    // Waits (as get()), then gives the OpenCL profiling times of the work; unsupported_feature for
    // work that enqueued no OpenCL command (a future with nothing to wait for) or ran on a queue
    // made without CL_QUEUE_PROFILING_ENABLE (an adopted one; libtiles' own queues have it).
    event_profile profile() const;

  private:
    std::future_status wait_for_nanoseconds(std::chrono::nanoseconds timeout) const;
    void then_call(std::function<void()> functor) const;

    std::shared_ptr<engine::pending_work> work_;
};

} // namespace tiles
