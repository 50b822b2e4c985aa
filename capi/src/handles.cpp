// libtiles C API: the registry of live handles, which lets every entry point refuse a NULL,
// released or foreign handle without reading it.
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

#include "capi_internal.hpp"

namespace tiles::capi {

namespace {
std::shared_mutex registry_mutex; // lookups, on every call, share it
std::unordered_map<const void*, handle_kind>& registry() {
    static auto* live_handles = new std::unordered_map<const void*, handle_kind>; // outlives every handle
    return *live_handles;
}
} // namespace

void register_handle(const void* address, handle_kind kind) {
    std::unique_lock<std::shared_mutex> lock(registry_mutex);
    registry()[address] = kind;
}

void unregister_handle(const void* address) {
    std::unique_lock<std::shared_mutex> lock(registry_mutex);
    registry().erase(address);
}

bool is_live(const void* address, handle_kind kind) {
    std::shared_lock<std::shared_mutex> lock(registry_mutex);
    const auto found = registry().find(address);
    return found != registry().end() && found->second == kind;
}

} // namespace tiles::capi
