// libtiles engine: the parameter set "staging", how the engine stages copies between host memory
// and a device: its parameters and their bounds, its table by device, and what the tuner tries and
// times, so that overrides, the tuning file and tiles-tune reach it as they reach the algorithms'
// sets.
#include "parameters/staging_parameters.hpp"

#include <sstream>

#include "context/context.hpp"
#include "parameters/parameter_lookup.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles::engine {
namespace {

// Chunks from 1 KiB (tests stage small data in many chunks) to 256 MiB, up to 64 threads.
constexpr named_parameter<staging_parameters> staging_parameters_named[] = {
    {"FROM_KIB", &staging_parameters::from_kib, 0, 1 << 20},
    {"CHUNK_KIB", &staging_parameters::chunk_kib, 1, 1 << 18},
    {"THREADS", &staging_parameters::threads, 1, 64}};

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
static_assert(rows_fit(staging_rows, staging_parameters_named, nullptr));

std::string device_problem(const staging_parameters& p, const device_info& device) {
    const std::uint64_t chunk = std::uint64_t(p.chunk_kib) << 10;
    if (chunk <= device.max_mem_alloc_size) return "";
    std::ostringstream os;
    os << "a chunk of " << chunk << " bytes is more than the largest allocation of '" << device.name << "' ("
       << device.max_mem_alloc_size << " bytes)";
    return os.str();
}

// Chunks of 1 to 16 MiB, by 1 to 16 threads; the threshold stays the one in effect.
std::vector<staging_parameters> staging_candidates() {
    std::vector<staging_parameters> candidates;
    for (const int chunk_kib : {1024, 2048, 4096, 8192, 16384})
        for (const int threads : {1, 2, 4, 6, 8, 12, 16}) candidates.push_back({0, chunk_kib, threads});
    return candidates;
}

// The tuner's work: 256 MiB from pageable memory to the device and back, many chunks at every
// candidate's size.
std::function<void()> staging_workload(const std::shared_ptr<context>& context) {
    const std::size_t side = 8192;
    const std::shared_ptr<storage> device =
        storage_on_device(element_layout::of<float>(), dims3{1, side, side}, context);
    auto host = std::make_shared<std::vector<float>>(side * side, 1.0f);
    return [device, host] {
        copy_in(*device, whole_of(*device), host->data());
        copy_out(*device, whole_of(*device), host->data());
    };
}

} // namespace

const typed_set<staging_parameters>& staging_set() {
    static const immortal<typed_set<staging_parameters>> set(set_definition<staging_parameters>{
        "staging",
        all_of(staging_parameters_named),
        all_of(staging_rows),
        nullptr,
        device_problem,
        staging_candidates(),
        staging_workload,
        false, // the host's and the bus's work, which no cache holds
        [](const device_info& device, const staging_parameters& current) {
            return current.from_kib == 0 ? "'" + device.name + "' stages no transfer (staging's FROM_KIB is 0)"
                                         : std::string();
        },
        [](staging_parameters& candidate, const staging_parameters& current) { candidate.from_kib = current.from_kib; },
    });
    return *set;
}

staging_parameters staging_in_effect(const context& context) {
    return staging_set().from_ints(current_values(*context.device(), staging_set(), &context));
}

} // namespace tiles::engine
