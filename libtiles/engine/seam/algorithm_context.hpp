// libtiles engine: what an algorithm above the engine, or a backend beside it, sees of a context.
// They name contexts by the engine's handle (tiles/engine/context.hpp) and reach these few members
// through narrow(); the concrete class (context/context.hpp) stays the engine's own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "base/opencl.hpp"
#include "devices/device_info.hpp"
#include "memory/device_memory.hpp"
#include "tiles/engine/context.hpp"

namespace tiles::engine {

// A context as algorithms and backends use it: its device, OpenCL objects and scratch memory.
// The engine's context implements it; context/context.hpp says what each member does.
class algorithm_context {
  public:
    virtual const std::shared_ptr<const device_info>& device() const = 0;
    virtual const cl::Context& opencl_context() const = 0;
    virtual const cl::CommandQueue& queue() const = 0;
    // Unique over the process's lifetime, unlike the address of the context or its cl_context.
    virtual std::uint64_t id() const = 0;
    // Whether the context is the caller's, adopted, rather than one libtiles made.
    virtual bool adopted() const = 0;
    // Whether work on the queue may wait for events the caller sets later.
    virtual bool may_wait_for_callers() const = 0;
    // Throws invalid_argument, saying that `what` needs an OpenCL device, on the CPU accelerator.
    virtual void check_runs_kernels(const char* what) const = 0;
    // Submits everything enqueued (clFlush).
    virtual void flush() = 0;
    // Waits for everything enqueued, pending host steps included.
    virtual void wait() = 0;
    // Counts a launch enqueued outside the engine's launch (a backend's own).
    virtual void count_launch() = 0;

    // A device buffer of at least `bytes` for a call's own intermediate data, which no other call
    // holds until give_back_scratch takes it back after the call's last use is enqueued.
    struct scratch_buffer {
        cl::Buffer buffer;
        std::size_t bytes;
        memory_reservation reserved;
    };
    virtual scratch_buffer take_scratch(std::size_t bytes) = 0;
    virtual void give_back_scratch(scratch_buffer scratch) = 0;
    // A uint in device memory, 0 between kernels, where a one-pass reduction's tiles count themselves.
    virtual const cl::Buffer& finished_tiles_counter() = 0;

  protected:
    algorithm_context() = default;
    algorithm_context(const algorithm_context&) = default;
    algorithm_context& operator=(const algorithm_context&) = default;
    ~algorithm_context() = default;
};

// What an algorithm or a backend sees of `c`.
algorithm_context& narrow(context& c);
const algorithm_context& narrow(const context& c);

} // namespace tiles::engine
