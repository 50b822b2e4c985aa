// The examples' kernels live in .cl files in examples/kernels, read when an example runs: a
// kernel is OpenCL C, compiled by the driver at its first launch, not by the C++ compiler.
// EXAMPLE_KERNELS, the folder's path, comes from the examples' CMakeLists.txt.
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "tiles/tiles.hpp"

// The kernel `name` of the file examples/kernels/`file`.
inline tiles::kernel kernel_from_file(const std::string& file, const std::string& name) {
    const std::string path = std::string(EXAMPLE_KERNELS) + "/" + file;
    std::ifstream in(path);
    std::ostringstream source;
    if (!(source << in.rdbuf())) throw std::runtime_error("cannot read the kernel file " + path);
    return tiles::kernel(source.str(), name);
}
