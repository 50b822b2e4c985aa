// libtiles: completion_future over OpenCL events and host tasks.
#include "tiles/completion_future.hpp"

#include <chrono>

#include "pending_work.hpp"
#include "tiles/copy.hpp"

namespace tiles {

void completion_future::wait() const {
    if (!work_) return;
    for (const cl::Event& e : work_->events) detail::check(e.wait(), "clWaitForEvents");
    if (work_->task.valid()) work_->task.wait();
}

bool completion_future::is_ready() const {
    if (!work_) return true;
    for (const cl::Event& e : work_->events) {
        cl_int status = CL_QUEUED;
        detail::check(e.getInfo(CL_EVENT_COMMAND_EXECUTION_STATUS, &status), "clGetEventInfo");
        if (status < 0) return true;  // failed: get() reports it
        if (status != CL_COMPLETE) return false;
    }
    return !work_->task.valid() || work_->task.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}

void completion_future::get() const {
    if (!work_) return;
    for (const cl::Event& e : work_->events) {
        detail::check(e.wait(), "clWaitForEvents");
        cl_int status = CL_COMPLETE;
        detail::check(e.getInfo(CL_EVENT_COMMAND_EXECUTION_STATUS, &status), "clGetEventInfo");
        detail::check(status, "an asynchronous transfer");
    }
    if (work_->task.valid()) work_->task.get();
}

namespace detail {
completion_future run_async(std::function<void()> work) {
    auto pending = std::make_shared<pending_work>();
    pending->task = std::async(std::launch::async, std::move(work)).share();
    return completion_future(std::move(pending));
}
} // namespace detail

} // namespace tiles
