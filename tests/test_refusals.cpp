// Every launch libtiles refuses, refused before anything runs, with a message naming the numbers.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "../libtiles/algorithms/src/support.hpp"
#include "fixture.hpp"
#include "programs/kernel_cache.hpp"
#include "routes/route_registry.hpp"
#include "tiles/marked_names.hpp"

namespace {

const char* const copy_source = R"(
__kernel void copy(__global const float* in, __global float* out) {
    tiled_index t = get_tiled_index();
    out[linear_index(t.global_id, t.extent)] = in[linear_index(t.global_id, t.extent)];
})";

} // namespace

TEST_CASE_METHOD(fresh_view, "an extent the tile does not divide is refused with AMP's message", "[refusal]") {
    std::vector<float> in(32 * 4), out(32 * 4);
    tiles::array_view<const float, 2> a(32, 4, in);
    tiles::array_view<float, 2> b(32, 4, out);
    REQUIRE_THROWS_MENTIONING(
        tiles::parallel_for_each(view, a.extent.tile<6, 4>(), tiles::kernel(copy_source, "copy"), a, b),
        tiles::invalid_compute_domain,
        "the extent of dimension 0 of the compute domain (32) cannot be evenly divided by the extent of "
        "dimension 0 of the tile (6)");
    CHECK(view.counters().uploads == 0); // refused before anything moved
    CHECK(view.counters().launches == 0);
}

TEST_CASE_METHOD(fresh_view, "a zero or negative extent is refused", "[refusal]") {
    const tiles::kernel k(copy_source, "copy");
    std::vector<float> data(16);
    tiles::array_view<float, 1> v(16, data);
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, tiles::extent<2>(4, 0).tile(2, 2), k, v, v),
                              tiles::invalid_compute_domain, "dimension 1 of the compute domain (0)", "not positive");
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, tiles::extent<1>(-8), k, v, v),
                              tiles::invalid_compute_domain, "dimension 0 of the compute domain (-8)");
    REQUIRE_THROWS_MENTIONING((tiles::array_view<float, 2>(tiles::extent<2>(0, 3), data.data())),
                              tiles::invalid_argument, "dimension 0 of an array_view (0)");
    REQUIRE_THROWS_MENTIONING((tiles::array<float, 1>(tiles::extent<1>(-1), view)), tiles::invalid_argument,
                              "dimension 0 of an array (-1)");
}

TEST_CASE_METHOD(fresh_view, "a domain of more points than C++ AMP can count is refused", "[refusal]") {
    const tiles::kernel k(copy_source, "copy");
    std::vector<float> data(16);
    tiles::array_view<float, 1> v(16, data);
    const int largest = std::numeric_limits<int>::max();
    // PoCL aborts the process on this launch unless it is refused first.
    REQUIRE_THROWS_MENTIONING(
        tiles::parallel_for_each(view, tiles::extent<2>(largest, largest), k, v, v), tiles::invalid_compute_domain,
        "the compute domain 2147483647x2147483647 has more work-items than C++ AMP's limit of 4294967295");
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, tiles::extent<2>(65536, 65536).tile(1, 256), k, v, v),
                              tiles::invalid_compute_domain, "the compute domain 65536x65536 has more work-items");
}

TEST_CASE_METHOD(fresh_view, "a tile beyond the device's work-group limits is refused", "[refusal]") {
    const tiles::accelerator acc = view.get_accelerator();
    const int too_many = int(acc.max_tile_size()) * 2;
    std::vector<float> in(too_many), out(too_many);
    tiles::array_view<const float, 1> a(too_many, in);
    tiles::array_view<float, 1> b(too_many, out);
    const tiles::kernel k(copy_source, "copy");
    // One dimension over its own limit.
    const int per_dim = int(acc.max_tile_extent()[2]);
    if (per_dim < too_many) {
        std::vector<float> big(size_t(per_dim) * 2);
        tiles::array_view<float, 1> c(per_dim * 2, big);
        REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, c.extent.tile(per_dim * 2), k, c, c),
                                  tiles::invalid_compute_domain, "dimension 0 of the tile");
    }
    // The whole tile over the work-group size, each dimension within its own limit.
    const int side = 1 << 7; // 128 x 128 = 16384 threads, more than any device's work-group
    REQUIRE(size_t(side) * side > acc.max_tile_size());
    std::vector<float> square(size_t(side) * side);
    tiles::array_view<float, 2> s(side, side, square);
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, s.extent.tile(side, side), k, s, s),
                              tiles::invalid_compute_domain, "a tile of 16384 threads (128x128) exceeds the",
                              ("device limit " + std::to_string(acc.max_tile_size())).c_str());
}

TEST_CASE_METHOD(fresh_view, "a wrong number of kernel arguments is refused", "[refusal]") {
    std::vector<float> data(8);
    tiles::array_view<float, 1> v(8, data);
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, v.extent.tile(8), tiles::kernel(copy_source, "copy"), v),
                              tiles::invalid_argument, "kernel 'copy' takes 2 arguments, 1 was given");
}

TEST_CASE_METHOD(fresh_view, "a wrong kind of argument is refused naming the parameter", "[refusal]") {
    std::vector<float> data(8);
    std::vector<int> ints(8);
    tiles::array_view<float, 1> v(8, data);
    tiles::array_view<const float, 1> cv(8, data);
    tiles::array_view<int, 1> iv(8, ints);
    const tiles::kernel copy(copy_source, "copy");
    const auto domain = v.extent.tile(8);
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, domain, copy, v, 3.0f), tiles::invalid_argument,
                              "argument 1 of kernel 'copy' ('out', a __global float*)", "a scalar float",
                              "numbers go to parameters passed by value");
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, domain, copy, iv, v), tiles::invalid_argument,
                              "argument 0 of kernel 'copy' ('in', a __global const float*)", "an array_view of int",
                              "element types differ");
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, domain, copy, v, cv), tiles::invalid_argument,
                              "argument 1", "an array_view of const float", "declare it const");
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, domain, copy, tiles::local_memory{64}, v),
                              tiles::invalid_argument, "argument 0", "__local");

    const char* scalar_source = "__kernel void fill(__global int* out, uint n) { out[0] = n; }";
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, domain, tiles::kernel(scalar_source, "fill"), iv, 5),
                              tiles::invalid_argument, "argument 1 of kernel 'fill' ('n', a uint)", "a scalar int",
                              "exactly the parameter's type");
    tiles::parallel_for_each(view, domain, tiles::kernel(scalar_source, "fill"), iv, 5u);
    CHECK(iv(0) == 5);
}

TEST_CASE_METHOD(fresh_view, "a kernel that does not compile raises build_error with the log", "[refusal]") {
    std::vector<float> data(8);
    tiles::array_view<float, 1> v(8, data);
    const char* broken = "__kernel void broken(__global float* out) {\n  out[0] = undeclared_name;\n}\n";
    try {
        tiles::parallel_for_each(view, v.extent.tile(8), tiles::kernel(broken, "broken"), v);
        FAIL("no exception");
    } catch (const tiles::build_error& e) {
        CHECK(std::string(e.what()).find("kernel 'broken' could not be built") != std::string::npos);
        CHECK(e.build_log().find("undeclared_name") != std::string::npos);
        // Lines count in the caller's source, not the prelude's: the error is on line 2.
        CHECK(e.build_log().find(":2:") != std::string::npos);
        // The line itself follows, with a caret under the column, as clang prints them.
        CHECK(e.build_log().find("kernel:2:12: ") != std::string::npos);
        CHECK(e.build_log().find("\n  out[0] = undeclared_name;\n           ^\n") != std::string::npos);
        CHECK(e.cl_status() == -11); // CL_BUILD_PROGRAM_FAILURE
    }
    REQUIRE_THROWS_MENTIONING(
        tiles::parallel_for_each(view, v.extent.tile(8), tiles::kernel(copy_source, "no_such_kernel"), v, v),
        tiles::invalid_argument, "no kernel named 'no_such_kernel'", "copy");
}

TEST_CASE_METHOD(fresh_view, "tile_static memory beyond the device's is refused", "[refusal]") {
    const std::size_t device_bytes = view.get_accelerator().tile_static_memory();
    std::vector<float> data(8);
    tiles::array_view<float, 1> v(8, data);
    const char* source = "__kernel void k(__global float* out, __local float* scratch) { out[0] = 0; }";
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, v.extent.tile(8), tiles::kernel(source, "k"), v,
                                                       tiles::local_memory{device_bytes + 4}),
                              tiles::out_of_memory, "bytes of tile_static memory",
                              std::to_string(device_bytes).c_str());
}

TEST_CASE_METHOD(fresh_view, "an array larger than the device can allocate is refused", "[refusal]") {
    const std::uint64_t limit = view.get_accelerator().max_allocation();
    const int elements = int(std::min<std::uint64_t>(limit / sizeof(float) + 1, 1u << 30));
    if (std::uint64_t(elements) * sizeof(float) <= limit) {
        WARN("this device's largest allocation is too large to exceed with an int extent; skipped");
        return;
    }
    REQUIRE_THROWS_MENTIONING((tiles::array<float, 1>(tiles::extent<1>(elements), view)), tiles::out_of_memory,
                              "cannot allocate", std::to_string(limit).c_str());
}

TEST_CASE_METHOD(fresh_view, "arrays that together exceed the device's memory are refused and the library works on",
                 "[refusal][memory]") {
    // Arrays of the largest allocation (within an int extent): as many as the device's memory
    // holds are made, the next is refused, and after one is freed another fits again.
    const tiles::accelerator device = view.get_accelerator();
    const int elements = int(std::min<std::uint64_t>(device.max_allocation() / sizeof(float), 1u << 30));
    const std::uint64_t bytes = std::uint64_t(elements) * sizeof(float);
    const std::uint64_t fitting = device.dedicated_memory() / bytes;
    if (fitting > 16) {
        WARN("this device's memory holds " << fitting << " of its largest arrays; not exhausted here");
        return;
    }
    std::vector<tiles::array<float, 1>> held;
    for (std::uint64_t i = 0; i < fitting; ++i) held.emplace_back(tiles::extent<1>(elements), view);
    REQUIRE_THROWS_MENTIONING((tiles::array<float, 1>(tiles::extent<1>(elements), view)), tiles::out_of_memory,
                              "cannot allocate " + std::to_string(bytes) + " bytes",
                              "libtiles holds " + std::to_string(fitting * bytes),
                              "of its " + std::to_string(device.dedicated_memory()) + " bytes");
    held.pop_back();
    held.emplace_back(tiles::extent<1>(elements), view);
    held.clear();

    // Small arrays are made and kernels run as before.
    std::vector<float> in(64), out(64, 0.0f);
    std::iota(in.begin(), in.end(), 1.0f);
    tiles::array<float, 1> small(tiles::extent<1>(64), in, view);
    tiles::array_view<float, 1> result(64, out);
    tiles::parallel_for_each(view, small.extent.tile<16>(), tiles::kernel(copy_source, "copy"), small, result);
    result.synchronize();
    CHECK(out == in);
}

TEST_CASE("a container smaller than the extent is refused", "[refusal]") {
    std::vector<float> small(10);
    REQUIRE_THROWS_MENTIONING((tiles::array_view<float, 2>(tiles::extent<2>(4, 4), small)), tiles::invalid_argument,
                              "holds 10 elements", "needs 16");
    REQUIRE_THROWS_MENTIONING((tiles::array<float, 1>(tiles::extent<1>(16), small)), tiles::invalid_argument,
                              "holds 10 elements", "needs 16");
}

TEST_CASE("a device selector that matches nothing is refused listing the devices", "[refusal]") {
    const std::string first = tiles::accelerator::get_all().front().name();
    REQUIRE_THROWS_MENTIONING(tiles::accelerator("no-such-device-anywhere"), tiles::invalid_argument,
                              "no OpenCL device matches 'no-such-device-anywhere'", first.c_str());
    CHECK(tiles::accelerator("0:0") == tiles::accelerator::get_all().front());
    CHECK(tiles::accelerator(first.substr(0, 6)).name() == first);
}

TEST_CASE("a build log from a driver that ignores the prelude's #line gets the kernel's own lines", "[refusal]") {
    // NVIDIA's compiler counts lines from the top of the whole program: the prelude, then the
    // "#line 1" line, then the kernel's source.
    std::ifstream prelude(TILES_SOURCE_DIR "/kernels/prelude.cl");
    const std::string text((std::istreambuf_iterator<char>(prelude)), std::istreambuf_iterator<char>());
    const std::string program = text + "\n#line 1 \"kernel\"\nfirst line\nsecond line\n";
    const int header_lines = int(std::count(text.begin(), text.end(), '\n')) + 2;
    const std::string log = "<kernel>:" + std::to_string(header_lines + 2) +
                            ":12: error: use of undeclared identifier 'x'\n<kernel>:3:1: note: a prelude line\n";
    CHECK(tiles::engine::with_kernel_lines(log, program) ==
          "kernel:2:12: error: use of undeclared identifier 'x'\n<kernel>:3:1: note: a prelude line\n");
    // A log that honoured the #line (it names the kernel's source "kernel") is left as it is.
    CHECK(tiles::engine::with_kernel_lines("kernel:2:3: error: x\n", program) == "kernel:2:3: error: x\n");
}

TEST_CASE("a build the driver fails without a compiler error names the kernel's options and libtiles' own",
          "[refusal]") {
    using tiles::engine::driver_build_failure;
    const std::string options = "-cl-no-such-option -DN=4 -cl-kernel-arg-info -DTILES_RANK=1 -DTILES_TILED=0";
    // NVIDIA's driver on an option it does not take: CL_BUILD_PROGRAM_FAILURE, and no log.
    CHECK(driver_build_failure(CL_BUILD_PROGRAM_FAILURE, "", options) ==
          "the OpenCL driver failed twice (CL_BUILD_PROGRAM_FAILURE) without a compiler error; a build option it "
          "does not take may be the cause (the kernel's options: '-cl-no-such-option -DN=4'; libtiles' own: "
          "'-cl-kernel-arg-info -DTILES_RANK=1 -DTILES_TILED=0'), else the driver's cache or resources");
    CHECK(driver_build_failure(CL_BUILD_PROGRAM_FAILURE, "", " -cl-kernel-arg-info -DTILES_RANK=2 -DTILES_TILED=1") ==
          "the OpenCL driver failed twice (CL_BUILD_PROGRAM_FAILURE) without a compiler error; a build option it "
          "does not take may be the cause (the kernel's options: none; libtiles' own: '-cl-kernel-arg-info "
          "-DTILES_RANK=2 -DTILES_TILED=1'), else the driver's cache or resources");
    // A log without an error, which the message then precedes.
    CHECK_THAT(driver_build_failure(CL_BUILD_PROGRAM_FAILURE, "Unknown option -cl-no-such-option", options),
               Catch::StartsWith("the OpenCL driver failed twice (CL_BUILD_PROGRAM_FAILURE) without a compiler error "
                                 "in its log; a build option"));
    CHECK(driver_build_failure(CL_INVALID_BUILD_OPTIONS, "Invalid build option: -cl-no-such-option", options) ==
          "the driver refused the build options (the kernel's options: '-cl-no-such-option -DN=4'; libtiles' own: "
          "'-cl-kernel-arg-info -DTILES_RANK=1 -DTILES_TILED=0')");
    // The kernel's compiler errors are the kernel's fault: its log says why.
    CHECK(driver_build_failure(CL_BUILD_PROGRAM_FAILURE, "kernel:3:5: error: use of undeclared identifier", options) ==
          "it did not compile");
}

TEST_CASE_METHOD(fresh_view, "a container whose elements are not the size of the kernel's struct is refused",
                 "[refusal]") {
    // Named as a struct tag here, where the C test names a typedef.
    const tiles::kernel weigh(R"(
struct point { float x, y, z; };
__kernel void weigh(__global const struct point* p, __global float* out) {
    const int i = get_global_id(0);
    out[i] = p[i].x + 2.0f * p[i].y + 4.0f * p[i].z;
})",
                              "weigh");
    struct point {
        float x, y, z;
    };
    std::vector<point> points{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    std::vector<float> floats(9, 1.0f), weights(3, 0.0f);
    tiles::array_view<const float, 1> float_view(9, floats);
    tiles::array_view<const point, 1> point_view(3, points);
    tiles::array_view<float, 1> out(3, weights);
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, tiles::extent<1>(3), weigh, float_view, out),
                              tiles::invalid_argument, "its elements are 4 bytes, but a struct point is 12 bytes");
    tiles::parallel_for_each(view, tiles::extent<1>(3), weigh, point_view, out);
    out.synchronize();
    CHECK(weights == std::vector<float>{1 + 4 + 12, 4 + 10 + 24, 7 + 16 + 36});
}

TEST_CASE("the algorithms' launches count blocks and work-items without overflowing an int", "[refusal]") {
    // A matrix of INT_MAX rows (8 GiB of floats, which a large GPU holds): its blocks are counted
    // whole, and a launch of more work-items than an int indexes is refused, naming the count.
    CHECK(tiles::algorithms::blocks_covering(INT_MAX, 128) == 16777216);
    CHECK(tiles::algorithms::blocks_covering(INT_MAX, 1) == INT_MAX);
    CHECK(tiles::algorithms::blocks_covering(7, 8) == 1);
    CHECK(tiles::algorithms::blocks_covering(16, 8) == 2);
    const tiles::engine::launch_domain fits = tiles::algorithms::covering_domain(std::int64_t(16777216) * 16, 1, 16, 1);
    CHECK(fits.extent[0] == 268435456);
    REQUIRE_THROWS_MENTIONING(tiles::algorithms::covering_domain(std::int64_t(INT_MAX) * 16, 1, 16, 1),
                              tiles::invalid_argument,
                              "a launch would need 34359738352 work-items along the rows, more than the 2147483647");
    REQUIRE_THROWS_MENTIONING(tiles::algorithms::covering_domain(std::int64_t(INT_MAX) + 1, 256),
                              tiles::invalid_argument, "a launch would need 2147483648 work-items along the data");
}

TEST_CASE("the algorithms refuse tiles that reach past the positions an int indexes", "[refusal]") {
    // gemm's C of INT_MAX rows (a column of 8 GiB of floats) in blocks of 128 rows: its last block
    // ends at row 2147483648. The last position an int holds is accepted.
    const std::int64_t last_block_end = std::int64_t(tiles::algorithms::blocks_covering(INT_MAX, 128)) * 128;
    CHECK(last_block_end == std::int64_t(INT_MAX) + 1);
    REQUIRE_THROWS_MENTIONING(tiles::algorithms::check_reach("gemm", "C's rows", INT_MAX, last_block_end),
                              tiles::invalid_argument,
                              "gemm: the tiles over C's rows (2147483647) reach position 2147483648, past the "
                              "2147483647 the kernel indexes in an int");
    CHECK_NOTHROW(tiles::algorithms::check_reach(
        "gemm", "C's rows", INT_MAX - 127, std::int64_t(tiles::algorithms::blocks_covering(INT_MAX - 127, 128)) * 128));
}

TEST_CASE_METHOD(fresh_view, "a tile other than the kernel's reqd_work_group_size is refused naming both",
                 "[refusal]") {
    // OpenCL's order: 8 work-items along x (AMP's last dimension, the columns), 4 along y.
    const tiles::kernel k(R"(
__kernel __attribute__((reqd_work_group_size(8, 4, 1))) void fixed(__global float* out) {
    tiled_index t = get_tiled_index();
    out[linear_index(t.global_id, t.extent)] = t.local_id[0] * 10 + t.local_id[1];
})",
                          "fixed");
    std::vector<float> out(8 * 16, -1.0f);
    tiles::array_view<float, 2> v(8, 16, out);
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, v.extent.tile<8, 4>(), k, v),
                              tiles::invalid_compute_domain,
                              "kernel 'fixed' declares __attribute__((reqd_work_group_size(8, 4, 1))), so it runs only "
                              "in tiles of 4 x 8 work-items (AMP's order, the reverse of OpenCL's), not the "
                              "launch's tile of 8x4");
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, v.extent, k, v), tiles::invalid_compute_domain,
                              "reqd_work_group_size(8, 4, 1)", "launch it over an extent tiled so, not untiled");
    CHECK(view.counters().launches == 0);
    // Its own shape runs: rows of 4, columns of 8, in AMP's order.
    tiles::parallel_for_each(view, v.extent.tile<4, 8>(), k, v);
    v.synchronize();
    for (int row = 0; row < 8; ++row)
        for (int column = 0; column < 16; ++column) CHECK(out[row * 16 + column] == (row % 4) * 10 + column % 8);
}

TEST_CASE("a build log's diagnostics each quote their line with a caret, once", "[refusal]") {
    const std::string program = "prelude line\n#line 1 \"kernel\"\nfirst\n\tx = y + z;\n";
    // A driver's log without the lines (PoCL's) gets them, the caret's indent following tabs.
    CHECK(tiles::engine::with_source_lines("kernel:2:10: error: no z\nnote: kernel:1:1: here", program) ==
          "kernel:2:10: error: no z\n\tx = y + z;\n\t        ^\nnote: kernel:1:1: here\nfirst\n^");
    // A log that quotes them already (clang's own format) is left as it is, as is a prelude's line.
    const std::string quoted = "kernel:2:6: warning: w\n\tx = y + z;\n\t    ^\nprelude:1:1: note\n";
    CHECK(tiles::engine::with_source_lines(quoted, program) == quoted);
}

TEST_CASE("a type's name in a message takes the article of the sound it begins with", "[refusal]") {
    CHECK(tiles::with_article("int") == "an int");
    CHECK(tiles::with_article("event_t") == "an event_t");
    CHECK(tiles::with_article("long (int64)") == "a long (int64)");
    CHECK(tiles::with_article("__global float*") == "a __global float*");
    // A u said "you" takes "a"; "un" said as in "unsigned", "an".
    CHECK(tiles::with_article("uint") == "a uint");
    CHECK(tiles::with_article("ulong (uint64)") == "a ulong (uint64)");
    CHECK(tiles::with_article("union pair") == "a union pair");
    CHECK(tiles::with_article("unsigned int") == "an unsigned int");
}
