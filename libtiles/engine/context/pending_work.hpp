// libtiles engine: what a completion_future waits for: OpenCL transfers enqueued on contexts'
// queues, what they read or write that must live until they complete (a staging buffer), and a
// host step that finishes the work after them (moving staged data to an output iterator).
#pragma once

#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "base/opencl.hpp"
#include "tiles/completion_future.hpp"

namespace tiles::engine {

class pending_work {
  public:
    explicit pending_work(std::vector<cl::Event> events, std::shared_ptr<const void> keep_alive = nullptr,
                          std::function<void()> finish = nullptr);

    // Waits for the transfers, then runs the host step unless it ran already. Whichever thread
    // comes first runs it (a completion_future's or accelerator_view::wait()), exactly once.
    void wait();
    // Waits, then throws what made a transfer or the host step fail.
    void get();
    // get(), then the events' profiling times (completion_future::profile).
    event_profile profile();
    // Whether the transfers are complete (or failed), without blocking; runs the host step then.
    bool is_ready();
    // Waits at most `timeout` for the transfers (submitting them first: a queue in automatic mode
    // may hold them), running the host step if they complete: whether they did.
    bool wait_for(std::chrono::nanoseconds timeout);
    // Whether the work is complete, host step included, without blocking or running anything.
    bool is_done() const;
    // Whether it must be finished by the contexts' wait(): it has a host step or keeps memory alive.
    bool needs_context() const { return finish_ != nullptr || keep_alive_ != nullptr; }

  private:
    bool transfers_complete() const;
    void run_finish();

    const std::vector<cl::Event> events_;
    const std::shared_ptr<const void> keep_alive_;
    std::function<void()> finish_;
    std::mutex finish_mutex_;
    std::atomic<bool> finished_{false};
    std::exception_ptr failure_; // what the host step threw; written once under finish_mutex_
};

} // namespace tiles::engine
