// libtiles engine: a kernel's program as the context's route built it, for code beside the engine
// that launches it another way (a backend reading NVIDIA's PTX back, say).
#pragma once

#include <memory>
#include <string>

#include "base/opencl.hpp"
#include "tiles/engine/launch.hpp"
#include "tiles/kernel.hpp"

namespace tiles::engine {

class context;

// The program of kernel `k` built (or found in the program cache) on the context for `domain`,
// the kernel's name in it, and a key naming it within the process: the same for the same device,
// text, options and kernel.
struct kernel_program {
    std::string key;
    std::string name;
    cl::Program program;
};
kernel_program kernel_program_of(const std::shared_ptr<context>& context, const launch_domain& domain, const kernel& k);

} // namespace tiles::engine
