// libtiles: the OpenCL C route, the driver compiling the program's source (clCreateProgramWithSource).
// The driver's log is given in the kernel's own lines, also by drivers that ignore #line.
#include "routes/compiler_stderr.hpp"
#include "routes/route_registry.hpp"
#include "tiles/engine/immortal.hpp"

#include <regex>
#include <sstream>

namespace tiles::engine {

std::string without_driver_boilerplate(const std::string& log) {
    // NVIDIA's compiler says this of every kernel, with or without anything to warn about.
    static const immortal<std::regex> every_kernel(
        R"(\(\): Warning: Function \S+ is a kernel, so overriding noinline attribute\. The function may be inlined when called\.\r?)");
    std::istringstream lines(log);
    std::string kept;
    for (std::string line; std::getline(lines, line);)
        if (!std::regex_match(line, *every_kernel)) kept += line + "\n";
    if (!log.empty() && log.back() != '\n' && !kept.empty()) kept.pop_back();
    return kept.find_first_not_of(" \t\r\n") == std::string::npos ? std::string() : kept;
}

namespace {
// Whether a build log holds a compiler's diagnostic. A failed build without one is the driver's
// own failure (PoCL's cache, racing with another process's build of the same program, is one),
// which says nothing about the kernel.
bool has_compiler_diagnostic(const std::string& log) { return log.find("error") != std::string::npos; }

} // namespace

std::string driver_build_failure(cl_int status, const std::string& log, const std::string& options) {
    const options_by_origin by_origin = split_build_options(options);
    const std::string kernels = by_origin.kernels.find_first_not_of(' ') == std::string::npos
                                    ? "the kernel's options: none"
                                    : "the kernel's options: '" + by_origin.kernels + "'";
    const std::string named =
        kernels + (by_origin.libtiles.empty() ? "" : "; libtiles' own: '" + by_origin.libtiles + "'");
    if (status == CL_INVALID_BUILD_OPTIONS) return "the driver refused the build options (" + named + ")";
    if (has_compiler_diagnostic(log)) return "it did not compile";
    // NVIDIA's driver fails an option it does not take (-cl-no-such-option) so, with no log at all.
    return std::string("the OpenCL driver failed twice (") + cl_status_name(status) + ") without a compiler error" +
           (log.empty() ? "" : " in its log") + "; a build option it does not take may be the cause (" + named +
           "), else the driver's cache or resources";
}

namespace {

std::string source_of(const cl::Program& program) {
    std::string text;
    program.getInfo(CL_PROGRAM_SOURCE, &text);
    return text;
}

// The compiler's log at the kernel's own lines, each diagnostic with the line it points at.
std::string readable_log(const cl::Program& program, const device_info& device) {
    const std::string source = source_of(program);
    return with_source_lines(with_kernel_lines(driver_log(program, device.device), source), source);
}

[[noreturn]] void throw_build_error(const cl::Program& program, const device_info& device, cl_int status,
                                    const std::string& options, const std::string& built_for) {
    const std::string log = readable_log(program, device);
    throw build_error(built_for + " could not be built for '" + device.name + "': " +
                          driver_build_failure(status, log, options) + (log.empty() ? std::string() : ":\n" + log),
                      log, status);
}

// What a successful build's log says, in the kernel's own lines: the compiler's warnings, or ""
// where it said nothing.
std::string warnings_of(const cl::Program& program, const device_info& device) {
    return without_driver_boilerplate(readable_log(program, device));
}

class opencl_c_route : public compile_route {
  public:
    std::string name() const override { return "opencl-c"; }
    kernel_language language() const override { return kernel_language::opencl_c; }
    bool serves(const device_info&, const std::string&) const override { return true; }
    // The driver's version is in every key already.
    std::string identity() const override { return ""; }
    std::string binary_options(const std::string& options) const override { return options; }

    built_program build(context& context, const std::string& text, const std::string& options,
                        const std::string& built_for) const override {
        const device_info& device = *context.device();
        for (int attempt = 0;; ++attempt) {
            cl_int status = CL_SUCCESS;
            cl::Program program(context.opencl_context(), text, false, &status);
            check(status, "clCreateProgramWithSource");
            {
                const compiler_stderr_held quiet; // PoCL's clang writes "1 error generated." there
                status = program.build(std::vector<cl::Device>{device.device}, options.c_str());
            }
            if (status == CL_SUCCESS) {
                std::string warnings = warnings_of(program, device);
                return {std::move(program), std::move(warnings)};
            }
            // A failure without a compiler diagnostic is tried once more, with a new program.
            if (status == CL_BUILD_PROGRAM_FAILURE && attempt == 0 &&
                !has_compiler_diagnostic(driver_log(program, device.device)))
                continue;
            if (status == CL_BUILD_PROGRAM_FAILURE || status == CL_INVALID_BUILD_OPTIONS)
                throw_build_error(program, device, status, options, built_for);
            check(status, "clBuildProgram");
        }
    }
};

} // namespace

std::unique_ptr<compile_route> make_opencl_c_route() { return std::make_unique<opencl_c_route>(); }

} // namespace tiles::engine
