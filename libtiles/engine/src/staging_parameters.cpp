// libtiles engine: the staging table, by device, and the lookup that stands in for it.
#include "tiles/engine/inside/staging_parameters.hpp"

#include <atomic>
#include <iterator>

#include "tiles/engine/immortal.hpp"
#include "tiles/engine/inside/context.hpp"

namespace tiles::engine {
namespace {

// On CPUs a transfer is the driver's memcpy into memory the CPU reads as fast as any: nothing is
// staged. The last row, for every other device, takes the H200's values, which tiles-tune then
// improves on.
constexpr device_row<staging_parameters> staging_rows[] = {
    // Hopper (NVIDIA's compute capability 9.x), as measured on the H200 (driver 580.159.04, 16 Xeon
    // cores): chunks and threads as tiles-tune chose them there; staged copies pay from 4 MiB on,
    // where both ways went faster than the driver's (BENCHMARKS.md).
    {nvidia_hopper, {4096, 2048, 12}},
    {every_cpu, {0, 2048, 1}},
    {every_device, {4096, 2048, 12}},
};

std::atomic<staging_lookup> lookup{nullptr}; // constant-initialized, before any registration

} // namespace

const std::vector<device_row<staging_parameters>>& staging_table() {
    static const immortal<std::vector<device_row<staging_parameters>>> table(std::begin(staging_rows),
                                                                             std::end(staging_rows));
    return *table;
}

staging_parameters shipped_staging(const device_info& device) {
    return staging_rows[nearest_row(staging_rows, class_of(device))].values;
}

void set_staging_lookup(staging_lookup in_effect) { lookup = in_effect; }

staging_parameters staging_in_effect(const context& context) {
    const staging_lookup in_effect = lookup;
    return in_effect != nullptr ? in_effect(context) : shipped_staging(*context.device());
}

} // namespace tiles::engine
