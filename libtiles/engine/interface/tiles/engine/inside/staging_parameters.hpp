// libtiles engine: how a device stages copies between host memory and itself (staging.hpp): the
// parameter set "staging", its table of values by device, and the way the algorithms' parameter
// lookup (overrides, the tuning file), which the engine does not see, stands in for the table.
#pragma once

#include <vector>

#include "tiles/engine/inside/device_class.hpp"
#include "tiles/engine/inside/device_info.hpp"

namespace tiles::engine {

class context;

// The parameter set "staging" (FROM_KIB, CHUNK_KIB, THREADS).
struct staging_parameters {
    int from_kib;  // copies of at least this many KiB are staged; 0: none is
    int chunk_kib; // the most a chunk holds; each thread has two buffers of that size
    int threads;   // host threads that copy between the caller's memory and the buffers
};

// The table, in order, its rows for classes of devices (device_class.hpp's rule picks a device's);
// the algorithms' parameter set "staging" takes it as its table.
const std::vector<device_row<staging_parameters>>& staging_table();

// The values the table ships for `device`: its row.
staging_parameters shipped_staging(const device_info& device);

// Where the algorithms' parameter lookup is linked in, it gives the values in effect on a context
// (an override, the tuning file's, else the table's), and sets itself here; else the table's hold.
using staging_lookup = staging_parameters (*)(const context& context);
void set_staging_lookup(staging_lookup lookup);

// The values in effect on `context`: the lookup's, else the table's.
staging_parameters staging_in_effect(const context& context);

} // namespace tiles::engine
