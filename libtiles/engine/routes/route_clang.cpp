// libtiles: the C++ routes' common part (route_clang.hpp): clang's front end, the SPIR routes'
// shared steps, the driver's build of what a route made. In SPIR, the names of a kernel's
// tile_static variables are made to start with the kernel's, as OpenCL C's do: PoCL 3.1 and
// Oclgrind 21.10 tell a kernel's __local variables by that alone, and PoCL otherwise makes one
// variable that all the tiles running at once share.
#include "routes/route_clang.hpp"

#include <fstream>
#include <regex>
#include <sstream>

#include "base/log.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::engine {
namespace {

std::vector<std::string> words_of(const std::string& options) {
    std::vector<std::string> words;
    std::istringstream in(options);
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

// `@_ZZ<n><kernel>E...`, a kernel's function-scope (tile_static) variable as clang names it in C++,
// becomes `@<kernel>._ZZ...`, as OpenCL C's are named; in every kernel of the module.
std::string rename_tile_static_variables(std::string ir) {
    static const immortal<std::regex> kernel_definition(
        "define [^@\\n]*spir_kernel [^@\\n]*@([A-Za-z_][A-Za-z0-9_]*)\\(");
    std::vector<std::string> kernels;
    for (std::sregex_iterator it(ir.begin(), ir.end(), *kernel_definition), end; it != end; ++it)
        kernels.push_back((*it)[1]);
    for (const std::string& k : kernels) {
        const std::string mangled = "@_ZZ" + std::to_string(k.size()) + k + "E";
        const std::string renamed = "@" + k + "._ZZ" + std::to_string(k.size()) + k + "E";
        for (std::size_t at = ir.find(mangled); at != std::string::npos; at = ir.find(mangled, at + renamed.size()))
            ir.replace(at, mangled.size(), renamed);
    }
    return ir;
}

// The flag of clang's front end that leaves out C++'s noundef on values (clang 14 marks values
// that C++ says are defined, the results of OpenCL's built-ins among them, where C does not), or
// nullptr for a clang without one. From noundef, LLVM 14 folds `a == 0 && b == 0` of two work-item
// ids into one comparison of `a | b`, which PoCL 5.0 cannot split between its loops over a group's
// work-items: a branch that one work-item takes is then tested by each of them, in the inner loop.
const char* no_noundef_flag(int clang_major) {
    return clang_major >= 15   ? "-no-enable-noundef-analysis"
           : clang_major == 14 ? "-disable-noundef-analysis"
                               : nullptr;
}

const char* spir_target(const device_info& device) { return device.address_bits == 32 ? "spir" : "spir64"; }

} // namespace

const char* const spir_build_options = "-x spir -spir-std=1.2";

std::string clang_build::run(const tool& t, const std::vector<std::string>& args) const {
    const process_result ran = run_process(t.path, args, directory.path());
    if (!ran.started) throw unsupported_feature("libtiles could not run " + t.path + ": " + ran.output);
    if (ran.exit_status != 0)
        throw build_error(built_for + " could not be built for '" + device.name +
                              "': " + (ran.exit_status < 0 ? t.path + " crashed" : std::string("it did not compile")) +
                              ":\n" + ran.output,
                          ran.output, CL_BUILD_PROGRAM_FAILURE);
    return ran.output;
}

std::string clang_build::read(const std::string& file) const {
    std::ifstream in(directory.path() + "/" + file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void clang_build::write(const std::string& file, const std::string& text) const {
    std::ofstream out(directory.path() + "/" + file, std::ios::binary);
    out << text;
    if (!out)
        throw runtime_exception("libtiles could not write the C++ kernel's program to " + directory.path() + "/" +
                                file);
}

std::vector<std::string> spir_arguments(const tool& clang, const device_info& device, bool debug_information) {
    std::vector<std::string> args{"-target", spir_target(device), "-emit-llvm", "-S"};
    if (const char* flag = no_noundef_flag(clang_major_version(clang))) args.insert(args.end(), {"-Xclang", flag});
    if (debug_information) args.push_back("-g");
    args.insert(args.end(), {"-o", "program.ll"});
    return args;
}

std::vector<unsigned char> spir_bitcode(const clang_build& build,
                                        std::string (*finish)(std::string ir, const clang_build& build)) {
    std::string ir = rename_tile_static_variables(build.read("program.ll"));
    if (finish) ir = finish(std::move(ir), build);
    build.write("renamed.ll", ir);
    build.run(build.clang,
              {"-target", spir_target(build.device), "-c", "-emit-llvm", "renamed.ll", "-o", "program.bc"});
    const std::string bitcode = build.read("program.bc");
    return {bitcode.begin(), bitcode.end()};
}

std::string clang_route::identity() const {
    std::string identity = clang_tool().identity;
    for (const needed_tool& t : tools()) identity += " " + t.found.identity;
    return identity;
}

clang_output clang_route::compile(const device_info& device, const std::string& text, const std::string& options,
                                  const std::string& built_for) const {
    const std::string why = "building the C++ " + built_for + " for '" + device.name + "'";
    const tool clang = clang_tool();
    require_tool(clang, "clang", "TILES_CLANG", "clang-14", why);
    for (const needed_tool& t : tools()) require_tool(t.found, t.what, t.variable, t.debian_package, why);

    const temporary_directory directory;
    const clang_build build{clang, directory, device, built_for};
    build.write("program.clcpp", text);
    // No reproducer files in TMPDIR where clang itself fails: its messages are in the build error.
    std::vector<std::string> args{"-cl-std=clc++1.0", "-Xclang", "-finclude-default-header", "-O2",
                                  "-fno-crash-diagnostics"};
    for (const std::string& w : words_of(options))
        if (passes_option(w)) args.push_back(w);
    for (std::string& a : target_arguments(clang, device)) args.push_back(std::move(a));
    args.push_back("program.clcpp");
    const std::string log = build.run(clang, args);
    return {device_format(build), log.find_first_not_of(" \t\r\n") == std::string::npos ? std::string() : log};
}

cl::Program clang_route::load(const context& context, const std::vector<unsigned char>& made) const {
    cl_int status = CL_SUCCESS;
    cl::Program program(context.opencl_context(), std::vector<cl::Device>{context.device()->device},
                        cl::Program::Binaries{made}, nullptr, &status);
    check(status, "clCreateProgramWithBinary");
    return program;
}

built_program clang_route::build(context& context, const std::string& text, const std::string& options,
                                 const std::string& built_for) const {
    const device_info& device = *context.device();
    // A program the build made ahead (tiles-amp) needs no clang at run time.
    std::optional<std::vector<unsigned char>> prebuilt = prebuilt_binary(name(), device, text, options);
    if (logging(log_level::info))
        log(log_level::info, built_for + (prebuilt ? " was made by " + name() + " at the program's build"
                                                   : " was not made at the program's build: clang compiles it"));
    clang_output made = prebuilt ? clang_output{std::move(*prebuilt), ""} : compile(device, text, options, built_for);
    cl::Program program = load(context, made.binary);
    const cl_int status = program.build(std::vector<cl::Device>{device.device}, binary_options(options).c_str());
    if (status != CL_SUCCESS) {
        const std::string refused = driver_log(program, device.device);
        throw build_error(built_for + " could not be built for '" + device.name + "': its driver refused what " +
                              name() + " made of it (" + cl_status_name(status) + ")" +
                              (refused.empty() ? std::string() : ":\n" + refused),
                          refused, status);
    }
    return {std::move(program), std::move(made.log)};
}

clang_output compile_with_clang(const std::string& route, const device_info& device, const std::string& text,
                                const std::string& options, const std::string& built_for) {
    const auto* clang = dynamic_cast<const clang_route*>(&route_named(route));
    if (clang == nullptr) throw invalid_argument("the compile route '" + route + "' does not run clang");
    return clang->compile(device, text, options, built_for);
}

} // namespace tiles::engine
