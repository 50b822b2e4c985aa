// libtiles: compile routes, the ways a program's text reaches a device. OpenCL C goes through the
// driver's compiler; C++ for OpenCL goes through clang, to SPIR-V, SPIR 1.2 or NVIDIA's PTX as the
// device takes them. Each route is a module of its own behind this one interface (text and
// options in; a built program and the compiler's log out), and every route's programs go through
// the same program cache, keyed by the route and what its compiler is.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernel_cache.hpp"
#include "tiles/kernel.hpp"

namespace tiles::engine {

// What choosing a route needs to know of a device (tests describe devices they do not have).
struct route_device {
    std::string name;
    std::string vendor;
    std::string platform_name;
    std::string extensions; // CL_DEVICE_EXTENSIONS
    std::string il_version; // CL_DEVICE_IL_VERSION ("SPIR-V_1.2"); "" before OpenCL 2.1
    int address_bits = 64;
    int compute_capability = 0; // NVIDIA's (major * 10 + minor); 0 elsewhere or where unknown
    bool simulator = false;     // Oclgrind's simulated device (checked views)
};

// The device of `info`, read from OpenCL.
route_device describe_for_routes(const device_info& info);

class compile_route {
  public:
    virtual ~compile_route() = default;
    // Its name, in the log and the program cache's key: "opencl-c", "clang-spir", "clang-spirv",
    // "clang-ptx", "clang-spir-checked".
    virtual std::string name() const = 0;
    // What its programs depend on beyond their text, their options, the device and its driver:
    // its tools' identities (clang_toolchain.hpp); "" for the driver's own compiler.
    virtual std::string identity() const = 0;
    // `text` built with `options` for the view's device, with the compiler's warnings ("" if none).
    // Throws build_error (with the compiler's log) where it does not compile, and
    // unsupported_feature where a tool the route needs is missing.
    virtual built_program build(context& context, const std::string& text, const std::string& options,
                                const std::string& built_for) const = 0;
    // The build options of a program made from a binary of one it built (CL_PROGRAM_BINARIES, as
    // the program cache keeps it), given those it was built with.
    virtual std::string binary_options(const std::string& options) const = 0;
};

// The route of `language` to the context's device: OpenCL C that uses sm_90a instructions (see
// uses_sm90a) takes the sm_90a route, other OpenCL C the driver's own.
std::unique_ptr<compile_route> route_for(kernel_language language, const context& context,
                                         const std::string& program_text);

// Whether an OpenCL C program writes sm_90a instructions as the sm_90a route takes them: inline
// asm whose lines start with the marker "// TILES_SM90A ", a PTX comment to the driver's compiler.
bool uses_sm90a(const std::string& program_text);

// The sm_90a route's rewriting of the PTX the driver made for sm_90: the target line
// ".target sm_90..." becomes ".target sm_90a...", and each marker that begins a line (after
// blanks) is removed, so that the rest of the line is an instruction. Nothing where the PTX has no
// target line for sm_90 (another architecture, or no PTX).
std::optional<std::string> ptx_for_sm90a(const std::string& ptx);

// The route C++ kernels take to `device`: "clang-ptx" to NVIDIA's devices, "clang-spirv" to those
// that take SPIR-V (cl_khr_il_program, or an IL version), "clang-spir" to those with cl_khr_spir
// (Oclgrind's, in checked views, "clang-spir-checked"). Throws unsupported_feature, naming what the
// device lacks, for others.
std::string cpp_route_name(const route_device& device);

// What clang made of a program for a C++ route, before the driver builds it: SPIR bitcode, SPIR-V
// or PTX (with a 0 after it), and clang's warnings. The C++ routes' first step, alone for tests.
struct clang_output {
    std::vector<unsigned char> binary;
    std::string log;
};
clang_output compile_with_clang(const std::string& route, const route_device& device, const std::string& text,
                                const std::string& options, const std::string& built_for);

// The driver's build log of `program` for `device` (CL_PROGRAM_BUILD_LOG), as it wrote it.
std::string driver_log(const cl::Program& program, const cl::Device& device);

// Why the driver's build with `options` (as launch_options made them) failed with `status`, its
// `log` as the driver wrote it: where it is not the kernel's compiler errors, the kernel's options
// and libtiles' own, named apart, since an option the driver does not take may be the cause.
std::string driver_build_failure(cl_int status, const std::string& log, const std::string& options);

// A driver's build log less what it says of every program (NVIDIA's "Function f is a kernel, so
// overriding noinline attribute" line); "" where nothing else is left but blank lines.
std::string without_driver_boilerplate(const std::string& log);

// The routes, for route_for.
std::unique_ptr<compile_route> make_opencl_c_route();
// On a device of compute capability 9.0: the program built for sm_90, its PTX rewritten
// (ptx_for_sm90a) and built again from the text. Throws unsupported_feature, saying why, on other
// devices and where the driver's PTX is not for sm_90 or the driver refuses the rewritten text.
std::unique_ptr<compile_route> make_sm90a_route();
std::unique_ptr<compile_route> make_clang_route(const std::string& name, const route_device& device);

// The program cache's key of a program built through `route` for `device`.
std::string program_cache_key(const device_info& device, const compile_route& route, const std::string& text,
                              const std::string& options);

// The program through `route`: from the program cache where it holds one the driver accepts, else
// built (and kept there for the next process). Checked views always build. `parameters_from_driver`:
// launches read the kernels' parameters from the driver, which some drivers keep only for programs
// built from source; a program from the cache that lacks them is built again.
built_program build_program(context& context, const compile_route& route, const std::string& text,
                            const std::string& options, const std::string& built_for, bool parameters_from_driver);

} // namespace tiles::engine
