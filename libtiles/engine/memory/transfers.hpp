// libtiles: moving one box between host memory and device buffers, or within either, with
// OpenCL's rectangle transfers. Each call is one counted transfer on the context that performs it;
// large ones between host memory and a device go through the context's staging buffers
// (staging.hpp).
#pragma once

#include <optional>
#include <vector>

#include "context/context.hpp"
#include "memory/box.hpp"

namespace tiles::engine {

// Memory laid out row-major by `dims` (AMP order, rank 3), `origin` the position of the box's
// first element in it.
struct host_place {
    void* base;
    dims3 dims;
    dims3 origin;
};

// Where box (origin, extent) of memory laid out by `dims` is one run of bytes (whole rows, and
// whole slices if it spans several), its byte offset there; plain transfers move it, which drivers
// do at least as fast as rectangles (and Oclgrind tracks as initializing the memory, unlike
// rectangles).
std::optional<std::size_t> contiguous_offset(const dims3& dims, const dims3& origin, const dims3& extent,
                                             std::size_t element_size);

// Device box -> host. Blocking unless `done` is given, which then receives the event. A staged
// download has written the host memory on return.
void read_box(context& context, const cl::Buffer& buffer, const dims3& dims, const box& b, std::size_t element_size,
              const host_place& to, cl::Event* done);
// Host -> device box, without blocking; `done` receives the event. Returns whether the transfer may
// read `from` until `done` completes (false where it was staged: the memory is free on return).
bool write_box(context& context, const cl::Buffer& buffer, const dims3& dims, const box& b, std::size_t element_size,
               const host_place& from, cl::Event* done);
// Device box -> device box on the same context, without blocking; `done`, if given, gets the event.
void copy_box(context& context, const cl::Buffer& from, const dims3& from_dims, const box& b, const cl::Buffer& to,
              const dims3& to_dims, const dims3& to_origin, std::size_t element_size, cl::Event* done = nullptr);
// One OpenCL transfer of a box between host memory and a device buffer, neither staged nor counted
// (what the staging pipelines enqueue for each chunk): without blocking where `done` is given.
void enqueue_read_box(context& context, const cl::Buffer& buffer, const dims3& dims, const box& b,
                      std::size_t element_size, const host_place& to, cl::Event* done);
void enqueue_write_box(context& context, const cl::Buffer& buffer, const dims3& dims, const box& b,
                       std::size_t element_size, const host_place& from, cl::Event* done);
// Host box -> host box.
void copy_host_box(const host_place& from, const dims3& extent, const host_place& to, std::size_t element_size);

} // namespace tiles::engine
