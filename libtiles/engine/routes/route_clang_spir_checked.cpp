// libtiles: the clang-spir-checked route, C++ kernels to Oclgrind's simulator (checked views): SPIR
// as clang-spir makes it, with debug information for the simulator's positions, optimized always,
// generic pointers given the address spaces they come from, and refused where one is left, since
// the simulator has no generic address space.
#include <optional>
#include <regex>
#include <sstream>

#include "routes/route_clang.hpp"
#include "routes/specific_address_spaces.hpp"
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
// information says: " in FUNCTION (at FILE:LINE:COLUMN)", or "" where it does not say.
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
    std::string file, function;
    const std::regex scope_text("\\n" + scope + " = ([^\\n]*)");
    if (std::regex_search(ir, m, scope_text)) {
        const std::string text = m[1];
        if (std::regex_search(text, m, std::regex("name: \"([^\"]*)\""))) function = " in " + m[1].str() + "()";
        if (std::regex_search(text, m, std::regex("file: (![0-9]+)"))) {
            const std::regex file_name("\\n" + m[1].str() + " = !DIFile\\(filename: \"([^\"]*)\"");
            if (std::regex_search(ir, m, file_name)) file = m[1];
        }
    }
    return function + " (at " + file + ":" + line_number + ":" + column + ")";
}

// The module with the address spaces of its generic pointers inferred; refused where one is left.
std::string without_generic_address_space(std::string ir, const clang_build& build) {
    ir = with_specific_address_spaces(std::move(ir));
    if (const std::optional<std::string> place = generic_address_space_place(ir))
        throw unsupported_feature("the C++ " + build.built_for + " cannot run on '" + build.device.name +
                                  "', which has no generic address space: a pointer or reference" + *place +
                                  " reaches memory whose address space libtiles cannot tell (a pointer chosen at "
                                  "run time, or passed to a function that was not inlined); run it on another device");
    return ir;
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
    // Every function inlined where clang can, so that a reference's address space is the caller's.
    std::vector<std::string> target_arguments(const tool& clang, const device_info& device) const override {
        std::vector<std::string> arguments = spir_arguments(clang, device, true);
        arguments.insert(arguments.end(), {"-mllvm", "-inline-threshold=100000"});
        arguments.push_back("-DTILES_SIMULATOR"); // the prelude's failure record through atomics
        return arguments;
    }
    std::vector<unsigned char> device_format(const clang_build& build) const override {
        return spir_bitcode(build, without_generic_address_space);
    }
};

} // namespace

std::unique_ptr<compile_route> make_clang_spir_checked_route() { return std::make_unique<clang_spir_checked_route>(); }

} // namespace tiles::engine
