// C++ kernels compiled ahead of the run (tiles/engine/ahead.hpp): what a build registered is taken
// only for the route, the device's address bits and compute capability, and the whole text and
// options it was made for; a build for clang-spirv serves both kinds of device that route reaches;
// compile_ahead refuses what it cannot make, naming it.
#include <string>
#include <vector>

#include "fixture.hpp"
#include "programs/amp_program.hpp"
#include "programs/kernel_cache.hpp"
#include "routes/route_clang.hpp"
#include "tiles/engine/ahead.hpp"

namespace {

tiles::engine::prebuilt_program prebuilt(const char* route, int address_bits, int compute_capability,
                                         const std::string& text, const std::string& options,
                                         const std::vector<unsigned char>& binary) {
    return {route,       address_bits,    compute_capability, text.c_str(),
            text.size(), options.c_str(), binary.data(),      binary.size()};
}

} // namespace

TEST_CASE("a program made ahead is taken for its route, device, text and options alone", "[amp]") {
    using tiles::engine::prebuilt_binary;
    static const std::string text = "void ahead_registry_test(index<1> i) restrict(amp) {}\n";
    static const std::string options = " -cl-kernel-arg-info -DTILES_RANK=1 -DTILES_TILED=0";
    static const std::vector<unsigned char> spir{1, 2, 3}, ptx{4, 5, 6, 0};
    tiles::engine::register_prebuilt(prebuilt("clang-spir", 64, 0, text, options, spir));
    tiles::engine::register_prebuilt(prebuilt("clang-ptx", 64, 80, text, options, ptx));

    tiles::engine::device_info device;
    device.address_bits = 64;
    CHECK(prebuilt_binary("clang-spir", device, text, options) == spir);
    CHECK_FALSE(prebuilt_binary("clang-spirv", device, text, options));
    CHECK_FALSE(prebuilt_binary("clang-spir", device, text + " ", options));
    CHECK_FALSE(prebuilt_binary("clang-spir", device, text, options + " -DTILES_SUBGROUPS=1"));
    device.address_bits = 32;
    CHECK_FALSE(prebuilt_binary("clang-spir", device, text, options));

    // PTX made for compute capability 8.0 serves the devices from 8.0 on, whose drivers compile it.
    device.address_bits = 64;
    device.compute_capability = 90;
    CHECK(prebuilt_binary("clang-ptx", device, text, options) == ptx);
    device.compute_capability = 75;
    CHECK_FALSE(prebuilt_binary("clang-ptx", device, text, options));
}

TEST_CASE("compile_ahead refuses a rank out of range and a route that runs no clang", "[amp]") {
    REQUIRE_THROWS_MENTIONING(tiles::engine::ahead_targets("opencl-c"), tiles::invalid_argument,
                              "'opencl-c' is no route the build compiles for");
    const std::string source = "void k(index<1> i) restrict(amp) {}\n";
    REQUIRE_THROWS_MENTIONING(tiles::engine::compile_ahead({"clang-spir"}, source, "k", 4, false, {}),
                              tiles::invalid_argument, "rank 1 to 3, not 4");
    REQUIRE_THROWS_MENTIONING(tiles::engine::compile_ahead({"opencl-c"}, source, "k", 1, false, {}),
                              tiles::invalid_argument, "'opencl-c' does not run clang");
}

TEST_CASE("a build for clang-spirv serves a GPU that takes SPIR-V as well as PoCL", "[amp]") {
    // The options a launch on each kind of device asks the route for (a CPU's define
    // TILES_FAST_MATH_PRECISE) must be those of a program the build made, or the launch runs clang.
    const std::string source = "void k(array_view<float, 1> v, index<1> i) restrict(amp) { v[i] *= 2; }\n";
    tiles::engine::launch_domain domain;
    domain.rank = 1;
    const tiles::engine::amp_source amp(source, "", tiles::engine::kernel_source_name);
    for (const cl_device_type type : {cl_device_type(CL_DEVICE_TYPE_GPU), cl_device_type(CL_DEVICE_TYPE_CPU)}) {
        tiles::engine::device_info device;
        device.type = type;
        device.address_bits = 64;
        device.extensions = "cl_khr_il_program cl_khr_fp64";
        const std::string wanted = tiles::engine::launch_options(amp.options(), domain, device);
        int made = 0;
        for (const tiles::engine::ahead_target& t : tiles::engine::ahead_targets("clang-spirv"))
            made += tiles::engine::compile_ahead(t, source, "k", 1, false, {}).options == wanted;
        INFO("device type " << type << ", options" << wanted);
        CHECK(made == 1);
    }
}
