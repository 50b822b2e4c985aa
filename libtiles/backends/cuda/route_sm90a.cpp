// libtiles' CUDA backend: the sm_90a route (route_sm90a.hpp), Hopper's own instructions (wgmma) from OpenCL C. NVIDIA's
// OpenCL compiler targets sm_90, whose ptxas refuses them, so a program writes each one in inline asm as a PTX comment
// after the marker "// TILES_SM90A ": the driver builds it for sm_90 (filling in the registers inside the comment too),
// the route reads the PTX back, turns the marked comments into instructions, raises the target to sm_90a and gives the
// text back to the driver as a binary.
#include "route_sm90a.hpp"

#include <regex>
#include <vector>

#include "base/log.hpp"
#include "seam/algorithm_context.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::cuda {

const char* const sm90a_marker = "// TILES_SM90A ";

std::optional<std::string> ptx_for_sm90a(const std::string& ptx) {
    // The target line the driver writes (".target sm_90, texmode_independent"), and no other
    // architecture's: sm_90 followed by a comma, a blank or the line's end.
    static const immortal<std::regex> target(R"((^|\n)\.target sm_90(?=[, \t\r\n]|$))");
    std::smatch found;
    if (!std::regex_search(ptx, found, *target)) return std::nullopt;
    std::string text = found.prefix().str() + found[1].str() + ".target sm_90a" + found.suffix().str();
    // A marker where a line begins (after blanks) opens an instruction; elsewhere it is left as
    // it is, in whatever comment holds it.
    const std::string marker = sm90a_marker;
    for (std::size_t at = text.find(marker); at != std::string::npos; at = text.find(marker, at)) {
        const std::size_t line = text.find_last_of('\n', at == 0 ? 0 : at - 1);
        const std::size_t start = line == std::string::npos || at == 0 ? 0 : line + 1;
        if (text.find_first_not_of(" \t", start) == at)
            text.erase(at, marker.size());
        else
            at += marker.size();
    }
    return text;
}

bool uses_sm90a(const std::string& program_text) { return program_text.find(sm90a_marker) != std::string::npos; }

namespace {

unsupported_feature refused(const std::string& built_for, const device_info& device, const char* call, cl_int status,
                            const std::string& log) {
    return unsupported_feature(built_for + " uses Hopper's sm_90a instructions, which the driver of '" + device.name +
                               "' refused (" + call + ": " + cl_status_name(status) + ")" +
                               (log.find_first_not_of(" \t\r\n") == std::string::npos ? "" : ":\n" + log));
}

class sm90a_route : public compile_route {
  public:
    std::string name() const override { return "opencl-c-sm90a"; }
    kernel_language language() const override { return kernel_language::opencl_c; }
    bool serves(const device_info&, const std::string& program_text) const override { return uses_sm90a(program_text); }
    // The rewriting's version: the key of its programs is never that of the plain sm_90 build of
    // the same text and options.
    std::string identity() const override { return "rewrite 1"; }
    std::string binary_options(const std::string& options) const override { return options; }

    built_program build(context& context, const std::string& text, const std::string& options,
                        const std::string& built_for) const override {
        const device_info& device = *narrow(context).device();
        if (device.compute_capability != 90)
            throw unsupported_feature(built_for + " uses Hopper's sm_90a instructions, which '" + device.name +
                                      "' does not have (they need an NVIDIA device of compute capability 9.0; " +
                                      (device.compute_capability == 0
                                           ? std::string("it reports none")
                                           : "it has " + std::to_string(device.compute_capability / 10) + "." +
                                                 std::to_string(device.compute_capability % 10)) +
                                      ")");
        built_program sm90 = route_named("opencl-c").build(context, text, options, built_for);
        std::vector<std::vector<unsigned char>> binaries;
        check(sm90.program.getInfo(CL_PROGRAM_BINARIES, &binaries), "clGetProgramInfo");
        std::string ptx = binaries.size() == 1 ? std::string(binaries[0].begin(), binaries[0].end()) : std::string();
        ptx.resize(std::min(ptx.size(), ptx.find('\0')));
        const std::optional<std::string> rewritten = ptx_for_sm90a(ptx);
        if (!rewritten)
            throw unsupported_feature(built_for + " uses Hopper's sm_90a instructions, but the program '" +
                                      device.name +
                                      "''s driver made of it is no PTX for sm_90 (no line '.target sm_90' in its " +
                                      std::to_string(ptx.size()) + " bytes)");
        const std::vector<unsigned char> bytes(rewritten->c_str(), rewritten->c_str() + rewritten->size() + 1);
        cl_int status = CL_SUCCESS;
        cl::Program program(narrow(context).opencl_context(), std::vector<cl::Device>{device.device},
                            cl::Program::Binaries{bytes}, nullptr, &status);
        if (status != CL_SUCCESS) throw refused(built_for, device, "clCreateProgramWithBinary", status, "");
        status = program.build(std::vector<cl::Device>{device.device}, options.c_str());
        if (status != CL_SUCCESS)
            throw refused(built_for, device, "clBuildProgram", status, driver_log(program, device.device));
        return {std::move(program), std::move(sm90.build_log)};
    }
};

} // namespace

std::unique_ptr<compile_route> make_sm90a_route() { return std::make_unique<sm90a_route>(); }

} // namespace tiles::cuda
