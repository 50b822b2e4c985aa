// libtiles: choosing a compile route, and building through one with the program cache in front:
// what any route built, the driver's binary of it (CL_PROGRAM_BINARIES) is kept, so that a second
// process neither runs the route's compiler nor the driver's.
#include "routes/route_registry.hpp"

#include <chrono>
#include <optional>
#include <sstream>

#include "base/log.hpp"
#include "checked/checked_run.hpp"
#include "programs/binary_cache.hpp"
#include "programs/program_kernels.hpp"
#include "seam/backend.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::engine {
namespace {

cached_program binary_of(const cl::Program& program, std::string warnings) {
    std::vector<std::vector<unsigned char>> binaries;
    if (program.getInfo(CL_PROGRAM_BINARIES, &binaries) != CL_SUCCESS || binaries.size() != 1) binaries.assign(1, {});
    return {std::move(binaries[0]), std::move(warnings)};
}

// Whether the kernels of a program made from a binary still describe their parameters, which
// launches are checked against; some drivers keep that only for programs built from source.
bool keeps_argument_info(const cl::Program& program) {
    const std::vector<std::string> names = kernel_names(program);
    if (names.empty()) return false;
    cl_int status = CL_SUCCESS;
    cl::Kernel kernel(program, names.front().c_str(), &status);
    cl_uint count = 0;
    if (status != CL_SUCCESS || kernel.getInfo(CL_KERNEL_NUM_ARGS, &count) != CL_SUCCESS) return false;
    std::string name;
    return count == 0 || kernel.getArgInfo(0, CL_KERNEL_ARG_NAME, &name) == CL_SUCCESS;
}

// Builds through the route, logged with its time and the compiler's warnings; counted whether it
// succeeds or not.
built_program build_now(context& context, const compile_route& route, const std::string& text,
                        const std::string& options, const std::string& built_for) {
    // Said before the compiler starts: a build can take seconds, which would pass in silence.
    if (logging(log_level::info))
        log(log_level::info, "building " + built_for + " for '" + context.device()->name + "' through " + route.name());
    const auto start = std::chrono::steady_clock::now();
    context.count_build();
    built_program built = route.build(context, text, options, built_for);
    if (logging(log_level::info)) {
        std::ostringstream os;
        os << "built " << built_for << " for '" << context.device()->name << "' through " << route.name() << " in "
           << std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count()
           << " ms (options:" << options << ")";
        if (!built.build_log.empty()) os << "; the compiler said:\n" << built.build_log;
        log(log_level::info, os.str());
    }
    return built;
}

// How long a process that misses an entry waits for another that is building it before it builds
// the program itself: far longer than a build takes, short of what would look like a hang.
constexpr std::chrono::milliseconds longest_wait_for_a_build{120'000};

// The program of the cache's entry `key`, where it loads and builds for the device (and keeps its
// kernels' parameters where the caller needs them); nothing where the entry is missing or fails.
std::optional<built_program> load_from_cache(context& context, const compile_route& route, const binary_cache& cache,
                                             const std::string& key, const std::string& options,
                                             const std::string& built_for, bool parameters_from_driver) {
    auto cached = cache.load(key);
    if (!cached) return std::nullopt;
    const device_info& device = *context.device();
    cl_int status = CL_SUCCESS;
    cl::Program program(context.opencl_context(), std::vector<cl::Device>{device.device},
                        cl::Program::Binaries{cached->binary}, nullptr, &status);
    if (status != CL_SUCCESS ||
        program.build(std::vector<cl::Device>{device.device}, route.binary_options(options).c_str()) != CL_SUCCESS ||
        (parameters_from_driver && !keeps_argument_info(program)))
        return std::nullopt;
    context.count_binary_load();
    if (logging(log_level::info))
        log(log_level::info,
            "program cache hit: " + built_for + " for '" + device.name + "' loaded from " + cache.path_of(key) +
                (cached->build_log.empty() ? std::string()
                                           : "; the build that stored it had warnings:\n" + cached->build_log));
    return built_program{std::move(program), std::move(cached->build_log)};
}

} // namespace

std::string driver_log(const cl::Program& program, const cl::Device& device) {
    std::string log;
    program.getBuildInfo(device, CL_PROGRAM_BUILD_LOG, &log);
    return log;
}

namespace {

// The registry: each route's factory, one line a route, after the backends' routes. route_for takes
// the first of a language that serves a program, so a route that serves some programs of another's
// (the CUDA backend's sm_90a of OpenCL C, the checked SPIR's of SPIR) comes before it.
using route_factory = std::unique_ptr<compile_route> (*)();
constexpr route_factory registered[] = {
    make_opencl_c_route,           // opencl-c: any other OpenCL C
    make_clang_ptx_route,          // clang-ptx: C++ to NVIDIA's devices
    make_clang_spirv_route,        // clang-spirv: C++ to devices that take SPIR-V
    make_clang_spir_checked_route, // clang-spir-checked: C++ to Oclgrind
    make_clang_spir_route,         // clang-spir: C++ to devices with cl_khr_spir
};

const std::vector<std::unique_ptr<compile_route>>& routes() {
    static const immortal<std::vector<std::unique_ptr<compile_route>>> made([] {
        std::vector<std::unique_ptr<compile_route>> all;
        for (const auto& b : backends())
            for (std::unique_ptr<compile_route>& route : b->routes()) all.push_back(std::move(route));
        for (route_factory make : registered) all.push_back(make());
        return all;
    }());
    return *made;
}

} // namespace

const compile_route& route_for(kernel_language language, const device_info& device, const std::string& program_text) {
    for (const auto& route : routes())
        if (route->language() == language && route->serves(device, program_text)) return *route;
    throw unsupported_feature("C++ kernels reach a device as SPIR-V (cl_khr_il_program), SPIR 1.2 (cl_khr_spir) or, "
                              "on NVIDIA's, as PTX; '" +
                              device.name + "' takes none of them (its extensions: " + device.extensions + ")");
}

const compile_route& route_named(const std::string& name) {
    std::string names;
    for (const auto& route : routes()) {
        if (route->name() == name) return *route;
        names += (names.empty() ? "" : ", ") + route->name();
    }
    throw invalid_argument("libtiles has no compile route named '" + name + "' (its routes: " + names + ")");
}

std::string program_cache_key(const device_info& device, const compile_route& route, const std::string& text,
                              const std::string& options) {
    const std::string identity = route.identity();
    return binary_cache::key(device, text, options, identity.empty() ? "" : route.name() + " " + identity);
}

built_program build_program(context& context, const compile_route& route, const std::string& text,
                            const std::string& options, const std::string& built_for, bool parameters_from_driver) {
    if (context.checked) return build_now(context, route, text, options + context.checked->build_options, built_for);
    // With the cache off, libtiles writes nothing to disk, lock files included: processes that
    // build one program at once then each build it, and share only the driver's own cache.
    const binary_cache cache = binary_cache::from_environment();
    if (cache.disabled()) return build_now(context, route, text, options, built_for);
    const std::string key = program_cache_key(*context.device(), route, text, options);
    if (auto loaded = load_from_cache(context, route, cache, key, options, built_for, parameters_from_driver))
        return std::move(*loaded);
    // A miss: one process builds the program while the others that miss it wait for its entry.
    // Drivers' own caches, which processes share, are not safe to build one program into from
    // several processes at once (PoCL's crashed so, in readdir(NULL) under clBuildProgram).
    const binary_cache::entry_lock lock = cache.lock(key, longest_wait_for_a_build);
    if (lock.waited().count() != 0 && logging(lock.held() ? log_level::info : log_level::warning))
        log(lock.held() ? log_level::info : log_level::warning,
            "waited " + std::to_string(lock.waited().count()) + " ms while another process or thread built " +
                built_for + " for '" + context.device()->name + "'" +
                (lock.held() ? std::string() : "; it is still building, so this one builds it too"));
    if (lock.held())
        if (auto loaded = load_from_cache(context, route, cache, key, options, built_for, parameters_from_driver))
            return std::move(*loaded);
    if (logging(log_level::info))
        log(log_level::info, "program cache miss: " + built_for + " for '" + context.device()->name + "' is compiled");
    built_program built = build_now(context, route, text, options, built_for);
    // The driver's binary can take longer than the build (PoCL compiles each kernel for it).
    const auto start = std::chrono::steady_clock::now();
    cached_program stored = binary_of(built.program, built.build_log);
    if (!stored.binary.empty()) cache.store(key, stored);
    if (logging(log_level::info))
        log(log_level::info, "stored " + built_for + " for '" + context.device()->name + "' in the program cache in " +
                                 std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(
                                                    std::chrono::steady_clock::now() - start)
                                                    .count()) +
                                 " ms, the driver's making its binary (CL_PROGRAM_BINARIES) included");
    return built;
}

} // namespace tiles::engine
