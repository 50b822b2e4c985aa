// libtiles engine: how a device stages copies between host memory and itself (staging.hpp): the
// parameter set "staging", its table of values by device, and the values in effect on a context,
// which overrides, the tuning file and tiles-tune reach as they reach the algorithms' sets.
#pragma once

#include <vector>

#include "devices/device_class.hpp"
#include "devices/device_info.hpp"
#include "parameters/parameter_set.hpp"

namespace tiles::engine {

class context;

// The parameter set "staging" (FROM_KIB, CHUNK_KIB, THREADS).
struct staging_parameters {
    int from_kib;  // copies of at least this many KiB are staged; 0: none is
    int chunk_kib; // the most a chunk holds; each thread has two buffers of that size
    int threads;   // host threads that copy between the caller's memory and the buffers
};

// The parameter set "staging": its parameters and their bounds, its table (rows for classes of
// devices, device_class.hpp's rule picks a device's), and what the tuner tries and times.
const typed_set<staging_parameters>& staging_set();

// The values in effect on `context` (parameter_lookup.hpp): the context's own, an override, the
// tuning file's, else the table's. TILES_CHECKED_AS plays no part: the simulator's transfers are
// the host's.
staging_parameters staging_in_effect(const context& context);

} // namespace tiles::engine
