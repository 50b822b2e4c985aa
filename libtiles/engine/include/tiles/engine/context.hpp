// libtiles engine: its contexts as the typed shells and the C API name them. A context is the
// engine's state on one device (an OpenCL context and in-order queue, the programs built there,
// its counters); an accelerator_view is a handle to one. The class is the engine's own.
#pragma once

#include <memory>

namespace tiles::engine {

struct device_info;
class context;

// The context launches and arrays use when none is named: the default device's, or with
// TILES_CHECKED=1 (or strict) a checked context on the Oclgrind simulator. The same on every call.
std::shared_ptr<context> default_context();

// A new context on `device`: its own OpenCL context and in-order queue (none for the CPU
// accelerator).
std::shared_ptr<context> new_context(const std::shared_ptr<const device_info>& device, bool immediate = false);

} // namespace tiles::engine
