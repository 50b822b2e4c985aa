// libtiles engine: the staging table, by device, and the lookup that stands in for it.
#include "staging_parameters.hpp"

#include <atomic>
#include <iterator>
#include <string>

#include "context.hpp"
#include "tiles/engine/immortal.hpp"

namespace tiles::engine {
namespace {

// The first row that matches a device is its own. On CPUs a transfer is the driver's memcpy into
// memory the CPU reads as fast as any: nothing is staged. The last row, for every other device,
// takes the H200's values, which tiles-tune then improves on.
constexpr staging_row staging_rows[] = {
    // NVIDIA's H200 (driver 580.159.04, 16 Xeon cores): chunks and threads as tiles-tune chose them
    // there; staged copies pay from 4 MiB on, where both ways went faster than the driver's
    // (BENCHMARKS.md).
    {CL_DEVICE_TYPE_GPU, "H200", {4096, 2048, 12}},
    {CL_DEVICE_TYPE_CPU, "", {0, 2048, 1}},
    {CL_DEVICE_TYPE_ALL, "", {4096, 2048, 12}},
};

std::atomic<staging_lookup> lookup{nullptr}; // constant-initialized, before any registration

} // namespace

const std::vector<staging_row>& staging_table() {
    static const immortal<std::vector<staging_row>> table(std::begin(staging_rows), std::end(staging_rows));
    return *table;
}

staging_parameters shipped_staging(const device_info& device) {
    for (const staging_row& row : staging_rows)
        if ((device.type & row.type) != 0 && device.name.find(row.name_contains) != std::string::npos)
            return row.values;
    return std::prev(std::end(staging_rows))->values;
}

void set_staging_lookup(staging_lookup in_effect) { lookup = in_effect; }

staging_parameters staging_in_effect(const context& context) {
    const staging_lookup in_effect = lookup;
    return in_effect != nullptr ? in_effect(context) : shipped_staging(*context.device());
}

} // namespace tiles::engine
