// libtiles engine: what the layers above keep by device buffers, dropped when what it was made for
// goes (kept_by_buffer.hpp).
#include "memory/kept_by_buffer.hpp"

#include <iterator>
#include <map>
#include <mutex>
#include <utility>

#include "base/opencl.hpp"
#include "tiles/engine/immortal.hpp"

namespace tiles::engine {
namespace {

struct kept_thing {
    std::shared_ptr<void> kept;
    kept_for made_for;
};
using kept_by_key = std::map<std::string, kept_thing>;

// By buffer, what is kept, under each key. A buffer is listed from its first keep_by until OpenCL
// destroys it, however often its pool hands it out in between: its destructor callback is set
// once, not once a user of the buffer. What was kept by a destroyed buffer waits in `dropped`
// (by buffer, where OpenCL may give the handle again before it is released).
struct kept_table {
    std::mutex mutex;
    std::map<cl_mem, kept_by_key> listed;
    std::multimap<cl_mem, kept_by_key> dropped;
};
kept_table& table() {
    static immortal<kept_table> kept;
    return *kept;
}

// OpenCL's callback once it has destroyed `buffer`: what was kept by it is set aside for
// release_dropped_kept, moved without allocating (the callback can neither release OpenCL
// objects nor fail).
void CL_CALLBACK drop_destroyed(cl_mem buffer, void*) {
    kept_table& kept = table();
    std::lock_guard<std::mutex> lock(kept.mutex);
    if (auto listing = kept.listed.extract(buffer)) kept.dropped.insert(std::move(listing));
}

} // namespace

std::shared_ptr<void> kept_by(cl_mem buffer, const std::string& key) {
    kept_table& kept = table();
    std::lock_guard<std::mutex> lock(kept.mutex);
    const auto listing = kept.listed.find(buffer);
    if (listing == kept.listed.end()) return nullptr;
    const auto found = listing->second.find(key);
    return found == listing->second.end() ? nullptr : found->second.kept;
}

void keep_by(cl_mem buffer, const std::string& key, std::shared_ptr<void> kept_now, kept_for made_for) {
    release_dropped_kept();
    kept_table& kept = table();
    bool listed = false;
    {
        std::lock_guard<std::mutex> lock(kept.mutex);
        listed = kept.listed.count(buffer) != 0;
    }
    // Outside the table's lock, where a driver may run its destructor callbacks in any call. Two
    // threads that both set it leave a second callback, which finds the buffer listed no more.
    if (!listed)
        check(clSetMemObjectDestructorCallback(buffer, drop_destroyed, nullptr), "clSetMemObjectDestructorCallback");
    kept_thing replaced; // released after the table's lock is let go
    std::lock_guard<std::mutex> lock(kept.mutex);
    replaced = std::exchange(kept.listed[buffer][key], kept_thing{std::move(kept_now), made_for});
}

void drop_kept_for_data(cl_mem buffer) noexcept {
    kept_table& kept = table();
    kept_by_key dropped; // released after the table's lock is let go
    std::lock_guard<std::mutex> lock(kept.mutex);
    const auto listing = kept.listed.find(buffer);
    if (listing == kept.listed.end()) return;
    kept_by_key& things = listing->second;
    for (auto at = things.begin(); at != things.end();) {
        const auto next = std::next(at);
        // Moved by its node, without allocating.
        if (at->second.made_for == kept_for::data) dropped.insert(things.extract(at));
        at = next;
    }
}

void release_dropped_kept() noexcept {
    kept_table& kept = table();
    std::multimap<cl_mem, kept_by_key> dropped; // released after the table's lock is let go
    std::lock_guard<std::mutex> lock(kept.mutex);
    dropped.swap(kept.dropped);
}

} // namespace tiles::engine
