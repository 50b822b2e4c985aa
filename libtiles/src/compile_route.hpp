// libtiles: compile routes, the ways a program's text reaches a device; OpenCL C goes through the
// driver's compiler. Each route is a module of its own behind this one interface (text and options
// in; a built program and the compiler's log out), and every route's programs go through the same
// program cache, keyed by the route and what its compiler is.
#pragma once

#include <memory>
#include <string>

#include "kernel_cache.hpp"

namespace tiles::detail {

class compile_route {
  public:
    virtual ~compile_route() = default;
    // Its name, in the log and the program cache's key: "opencl-c".
    virtual std::string name() const = 0;
    // What its programs depend on beyond their text, their options, the device and its driver:
    // its tools' identities; "" for the driver's own compiler.
    virtual std::string identity() const = 0;
    // `text` built with `options` for the view's device, with the compiler's warnings ("" if none).
    // Throws build_error (with the compiler's log) where it does not compile.
    virtual built_program build(context_state& view, const std::string& text, const std::string& options,
                                const std::string& built_for) const = 0;
    // The build options of a program made from a binary of one it built (CL_PROGRAM_BINARIES, as
    // the program cache keeps it), given those it was built with.
    virtual std::string binary_options(const std::string& options) const = 0;
};

// The OpenCL C route.
std::unique_ptr<compile_route> make_opencl_c_route();

// The program through `route`: from the program cache where it holds one the driver accepts, else
// built (and kept there for the next process). Checked views always build. `parameters_from_driver`:
// launches read the kernels' parameters from the driver, which some drivers keep only for programs
// built from source; a program from the cache that lacks them is built again.
built_program build_program(context_state& view, const compile_route& route, const std::string& text,
                            const std::string& options, const std::string& built_for, bool parameters_from_driver);

} // namespace tiles::detail
