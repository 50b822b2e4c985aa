// The C API's error channel when the host has no memory left, not even for the error's message:
// the failure is still reported, with a static message. This program replaces operator new (as
// any C++ program may) so that it can refuse memory to every allocation of one call.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <new>
#include <string>

#include "tiles.h"

namespace {
thread_local bool refuse_memory = false;
thread_local std::size_t allocations = 0;
} // namespace

void* operator new(std::size_t size) {
    ++allocations;
    if (refuse_memory) throw std::bad_alloc();
    if (void* memory = std::malloc(size == 0 ? 1 : size)) return memory;
    throw std::bad_alloc();
}
void operator delete(void* memory) noexcept { std::free(memory); }
void operator delete(void* memory, std::size_t) noexcept { std::free(memory); }

TEST_CASE("a failure with no memory left for its message is reported with a static one", "[errors]") {
    size_t count = 0;
    REQUIRE(tiles_device_count(&count) == TILES_SUCCESS);
    tiles_device* device = nullptr;
    // The premise: libtiles allocates through this program's operator new. Not where libtiles
    // carries a C++ runtime of its own (libstdc++ linked in statically, as some toolchains do).
    const std::size_t before = allocations;
    REQUIRE(tiles_device_get(&device, 0) == TILES_SUCCESS);
    tiles_device_release(device);
    device = nullptr;
    if (allocations == before) {
        WARN("skipped: libtiles does not allocate through this program's operator new (its C++ runtime is linked "
             "into it), so refusing memory here cannot reach it");
        return;
    }
    refuse_memory = true; // from here, every allocation of this thread throws std::bad_alloc
    const tiles_status status = tiles_device_get(&device, count + 1000);
    const char* message = tiles_last_error_message(); // allocates nothing
    refuse_memory = false;
    CHECK(status == TILES_ERROR_OUT_OF_MEMORY);
    CHECK(device == nullptr);
    CHECK(std::string(message).find("out of memory") != std::string::npos);
    // With memory again, the next failure has its own message.
    CHECK(tiles_device_get(&device, count + 1000) == TILES_ERROR_INVALID_ARGUMENT);
    CHECK(std::string(tiles_last_error_message()).find("there is no device") != std::string::npos);
}
