// libtiles engine: pinned host memory for callers (tiles::pinned_allocator, tiles_host_alloc,
// tiles.pinned_empty): memory a context's driver pins, which transfers between the caller's data
// and devices move straight at the bus's rate, without going through staging buffers.
#pragma once

#include <cstddef>
#include <memory>

#include "tiles/engine/context.hpp"

namespace tiles::engine {

// `bytes` of host memory pinned by the driver of `context`'s device, valid until free_pinned.
// invalid_argument for 0 bytes or the CPU accelerator's context (which has no driver);
// out_of_memory, naming the numbers, beyond the device's largest allocation or what it can pin.
void* allocate_pinned(const std::shared_ptr<context>& context, std::size_t bytes);

// Frees memory allocate_pinned gave (nullptr: nothing). invalid_argument for any other pointer,
// changing nothing. No transfer may still use the memory.
void free_pinned(void* memory);

} // namespace tiles::engine
