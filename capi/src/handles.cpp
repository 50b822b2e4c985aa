// libtiles C API: the registry of live handles, which lets every entry point refuse a NULL,
// released or foreign handle without reading it.
#include <cstdint>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

#include "capi_internal.hpp"

namespace tiles::capi {

namespace {
// A caller's handle is a value the registry gave, not the object's address: the allocator gives
// a released object's address to the next object of its size, and a handle kept past its release
// would then reach that object. Values count up in steps of 16 (aligned as an allocation is, for
// callers who keep flags in a pointer's low bits) and are not given again while the count has not
// wrapped: never with 64-bit pointers (2^60 handles), after 2^28 handles with 32-bit ones, where
// the values still live are skipped.
struct registry {
    std::shared_mutex mutex; // lookups, on every call, share it
    std::unordered_map<std::uintptr_t, handle*> live;
    std::uintptr_t count = 0;
};

// Never destroyed, so that a handle released during static destruction (from an atexit handler)
// still finds it.
registry& the_registry() {
    static auto* r = new registry;
    return *r;
}
} // namespace

std::uintptr_t register_handle(handle* object) {
    registry& r = the_registry();
    std::unique_lock<std::shared_mutex> lock(r.mutex);
    std::uintptr_t value;
    do value = ++r.count << 4;
    while (value == 0 || !r.live.try_emplace(value, object).second);
    return value;
}

void unregister_handle(const void* value) {
    registry& r = the_registry();
    std::unique_lock<std::shared_mutex> lock(r.mutex);
    r.live.erase(reinterpret_cast<std::uintptr_t>(value));
}

handle* find_handle(const void* value, handle_kind kind) {
    registry& r = the_registry();
    std::shared_lock<std::shared_mutex> lock(r.mutex);
    const auto found = r.live.find(reinterpret_cast<std::uintptr_t>(value));
    return found != r.live.end() && found->second->kind == kind ? found->second : nullptr;
}

} // namespace tiles::capi
