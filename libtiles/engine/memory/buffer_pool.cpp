// libtiles engine: contexts' pools of released device buffers, and the list of every pool, by
// which an allocation that finds no room frees the pools of its device (device_memory.cpp).
#include "memory/buffer_pool.hpp"

#include <algorithm>
#include <iterator>
#include <new>

#include "memory/kept_by_buffer.hpp"
#include "seam/backend.hpp"
#include "tiles/engine/immortal.hpp"

namespace tiles::engine {
namespace {

// Every pool alive. The memory a device's pools keep counts against that device's memory (its
// reservations stay held), so an allocation refused there frees them all: those of the device's
// other contexts too.
struct pool_list {
    std::mutex mutex;
    std::vector<buffer_pool*> pools;
    std::vector<const device_info*> devices; // of each pool
};
pool_list& all_pools() {
    static immortal<pool_list> list;
    return *list;
}

} // namespace

void free_device_pools(const device_info& device) {
    pool_list& list = all_pools();
    std::lock_guard<std::mutex> lock(list.mutex);
    for (std::size_t i = 0; i < list.pools.size(); ++i)
        if (list.devices[i] == &device) list.pools[i]->free_all();
}

buffer_pool::buffer_pool(std::shared_ptr<const device_info> device, cl::Context context)
    : device_(std::move(device)), context_(std::move(context)), limit_(device_->global_mem_size / 4) {
    pool_list& list = all_pools();
    std::lock_guard<std::mutex> lock(list.mutex);
    list.pools.push_back(this);
    list.devices.push_back(device_.get());
}

buffer_pool::~buffer_pool() {
    // Off the list first: a thread freeing the device's pools no longer reaches this one.
    pool_list& list = all_pools();
    std::lock_guard<std::mutex> lock(list.mutex);
    const auto at = std::find(list.pools.begin(), list.pools.end(), this);
    list.devices.erase(list.devices.begin() + (at - list.pools.begin()));
    list.pools.erase(at);
}

buffer_pool::taken buffer_pool::take(std::size_t bytes) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        // The one released last: the likeliest still in the device's caches.
        const auto fits = std::find_if(kept_.rbegin(), kept_.rend(), [&](const counted_buffer& b) {
            return b.reserved.bytes() == bytes || backends_would_make_alike(b.buffer(), b.reserved.bytes(), bytes);
        });
        if (fits != kept_.rend()) {
            counted_buffer found = std::move(*fits);
            kept_.erase(std::next(fits).base());
            held_ -= found.reserved.bytes();
            return {std::move(found), true};
        }
    }
    return {allocate_counted(context_, device_, bytes), false};
}

// Each of the pool's frees ends with release_backends_dropped_memory, outside the pool's lock:
// memory a backend allocated goes with its buffer, not at the next allocation.

void buffer_pool::give_back(counted_buffer buffer) noexcept {
    // What was kept by the buffer for its data goes with that data, outside the pool's lock: the
    // buffers it holds come back to the pool too, and are freed with the pool's other buffers.
    drop_kept_for_data(buffer.buffer());
    {
        std::lock_guard<std::mutex> lock(mutex_);
        try {
            kept_.push_back(std::move(buffer));
            held_ += kept_.back().reserved.bytes();
            trim_to_limit();
        } catch (const std::bad_alloc&) {
            const counted_buffer freed = std::move(buffer); // freed as it goes, as without a pool
        }
    }
    release_backends_dropped_memory();
}

void buffer_pool::free_all() {
    {
        std::vector<counted_buffer> freed; // after the lock is let go
        std::lock_guard<std::mutex> lock(mutex_);
        freed.swap(kept_);
        held_ = 0;
    }
    release_backends_dropped_memory();
}

void buffer_pool::set_limit(std::uint64_t bytes) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        limit_ = bytes;
        trim_to_limit();
    }
    release_backends_dropped_memory();
}

std::uint64_t buffer_pool::limit() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return limit_;
}

std::uint64_t buffer_pool::held() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return held_;
}

void buffer_pool::trim_to_limit() noexcept {
    std::size_t count = 0;
    while (held_ > limit_) held_ -= kept_[count++].reserved.bytes();
    kept_.erase(kept_.begin(), kept_.begin() + std::ptrdiff_t(count));
}

} // namespace tiles::engine
