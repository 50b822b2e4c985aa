// tiles-amp: the kernels of a translation compiled at build time, for the routes the build names
// (--routes): each kernel's text composed as the library composes it at run time
// (tiles/detail/amp_kernel_text.hpp), its program made and compiled as a launch would make it
// (tiles/engine/ahead.hpp), and what the driver takes written into a source that registers it as
// the program starts. A kernel that does not compile fails the build at the user's line; one whose
// parts the build cannot spell is left to the run time.
#pragma once

#include <string>
#include <vector>

#include "plan.hpp"
#include "tiles/engine/ahead.hpp"

namespace tiles_amp {

// The targets of a --routes list, "clang-spir,clang-ptx:90": each route, with the device's address
// bits (64 unless given) or, for clang-ptx, its compute capability (80 unless given). Throws
// std::invalid_argument, naming the entry, for one it cannot read.
std::vector<tiles::engine::ahead_target> targets_of(const std::string& routes);

struct ahead_sources {
    std::string source;              // the source that registers the programs
    std::vector<std::string> errors; // the compilers' messages of the kernels that did not compile
    std::vector<std::string> notes;  // the kernels left to the run time, and why (in the source too)
    // What the build says: the kernels of a program that runs which it cannot compile, and why;
    // the routes whose tools are missing here (clang, llvm-spirv, libclc), with what is missing:
    // their kernels are left to the run time, which may have them.
    std::vector<std::string> warnings;
};
ahead_sources compile_ahead(const plan& p, const std::vector<tiles::engine::ahead_target>& targets);

} // namespace tiles_amp
