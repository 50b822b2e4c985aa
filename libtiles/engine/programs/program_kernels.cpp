// libtiles engine: the kernels a built program holds.
#include "programs/program_kernels.hpp"

namespace tiles::engine {

std::vector<std::string> kernel_names(const cl::Program& program) {
    std::size_t count = 0;
    check(program.getInfo(CL_PROGRAM_NUM_KERNELS, &count), "clGetProgramInfo(CL_PROGRAM_NUM_KERNELS)");
    std::vector<std::string> names;
    if (count == 0) return names;
    std::string joined;
    check(program.getInfo(CL_PROGRAM_KERNEL_NAMES, &joined), "clGetProgramInfo(CL_PROGRAM_KERNEL_NAMES)");
    for (std::size_t start = 0; start < joined.size();) {
        const std::size_t end = std::min(joined.find(';', start), joined.size());
        if (end > start) names.push_back(joined.substr(start, end - start));
        start = end + 1;
    }
    return names;
}

std::string listed(const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
    return text.empty() ? "none" : text;
}

} // namespace tiles::engine
