// libtiles: choosing a compile route, and building through one with the program cache in front:
// what any route built, the driver's binary of it (CL_PROGRAM_BINARIES) is kept, so that a second
// process neither runs the route's compiler nor the driver's.
#include "compile_route.hpp"

#include <chrono>
#include <sstream>
#include <vector>

#include "binary_cache.hpp"
#include "checked_run.hpp"
#include "log.hpp"

namespace tiles::detail {
namespace {

cached_program binary_of(const cl::Program& program, std::string warnings) {
    std::vector<std::vector<unsigned char>> binaries;
    if (program.getInfo(CL_PROGRAM_BINARIES, &binaries) != CL_SUCCESS || binaries.size() != 1) binaries.assign(1, {});
    return {std::move(binaries[0]), std::move(warnings)};
}

// Whether the kernels of a program made from a binary still describe their parameters, which
// launches are checked against; some drivers keep that only for programs built from source.
bool keeps_argument_info(const cl::Program& program) {
    std::string names;
    if (program.getInfo(CL_PROGRAM_KERNEL_NAMES, &names) != CL_SUCCESS || names.empty()) return false;
    cl_int status = CL_SUCCESS;
    cl::Kernel kernel(program, names.substr(0, names.find(';')).c_str(), &status);
    cl_uint count = 0;
    if (status != CL_SUCCESS || kernel.getInfo(CL_KERNEL_NUM_ARGS, &count) != CL_SUCCESS) return false;
    std::string name;
    return count == 0 || kernel.getArgInfo(0, CL_KERNEL_ARG_NAME, &name) == CL_SUCCESS;
}

// Builds through the route, logged with its time and the compiler's warnings; counted whether it
// succeeds or not.
built_program build_now(context_state& view, const compile_route& route, const std::string& text,
                        const std::string& options, const std::string& built_for) {
    const auto start = std::chrono::steady_clock::now();
    view.count_build();
    built_program built = route.build(view, text, options, built_for);
    if (logging(log_level::info)) {
        std::ostringstream os;
        os << "built " << built_for << " for '" << view.device()->name << "' through " << route.name() << " in "
           << std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count()
           << " ms (options:" << options << ")";
        if (!built.build_log.empty()) os << "; the compiler said:\n" << built.build_log;
        log(log_level::info, os.str());
    }
    return built;
}

} // namespace

built_program build_program(context_state& view, const compile_route& route, const std::string& text,
                            const std::string& options, const std::string& built_for, bool parameters_from_driver) {
    if (view.checked) return build_now(view, route, text, options + view.checked->build_options, built_for);
    const binary_cache cache = binary_cache::from_environment();
    if (cache.disabled()) return build_now(view, route, text, options, built_for);
    const device_info& device = *view.device();
    const std::string identity = route.identity();
    const std::string key =
        binary_cache::key(device, text, options, identity.empty() ? "" : route.name() + " " + identity);
    if (auto cached = cache.load(key)) {
        cl_int status = CL_SUCCESS;
        cl::Program program(view.context(), std::vector<cl::Device>{device.device},
                            cl::Program::Binaries{cached->binary}, nullptr, &status);
        if (status == CL_SUCCESS &&
            program.build(std::vector<cl::Device>{device.device}, route.binary_options(options).c_str()) ==
                CL_SUCCESS &&
            (!parameters_from_driver || keeps_argument_info(program))) {
            view.count_binary_load();
            if (logging(log_level::info))
                log(log_level::info,
                    "program cache hit: " + built_for + " for '" + device.name + "' loaded from " + cache.path_of(key) +
                        (cached->build_log.empty() ? std::string()
                                                   : "; the build that stored it had warnings:\n" + cached->build_log));
            return {std::move(program), std::move(cached->build_log)};
        }
    }
    if (logging(log_level::info))
        log(log_level::info, "program cache miss: " + built_for + " for '" + device.name + "' is compiled");
    built_program built = build_now(view, route, text, options, built_for);
    if (cached_program stored = binary_of(built.program, built.build_log); !stored.binary.empty())
        cache.store(key, stored);
    return built;
}

} // namespace tiles::detail
