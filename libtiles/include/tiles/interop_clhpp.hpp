// libtiles: interop.hpp for OpenCL-CLHPP users: the same functions, taking and returning
// cl::Context, cl::CommandQueue, cl::Buffer and cl::Event, each of which holds its own
// reference (so nothing here needs a release by hand). Include CL/opencl.hpp configured as the
// program likes before this header, or let this header include it.
#pragma once

// OpenCL-CLHPP's target and least OpenCL version where the program chose none: 1.2, all that
// libtiles needs.
#ifndef CL_HPP_TARGET_OPENCL_VERSION
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#endif
#include <CL/opencl.hpp>

#include <vector>

#include "tiles/interop.hpp"

namespace tiles::interop {

// An accelerator view over the caller's context and in-order queue, as interop.hpp's make_view.
inline accelerator_view make_view(const cl::Context& context, const cl::CommandQueue& queue) {
    return make_view(context(), queue());
}

// The OpenCL device, context and queue behind an accelerator or a view, as interop.hpp's get_device,
// get_context and get_queue, each holding its own reference.
inline cl::Device get_cl_device(const accelerator& a) { return cl::Device(get_device(a), true); }
inline cl::Context get_cl_context(const accelerator_view& view) { return cl::Context(get_context(view), true); }
inline cl::CommandQueue get_cl_queue(const accelerator_view& view) { return cl::CommandQueue(get_queue(view), true); }

// An array over the caller's buffer on `view`, as interop.hpp's make_array: the buffer must hold
// e.size() elements.
template <class T, int N>
array<T, N> make_array(const accelerator_view& view, const cl::Buffer& buffer, const extent<N>& e) {
    return make_array<T, N>(view, buffer(), e);
}

// The OpenCL buffer behind an array, as interop.hpp's get_buffer, holding its own reference.
template <class T, int N> cl::Buffer get_cl_buffer(const array<T, N>& a) { return cl::Buffer(get_buffer(a), true); }

// The buffer behind a whole view, made current on `view`; libtiles treats the other copies as stale.
template <class T, int N> cl::Buffer get_cl_buffer(const array_view<T, N>& v, const accelerator_view& view) {
    return cl::Buffer(get_buffer(v, view), true);
}

namespace detail {
inline std::vector<cl_event> raw(const std::vector<cl::Event>& events) {
    std::vector<cl_event> handles;
    for (const cl::Event& e : events) handles.push_back(e());
    return handles;
}
} // namespace detail

// parallel_for_each on `view` after `wait_for`; the returned cl::Event owns the launch's event.
template <class Domain, class... Args>
cl::Event parallel_for_each(const accelerator_view& view, const Domain& domain, const kernel& k,
                            const std::vector<cl::Event>& wait_for, Args&&... args) {
    return cl::Event(
        tiles::interop::parallel_for_each(view, domain, k, detail::raw(wait_for), std::forward<Args>(args)...));
}

// copy after `wait_for`; the returned cl::Event owns the copy's event.
template <class Source, class Destination>
cl::Event copy(const Source& source, const Destination& destination, const std::vector<cl::Event>& wait_for) {
    return cl::Event(tiles::interop::copy(source, destination, detail::raw(wait_for)));
}

} // namespace tiles::interop
