// libtiles C API: what every C entry point shares. Each one is
//     try { ... } catch (...) { return dispatch_exception(); }
// so no exception crosses the boundary and every failure leaves its message for the thread.
#pragma once

#include <string>

#include "tiles.h"

namespace tiles::capi {

// Records `message` as this thread's last error and returns `status`.
tiles_status fail(tiles_status status, const std::string& message);

// Maps the exception being handled to a status and records its message. Call only in a catch.
tiles_status dispatch_exception();

} // namespace tiles::capi
