// libtiles: the tools C++ kernels are compiled with: clang (C++ for OpenCL), libclc's bitcode for
// NVIDIA's devices, llvm-spirv for devices that take SPIR-V. Where each is was found when libtiles
// was configured; TILES_CLANG, TILES_LIBCLC and TILES_LLVM_SPIRV name others at run time.
#pragma once

#include <string>

namespace tiles::engine {

// One tool: where it is, and what identifies the build it makes (its resolved path, size and
// modification time, which change with its version), for the program cache's key.
struct tool {
    std::string path;
    std::string identity; // "" where it is missing
    bool found() const { return !identity.empty(); }
};

// clang, as TILES_CLANG or the configuration names it.
tool clang_tool();
// llvm-spirv, as TILES_LLVM_SPIRV or the configuration names it.
tool llvm_spirv_tool();
// libclc's bitcode of `target` ("nvptx64--nvidiacl"), in the directory TILES_LIBCLC or the
// configuration names.
tool libclc_tool(const std::string& target);

// clang's major version, from `clang --version` (run once per path and process); 0 if it says none.
int clang_major_version(const tool& clang);

// Throws unsupported_feature, saying what was looked for where, which environment variable names
// another, and which Debian package holds it, where `t` is missing. `what`: "clang", ...
void require_tool(const tool& t, const char* what, const char* variable, const char* debian_package,
                  const std::string& why);

} // namespace tiles::engine
