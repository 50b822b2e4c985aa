// libtiles: compile routes, the ways a program's text reaches a device. OpenCL C goes through the
// driver's compiler; C++ for OpenCL goes through clang, to SPIR-V, SPIR 1.2 or NVIDIA's PTX as the
// device takes them. Each route is a file of its own behind this one interface (text and options
// in; a built program and the compiler's log out), and every route's programs go through the same
// program cache, keyed by the route and what its compiler is.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "programs/kernel_cache.hpp"
#include "routes/compile_route.hpp"
#include "tiles/kernel.hpp"

namespace tiles::engine {

// The route of a program in `language` to `device`: the first registered that serves it, the
// backends' routes before the engine's (the CUDA backend's sm_90a route takes OpenCL C with sm_90a
// instructions). Other OpenCL C takes the driver's own; C++ takes "clang-ptx" to NVIDIA's devices, "clang-spirv" to
// those that take SPIR-V (cl_khr_il_program, or an IL version), "clang-spir" to those with cl_khr_spir (Oclgrind's, in
// checked views, "clang-spir-checked"). Throws unsupported_feature, naming what the device lacks,
// where none serves it.
const compile_route& route_for(kernel_language language, const device_info& device, const std::string& program_text);

// What clang made of a program for a C++ route, before the driver builds it: SPIR bitcode, SPIR-V
// or PTX (with a 0 after it), and clang's warnings. The C++ routes' first steps, alone for tests:
// `route` names a registered clang route.
struct clang_output {
    std::vector<unsigned char> binary;
    std::string log;
};
clang_output compile_with_clang(const std::string& route, const device_info& device, const std::string& text,
                                const std::string& options, const std::string& built_for);

// Why the driver's build with `options` (as launch_options made them) failed with `status`, its
// `log` as the driver wrote it: where it is not the kernel's compiler errors, the kernel's options
// and libtiles' own, named apart, since an option the driver does not take may be the cause.
std::string driver_build_failure(cl_int status, const std::string& log, const std::string& options);

// A driver's build log less what it says of every program (NVIDIA's "Function f is a kernel, so
// overriding noinline attribute" line); "" where nothing else is left but blank lines.
std::string without_driver_boilerplate(const std::string& log);

// The routes' factories, each defined in its route's file.
std::unique_ptr<compile_route> make_opencl_c_route();
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
