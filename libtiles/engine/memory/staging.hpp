// libtiles engine: staged transfers. A copy between host memory that libtiles did not allocate
// (pageable memory, which a driver copies through small buffers of its own, one after the other)
// and a device goes through pinned buffers the context owns, in chunks: host threads copy one chunk
// into pinned memory while the device's copy engine moves the one before. Small copies, CPU
// devices (whose "transfers" are memcpy already) and pinned memory keep the direct path.
#pragma once

#include <array>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "base/worker_threads.hpp"
#include "memory/pinned_memory.hpp"
#include "memory/transfers.hpp"
#include "parameters/staging_parameters.hpp"

namespace tiles::engine {

// What a context keeps for staging: two buffers of pinned memory for each copy thread, and the
// threads. Made on the first staged transfer; released with the context.
class staging_buffers {
  public:
    staging_buffers() = default;
    // Waits for the transfers that still use the buffers.
    ~staging_buffers();
    staging_buffers(const staging_buffers&) = delete;
    staging_buffers& operator=(const staging_buffers&) = delete;

    // The pinned memory a chunk goes through.
    struct buffer {
        std::unique_ptr<pinned_block> memory;
        cl::Event last_use; // the transfer that reads or fills it, which its next use waits for
    };

    std::mutex mutex;                           // one staged transfer at a time
    std::size_t buffer_bytes = 0;               // of each buffer
    std::vector<std::array<buffer, 2>> buffers; // two for each thread
    worker_threads threads;
};

// The staging values a transfer of box `b` (elements of `element_size` bytes) between `host` and
// `context` goes by, where it is staged: not on the CPU accelerator or a checked context, not from
// or to pinned memory, and from the device's FROM_KIB on. Empty: the direct path.
std::optional<staging_parameters> staging_of(const context& context, const box& b, std::size_t element_size,
                                             const host_place& host);

// Box `b` of `buffer` (laid out by `dims`) from or to host memory, through `context`'s staging
// buffers by `values`, counted (and logged) as one transfer. The caller's memory is read or
// written completely on return; `done` receives an event that completes with the device's side.
// A failure names the chunk and its bytes; other chunks may have moved.
void staged_write(context& context, const cl::Buffer& buffer, const dims3& dims, const box& b, std::size_t element_size,
                  const host_place& from, const staging_parameters& values, cl::Event* done);
void staged_read(context& context, const cl::Buffer& buffer, const dims3& dims, const box& b, std::size_t element_size,
                 const host_place& to, const staging_parameters& values, cl::Event* done);

} // namespace tiles::engine
