// libtiles engine: a run of bytes copied between two device buffers of one context, the one copy
// (transfers.cpp) that every device-to-device transfer, and an algorithm's staging, goes through.
#pragma once

#include <cstddef>

#include "base/opencl.hpp"
#include "tiles/engine/context.hpp"

namespace tiles::engine {

// `bytes` from `from` at byte `from_at` to `to` at `to_at` on the context's queue, without
// blocking; counted as a device copy; `done`, if given, gets the event.
void copy_bytes_on_device(context& context, const cl::Buffer& from, std::size_t from_at, const cl::Buffer& to,
                          std::size_t to_at, std::size_t bytes, cl::Event* done = nullptr);

} // namespace tiles::engine
