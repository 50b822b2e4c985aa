// libtiles algorithms: the parameter set "staging", how the engine stages copies between host
// memory and a device (the engine's staging_parameters.hpp): its parameters and their bounds, the
// engine's table as its own, and what the tuner tries and times, so that overrides, the tuning
// file and tiles-tune reach it as they reach the algorithms' sets.
#include <sstream>

#include "parameter_lookup.hpp"
#include "tiles/engine/inside/staging_parameters.hpp"

namespace tiles::algorithms {

using engine::staging_parameters;

namespace {

// Chunks from 1 KiB (tests stage small data in many chunks) to 256 MiB, up to 64 threads.
constexpr named_parameter<staging_parameters> staging_parameters_named[] = {
    {"FROM_KIB", &staging_parameters::from_kib, 0, 1 << 20},
    {"CHUNK_KIB", &staging_parameters::chunk_kib, 1, 1 << 18},
    {"THREADS", &staging_parameters::threads, 1, 64}};

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
std::function<void()> staging_workload(const std::shared_ptr<engine::context>& context) {
    const int side = 8192;
    const engine::matrix_operand device = tuning_matrix(context, element_type::float32, side, side);
    auto host = std::make_shared<std::vector<float>>(std::size_t(side) * side, 1.0f);
    return [device, host] {
        engine::copy_in(*device.data, engine::whole_of(*device.data), host->data());
        engine::copy_out(*device.data, engine::whole_of(*device.data), host->data());
    };
}

} // namespace

const typed_set<staging_parameters>& staging_set() {
    static const engine::immortal<typed_set<staging_parameters>> set(set_definition<staging_parameters>{
        "staging",
        all_of(staging_parameters_named),
        engine::staging_table(),
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

std::vector<const parameter_set*> staging_parameter_sets() { return {&staging_set()}; }

} // namespace tiles::algorithms
