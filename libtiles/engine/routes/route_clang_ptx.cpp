// libtiles: the clang-ptx route, C++ kernels to NVIDIA's devices: PTX (-target nvptx64-nvidia-nvcl)
// with libclc's built-ins linked in, loaded as a binary by NVIDIA's driver. clang makes LLVM IR
// first, then PTX of it. libclc has no image built-ins for PTX: a program that uses images or
// samplers has them defined in its IR through NVVM's intrinsics (ptx_images.hpp), is inlined
// whole and optimized again, without sinking calls common to two branches into one (LLVM would
// otherwise merge two reads through different samplers into one of a sampler chosen at run time,
// which PTX cannot name). A program without them goes from IR to PTX with no pass run again, as
// clang's one step makes it.
#include "routes/ptx_images.hpp"
#include "routes/route_clang.hpp"

namespace tiles::engine {
namespace {

constexpr const char* libclc_target = "nvptx64--nvidiacl";

// The device's compute capability, or the highest clang knows (sm_86 to clang 15, sm_90 from
// clang 16); the driver compiles PTX of an older one for the device it has.
std::string ptx_architecture(const tool& clang, const device_info& device) {
    const int newest = clang_major_version(clang) >= 16 ? 90 : 86;
    const int wanted = device.compute_capability > 0 ? device.compute_capability : 80;
    return "sm_" + std::to_string(wanted < newest ? wanted : newest);
}

class clang_ptx_route : public clang_route {
  public:
    std::string name() const override { return "clang-ptx"; }
    bool serves(const device_info& device, const std::string&) const override {
        return device.vendor.find("NVIDIA") != std::string::npos ||
               device.platform_name.find("NVIDIA") != std::string::npos;
    }
    std::string binary_options(const std::string&) const override { return ""; }

  protected:
    std::vector<needed_tool> tools() const override {
        return {{libclc_tool(libclc_target), "libclc's nvptx64--nvidiacl.bc", "TILES_LIBCLC", "libclc-14"}};
    }
    std::vector<std::string> target_arguments(const tool& clang, const device_info& device) const override {
        return {"-target",
                "nvptx64-nvidia-nvcl",
                "-march=" + ptx_architecture(clang, device),
                "-emit-llvm",
                "-S",
                "-Xclang",
                "-mlink-builtin-bitcode",
                "-Xclang",
                libclc_tool(libclc_target).path,
                "-Wno-linker-warnings",
                "-o",
                "program.ll"};
    }
    std::vector<unsigned char> device_format(const clang_build& build) const override {
        const std::string ir = build.read("program.ll");
        std::vector<std::string> args{"-target",
                                      "nvptx64-nvidia-nvcl",
                                      "-march=" + ptx_architecture(build.clang, build.device),
                                      "-O2",
                                      "-fno-crash-diagnostics",
                                      "-S",
                                      "-o",
                                      "program.ptx"};
        if (uses_images(ir)) {
            build.write("images.ll", with_nvidia_images(ir, build.built_for + " could not be built for '" +
                                                                build.device.name + "'"));
            args.insert(args.end(), {"-mllvm", "-simplifycfg-sink-common=false", "images.ll"});
        } else {
            args.insert(args.end(), {"-Xclang", "-disable-llvm-passes", "program.ll"});
        }
        build.run(build.clang, args);
        const std::string ptx = build.read("program.ptx");
        std::vector<unsigned char> made(ptx.begin(), ptx.end());
        made.push_back(0); // NVIDIA's driver reads PTX as a string
        return made;
    }
};

} // namespace

std::unique_ptr<compile_route> make_clang_ptx_route() { return std::make_unique<clang_ptx_route>(); }

} // namespace tiles::engine
