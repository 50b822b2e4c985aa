// libtiles: the clang-spirv route, C++ kernels to devices that take SPIR-V (cl_khr_il_program, or
// an IL version): the SPIR bitcode through llvm-spirv, loaded with clCreateProgramWithIL.
#include <dlfcn.h>

#include "routes/route_clang.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::engine {
namespace {

class clang_spirv_route : public clang_route {
  public:
    std::string name() const override { return "clang-spirv"; }
    bool serves(const device_info& device, const std::string&) const override {
        return device.has_extension("cl_khr_il_program") || device.il_version.find("SPIR-V") != std::string::npos;
    }
    std::string binary_options(const std::string&) const override { return ""; }

  protected:
    std::vector<needed_tool> tools() const override {
        return {{llvm_spirv_tool(), "llvm-spirv", "TILES_LLVM_SPIRV", "llvm-spirv-14"}};
    }
    std::vector<std::string> target_arguments(const tool& clang, const device_info& device) const override {
        return spir_arguments(clang, device, false);
    }
    std::vector<unsigned char> device_format(const clang_build& build) const override {
        spir_bitcode(build);
        build.run(llvm_spirv_tool(), {"program.bc", "-o", "program.spv"});
        const std::string spirv = build.read("program.spv");
        return {spirv.begin(), spirv.end()};
    }
    // clCreateProgramWithIL (OpenCL 2.1) or cl_khr_il_program's clCreateProgramWithILKHR.
    cl::Program load(const context& context, const std::vector<unsigned char>& made) const override {
        const device_info& device = *context.device();
        using create_with_il = cl_program(CL_API_CALL*)(cl_context, const void*, size_t, cl_int*);
        auto create = reinterpret_cast<create_with_il>(
            clGetExtensionFunctionAddressForPlatform(device.platform(), "clCreateProgramWithILKHR"));
        if (create == nullptr) // the ICD loader's own, for drivers of OpenCL 2.1 on
            create = reinterpret_cast<create_with_il>(dlsym(RTLD_DEFAULT, "clCreateProgramWithIL"));
        if (create == nullptr)
            throw unsupported_feature("'" + device.name +
                                      "' says it takes SPIR-V, but its driver has no clCreateProgramWithIL(KHR)");
        cl_int status = CL_SUCCESS;
        cl_program program = create(context.opencl_context()(), made.data(), made.size(), &status);
        check(status, "clCreateProgramWithIL");
        return cl::Program(program);
    }
};

} // namespace

std::unique_ptr<compile_route> make_clang_spirv_route() { return std::make_unique<clang_spirv_route>(); }

} // namespace tiles::engine
