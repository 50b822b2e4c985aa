// libtiles: the clang-spir-checked route, C++ kernels to Oclgrind's simulator (checked views): SPIR
// as clang-spir makes it, with debug information for the simulator's positions, optimized always,
// and refused where clang left the generic address space, which the simulator lacks.
#include <optional>
#include <regex>
#include <sstream>

#include "routes/route_clang.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::engine {
namespace {

// Whether a line of LLVM IR is an instruction that reaches the generic address space
// (addrspace(4)); debug information about one does not count.
bool uses_generic_address_space(const std::string& line) {
    return line.rfind("  ", 0) == 0 && line.find("addrspace(4)") != std::string::npos &&
           line.find("@llvm.dbg.") == std::string::npos;
}

// Whether the module has such an instruction, and where the first one comes from, as its debug
// information says: " (at FILE:LINE:COLUMN)", or "" where it does not say.
std::optional<std::string> generic_address_space_place(const std::string& ir) {
    std::istringstream lines(ir);
    std::string line, location;
    bool found = false;
    static const immortal<std::regex> debug_reference("!dbg (![0-9]+)");
    for (std::smatch m; !found && std::getline(lines, line);)
        if (uses_generic_address_space(line)) {
            found = true;
            if (std::regex_search(line, m, *debug_reference)) location = m[1];
        }
    if (!found) return std::nullopt;
    if (location.empty()) return "";
    std::smatch m;
    const std::regex where("\\n" + location + " = !DILocation\\(line: ([0-9]+), column: ([0-9]+), scope: (![0-9]+)");
    if (!std::regex_search(ir, m, where)) return "";
    const std::string line_number = m[1], column = m[2], scope = m[3];
    std::string file;
    const std::regex scope_file("\\n" + scope + " = [^\\n]*file: (![0-9]+)");
    if (std::regex_search(ir, m, scope_file)) {
        const std::regex file_name("\\n" + m[1].str() + " = !DIFile\\(filename: \"([^\"]*)\"");
        if (std::regex_search(ir, m, file_name)) file = m[1];
    }
    return " (at " + file + ":" + line_number + ":" + column + ")";
}

void refuse_generic_address_space(const std::string& ir, const clang_build& build) {
    if (const std::optional<std::string> place = generic_address_space_place(ir))
        throw unsupported_feature("checked mode cannot run the C++ " + build.built_for +
                                  ": the Oclgrind simulator (21.10) has no generic address space, and clang left a "
                                  "pointer or reference without __global, __local or __private in the kernel's code" +
                                  *place + "; run it on a view that is not checked");
}

class clang_spir_checked_route : public clang_route {
  public:
    std::string name() const override { return "clang-spir-checked"; }
    bool serves(const device_info& device, const std::string&) const override {
        return device.simulator && device.has_extension("cl_khr_spir");
    }
    std::string binary_options(const std::string&) const override { return spir_build_options; }

  protected:
    // Oclgrind runs C++ kernels optimized only: unoptimized C++ is full of the generic address
    // space it lacks (README, checked mode).
    bool passes_option(const std::string& option) const override { return option != "-cl-opt-disable"; }
    std::vector<std::string> target_arguments(const tool& clang, const device_info& device) const override {
        std::vector<std::string> arguments = spir_arguments(clang, device, true);
        arguments.push_back("-DTILES_SIMULATOR"); // the prelude's failure record through atomics
        return arguments;
    }
    std::vector<unsigned char> device_format(const clang_build& build) const override {
        return spir_bitcode(build, refuse_generic_address_space);
    }
};

} // namespace

std::unique_ptr<compile_route> make_clang_spir_checked_route() { return std::make_unique<clang_spir_checked_route>(); }

} // namespace tiles::engine
