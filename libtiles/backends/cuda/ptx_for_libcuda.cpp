// libtiles' CUDA backend: the rewrites of NVIDIA's OpenCL PTX for a libcuda launch (ptx_for_libcuda.hpp).
#include "ptx_for_libcuda.hpp"
#include "engine_names.hpp"

#include <regex>

#include "tiles/engine/immortal.hpp"

namespace tiles::cuda {

std::optional<std::string> ptx_with_dynamic_shared(const std::string& ptx, const std::string& array,
                                                   std::size_t declared_bytes) {
    // A declaration as the driver writes it: ".shared .align 16 .b8 k_$_smem[1168];" alone on its
    // line (at the module's scope; one within the kernel's body is moved there).
    const std::regex declaration(R"((^|\n)[ \t]*\.shared[ \t]+(\.align[ \t]+\d+[ \t]+)?\.b8[ \t]+([A-Za-z_$%][\w$]*_)" +
                                 array + R"()\[)" + std::to_string(declared_bytes) + R"(\];[ \t]*\r?(\n|$))");
    std::smatch found;
    if (!std::regex_search(ptx, found, declaration)) return std::nullopt;
    const std::string rest = found.suffix().str();
    if (std::regex_search(rest, declaration)) return std::nullopt;
    std::string text = found.prefix().str() + found[1].str() + rest;
    static const immortal<std::regex> address_size(R"((^|\n)\.address_size[^\n]*\n)");
    std::smatch after;
    if (!std::regex_search(text, after, *address_size)) return std::nullopt;
    const std::size_t at = std::size_t(after.position(0) + after.length(0));
    return text.insert(at, ".extern .shared .align 1024 .b8 " + found[3].str() + "[];\n");
}

std::string ptx_without_environment_registers(const std::string& ptx) {
    static const immortal<std::regex> environment_register(R"(%envreg\d+\b)");
    return std::regex_replace(ptx, *environment_register, "0");
}

} // namespace tiles::cuda
