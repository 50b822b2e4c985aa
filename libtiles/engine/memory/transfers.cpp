// libtiles: rectangle transfers. OpenCL counts rectangles fastest dimension first and in bytes
// along it; libtiles' boxes are in AMP order, so dimension 2 becomes OpenCL's x.
#include "memory/transfers.hpp"

#include <cstring>
#include <functional>
#include <optional>

#include "memory/device_copy.hpp"
#include "memory/staging.hpp"

namespace tiles::engine {
namespace {

cl::array<cl::size_type, 3> cl_origin(const dims3& origin, std::size_t element_size) {
    return {origin[2] * element_size, origin[1], origin[0]};
}

cl::array<cl::size_type, 3> cl_region(const dims3& extent, std::size_t element_size) {
    return {extent[2] * element_size, extent[1], extent[0]};
}

std::size_t row_pitch(const dims3& dims, std::size_t element_size) { return dims[2] * element_size; }
std::size_t slice_pitch(const dims3& dims, std::size_t element_size) { return dims[1] * dims[2] * element_size; }

// Box `b` of a buffer of `dims` and its place in host memory, as a read or a write moves them: one
// run of bytes at two offsets where both sides hold it whole, else OpenCL's rectangle.
struct box_transfer {
    std::optional<std::size_t> buffer_offset, host_offset;
    std::size_t bytes;
    cl::array<cl::size_type, 3> buffer_origin, host_origin, region;
    std::size_t buffer_row_pitch, buffer_slice_pitch, host_row_pitch, host_slice_pitch;

    box_transfer(const dims3& dims, const box& b, std::size_t element_size, const host_place& host)
        : buffer_offset(contiguous_offset(dims, b.origin, b.extent, element_size)),
          host_offset(contiguous_offset(host.dims, host.origin, b.extent, element_size)),
          bytes(volume(b) * element_size), buffer_origin(cl_origin(b.origin, element_size)),
          host_origin(cl_origin(host.origin, element_size)), region(cl_region(b.extent, element_size)),
          buffer_row_pitch(row_pitch(dims, element_size)), buffer_slice_pitch(slice_pitch(dims, element_size)),
          host_row_pitch(row_pitch(host.dims, element_size)), host_slice_pitch(slice_pitch(host.dims, element_size)) {}
    bool contiguous() const { return buffer_offset && host_offset; }
};

// Oclgrind (checked contexts) keeps, per buffer, which bytes hold initialized data, and each
// transfer into a buffer replaces that with the state of the transfer's own bytes as if they
// were all of it (21.10; a rectangle moves as one such transfer per row): after a transfer into
// part of a buffer, the rest of it, and part of what came, read as uninitialized, and every
// launch that reads them is reported. On checked contexts, a transfer other than one run of bytes
// into a whole buffer therefore rewrites all of it: the buffer comes to the host, `change`
// changes the part there, and the whole buffer goes back in one write.
bool rewrites_whole_buffer(const context& context, const dims3& dims, const box& b, bool contiguous_source) {
    return context.checked && (b.origin != dims3{0, 0, 0} || b.extent != dims || !contiguous_source);
}

void rewrite_whole_buffer(context& context, const cl::Buffer& buffer,
                          const std::function<void(unsigned char* contents)>& change, cl::Event* done) {
    const std::size_t size = buffer.getInfo<CL_MEM_SIZE>();
    std::vector<unsigned char> contents(size);
    check(context.queue().enqueueReadBuffer(buffer, CL_TRUE, 0, size, contents.data()), "clEnqueueReadBuffer");
    change(contents.data());
    check(context.queue().enqueueWriteBuffer(buffer, CL_TRUE, 0, size, contents.data(), nullptr, done),
          "clEnqueueWriteBuffer");
}

} // namespace

std::optional<std::size_t> contiguous_offset(const dims3& dims, const dims3& origin, const dims3& extent,
                                             std::size_t element_size) {
    const bool whole_rows = extent[2] == dims[2] || extent[1] * extent[0] == 1;
    const bool whole_slices = extent[0] == 1 || (extent[1] == dims[1] && extent[2] == dims[2]);
    if (!whole_rows || !whole_slices) return std::nullopt;
    return ((origin[0] * dims[1] + origin[1]) * dims[2] + origin[2]) * element_size;
}

void enqueue_read_box(context& context, const cl::Buffer& buffer, const dims3& dims, const box& b,
                      std::size_t element_size, const host_place& to, cl::Event* done) {
    const box_transfer t(dims, b, element_size, to);
    if (t.contiguous()) {
        check(context.queue().enqueueReadBuffer(buffer, done == nullptr, *t.buffer_offset, t.bytes,
                                                static_cast<unsigned char*>(to.base) + *t.host_offset, nullptr, done),
              "clEnqueueReadBuffer");
        return;
    }
    check(context.queue().enqueueReadBufferRect(buffer, done == nullptr, t.buffer_origin, t.host_origin, t.region,
                                                t.buffer_row_pitch, t.buffer_slice_pitch, t.host_row_pitch,
                                                t.host_slice_pitch, to.base, nullptr, done),
          "clEnqueueReadBufferRect");
}

void enqueue_write_box(context& context, const cl::Buffer& buffer, const dims3& dims, const box& b,
                       std::size_t element_size, const host_place& from, cl::Event* done) {
    const box_transfer t(dims, b, element_size, from);
    if (t.contiguous()) {
        check(context.queue().enqueueWriteBuffer(buffer, done == nullptr, *t.buffer_offset, t.bytes,
                                                 static_cast<const unsigned char*>(from.base) + *t.host_offset, nullptr,
                                                 done),
              "clEnqueueWriteBuffer");
        return;
    }
    check(context.queue().enqueueWriteBufferRect(buffer, done == nullptr, t.buffer_origin, t.host_origin, t.region,
                                                 t.buffer_row_pitch, t.buffer_slice_pitch, t.host_row_pitch,
                                                 t.host_slice_pitch, from.base, nullptr, done),
          "clEnqueueWriteBufferRect");
}

void read_box(context& context, const cl::Buffer& buffer, const dims3& dims, const box& b, std::size_t element_size,
              const host_place& to, cl::Event* done) {
    if (const auto staging = staging_of(context, b, element_size, to)) {
        staged_read(context, buffer, dims, b, element_size, to, *staging, done);
        return;
    }
    enqueue_read_box(context, buffer, dims, b, element_size, to, done);
    context.count_download(volume(b) * element_size);
    context.enqueued();
}

bool write_box(context& context, const cl::Buffer& buffer, const dims3& dims, const box& b, std::size_t element_size,
               const host_place& from, cl::Event* done) {
    if (rewrites_whole_buffer(context, dims, b,
                              contiguous_offset(from.dims, from.origin, b.extent, element_size).has_value())) {
        rewrite_whole_buffer(
            context, buffer,
            [&](unsigned char* contents) {
                copy_host_box(from, b.extent, {contents, dims, b.origin}, element_size);
            },
            done);
        context.count_upload(volume(b) * element_size);
        context.enqueued();
        return false;
    }
    if (const auto staging = staging_of(context, b, element_size, from)) {
        staged_write(context, buffer, dims, b, element_size, from, *staging, done);
        return false;
    }
    enqueue_write_box(context, buffer, dims, b, element_size, from, done);
    context.count_upload(volume(b) * element_size);
    context.enqueued();
    return true;
}

void copy_bytes_on_device(context& context, const cl::Buffer& from, std::size_t from_at, const cl::Buffer& to,
                          std::size_t to_at, std::size_t bytes, cl::Event* done) {
    check(context.queue().enqueueCopyBuffer(from, to, from_at, to_at, bytes, nullptr, done), "clEnqueueCopyBuffer");
    context.count_device_copy(bytes);
    context.enqueued();
}

void copy_box(context& context, const cl::Buffer& from, const dims3& from_dims, const box& b, const cl::Buffer& to,
              const dims3& to_dims, const dims3& to_origin, std::size_t element_size, cl::Event* done) {
    if (rewrites_whole_buffer(context, to_dims, {to_origin, b.extent},
                              contiguous_offset(from_dims, b.origin, b.extent, element_size).has_value())) {
        rewrite_whole_buffer(
            context, to,
            [&](unsigned char* contents) {
                enqueue_read_box(context, from, from_dims, b, element_size, {contents, to_dims, to_origin}, nullptr);
            },
            done);
        context.count_device_copy(volume(b) * element_size);
        context.enqueued();
        return;
    }
    const auto from_offset = contiguous_offset(from_dims, b.origin, b.extent, element_size);
    const auto to_offset = contiguous_offset(to_dims, to_origin, b.extent, element_size);
    if (from_offset && to_offset)
        return copy_bytes_on_device(context, from, *from_offset, to, *to_offset, volume(b) * element_size, done);
    check(context.queue().enqueueCopyBufferRect(from, to, cl_origin(b.origin, element_size),
                                                cl_origin(to_origin, element_size), cl_region(b.extent, element_size),
                                                row_pitch(from_dims, element_size),
                                                slice_pitch(from_dims, element_size), row_pitch(to_dims, element_size),
                                                slice_pitch(to_dims, element_size), nullptr, done),
          "clEnqueueCopyBufferRect");
    context.count_device_copy(volume(b) * element_size);
    context.enqueued();
}

void copy_host_box(const host_place& from, const dims3& extent, const host_place& to, std::size_t element_size) {
    const auto from_offset = contiguous_offset(from.dims, from.origin, extent, element_size);
    const auto to_offset = contiguous_offset(to.dims, to.origin, extent, element_size);
    if (from_offset && to_offset) { // one run of bytes on both sides: one memcpy
        std::memcpy(static_cast<unsigned char*>(to.base) + *to_offset,
                    static_cast<const unsigned char*>(from.base) + *from_offset,
                    extent[0] * extent[1] * extent[2] * element_size);
        return;
    }
    const std::size_t row_bytes = extent[2] * element_size;
    for (std::size_t s = 0; s < extent[0]; ++s)
        for (std::size_t r = 0; r < extent[1]; ++r) {
            const auto offset = [&](const host_place& p) {
                return (((p.origin[0] + s) * p.dims[1] + p.origin[1] + r) * p.dims[2] + p.origin[2]) * element_size;
            };
            std::memcpy(static_cast<unsigned char*>(to.base) + offset(to),
                        static_cast<const unsigned char*>(from.base) + offset(from), row_bytes);
        }
}

} // namespace tiles::engine
