// libtiles: the C++ routes' common part, C++ for OpenCL through clang (-cl-std=clc++1.0) to what
// the device takes. A C++ route is a subclass of clang_route in a file of its own, which gives the
// steps that differ between targets: the tools it runs besides clang, clang's arguments for the
// target, what becomes of clang's output before the driver takes it, and how the driver loads it.
// Clang's messages are the build log: they name the user's file, line and column (#line).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "routes/clang_toolchain.hpp"
#include "routes/route_registry.hpp"
#include "routes/run_process.hpp"

namespace tiles::engine {

// One build's working set for the steps: the tools' directory and what the messages name.
struct clang_build {
    const tool& clang;
    const temporary_directory& directory;
    const device_info& device;
    const std::string& built_for;

    // Runs `t` with `args` in the directory: its messages, or the kernel's build error where it fails.
    std::string run(const tool& t, const std::vector<std::string>& args) const;
    std::string read(const std::string& file) const;
    void write(const std::string& file, const std::string& text) const;
};

class clang_route : public compile_route {
  public:
    kernel_language language() const final { return kernel_language::cpp; }
    // clang's identity and those of the route's other tools.
    std::string identity() const final;
    built_program build(context& context, const std::string& text, const std::string& options,
                        const std::string& built_for) const final;
    // The steps up to what the driver takes, alone (compile_with_clang).
    clang_output compile(const device_info& device, const std::string& text, const std::string& options,
                         const std::string& built_for) const;

  protected:
    // A tool the route runs besides clang, and what require_tool says where it is missing.
    struct needed_tool {
        tool found;
        const char* what;
        const char* variable;
        const char* debian_package;
    };

    // The steps, in the order a build takes them.
    // 1. The tools it runs besides clang.
    virtual std::vector<needed_tool> tools() const { return {}; }
    // 2. Whether one of the kernel's build options goes on to clang.
    virtual bool passes_option(const std::string&) const { return true; }
    // 3. clang's arguments for the target, after the kernel's options, "-o" and the file last.
    virtual std::vector<std::string> target_arguments(const tool& clang, const device_info& device) const = 0;
    // 4. What the driver takes, made from clang's output in the build's directory.
    virtual std::vector<unsigned char> device_format(const clang_build& build) const = 0;
    // 5. The program of it for the context's device, not yet built; by default from a binary.
    virtual cl::Program load(const context& context, const std::vector<unsigned char>& made) const;
};

// What the build linked in (register_prebuilt, tiles/engine/ahead.hpp) for `text` with `options`
// through the route named `route` to `device`, if anything.
std::optional<std::vector<unsigned char>> prebuilt_binary(const std::string& route, const device_info& device,
                                                          const std::string& text, const std::string& options);

// The steps the SPIR routes share. clang's arguments to SPIR 1.2's LLVM text ("program.ll"), with
// debug information where asked.
std::vector<std::string> spir_arguments(const tool& clang, const device_info& device, bool debug_information);
// That text as bitcode ("program.bc", whose bytes it returns), every kernel's tile_static
// variables renamed first; `finish` makes the renamed text what is compiled (and may throw).
std::vector<unsigned char> spir_bitcode(const clang_build& build,
                                        std::string (*finish)(std::string ir, const clang_build& build) = nullptr);
// The driver's options for SPIR 1.2 bitcode (PoCL's, Oclgrind's).
extern const char* const spir_build_options;

} // namespace tiles::engine
