// libtiles: compile routes, the ways a program's text reaches a device. OpenCL C goes through the
// driver's compiler; C++ for OpenCL goes through clang, to SPIR-V, SPIR 1.2 or NVIDIA's PTX as the
// device takes them. Each route is a file of its own behind this one interface (text and options
// in; a built program and the compiler's log out), and every route's programs go through the same
// program cache, keyed by the route and what its compiler is.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernel_cache.hpp"
#include "tiles/kernel.hpp"

namespace tiles::engine {

// A compile route, in the shape of AdaptiveCpp's LLVMToBackendTranslator: this base class, one
// subclass and factory per target, each in a file of its own (route_*.cpp), and the registry of
// them in compile_route.cpp, one line a route, by name. Routes hold no state: the registry makes
// each once, and every build of the process goes through that one.
class compile_route {
  public:
    virtual ~compile_route() = default;
    // Its name, in the log and the program cache's key: "opencl-c", "opencl-c-sm90a", "clang-ptx",
    // "clang-spirv", "clang-spir", "clang-spir-checked".
    virtual std::string name() const = 0;
    // The programs it builds.
    virtual kernel_language language() const = 0;
    // Whether it builds `program_text` for `device`. route_for takes the first registered route of
    // the language that does.
    virtual bool serves(const device_info& device, const std::string& program_text) const = 0;
    // What its programs depend on beyond their text, their options, the device and its driver:
    // its tools' identities (clang_toolchain.hpp); "" for the driver's own compiler.
    virtual std::string identity() const = 0;
    // `text` built with `options` for the context's device, with the compiler's warnings ("" if
    // none). Throws build_error (with the compiler's log) where it does not compile, and
    // unsupported_feature where a tool the route needs is missing.
    virtual built_program build(context& context, const std::string& text, const std::string& options,
                                const std::string& built_for) const = 0;
    // The build options of a program made from a binary of one it built (CL_PROGRAM_BINARIES, as
    // the program cache keeps it), given those it was built with.
    virtual std::string binary_options(const std::string& options) const = 0;
};

// The route of a program in `language` to `device`: the first registered that serves it. OpenCL C
// that uses sm_90a instructions (uses_sm90a) takes the sm_90a route, other OpenCL C the driver's
// own; C++ takes "clang-ptx" to NVIDIA's devices, "clang-spirv" to those that take SPIR-V
// (cl_khr_il_program, or an IL version), "clang-spir" to those with cl_khr_spir (Oclgrind's, in
// checked views, "clang-spir-checked"). Throws unsupported_feature, naming what the device lacks,
// where none serves it.
const compile_route& route_for(kernel_language language, const device_info& device, const std::string& program_text);

// The registered route named `name`; invalid_argument, listing the names, where none is.
const compile_route& route_named(const std::string& name);

// Whether an OpenCL C program writes sm_90a instructions as the sm_90a route takes them: inline
// asm whose lines start with sm90a_marker.
bool uses_sm90a(const std::string& program_text);

// The sm_90a route's rewriting of the PTX the driver made for sm_90: the target line
// ".target sm_90..." becomes ".target sm_90a...", and each marker that begins a line (after
// blanks) is removed, so that the rest of the line is an instruction. Nothing where the PTX has no
// target line for sm_90 (another architecture, or no PTX).
std::optional<std::string> ptx_for_sm90a(const std::string& ptx);

// What clang made of a program for a C++ route, before the driver builds it: SPIR bitcode, SPIR-V
// or PTX (with a 0 after it), and clang's warnings. The C++ routes' first steps, alone for tests:
// `route` names a registered clang route.
struct clang_output {
    std::vector<unsigned char> binary;
    std::string log;
};
clang_output compile_with_clang(const std::string& route, const device_info& device, const std::string& text,
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

// The routes' factories, each defined in its route's file.
std::unique_ptr<compile_route> make_opencl_c_route();
// On a device of compute capability 9.0: the program built for sm_90, its PTX rewritten
// (ptx_for_sm90a) and built again from the text. Throws unsupported_feature, saying why, on other
// devices and where the driver's PTX is not for sm_90 or the driver refuses the rewritten text.
std::unique_ptr<compile_route> make_sm90a_route();
std::unique_ptr<compile_route> make_clang_ptx_route();
std::unique_ptr<compile_route> make_clang_spirv_route();
std::unique_ptr<compile_route> make_clang_spir_route();
std::unique_ptr<compile_route> make_clang_spir_checked_route();

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
