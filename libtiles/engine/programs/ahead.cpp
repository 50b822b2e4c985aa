// libtiles: C++ kernels compiled ahead of the run (tiles/engine/ahead.hpp): the build's side, which
// makes a kernel's program as a launch would and runs the route's clang steps on it, and the run's,
// the programs the build linked in, which the C++ routes look up before they run clang.
#include "tiles/engine/ahead.hpp"

#include <map>
#include <mutex>
#include <string_view>

#include "programs/amp_program.hpp"
#include "programs/kernel_cache.hpp"
#include "routes/route_clang.hpp"
#include "routes/route_registry.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/engine/launch.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::engine {
namespace {

struct prebuilt_registry {
    std::mutex mutex;
    std::multimap<std::size_t, prebuilt_program> programs; // by program_key of their text and options
};

prebuilt_registry& registry() {
    static immortal<prebuilt_registry> r;
    return *r;
}

} // namespace

std::vector<ahead_target> ahead_targets(const std::string& route) {
    const auto target = [&](bool cpu) {
        ahead_target t;
        t.route = route;
        t.cpu = cpu;
        return t;
    };
    if (route == "clang-spirv") return {target(true), target(false)};
    if (route == "clang-spir") return {target(true)};
    if (route == "clang-ptx") return {target(false)};
    throw invalid_argument("'" + route + "' is no route the build compiles for (clang-spir, clang-spirv, clang-ptx)");
}

ahead_program compile_ahead(const ahead_target& target, const std::string& source, const std::string& name, int rank,
                            bool tiled, const std::array<int, 3>& tile) {
    if (rank < 1 || rank > 3)
        throw invalid_argument("a kernel compiled ahead is launched at rank 1 to 3, not " + std::to_string(rank));
    device_info device;
    device.name = target.route + " target (" + std::to_string(target.address_bits) + "-bit addresses" +
                  (target.compute_capability > 0 ? ", compute capability " + std::to_string(target.compute_capability)
                                                 : std::string()) +
                  ")";
    device.address_bits = target.address_bits;
    device.compute_capability = target.compute_capability;
    device.sub_groups = target.sub_groups;
    device.ptx_shuffles = target.compute_capability >= 70; // NVIDIA's warps are of 32
    device.type = target.cpu ? CL_DEVICE_TYPE_CPU : CL_DEVICE_TYPE_GPU;
    launch_domain domain;
    domain.rank = rank;
    domain.tiled = tiled;
    domain.tile = tile;
    const amp_source amp(source, "", kernel_source_name);
    ahead_program made;
    made.text = amp.program_for(name);
    made.options = launch_options(amp.options(), domain, device);
    made.binary = compile_with_clang(target.route, device, made.text, made.options, "kernel '" + name + "'").binary;
    return made;
}

void register_prebuilt(const prebuilt_program& program) {
    prebuilt_registry& r = registry();
    const std::lock_guard<std::mutex> lock(r.mutex);
    r.programs.emplace(program_key(text_hash({program.text, program.text_size}), program.options), program);
}

std::optional<std::vector<unsigned char>> prebuilt_binary(const std::string& route, const device_info& device,
                                                          const std::string& text, const std::string& options) {
    prebuilt_registry& r = registry();
    const std::lock_guard<std::mutex> lock(r.mutex);
    for (auto [it, end] = r.programs.equal_range(program_key(text_hash(text), options)); it != end; ++it) {
        const prebuilt_program& p = it->second;
        // PTX of an older compute capability is compiled by the driver for the device it has.
        if (route == p.route && device.address_bits == p.address_bits &&
            p.compute_capability <= device.compute_capability && options == p.options &&
            text == std::string_view(p.text, p.text_size))
            return std::vector<unsigned char>(p.binary, p.binary + p.binary_size);
    }
    return std::nullopt;
}

} // namespace tiles::engine
