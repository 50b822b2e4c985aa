// libtiles: interoperation with OpenCL code that has its own context, queue, buffers and events.
// One ownership rule: libtiles retains what it adopts and releases exactly what it retained;
// handles it returns are borrowed (valid while the libtiles object lives) unless the function
// says the caller owns them. These take and return OpenCL's C handles; tiles/interop_clhpp.hpp
// has the same for OpenCL-CLHPP's classes.
#pragma once

// The OpenCL 1.2 API is all libtiles needs; a program may choose another before including this.
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <functional>
#include <vector>

#include "tiles/tiles.hpp"

namespace tiles::interop {

namespace detail {
cl_device_id device_of(const accelerator& a);
std::shared_ptr<tiles::engine::context> adopt_context(cl_context context, cl_command_queue queue);
cl_context context_of(const accelerator_view& view);
cl_command_queue queue_of(const accelerator_view& view);
tiles::engine::opencl_events events(const std::vector<cl_event>& wait_for, cl_event* done);
// A completed event on `view`, for calls that finished before returning.
cl_event completed_event(const accelerator_view& view);
} // namespace detail

// An accelerator view over the caller's context and in-order queue, both retained until the
// view's last copy goes. Kernels built for it are cached with it.
inline accelerator_view make_view(cl_context context, cl_command_queue queue) {
    return accelerator_view(detail::adopt_context(context, queue));
}

// A completion_future that completes with `event`, whose reference it takes over (released with
// the future's last copy).
completion_future make_future(cl_event event);

// The OpenCL device of an accelerator, borrowed.
inline cl_device_id get_device(const accelerator& a) { return detail::device_of(a); }

// The view's context and queue, borrowed.
inline cl_context get_context(const accelerator_view& view) { return detail::context_of(view); }
inline cl_command_queue get_queue(const accelerator_view& view) { return detail::queue_of(view); }

// Makes the caller's `queue` wait, on the device, for everything enqueued on `view` so far (a
// marker on view's queue, flushed, and a barrier on `queue` that waits for it), without blocking
// the host: what the caller enqueues on `queue` next sees libtiles' results. `queue` must belong
// to view's OpenCL context; view's own queue, in order already, needs nothing.
void order_queue(const accelerator_view& view, cl_command_queue queue);

// An array over the caller's buffer on `view`'s context (retained, never freed by libtiles, no
// copy made); the buffer must hold at least e.size() elements of T.
template <class T, int N> array<T, N> make_array(const accelerator_view& view, cl_mem buffer, const extent<N>& e) {
    tiles::engine::check_extent(N, e.components().data(), "an array");
    return array<T, N>(tiles::engine::storage_over_buffer(element_layout::of<T>(),
                                                          tiles::engine::dims_of(N, e.components().data()),
                                                          view.context(), buffer),
                       e);
}

// The buffer behind an array, current on its view (borrowed). The caller may write it there
// with its own kernels; libtiles then treats the host's copy as stale.
template <class T, int N> cl_mem get_buffer(const array<T, N>& a) {
    return tiles::engine::device_buffer(*a.storage(), a.region(), a.get_accelerator_view().context(),
                                        tiles::engine::host_access::read_write);
}

// The buffer behind a (whole) view on `view`, made current there first (borrowed). A view of
// const elements is handed out for reading only.
template <class T, int N> cl_mem get_buffer(const array_view<T, N>& v, const accelerator_view& view) {
    return tiles::engine::device_buffer(*v.storage(), v.region(), v.elements(), view.context(),
                                        std::is_const_v<T> ? tiles::engine::host_access::read
                                                           : tiles::engine::host_access::read_write);
}

namespace detail {
cl_event copy_after(const std::vector<cl_event>& wait_for, const std::function<void()>& copy,
                    const std::shared_ptr<tiles::engine::storage>& destination);
} // namespace detail

// copy() between arrays and views that first waits for `wait_for`, and returns an event that
// completes when the copy has (the caller owns it). Copies through the host complete before
// this returns.
template <class Source, class Destination>
cl_event copy(const Source& source, const Destination& destination, const std::vector<cl_event>& wait_for) {
    tiles::detail::check_copy(source, destination);
    return detail::copy_after(
        wait_for, [&] { tiles::copy(source, destination); }, destination.storage());
}

// parallel_for_each on `view` that first waits for `wait_for`, and returns the event of what
// it enqueued (the caller owns it: clReleaseEvent).
template <class Domain, class... Args>
cl_event parallel_for_each(const accelerator_view& view, const Domain& domain, const kernel& k,
                           const std::vector<cl_event>& wait_for, Args&&... args) {
    cl_event done = nullptr;
    const std::array<tiles::engine::launch_arg, sizeof...(Args)> packed{tiles::detail::make_arg(args)...};
    tiles::engine::launch(view.launch_context(), tiles::detail::domain_of(domain), k, packed.data(), packed.size(),
                          detail::events(wait_for, &done));
    return done;
}

} // namespace tiles::interop
