// libtiles: what interop.hpp needs from inside the library: adopting a caller's context and
// queue, handing out libtiles' own, and the events of launches and copies.
#include "tiles/interop.hpp"

#include "context/context.hpp"
#include "context/pending_work.hpp"
#include "devices/device_info.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles::interop::detail {

std::shared_ptr<tiles::engine::context> adopt_context(cl_context context, cl_command_queue queue) {
    return tiles::engine::adopt_context(context, queue);
}

cl_device_id device_of(const accelerator& a) { return a.info().device(); }
cl_context context_of(const accelerator_view& view) { return view.context()->opencl_context()(); }
cl_command_queue queue_of(const accelerator_view& view) { return view.context()->queue()(); }

tiles::engine::opencl_events events(const std::vector<cl_event>& wait_for, cl_event* done) {
    return {wait_for.data(), wait_for.size(), done};
}

cl_event completed_event(const accelerator_view& view) {
    cl_int status = CL_SUCCESS;
    cl_event event = clCreateUserEvent(view.context()->opencl_context()(), &status);
    tiles::engine::check(status, "clCreateUserEvent");
    tiles::engine::check(clSetUserEventStatus(event, CL_COMPLETE), "clSetUserEventStatus");
    return event;
}

cl_event copy_after(const std::vector<cl_event>& wait_for, const std::function<void()>& copy,
                    const std::shared_ptr<tiles::engine::storage>& destination) {
    if (!wait_for.empty())
        tiles::engine::check(clWaitForEvents(cl_uint(wait_for.size()), wait_for.data()), "clWaitForEvents");
    copy();
    // A copy into host memory (a view's, a staging array's on the CPU accelerator) is done.
    const auto home = tiles::engine::home_of(*destination);
    if (home == nullptr || home->device()->host) return completed_event(accelerator_view(engine::default_context()));
    // A copy on the device was enqueued on the destination's queue: the marker completes with it.
    cl_event done = nullptr;
    tiles::engine::check(clEnqueueMarkerWithWaitList(home->queue()(), 0, nullptr, &done),
                         "clEnqueueMarkerWithWaitList");
    return done;
}

} // namespace tiles::interop::detail

namespace tiles::interop {

void order_queue(const accelerator_view& view, cl_command_queue queue) {
    if (queue == nullptr) throw invalid_argument("the queue to order after the accelerator view's work is NULL");
    const cl_command_queue own = get_queue(view);
    if (queue == own) return;
    cl_context queue_context = nullptr;
    tiles::engine::check(clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof queue_context, &queue_context, nullptr),
                         "clGetCommandQueueInfo");
    if (queue_context != get_context(view))
        throw invalid_argument("the queue belongs to another cl_context than the accelerator view's, and OpenCL "
                               "orders only queues of one context");
    cl_event marker = nullptr;
    tiles::engine::check(clEnqueueMarkerWithWaitList(own, 0, nullptr, &marker), "clEnqueueMarkerWithWaitList");
    const cl::Event released(marker); // the barrier keeps what it needs of the marker
    // A command of another queue waits for an event only once the event's queue is flushed.
    tiles::engine::check(clFlush(own), "clFlush");
    tiles::engine::check(clEnqueueBarrierWithWaitList(queue, 1, &marker, nullptr), "clEnqueueBarrierWithWaitList");
}

completion_future make_future(cl_event event) {
    if (event == nullptr) throw invalid_argument("the OpenCL event is NULL");
    std::vector<cl::Event> events{cl::Event(event, false)}; // takes over the caller's reference
    return completion_future(std::make_shared<tiles::engine::pending_work>(std::move(events)));
}

} // namespace tiles::interop
