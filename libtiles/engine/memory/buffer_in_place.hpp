// libtiles engine: a storage's device buffer for libtiles' own use in place, as the wide gemm reads
// and writes its operands through libcuda; unlike device_buffer's, which a caller is handed and may
// keep using, it goes back to its context's pool with the storage, to serve the next product.
#pragma once

#include <memory>

#include "tiles/engine/storage.hpp"

namespace tiles::engine {

// The whole device buffer of `s` on `context`, current there (borrowed, for as long as `s`).
// read_write: libtiles writes it, so the other copies go stale.
_cl_mem* device_buffer_in_place(storage& s, const std::shared_ptr<context>& context, host_access access);

} // namespace tiles::engine
