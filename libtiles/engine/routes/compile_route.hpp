// libtiles engine: a compile route, one way a program's text reaches a device, as routes beside
// the engine (a backend's, backend.hpp) implement it too. The engine's registry, its own routes
// and the program cache are in engine/routes/route_registry.hpp.
#pragma once

#include <string>

#include "base/opencl.hpp"
#include "devices/device_info.hpp"
#include "tiles/kernel.hpp"

namespace tiles::engine {

class context;

// A program and the compiler's log of the build that made it: its warnings, "" if it said nothing.
struct built_program {
    cl::Program program;
    std::string build_log;
};

// A compile route, in the shape of AdaptiveCpp's LLVMToBackendTranslator: this base class, one
// subclass and factory per target, each in a file of its own (route_*.cpp), and the registry of
// them in route_registry.cpp, one line a route, by name, after those the backends add (backend.hpp). Routes hold no
// state: the registry makes each once, and every build of the process goes through that one.
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

// The registered route named `name`; invalid_argument, listing the names, where none is.
const compile_route& route_named(const std::string& name);

// The driver's build log of `program` for `device` (CL_PROGRAM_BUILD_LOG), as it wrote it.
std::string driver_log(const cl::Program& program, const cl::Device& device);

} // namespace tiles::engine
