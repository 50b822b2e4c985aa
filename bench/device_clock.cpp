// tiles_bench: a profiling queue of tiles_bench's own, adopted as a view, and markers on it.
#include "device_clock.hpp"

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <tiles/interop.hpp>

namespace {

void check(cl_int status, const char* call) {
    if (status != CL_SUCCESS)
        throw std::runtime_error(std::string(call) + " failed with OpenCL status " + std::to_string(status));
}

// A marker enqueued on `queue`: it ends when everything enqueued before it has.
class marker {
  public:
    explicit marker(cl_command_queue queue) {
        check(clEnqueueMarkerWithWaitList(queue, 0, nullptr, &event_), "clEnqueueMarkerWithWaitList");
    }
    marker(const marker&) = delete;
    marker& operator=(const marker&) = delete;
    ~marker() { clReleaseEvent(event_); }

    // The device's time, in nanoseconds, at which the marker ended, once it has.
    cl_ulong end() const {
        check(clWaitForEvents(1, &event_), "clWaitForEvents");
        cl_ulong nanoseconds = 0;
        check(clGetEventProfilingInfo(event_, CL_PROFILING_COMMAND_END, sizeof nanoseconds, &nanoseconds, nullptr),
              "clGetEventProfilingInfo");
        return nanoseconds;
    }

  private:
    cl_event event_ = nullptr;
};

} // namespace

tiles::accelerator_view profiling_view(const tiles::accelerator& accelerator) {
    const cl_context context = tiles::interop::get_context(accelerator.get_default_view());
    cl_int status = CL_SUCCESS;
    const std::unique_ptr<std::remove_pointer_t<cl_command_queue>, decltype(&clReleaseCommandQueue)> queue(
        clCreateCommandQueue(context, tiles::interop::get_device(accelerator), CL_QUEUE_PROFILING_ENABLE, &status),
        clReleaseCommandQueue);
    check(status, "clCreateCommandQueue with CL_QUEUE_PROFILING_ENABLE");
    return tiles::interop::make_view(context, queue.get()); // the view retains the queue
}

run_timer device_clock(const tiles::accelerator_view& view) {
    return [view](const std::function<void()>& run) {
        const cl_command_queue queue = tiles::interop::get_queue(view);
        const marker before(queue);
        run();
        const marker after(queue);
        view.wait();
        const cl_ulong start = before.end(), end = after.end();
        // Work between the markers takes time; none means it went to another queue.
        if (end <= start)
            throw std::runtime_error("the device's clock found a run took " +
                                     std::to_string(std::int64_t(end - start)) +
                                     " ns: it enqueued nothing on the profiling view's queue");
        return double(end - start) * 1e-9;
    };
}
