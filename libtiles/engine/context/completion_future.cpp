// libtiles: completion_future over OpenCL events and the host steps that finish them.
#include "tiles/completion_future.hpp"

#include <algorithm>
#include <thread>

#include "base/log.hpp"

#include "context/host_waits.hpp"
#include "context/pending_work.hpp"
#include "tiles/exceptions.hpp"

namespace tiles {
namespace engine {
namespace {

cl_int execution_status(const cl::Event& e) {
    cl_int status = CL_QUEUED;
    check(e.getInfo(CL_EVENT_COMMAND_EXECUTION_STATUS, &status), "clGetEventInfo");
    return status;
}

} // namespace

pending_work::pending_work(std::vector<cl::Event> events, std::shared_ptr<const void> keep_alive,
                           std::function<void()> finish)
    : events_(std::move(events)), keep_alive_(std::move(keep_alive)), finish_(std::move(finish)) {}

bool pending_work::transfers_complete() const {
    for (const cl::Event& e : events_) {
        const cl_int status = execution_status(e);
        if (status > CL_COMPLETE) return false; // queued, submitted or running; negative: failed
    }
    return true;
}

void pending_work::run_finish() {
    std::lock_guard<std::mutex> lock(finish_mutex_);
    if (finished_) return;
    // After a failed transfer the staged data is not the source's: get() reports the failure.
    bool transferred = true;
    for (const cl::Event& e : events_) transferred = transferred && execution_status(e) == CL_COMPLETE;
    if (transferred && finish_) {
        try {
            finish_();
        } catch (...) {
            failure_ = std::current_exception();
        }
    }
    finished_ = true;
}

void pending_work::wait() {
    // Every event, even after a failed one: later transfers may still use the memory.
    for (const cl::Event& e : events_) engine::wait_for(e, "the work of a completion_future");
    run_finish();
}

void pending_work::get() {
    wait();
    for (const cl::Event& e : events_) check(execution_status(e), "an asynchronous transfer");
    if (failure_) std::rethrow_exception(failure_); // written before finished_, read after
}

event_profile pending_work::profile() {
    get();
    if (events_.empty()) throw unsupported_feature("the work enqueued no OpenCL command, so it has no profiling times");
    const auto time = [](const cl::Event& e, cl_profiling_info what) {
        cl_ulong ns = 0;
        const cl_int status = clGetEventProfilingInfo(e(), what, sizeof ns, &ns, nullptr);
        if (status == CL_PROFILING_INFO_NOT_AVAILABLE)
            throw unsupported_feature("the work's OpenCL queue was made without CL_QUEUE_PROFILING_ENABLE (an adopted "
                                      "queue; libtiles' own queues have it), so it has no profiling times");
        check(status, "clGetEventProfilingInfo");
        return std::uint64_t(ns);
    };
    event_profile p{time(events_.front(), CL_PROFILING_COMMAND_QUEUED),
                    time(events_.front(), CL_PROFILING_COMMAND_SUBMIT),
                    time(events_.front(), CL_PROFILING_COMMAND_START), 0};
    for (const cl::Event& e : events_) p.ended = std::max(p.ended, time(e, CL_PROFILING_COMMAND_END));
    return p;
}

bool pending_work::is_ready() {
    if (!transfers_complete()) return false;
    run_finish();
    return true;
}

bool pending_work::wait_for(std::chrono::nanoseconds timeout) {
    using clock = std::chrono::steady_clock;
    const clock::time_point now = clock::now();
    const clock::time_point deadline =
        timeout >= clock::time_point::max() - now ? clock::time_point::max() : now + timeout;
    for (const cl::Event& e : events_) {
        cl_command_queue queue = nullptr; // none for a user event
        if (clGetEventInfo(e(), CL_EVENT_COMMAND_QUEUE, sizeof queue, &queue, nullptr) == CL_SUCCESS && queue)
            clFlush(queue);
    }
    // OpenCL has no timed wait: poll, at growing intervals.
    std::chrono::microseconds pause(20);
    while (!is_ready()) {
        const clock::duration left = deadline - clock::now();
        if (left <= clock::duration::zero()) return false;
        std::this_thread::sleep_for(std::min<clock::duration>(pause, left));
        pause = std::min(pause * 2, std::chrono::microseconds(1000));
    }
    return true;
}

bool pending_work::is_done() const { return finished_ || (!finish_ && transfers_complete()); }

} // namespace engine

void completion_future::wait() const {
    if (work_) work_->wait();
}

bool completion_future::is_ready() const { return !work_ || work_->is_ready(); }

void completion_future::get() const {
    if (work_) work_->get();
}

std::future_status completion_future::wait_for_nanoseconds(std::chrono::nanoseconds timeout) const {
    return !work_ || work_->wait_for(timeout) ? std::future_status::ready : std::future_status::timeout;
}

void completion_future::then_call(std::function<void()> functor) const {
    if (!work_ || work_->is_ready()) return functor();
    std::thread([work = work_, functor = std::move(functor)] {
        try {
            work->wait();
            functor();
        } catch (const std::exception& e) {
            engine::log(log_level::warning, std::string("completion_future::then: the functor threw: ") + e.what());
        } catch (...) {
            engine::log(log_level::warning,
                        "completion_future::then: the functor threw something not a std::exception");
        }
    }).detach();
}

completion_future::operator std::shared_future<void>() const {
    const auto promise = std::make_shared<std::promise<void>>();
    std::shared_future<void> standard = promise->get_future().share();
    then_call([promise, done = *this] {
        try {
            done.get();
            promise->set_value();
        } catch (...) {
            promise->set_exception(std::current_exception());
        }
    });
    return standard;
}

event_profile completion_future::profile() const {
    if (!work_) throw unsupported_feature("the future has nothing to wait for, so it has no profiling times");
    return work_->profile();
}

} // namespace tiles
