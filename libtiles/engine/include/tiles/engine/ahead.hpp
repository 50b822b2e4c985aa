// libtiles engine: C++ kernels compiled ahead of the run, at a program's build (tiles-amp). The
// build runs a C++ route's clang steps for a device described by what those steps read, and links
// what the driver takes into the program; at run time the route finds it here and runs no clang.
// docs/guides/from-cpp-amp.md ("Kernels compiled at build time").
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace tiles::engine {

// A device as a C++ route's clang steps read it: the route ("clang-spir", "clang-spirv",
// "clang-ptx"), the device's address bits (spir or spir64), NVIDIA's compute capability (the PTX
// target, major * 10 + minor; 0 elsewhere), whether it has cl_khr_subgroups (a define of the
// prelude's tile collectives), and whether it is a CPU (CL_DEVICE_TYPE_CPU: fast_math is precise
// there). A launch takes the program only where its device agrees on all of these.
struct ahead_target {
    std::string route;
    int address_bits = 64;
    int compute_capability = 0;
    bool sub_groups = false;
    bool cpu = false;
};

// The targets a build compiles a route's kernels for (address bits 64, compute capability 0, for the
// caller to set): one for each kind of device the route serves whose launches are built with other
// options (a CPU's define TILES_FAST_MATH_PRECISE). clang-spirv serves PoCL and GPUs that take SPIR-V,
// so it has a CPU's target and a GPU's; clang-spir a CPU's (PoCL's route: a GPU that takes SPIR 1.2
// compiles at run time); clang-ptx a GPU's. Throws invalid_argument for a route that runs no clang.
std::vector<ahead_target> ahead_targets(const std::string& route);

// A kernel's program made ahead: the program text and build options a launch asks the route for,
// and what clang made of them for the driver.
struct ahead_program {
    std::string text;
    std::string options;
    std::vector<unsigned char> binary;
};

// The program of kernel `name` of the C++ kernel source `source` (amp_program.hpp) for launches of
// rank `rank` (1 to 3), tiled by `tile` where `tiled`, made through the target's route. Throws
// build_error with clang's messages (at the user's file and line, by the source's #line
// directives) where it does not compile, invalid_argument for a route that does not run clang or a
// rank out of range, unsupported_feature where a tool the route needs is missing.
ahead_program compile_ahead(const ahead_target& target, const std::string& source, const std::string& name, int rank,
                            bool tiled, const std::array<int, 3>& tile);

// A program made ahead, as a build links it in: pointers to storage that lives as long as the
// program (the generated source's arrays).
struct prebuilt_program {
    const char* route;
    int address_bits;
    int compute_capability;
    const char* text;
    std::size_t text_size;
    const char* options;
    const unsigned char* binary;
    std::size_t binary_size;
};

// Adds `program` to those the C++ routes look up before they run clang (the generated sources call
// it as they are initialised). A route takes it for a device of the same address bits and, for
// PTX, a compute capability no lower than it was made for, where the program's text and options are
// the launch's, whole.
void register_prebuilt(const prebuilt_program& program);

} // namespace tiles::engine
