// libtiles engine: the kernels a built program holds, asked in a way every driver survives.
#pragma once

#include <string>
#include <vector>

#include "base/opencl.hpp"

namespace tiles::engine {

// The names of the kernels `program` holds, in the driver's order; none for a program without
// kernels. NVIDIA's driver crashes the process when asked CL_PROGRAM_KERNEL_NAMES of a program with
// no kernel (an empty source builds), so the count is asked first.
std::vector<std::string> kernel_names(const cl::Program& program);

// The names joined by ", ", or "none": how a message lists them.
std::string listed(const std::vector<std::string>& names);

} // namespace tiles::engine
