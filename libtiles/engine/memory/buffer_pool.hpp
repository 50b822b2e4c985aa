// libtiles engine: a context's pool of released device buffers, as CuPy's memory pool keeps a
// device's: the buffer of data that goes away is kept, by its size, and the next data of that size
// takes it instead of a new allocation, which on a GPU costs as much as the kernel that fills it
// (a 1 GiB result of a + b). Bounded, and never the cause of an out-of-memory that would not
// happen without it.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "devices/device_info.hpp"
#include "memory/device_memory.hpp"

namespace tiles::engine {

class buffer_pool {
  public:
    // The pool of buffers made in `context` on `device`, which keeps at most a quarter of the
    // device's memory (set_limit changes it).
    buffer_pool(std::shared_ptr<const device_info> device, cl::Context context);
    // Frees what it keeps (the context is going).
    ~buffer_pool();
    buffer_pool(const buffer_pool&) = delete;
    buffer_pool& operator=(const buffer_pool&) = delete;

    // A buffer of exactly `bytes`, counted: the one of that size released last, else a new one
    // (reused says which), allocated as every buffer is (allocate_counted, which frees the
    // device's pools where it finds no room).
    struct taken {
        counted_buffer buffer;
        bool reused;
    };
    taken take(std::size_t bytes);
    // Keeps `buffer` (taken from this pool) for a later take, once nothing will use it but what is
    // enqueued on the context's in-order queue already: a later user's commands come after those.
    // Beyond the limit, the buffers released longest ago are freed. Never throws (a destructor
    // gives buffers back): where the pool has no memory to note the buffer in, it is freed.
    void give_back(counted_buffer buffer) noexcept;

    // Frees every buffer kept (CuPy's free_all_blocks).
    void free_all();
    // The most bytes kept; 0 keeps none (the pool is off). Frees what is kept beyond it.
    void set_limit(std::uint64_t bytes);
    std::uint64_t limit() const;
    // The bytes kept now.
    std::uint64_t held() const;

  private:
    // With the lock held: frees the buffers released longest ago that hold more than the limit.
    void trim_to_limit() noexcept;

    const std::shared_ptr<const device_info> device_;
    const cl::Context context_;
    mutable std::mutex mutex_;
    std::vector<counted_buffer> kept_; // in the order they were released
    std::uint64_t held_ = 0;
    std::uint64_t limit_;
};

// Frees every buffer the pools of `device`'s contexts keep: allocate_counted's way out where the
// device has no room for a new buffer, so the pools never cause an out-of-memory.
void free_device_pools(const device_info& device);

} // namespace tiles::engine
