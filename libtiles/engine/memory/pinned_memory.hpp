// libtiles engine: host memory pinned for DMA: a buffer the driver allocates in host memory
// (CL_MEM_ALLOC_HOST_PTR, which drivers pin so that their copy engines reach it), mapped for its
// whole life. Every block is listed, so that a transfer from or to one moves straight at the
// bus's rate instead of through the context's staging buffers.
#pragma once

#include <cstddef>
#include <string>

#include "devices/device_info.hpp"

namespace tiles::engine {

class pinned_block {
  public:
    // `bytes` (at least 1) of host memory that the driver of `context` (on `device`) pins,
    // mapped through `queue` (kept to unmap it). out_of_memory, naming `purpose` ("a staging
    // array") and the numbers, beyond the device's largest allocation or where the driver refuses.
    pinned_block(const cl::Context& context, const cl::CommandQueue& queue, const device_info& device,
                 std::size_t bytes, const std::string& purpose);
    // Unmapped and released; no transfer may still use it.
    ~pinned_block();
    pinned_block(const pinned_block&) = delete;
    pinned_block& operator=(const pinned_block&) = delete;

    void* data() const { return mapped_; }
    std::size_t size() const { return bytes_; }
    const cl::Buffer& buffer() const { return buffer_; }

  private:
    cl::CommandQueue queue_;
    cl::Buffer buffer_;
    std::size_t bytes_;
    void* mapped_;
};

// Whether the `bytes` bytes from `begin` lie in one pinned block.
bool is_pinned(const void* begin, std::size_t bytes);

} // namespace tiles::engine
