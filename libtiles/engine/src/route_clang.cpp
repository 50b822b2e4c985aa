// libtiles: the C++ routes, C++ for OpenCL through clang (-cl-std=clc++1.0) to what the device takes:
//   clang-spir          SPIR 1.2 bitcode (-target spir64, or spir on 32-bit devices), built with
//                       -x spir -spir-std=1.2 (PoCL);
//   clang-spirv         that bitcode through llvm-spirv, loaded with clCreateProgramWithIL;
//   clang-ptx           PTX (-target nvptx64-nvidia-nvcl) with libclc's built-ins linked in, loaded
//                       as a binary by NVIDIA's driver;
//   clang-spir-checked  SPIR for Oclgrind (checked views), with debug information for the
//                       simulator's positions.
// In SPIR, the names of a kernel's tile_static variables are made to start with the kernel's, as
// OpenCL C's do: PoCL 3.1 and Oclgrind 21.10 tell a kernel's __local variables by that alone, and
// PoCL otherwise makes one variable that all the tiles running at once share.
// Clang's messages are the build log: they name the user's file, line and column (#line).
#include <dlfcn.h>

#include <cstring>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>

#include "checked_run.hpp"
#include "clang_toolchain.hpp"
#include "compile_route.hpp"
#include "run_process.hpp"
#include "tiles/engine/immortal.hpp"

namespace tiles::engine {
namespace {

std::vector<std::string> words_of(const std::string& options) {
    std::vector<std::string> words;
    std::istringstream in(options);
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void write_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) throw runtime_exception("libtiles could not write the C++ kernel's program to " + path);
}

// clCreateProgramWithIL (OpenCL 2.1) or cl_khr_il_program's clCreateProgramWithILKHR.
cl::Program program_from_il(const cl::Context& context, const device_info& device,
                            const std::vector<unsigned char>& il) {
    using create_with_il = cl_program(CL_API_CALL*)(cl_context, const void*, size_t, cl_int*);
    auto create = reinterpret_cast<create_with_il>(
        clGetExtensionFunctionAddressForPlatform(device.platform(), "clCreateProgramWithILKHR"));
    if (create == nullptr) // the ICD loader's own, for drivers of OpenCL 2.1 on
        create = reinterpret_cast<create_with_il>(dlsym(RTLD_DEFAULT, "clCreateProgramWithIL"));
    if (create == nullptr)
        throw unsupported_feature("'" + device.name +
                                  "' says it takes SPIR-V, but its driver has no clCreateProgramWithIL(KHR)");
    cl_int status = CL_SUCCESS;
    cl_program program = create(context(), il.data(), il.size(), &status);
    check(status, "clCreateProgramWithIL");
    return cl::Program(program);
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

constexpr const char* libclc_target = "nvptx64--nvidiacl";
constexpr const char* spir_options = "-x spir -spir-std=1.2";

// Runs one tool; its messages are the compiler's log, and a failure is the kernel's build error.
std::string run(const tool& t, const std::vector<std::string>& args, const temporary_directory& directory,
                const std::string& built_for, const std::string& device_name) {
    const process_result ran = run_process(t.path, args, directory.path());
    if (!ran.started) throw unsupported_feature("libtiles could not run " + t.path + ": " + ran.output);
    if (ran.exit_status != 0)
        throw build_error(built_for + " could not be built for '" + device_name +
                              "': " + (ran.exit_status < 0 ? t.path + " crashed" : std::string("it did not compile")) +
                              ":\n" + ran.output,
                          ran.output, CL_BUILD_PROGRAM_FAILURE);
    return ran.output;
}

// The device's compute capability, or the highest clang knows (sm_86 to clang 15, sm_90 from
// clang 16); the driver compiles PTX of an older one for the device it has.
std::string ptx_architecture(const tool& clang, const route_device& device) {
    const int newest = clang_major_version(clang) >= 16 ? 90 : 86;
    const int wanted = device.compute_capability > 0 ? device.compute_capability : 80;
    return "sm_" + std::to_string(wanted < newest ? wanted : newest);
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

class clang_route : public compile_route {
  public:
    clang_route(std::string name, route_device device) : name_(std::move(name)), device_(std::move(device)) {}

    std::string name() const override { return name_; }

    std::string identity() const override {
        std::string identity = clang_tool().identity;
        if (name_ == "clang-ptx") identity += " " + libclc_tool(libclc_target).identity;
        if (name_ == "clang-spirv") identity += " " + llvm_spirv_tool().identity;
        return identity;
    }

    std::string binary_options(const std::string&) const override {
        return name_ == "clang-spir" || name_ == "clang-spir-checked" ? spir_options : "";
    }

    built_program build(context& context, const std::string& text, const std::string& options,
                        const std::string& built_for) const override {
        const device_info& device = *context.device();
        clang_output made = compile_with_clang(name_, device_, text, options, built_for);
        cl_int status = CL_SUCCESS;
        cl::Program program = name_ == "clang-spirv"
                                  ? program_from_il(context.opencl_context(), device, made.binary)
                                  : cl::Program(context.opencl_context(), std::vector<cl::Device>{device.device},
                                                cl::Program::Binaries{made.binary}, nullptr, &status);
        check(status, "clCreateProgramWithBinary");
        status = program.build(std::vector<cl::Device>{device.device}, binary_options(options).c_str());
        if (status != CL_SUCCESS) {
            const std::string refused = driver_log(program, device.device);
            throw build_error(built_for + " could not be built for '" + device.name + "': its driver refused what " +
                                  name_ + " made of it (" + cl_status_name(status) + ")" +
                                  (refused.empty() ? std::string() : ":\n" + refused),
                              refused, status);
        }
        return {std::move(program), std::move(made.log)};
    }

  private:
    std::string name_;
    route_device device_;
};

} // namespace

clang_output compile_with_clang(const std::string& route, const route_device& device, const std::string& text,
                                const std::string& options, const std::string& built_for) {
    const std::string why = "building the C++ " + built_for + " for '" + device.name + "'";
    const tool clang = clang_tool();
    require_tool(clang, "clang", "TILES_CLANG", "clang-14", why);
    const bool checked = route == "clang-spir-checked";
    const bool ptx = route == "clang-ptx";
    const bool spirv = route == "clang-spirv";
    const tool libclc = ptx ? libclc_tool(libclc_target) : tool{};
    const tool llvm_spirv = spirv ? llvm_spirv_tool() : tool{};
    if (ptx) require_tool(libclc, "libclc's nvptx64--nvidiacl.bc", "TILES_LIBCLC", "libclc-14", why);
    if (spirv) require_tool(llvm_spirv, "llvm-spirv", "TILES_LLVM_SPIRV", "llvm-spirv-14", why);

    const temporary_directory directory;
    write_file(directory.path() + "/program.clcpp", text);
    // No reproducer files in TMPDIR where clang itself fails: its messages are in the build error.
    std::vector<std::string> args{"-cl-std=clc++1.0", "-Xclang", "-finclude-default-header", "-O2",
                                  "-fno-crash-diagnostics"};
    for (const std::string& w : words_of(options))
        // Oclgrind runs C++ kernels optimized only: unoptimized C++ is full of the generic address
        // space it lacks (README, checked mode).
        if (!(checked && w == "-cl-opt-disable")) args.push_back(w);
    const std::string target = device.address_bits == 32 ? "spir" : "spir64";
    std::string output;
    if (ptx) {
        args.insert(args.end(), {"-target", "nvptx64-nvidia-nvcl", "-march=" + ptx_architecture(clang, device), "-S",
                                 "-Xclang", "-mlink-builtin-bitcode", "-Xclang", libclc.path, "-Wno-linker-warnings"});
        output = "program.ptx";
    } else {
        args.insert(args.end(), {"-target", target, "-emit-llvm", "-S"});
        if (const char* flag = no_noundef_flag(clang_major_version(clang))) args.insert(args.end(), {"-Xclang", flag});
        if (checked) args.push_back("-g");
        output = "program.ll";
    }
    args.insert(args.end(), {"program.clcpp", "-o", output});
    const std::string log = run(clang, args, directory, built_for, device.name);

    if (!ptx) { // SPIR: the tile_static variables renamed, and the module back to bitcode
        const std::string ir = rename_tile_static_variables(read_file(directory.path() + "/program.ll"));
        if (checked)
            if (const std::optional<std::string> place = generic_address_space_place(ir))
                throw unsupported_feature("checked mode cannot run the C++ " + built_for +
                                          ": the Oclgrind simulator (21.10) has no generic address space, and clang "
                                          "left a pointer or reference without __global, __local or __private in the "
                                          "kernel's code" +
                                          *place + "; run it on a view that is not checked");
        write_file(directory.path() + "/renamed.ll", ir);
        run(clang, {"-target", target, "-c", "-emit-llvm", "renamed.ll", "-o", "program.bc"}, directory, built_for,
            device.name);
        output = "program.bc";
    }
    if (spirv) {
        run(llvm_spirv, {"program.bc", "-o", "program.spv"}, directory, built_for, device.name);
        output = "program.spv";
    }
    const std::string made = read_file(directory.path() + "/" + output);
    clang_output result{std::vector<unsigned char>(made.begin(), made.end()),
                        log.find_first_not_of(" \t\r\n") == std::string::npos ? std::string() : log};
    if (ptx) result.binary.push_back(0); // NVIDIA's driver reads PTX as a string
    return result;
}

std::unique_ptr<compile_route> make_clang_route(const std::string& name, const route_device& device) {
    return std::make_unique<clang_route>(name, device);
}

} // namespace tiles::engine
