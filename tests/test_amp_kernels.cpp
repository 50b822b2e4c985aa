// C++ kernel sources (kernel functions, tiles::kernel_language::cpp): their launches checked against
// the declared parameters, their errors at the source's line and column, several kernels in one
// source, build options, and the compile routes: which one a device gets, what clang makes for each,
// and the clear error where a tool is missing.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "fixture.hpp"
#include "programs/amp_program.hpp"
#include "routes/clang_toolchain.hpp"
#include "routes/route_registry.hpp"
#include "routes/run_process.hpp"

namespace {

tiles::kernel cpp_kernel(const std::string& source, const std::string& name, const std::string& options = "") {
    return tiles::kernel(source, name, options, tiles::kernel_language::cpp);
}

const char* const scale_source = R"(
// Two kernels of one source, of other ranks and tilings, and a helper they share.
float twice(float x) restrict(amp) { return 2 * x; }

void scale(array_view<const float, 1> in, array_view<float, 1> out, float factor, index<1> i) restrict(amp) {
    out[i] = twice(in[i]) * factor;
}

void tile_sums(array_view<const int, 2> in, array_view<int, 2> sums, tiled_index<2, 2> t) restrict(amp) {
    tile_static int values[2][2];
    values[t.local[0]][t.local[1]] = in[t];
    t.barrier.wait();
    if (t.local[0] == 0 && t.local[1] == 0)
        sums[t.tile] = values[0][0] + values[0][1] + values[1][0] + values[1][1];
}
)";

// The message and build log of the build_error that launching `kernel` on `view` over a view of
// four ints throws.
struct build_failure {
    std::string message, log;
};
build_failure build_failure_of(const tiles::accelerator_view& view, const tiles::kernel& kernel) {
    std::vector<int> data(4);
    tiles::array_view<int, 1> v(4, data);
    try {
        tiles::parallel_for_each(view, v.extent, kernel, v);
    } catch (const tiles::build_error& e) {
        return {e.what(), e.build_log()};
    }
    FAIL("no build_error");
    return {};
}

// Sets an environment variable for the scope of the object, then puts back what was there.
class scoped_environment {
  public:
    scoped_environment(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        setenv(name, value, 1);
    }
    ~scoped_environment() {
        if (old_)
            setenv(name_, old_->c_str(), 1);
        else
            unsetenv(name_);
    }
    scoped_environment(const scoped_environment&) = delete;
    scoped_environment& operator=(const scoped_environment&) = delete;

  private:
    const char* name_;
    std::optional<std::string> old_;
};

} // namespace

TEST_CASE_METHOD(fresh_view, "a C++ source of several kernels launches each for its own domain", "[amp]") {
    std::vector<float> in = {1, 2, 3, 4}, out(4);
    tiles::array_view<const float, 1> vin(4, in);
    tiles::array_view<float, 1> vout(4, out);
    tiles::parallel_for_each(view, vin.extent, cpp_kernel(scale_source, "scale"), vin, vout, 0.5f);
    vout.synchronize();
    CHECK(out == in);

    std::vector<int> grid(4 * 6), sums(2 * 3);
    for (int i = 0; i < 24; ++i) grid[i] = i;
    tiles::array_view<const int, 2> vgrid(4, 6, grid);
    tiles::array_view<int, 2> vsums(2, 3, sums);
    tiles::parallel_for_each(view, vgrid.extent.tile<2, 2>(), cpp_kernel(scale_source, "tile_sums"), vgrid, vsums);
    vsums.synchronize();
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 3; ++c) {
            const int o = 2 * r * 6 + 2 * c;
            CHECK(sums[r * 3 + c] == grid[o] + grid[o + 1] + grid[o + 6] + grid[o + 7]);
        }

    // Built whole ahead of any launch, it names its kernels.
    const tiles::engine::source_build built =
        tiles::engine::build_source(view.context(), scale_source, "", tiles::kernel_language::cpp);
    CHECK(built.kernel_names == std::vector<std::string>{"scale", "tile_sums"});
}

TEST_CASE_METHOD(fresh_view, "a C++ kernel's view may have its rank written as a constant's name", "[amp]") {
    const std::string source = R"(
constexpr int RANK = 2;
void add_one(array_view<int, RANK> v, index<2> i) restrict(amp) { v[i] += 1; })";
    std::vector<int> data = {1, 2, 3, 4, 5, 6};
    tiles::array_view<int, 2> v(2, 3, data);
    tiles::parallel_for_each(view, v.extent, cpp_kernel(source, "add_one"), v);
    v.synchronize();
    CHECK(data == std::vector<int>{2, 3, 4, 5, 6, 7});
}

TEST_CASE_METHOD(fresh_view, "a C++ kernel's arguments are checked against its declared parameters", "[amp]") {
    std::vector<float> in(4), out(4);
    std::vector<int> ints(4);
    std::vector<float> square(16);
    tiles::array_view<const float, 1> vin(4, in);
    tiles::array_view<float, 1> vout(4, out);
    tiles::array_view<int, 1> vints(4, ints);
    tiles::array_view<float, 2> vsquare(4, 4, square);
    const tiles::kernel scale = cpp_kernel(scale_source, "scale");
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, vin.extent, scale, vin, vints, 1.0f),
                              tiles::invalid_argument, "argument 1 of kernel 'scale' ('out'",
                              "the element types differ");
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, vin.extent, scale, vin, vsquare, 1.0f),
                              tiles::invalid_argument, "it has rank 2, the kernel's has rank 1");
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, vin.extent, scale, vin, vin, 1.0f),
                              tiles::invalid_argument, "declare it const");
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, vin.extent, scale, vin, vout, 1.0),
                              tiles::invalid_argument, "('factor', a float)",
                              "pass a value of exactly the parameter's type");
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, vin.extent, scale, vin, vout), tiles::invalid_argument,
                              "kernel 'scale' takes 3 arguments, 2 were given");
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, vin.extent, cpp_kernel(scale_source, "scales"), vin),
                              tiles::invalid_argument, "the C++ source has no kernel named 'scales'",
                              "its kernels: scale, tile_sums");
}

TEST_CASE_METHOD(fresh_view, "a C++ kernel's index must be its launch's: another rank or tile does not compile",
                 "[amp]") {
    std::vector<int> grid(16), sums(4);
    tiles::array_view<const int, 2> vgrid(4, 4, grid);
    tiles::array_view<int, 2> vsums(2, 2, sums);
    tiles::array_view<const int, 1> line(16, grid);
    const tiles::kernel tile_sums = cpp_kernel(scale_source, "tile_sums");
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, vgrid.extent.tile<4, 1>(), tile_sums, vgrid, vsums),
                              tiles::build_error, "the kernel's tiled_index<D0, D1, D2> is not the launch's tile");
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, vgrid.extent, tile_sums, vgrid, vsums), tiles::build_error,
                              "a kernel that takes a tiled_index is launched over a tiled extent");
    REQUIRE_THROWS_MENTIONING(
        tiles::parallel_for_each(view, tiles::extent<3>(2, 2, 4), cpp_kernel(scale_source, "scale"), line, vsums, 1.0f),
        tiles::build_error, "the kernel's index<N> has another rank than the launch's extent");
}

TEST_CASE_METHOD(fresh_view, "a C++ kernel's errors name the source's line and column", "[amp]") {
    // Clang's, through the #line of the generated program.
    const char* wrong = "void k(array_view<int, 1> v, index<1> i) restrict(amp) {\n"
                        "    v[i] = 1;\n"
                        "    v[i] += undeclared;\n"
                        "}\n";
    const build_failure undeclared = build_failure_of(view, cpp_kernel(wrong, "k"));
    INFO(undeclared.message);
    CHECK(undeclared.log.find("kernel:3:13: error: use of undeclared identifier 'undeclared'") != std::string::npos);
    CHECK(undeclared.message.find("kernel 'k' could not be built") != std::string::npos);
    // libtiles' own, for a kernel function it cannot take.
    REQUIRE_THROWS_MENTIONING(cpp_kernel("\n  void k(array<int, 1> a, index<1> i) restrict(amp) { }", "k"),
                              tiles::build_error, "kernel:2:10: error: a kernel takes an array by reference",
                              "array<int, 1>&");
    REQUIRE_THROWS_MENTIONING(cpp_kernel("void k(index<1> i, int n) restrict(amp) { }", "k"), tiles::build_error,
                              "kernel:1:8: error: a kernel's index is its last parameter");
    REQUIRE_THROWS_MENTIONING(cpp_kernel("void k(bool b, index<1> i) restrict(amp) { }", "k"), tiles::build_error,
                              "kernel:1:8: error: a kernel takes arrays", "not 'bool'");
    REQUIRE_THROWS_MENTIONING(
        cpp_kernel("void k(index<1> i) restrict(amp) {}\nvoid k(index<2> i) restrict(amp) {}", "k"), tiles::build_error,
        "kernel:2:6: error: the source defines a kernel named 'k' twice");
}

TEST_CASE_METHOD(fresh_view, "a C++ kernel's -D options are defined after the prelude, whose names they cannot change",
                 "[amp]") {
    // T and N name the prelude's template parameters: defined before it, they would break it.
    const char* source = "void k(array_view<T, 1> v, index<1> i) restrict(amp) { v[i] = N; }";
    std::vector<float> data(4);
    tiles::array_view<float, 1> v(4, data);
    tiles::parallel_for_each(view, v.extent, cpp_kernel(source, "k", "-DT=float -D N=2.5f -DUNUSED -UUNUSED"), v);
    v.synchronize();
    CHECK(data == std::vector<float>(4, 2.5f));
}

TEST_CASE_METHOD(fresh_view, "a C++ kernel checks the size of the struct elements it takes on the device", "[amp]") {
    struct pair {
        float a, b;
    };
    const char* source = R"(
struct point { float x, y, z; };
void k(array_view<point, 1> points, index<1> i) restrict(amp) { points[i].z = points[i].x + points[i].y; }
)";
    std::vector<pair> pairs(4);
    tiles::array_view<pair, 1> v(4, pairs);
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, v.extent, cpp_kernel(source, "k"), v),
                              tiles::invalid_argument,
                              "its elements are 8 bytes, but a point is 12 bytes on the device");
}

namespace {
// The route C++ kernels take to `device`.
std::string cpp_route_name(const tiles::engine::device_info& device) {
    return tiles::engine::route_for(tiles::kernel_language::cpp, device, "").name();
}
} // namespace

TEST_CASE("C++ kernels take the route their device takes: PTX to NVIDIA's, SPIR-V, else SPIR 1.2", "[amp]") {
    {
        tiles::engine::device_info d;
        d.name = "NVIDIA H200";
        d.vendor = "NVIDIA Corporation";
        d.platform_name = "NVIDIA CUDA";
        d.extensions = "cl_khr_fp64 cl_nv_device_attribute_query";
        d.compute_capability = 90;
        CHECK(cpp_route_name(d) == "clang-ptx");
    }
    tiles::engine::device_info d;
    d.name = "Intel(R) Core(TM) i7";
    d.extensions = "cl_khr_spir cl_khr_il_program cl_khr_fp64";
    CHECK(cpp_route_name(d) == "clang-spirv");
    d.extensions = "cl_khr_spir";
    d.il_version = "SPIR-V_1.2 ";
    CHECK(cpp_route_name(d) == "clang-spirv");
    d.il_version = "";
    CHECK(cpp_route_name(d) == "clang-spir");
    d.simulator = true;
    CHECK(cpp_route_name(d) == "clang-spir-checked");
    d.extensions = "cl_khr_fp64";
    REQUIRE_THROWS_MENTIONING(cpp_route_name(d), tiles::unsupported_feature,
                              "C++ kernels reach a device as SPIR-V (cl_khr_il_program), SPIR 1.2 (cl_khr_spir)",
                              "takes none of them (its extensions: cl_khr_fp64)");
    // This machine's device.
    const tiles::accelerator_view view = tiles::accelerator().get_default_view();
    const tiles::engine::device_info& here = *view.context()->device();
    WARN("the default device takes " << cpp_route_name(here));
    if (here.platform_name == "Portable Computing Language") CHECK(cpp_route_name(here) == "clang-spir");
}

TEST_CASE("what clang makes for each route: SPIR bitcode, SPIR-V, and PTX that ptxas assembles", "[amp]") {
    const std::string program = tiles::engine::amp_source(scale_source, "", "kernel").program_for("tile_sums");
    const std::string options = " -cl-kernel-arg-info -DTILES_RANK=2 -DTILES_TILED=1 -DTILE_DIM0=2 -DTILE_DIM1=2";
    tiles::engine::device_info d;
    d.name = "a device described";

    const auto spir = tiles::engine::compile_with_clang("clang-spir", d, program, options, "kernel 'tile_sums'");
    REQUIRE(spir.binary.size() > 4);
    CHECK(std::string(spir.binary.begin(), spir.binary.begin() + 2) == "BC"); // LLVM bitcode

    if (tiles::engine::llvm_spirv_tool().found()) {
        const auto spirv = tiles::engine::compile_with_clang("clang-spirv", d, program, options, "kernel 'tile_sums'");
        REQUIRE(spirv.binary.size() > 4);
        CHECK(spirv.binary[0] == 0x03); // SPIR-V's magic number 0x07230203, little-endian
        CHECK(spirv.binary[3] == 0x07);
    } else {
        WARN("llvm-spirv is not installed here (llvm-spirv-14): the SPIR-V route is not tried");
    }

    d.vendor = "NVIDIA Corporation";
    d.compute_capability = 90;
    const auto ptx = tiles::engine::compile_with_clang("clang-ptx", d, program, options, "kernel 'tile_sums'");
    const std::string text(ptx.binary.begin(), ptx.binary.end() - 1);
    CHECK(ptx.binary.back() == 0);
    CHECK(text.find(".entry tile_sums(") != std::string::npos);
    CHECK(text.find(".target sm_86") != std::string::npos); // clang 14's newest; the driver compiles it for sm_90
    CHECK(ptx.log.empty());
#ifdef TILES_PTXAS
    // CUDA's assembler takes it for the H200's sm_90: every built-in resolved from libclc.
    const std::string file = std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") + "/tiles_amp.ptx";
    std::ofstream(file) << text;
    CHECK(std::system((std::string(TILES_PTXAS) + " -arch=sm_90 " + file + " -o " + file + ".cubin").c_str()) == 0);
    std::remove(file.c_str());
    std::remove((file + ".cubin").c_str());
#else
    WARN("ptxas was not found when configuring: the PTX is not assembled");
#endif
}

namespace {

// The SPIR bitcode of the clang-spir route for kernel `name` of a C++ source, in LLVM's text (by
// the same clang).
std::string spir_text(const char* source, const std::string& name, const std::string& options) {
    const std::string program = tiles::engine::amp_source(source, "", "kernel").program_for(name);
    tiles::engine::device_info d;
    d.name = "a device described";
    const auto spir = tiles::engine::compile_with_clang("clang-spir", d, program, options, "kernel '" + name + "'");
    const tiles::engine::temporary_directory directory;
    std::ofstream(directory.path() + "/k.bc", std::ios::binary)
        .write(reinterpret_cast<const char*>(spir.binary.data()), std::streamsize(spir.binary.size()));
    const tiles::engine::process_result ran =
        tiles::engine::run_process(tiles::engine::clang_tool().path,
                                   {"-target", "spir64", "-S", "-emit-llvm", "k.bc", "-o", "k.ll"}, directory.path());
    REQUIRE(ran.exit_status == 0);
    std::ifstream in(directory.path() + "/k.ll");
    const std::string ir((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(ir.find("define ") != std::string::npos);
    return ir;
}

} // namespace

TEST_CASE("in SPIR, OpenCL's min, max and clamp are inline and no value is marked noundef", "[amp]") {
    // PoCL 5.0 leaves a SPIR program's calls of its built-ins as calls inside its loops over a
    // group's work-items, and cannot split `t.local[0] == 0 && t.local[1] == 0` between those
    // loops once LLVM has folded it, from noundef, into one test of `local[0] | local[1]`.
    const char* source = R"(
void clamped(array_view<const int, 1> in, array_view<int, 1> out, tiled_index<4> t) restrict(amp) {
    const int n = in.extent[0];
    out[t] = in[max(t.global[0] - 1, 0)] + in[min(t.global[0] + 1, n - 1)] + clamp(in[t], 0, 9);
    if (t.local[0] == 0 && t.tile[0] == 0) out[t] += 1;
}
)";
    const std::string ir = spir_text(source, "clamped", " -DTILES_RANK=1 -DTILES_TILED=1 -DTILE_DIM0=4");
    for (const char* builtin : {"@_Z3maxii", "@_Z3minii", "@_Z5clampiii"}) CHECK(ir.find(builtin) == std::string::npos);
    CHECK(ir.find("noundef") == std::string::npos);
}

TEST_CASE("in SPIR, a view's offsets are summed in 64 bits, each component widened on its own", "[amp]") {
    // Summed in int, the offset of each of a stencil's loads is widened on its own, and PoCL 5.0
    // keeps those widenings inside its loops over a group's work-items. A view of rank 2 has its
    // extent's column count for its pitch, so no product in this kernel is left of 32 bits.
    const char* source = R"(
void stencil(array_view<const float, 2> in, array_view<float, 2> out, index<2> idx) restrict(amp) {
    const int r = idx[0], c = idx[1], rows = in.extent[0], cols = in.extent[1];
    const int up = max(r - 1, 0), down = min(r + 1, rows - 1), left = max(c - 1, 0), right = min(c + 1, cols - 1);
    out[idx] = in[idx] + in(up, c) + in(down, c) + in(r, left) + in[r][right];
}
)";
    const std::string ir = spir_text(source, "stencil", " -DTILES_RANK=2 -DTILES_TILED=0");
    CHECK(ir.find("mul nsw i64") != std::string::npos);
    for (const char* narrow : {"mul i32", "mul nsw i32", "mul nuw nsw i32"})
        CHECK(ir.find(narrow) == std::string::npos);
}

TEST_CASE("in PTX, a read of tile_static memory stays after the barrier before it", "[amp]") {
    // LLVM 14 takes its NVVM barrier intrinsic to write no tile_static variable whose address the
    // kernel never takes, and moved the last read of `total` above the last barrier on the paths
    // that took no turn: the H200 then printed half the seed's averages.
    const char* source = R"(
void turns(array_view<const float, 1> in, array_view<float, 1> out, tiled_index<2> t) restrict(amp) {
    tile_static float total;
    if (t.local[0] == 0) total = in[t];
    t.barrier.wait();
    if (t.local[0] == 1) total += in[t];
    t.barrier.wait();
    out[t] = total;
}
)";
    const std::string program = tiles::engine::amp_source(source, "", "kernel").program_for("turns");
    tiles::engine::device_info d;
    d.name = "a device described";
    d.vendor = "NVIDIA Corporation";
    const auto ptx = tiles::engine::compile_with_clang(
        "clang-ptx", d, program, " -DTILES_RANK=1 -DTILES_TILED=1 -DTILE_DIM0=2", "kernel 'turns'");
    const std::string text(ptx.binary.begin(), ptx.binary.end() - 1);
    const std::size_t last_barrier = text.rfind("bar.sync");
    REQUIRE(last_barrier != std::string::npos);
    CHECK(text.find("ld.shared", last_barrier) != std::string::npos);
}

TEST_CASE("without clang, libclc or llvm-spirv a C++ kernel names the package to install", "[amp]") {
    const std::string program = tiles::engine::amp_source(scale_source, "", "kernel").program_for("scale");
    tiles::engine::device_info d;
    d.name = "a device described";
    {
        const scoped_environment missing("TILES_CLANG", "/nonexistent/clang-14");
        REQUIRE_THROWS_MENTIONING(tiles::engine::compile_with_clang("clang-spir", d, program, "", "kernel 'scale'"),
                                  tiles::unsupported_feature, "needs clang, which is not at '/nonexistent/clang-14'",
                                  "install Debian's clang-14 package", "TILES_CLANG");
        // The same from a launch, whose context's device is this machine's.
        std::vector<float> in(4), out(4);
        tiles::array_view<const float, 1> vin(4, in);
        tiles::array_view<float, 1> vout(4, out);
        REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(tiles::accelerator().create_view(), vin.extent,
                                                           cpp_kernel(scale_source, "scale"), vin, vout, 1.0f),
                                  tiles::unsupported_feature, "building the C++ kernel 'scale'",
                                  "install Debian's clang-14 package");
    }
    {
        const scoped_environment missing("TILES_LIBCLC", "/nonexistent");
        REQUIRE_THROWS_MENTIONING(tiles::engine::compile_with_clang("clang-ptx", d, program, "", "kernel 'scale'"),
                                  tiles::unsupported_feature, "needs libclc's nvptx64--nvidiacl.bc",
                                  "/nonexistent/nvptx64--nvidiacl.bc", "libclc-14", "TILES_LIBCLC");
    }
    {
        const scoped_environment missing("TILES_LLVM_SPIRV", "/nonexistent/llvm-spirv");
        REQUIRE_THROWS_MENTIONING(tiles::engine::compile_with_clang("clang-spirv", d, program, "", "kernel 'scale'"),
                                  tiles::unsupported_feature, "needs llvm-spirv", "llvm-spirv-14", "TILES_LLVM_SPIRV");
    }
}

TEST_CASE_METHOD(fresh_view, "a void restrict(amp) helper with reference parameters is device code, not a kernel",
                 "[amp]") {
    // It takes no index: the kernel calls it, as in the C++ AMP book's NBody (BodyBodyInteraction).
    const char* source = "void accumulate(int& sum, const int& value, float scale) restrict(amp) {\n"
                         "    sum += int(value * scale);\n"
                         "}\n"
                         "void k(array_view<int, 1> v, index<1> i) restrict(amp) {\n"
                         "    int sum = 1;\n"
                         "    accumulate(sum, v[i], 2.0f);\n"
                         "    v[i] = sum;\n"
                         "}\n";
    std::vector<int> data = {1, 2, 3, 4};
    tiles::array_view<int, 1> v(4, data);
    tiles::parallel_for_each(view, v.extent, cpp_kernel(source, "k"), v);
    v.synchronize();
    CHECK(data == std::vector<int>{3, 5, 7, 9});
}

TEST_CASE_METHOD(fresh_view,
                 "a C++ source that marks its kernels has no others: a helper taking an index is device code",
                 "[amp]") {
    // C++ AMP's helpers take an index where they like (the book's transposes: first); the marked
    // kernel calls one of each. Unmarked, the first would be read as a kernel and refused.
    const std::string source = "void add_at(index<1> i, array_view<int, 1> v, int n) restrict(amp) { v[i] += n; }\n"
                               "void add_last(array_view<int, 1> v, index<1> i) restrict(amp) { v[i] *= 10; }\n" +
                               std::string(tiles::cpp_kernel_mark) +
                               "\n"
                               "void k(array_view<int, 1> v, index<1> i) restrict(amp) {\n"
                               "    add_at(i, v, 2);\n"
                               "    add_last(v, i);\n"
                               "}\n";
    std::vector<int> data = {1, 2, 3, 4};
    tiles::array_view<int, 1> v(4, data);
    tiles::parallel_for_each(view, v.extent, cpp_kernel(source, "k"), v);
    v.synchronize();
    CHECK(data == std::vector<int>{30, 40, 50, 60});
}

namespace {

// A helper that fails the launch with the failing work-item's numbers: a negative int in
// hexadecimal (its 32 bits), a long, a double and a char, which C's printf formats as
// `errorf_in_helper_message` says.
const char* const errorf_in_helper_source =
    "void check(int value, int i) restrict(amp) {\n"
    "    if (value > 2) direct3d::direct3d_errorf(\"%#x %5ld|%-6.3e|%c%%\", -i, long(i),\n"
    "                                             0.125, char('A' + i));\n"
    "}\n"
    "void k(array_view<int, 1> v, index<1> i) restrict(amp) {\n"
    "    check(v[i], i[0]);\n"
    "    v[i] = 0;\n"
    "}\n";

std::string errorf_in_helper_message() {
    char expected[64];
    std::snprintf(expected, sizeof expected, "%#x %5ld|%-6.3e|%c%%", unsigned(-3), 3L, 0.125, 'D');
    return std::string(expected) + " (direct3d_errorf in kernel 'k')";
}

void check_errorf_in_helper_fails_launch_on(const tiles::accelerator_view& on) {
    std::vector<int> data = {0, 1, 2, 3};
    tiles::array_view<int, 1> v(4, data);
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(on, v.extent, cpp_kernel(errorf_in_helper_source, "k"), v),
                              tiles::runtime_exception, errorf_in_helper_message());
}

} // namespace

TEST_CASE_METHOD(fresh_view, "direct3d_errorf in a helper fails its launch with C's formatting, compiled at run time",
                 "[amp]") {
    check_errorf_in_helper_fails_launch_on(view);
}

TEST_CASE("direct3d_errorf in a helper fails its launch in strict checked mode too, which finds no race in it",
          "[amp][checked]") {
    check_errorf_in_helper_fails_launch_on(tiles::create_checked_view(true));
}

TEST_CASE_METHOD(fresh_view, "direct3d_errorf formats each conversion from its whole spec as C's printf does",
                 "[amp]") {
    // Each case's numbers, given on the device as written there, against snprintf of the same
    // format with each number as C's printf reads it for its conversion and length.
    const char* source =
        "void k(array_view<int, 1> v, int which, index<1> i) restrict(amp) {\n"
        "    if (i[0] != 0) return;\n"
        "    if (which == 0) direct3d::direct3d_errorf(\"%d|%hd|%hhx|%u\", 4294967295u, 65537, -1, -5);\n"
        "    if (which == 1) direct3d::direct3d_errorf(\"%*d|%-*.*f|%%\", 5, 7, 8, 2);\n"
        "    if (which == 2) direct3d::direct3d_errorf(\"%+05ld %#o %lx %llu\", long(-42), 8,\n"
        "                                              long(-1), ulong(18446744073709551615ul));\n"
        "    if (which == 3) direct3d::direct3d_errorf(\"%e %G %a %.3g\", 1.5f, 2e-5, 0.1, 123456.0);\n"
        "    if (which == 4) direct3d::direct3d_errorf(\"[%c%c] %zu %jd\", 'h', char('i'), ulong(7), long(-9));\n"
        "    if (which == 5) direct3d::direct3d_errorf(\"%5.1f%% of %-4u|\", 99.25f, 3u);\n"
        "    if (which == 6) direct3d::direct3d_errorf(\"%s|%d\", 1, 2);\n"
        "    v[i] = which;\n"
        "}\n";
    char expected[7][128];
    std::snprintf(expected[0], 128, "%d|%hd|%hhx|%u", int(4294967295u), short(65537), (unsigned char)(-1),
                  unsigned(-5));
    std::snprintf(expected[1], 128, "%*d|%-*.*f|%%", 5, 7, 8, 2, 0.0); // no fifth argument: printed as written
    std::string with_missing = expected[1];
    with_missing.replace(with_missing.find('|') + 1, with_missing.rfind('|') - with_missing.find('|') - 1, "%-*.*f");
    std::snprintf(expected[2], 128, "%+05ld %#o %lx %llu", -42L, 8u, (unsigned long)(-1L), 18446744073709551615ull);
    std::snprintf(expected[3], 128, "%e %G %a %.3g", 1.5, 2e-5, 0.1, 123456.0);
    std::snprintf(expected[4], 128, "[%c%c] %zu %jd", 'h', 'i', std::size_t(7), std::intmax_t(-9));
    std::snprintf(expected[5], 128, "%5.1f%% of %-4u|", 99.25, 3u);
    const std::string wanted[] = {expected[0],
                                  with_missing,
                                  expected[2],
                                  expected[3],
                                  expected[4],
                                  expected[5],
                                  "%s|%d (its conversion '%s' is not supported: direct3d_errorf records numbers only)"};
    const tiles::kernel k = cpp_kernel(source, "k");
    for (int which = 0; which < 7; ++which) {
        std::vector<int> data(4, -1);
        tiles::array_view<int, 1> v(4, data);
        INFO("case " << which << ": " << wanted[which]);
        REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, v.extent, k, v, which), tiles::runtime_exception,
                                  wanted[which] + " (direct3d_errorf in kernel 'k')");
    }
}

TEST_CASE_METHOD(fresh_view,
                 "direct3d_errorf takes C++ AMP's 7 numbers, and a call of more is refused naming both counts",
                 "[amp]") {
    const char* seven = "void k(array_view<int, 1> v, index<1> i) restrict(amp) {\n"
                        "    if (i[0] == 1) direct3d::direct3d_errorf(\"%d %u %ld %x %.1f %g %c\", -1, 2u, long(-3),\n"
                        "                                             255, 4.5f, 0.25, 'z');\n"
                        "}\n";
    char expected[64];
    std::snprintf(expected, sizeof expected, "%d %u %ld %x %.1f %g %c", -1, 2u, -3L, 255u, 4.5, 0.25, 'z');
    std::vector<int> data(4);
    tiles::array_view<int, 1> v(4, data);
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, v.extent, cpp_kernel(seven, "k"), v),
                              tiles::runtime_exception, std::string(expected) + " (direct3d_errorf in kernel 'k')");
    const char* eight = "void k(array_view<int, 1> v, index<1> i) restrict(amp) {\n"
                        "    direct3d::direct3d_errorf(\"%d\", 1, 2, 3, 4, 5, 6, 7, 8);\n"
                        "}\n";
    const std::string log = build_failure_of(view, cpp_kernel(eight, "k")).log;
    INFO(log);
    CHECK(log.find("'8U <= 7U'") != std::string::npos);
    CHECK(log.find("direct3d_errorf takes at most 7 numbers after its format") != std::string::npos);
    CHECK(log.find("kernel:2:") != std::string::npos); // the call, in the user's source
}

namespace {

// C++ AMP's view_as throws on the host where the extent holds more elements than the view; in a
// kernel the launch fails so, and the reshaped view writes nothing, neither in its view nor past it
// (the section's neighbours in the same storage). Of as many elements as the view holds, it writes
// them.
void check_view_as_refuses_more_elements_on(const tiles::accelerator_view& on) {
    const char* source = "void k(array_view<int, 1> v, int rows, index<2> i) restrict(amp) {\n"
                         "    array_view<int, 2> m = v.view_as(extent<2>(rows, 4));\n"
                         "    m[i] = 1;\n"
                         "}\n";
    const tiles::kernel k = cpp_kernel(source, "k");
    std::vector<int> data(16, 7);
    tiles::array_view<int, 1> whole(16, data);
    tiles::array_view<int, 1> first = whole.section(tiles::index<1>(0), tiles::extent<1>(8));
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(on, tiles::extent<2>(4, 4), k, first, 4),
                              tiles::runtime_exception,
                              "view_as asks for 16 elements of a view of 8 (view_as in kernel 'k')");
    whole.synchronize();
    CHECK(data == std::vector<int>(16, 7));
    tiles::parallel_for_each(on, tiles::extent<2>(2, 4), k, first, 2);
    whole.synchronize();
    CHECK(data == std::vector<int>{1, 1, 1, 1, 1, 1, 1, 1, 7, 7, 7, 7, 7, 7, 7, 7});
}

} // namespace

TEST_CASE_METHOD(fresh_view, "view_as in a kernel refuses more elements than its view holds, naming both sizes",
                 "[amp]") {
    check_view_as_refuses_more_elements_on(view);
}

TEST_CASE("view_as in a kernel refuses more elements than its view holds in checked mode too", "[amp][checked]") {
    check_view_as_refuses_more_elements_on(tiles::create_checked_view(false));
}

TEST_CASE("in strict checked mode a launch that fails and races reports both, the failure first", "[amp][checked]") {
    // Every work-item of the one tile writes element 0 without a barrier (a race Oclgrind finds),
    // and work-item 1 calls direct3d_errorf.
    const char* source = "void k(array_view<int, 1> v, tiled_index<4> t) restrict(amp) {\n"
                         "    v[0] = t.local[0];\n"
                         "    if (t.local[0] == 1) direct3d::direct3d_errorf(\"item %d failed\", t.local[0]);\n"
                         "}\n";
    std::vector<int> data(4);
    tiles::array_view<int, 1> v(4, data);
    try {
        tiles::parallel_for_each(tiles::create_checked_view(true), v.extent.tile<4>(), cpp_kernel(source, "k"), v);
        FAIL("no exception");
    } catch (const tiles::runtime_exception& e) {
        const std::string what = e.what();
        INFO(what);
        CHECK(what.rfind("item 1 failed (direct3d_errorf in kernel 'k')", 0) == 0);
        CHECK(what.find("data race") != std::string::npos);
    }
}
