// libtiles: the clang-spir route, C++ kernels to devices with cl_khr_spir (PoCL): SPIR 1.2 bitcode
// (-target spir64, or spir on 32-bit devices), built with -x spir -spir-std=1.2.
#include "routes/route_clang.hpp"

namespace tiles::engine {
namespace {

class clang_spir_route : public clang_route {
  public:
    std::string name() const override { return "clang-spir"; }
    bool serves(const device_info& device, const std::string&) const override {
        return device.has_extension("cl_khr_spir");
    }
    std::string binary_options(const std::string&) const override { return spir_build_options; }

  protected:
    std::vector<std::string> target_arguments(const tool& clang, const device_info& device) const override {
        return spir_arguments(clang, device, false);
    }
    std::vector<unsigned char> device_format(const clang_build& build) const override { return spir_bitcode(build); }
};

} // namespace

std::unique_ptr<compile_route> make_clang_spir_route() { return std::make_unique<clang_spir_route>(); }

} // namespace tiles::engine
