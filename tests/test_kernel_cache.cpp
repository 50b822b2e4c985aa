// Kernels are built once per (view, source, options, tile shape) and found again afterwards; a
// kernel that does not build leaves the cache as it was.
#include <cstdint>
#include <string>
#include <vector>

#include "fixture.hpp"
#include "routes/route_registry.hpp"

namespace {
// Programs the view obtained: compiled, or loaded from the disk cache (as earlier runs left it).
std::uint64_t programs_made(const tiles::accelerator_view& view) {
    return view.counters().kernel_builds + view.counters().binary_loads;
}

const char* const fill_source = R"(
__kernel void fill(__global int* out, int value) { out[get_thread_index().global_id[0]] = value; })";
} // namespace

TEST_CASE_METHOD(fresh_view, "a repeated launch finds its kernel built", "[cache]") {
    std::vector<int> data(64);
    tiles::array_view<int, 1> v(64, data);
    const tiles::kernel fill(fill_source, "fill");
    tiles::parallel_for_each(view, v.extent.tile<8>(), fill, v, 1);
    tiles::parallel_for_each(view, v.extent.tile<8>(), fill, v, 2);
    tiles::parallel_for_each(view, v.extent.tile<8>(), fill, v, 3);
    CHECK(programs_made(view) == 1);
    CHECK(view.counters().cache_hits == 2);
    CHECK(v(63) == 3);
}

TEST_CASE_METHOD(fresh_view, "a new tile shape or new options build again but an equal kernel object does not",
                 "[cache]") {
    std::vector<int> data(64);
    tiles::array_view<int, 1> v(64, data);
    tiles::parallel_for_each(view, v.extent.tile<8>(), tiles::kernel(fill_source, "fill"), v, 1);
    tiles::parallel_for_each(view, v.extent.tile<16>(), tiles::kernel(fill_source, "fill"), v, 1);
    CHECK(programs_made(view) == 2);
    tiles::parallel_for_each(view, v.extent.tile<8>(), tiles::kernel(fill_source, "fill"), v, 1);
    CHECK(programs_made(view) == 2); // same source and shape: the context's cache
    tiles::parallel_for_each(view, v.extent.tile<8>(), tiles::kernel(fill_source, "fill", "-DUNUSED=1"), v, 1);
    CHECK(programs_made(view) == 3);
}

TEST_CASE("kernels are cached per accelerator view and die with it", "[cache]") {
    std::vector<int> data(16);
    tiles::array_view<int, 1> v(16, data);
    const tiles::kernel fill(fill_source, "fill");
    for (int round = 0; round < 3; ++round) {
        const tiles::accelerator_view view = tiles::accelerator().create_view();
        tiles::parallel_for_each(view, v.extent, fill, v, round);
        CHECK(programs_made(view) == 1); // a new context never meets a stale kernel
        CHECK(v(0) == round);
    }
}

TEST_CASE_METHOD(fresh_view, "a kernel that does not build leaves the cache usable and builds once fixed", "[cache]") {
    // It compiles for tiles of up to 8 only, so one kernel object both fails and builds.
    const std::string checks_tile = "#if TILE_DIM0 > 8\n#error tiles of more than 8 are refused\n#endif\n";
    const std::string picky_source = checks_tile + fill_source;
    std::vector<int> data(64);
    tiles::array_view<int, 1> v(64, data);
    const tiles::kernel fill(fill_source, "fill");
    const tiles::kernel picky(picky_source, "fill");
    tiles::parallel_for_each(view, v.extent.tile<8>(), fill, v, 1);

    for (int attempt = 0; attempt < 2; ++attempt) // a failure is not cached as a success
        REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, v.extent.tile<16>(), picky, v, 2), tiles::build_error,
                                  "tiles of more than 8 are refused");
    tiles::parallel_for_each(view, v.extent.tile<8>(), picky, v, 3);
    CHECK(v(63) == 3);
    tiles::parallel_for_each(view, v.extent.tile<16>(), tiles::kernel(fill_source, "fill"), v, 4);
    CHECK(v(63) == 4);

    // The kernel built before the failures is still served from the cache.
    const std::uint64_t made = programs_made(view);
    CHECK(made == 5); // fill for 8, picky twice for 16, picky for 8, fill for 16
    tiles::parallel_for_each(view, v.extent.tile<8>(), fill, v, 5);
    CHECK(v(0) == 5);
    CHECK(programs_made(view) == made);
}

TEST_CASE_METHOD(fresh_view, "tiles::build compiles ahead of the first launch, which then compiles nothing",
                 "[cache]") {
    const tiles::kernel fill(fill_source, "fill");
    const tiles::tiled_extent<1> domain = tiles::extent<1>(64).tile<8>();
    CHECK(tiles::build(view, domain, fill).empty()); // the fill kernel gives no warning
    CHECK(programs_made(view) == 1);
    std::vector<int> data(64);
    tiles::array_view<int, 1> v(64, data);
    tiles::parallel_for_each(view, domain, fill, v, 7);
    CHECK(programs_made(view) == 1);
    CHECK(v(63) == 7);
    // The extent's size is not part of what is built; the tile shape is.
    tiles::build(view, tiles::extent<1>(1024).tile<8>(), fill);
    CHECK(programs_made(view) == 1);
    tiles::build(view, tiles::extent<1>(64).tile<16>(), fill);
    CHECK(programs_made(view) == 2);
}

TEST_CASE_METHOD(fresh_view, "tiles::build refuses a source that does not compile before any data moves", "[cache]") {
    const tiles::kernel broken("__kernel void broken(__global int* out) { out[0] = undeclared_name; }", "broken");
    REQUIRE_THROWS_MENTIONING(tiles::build(view, tiles::extent<1>(8), broken), tiles::build_error, "undeclared_name");
    CHECK(view.counters().uploads == 0);
    CHECK_THROWS_AS(tiles::build(view, tiles::extent<1>(8).tile<3>(), tiles::kernel(fill_source, "fill")),
                    tiles::invalid_compute_domain); // 3 does not divide 8
}

TEST_CASE_METHOD(fresh_view, "the compiler's warnings are on the kernel, from tiles::build and from launches",
                 "[cache]") {
    // A kernel of its own: PoCL caches builds by their preprocessed text, where #warning is gone,
    // and gives a program the log of the first build with that text.
    const tiles::kernel warned(R"(#warning the build log reaches the kernel
__kernel void twice(__global int* out, int value) { out[get_thread_index().global_id[0]] = 2 * value; })",
                               "twice");
    CHECK(warned.build_log().empty()); // nothing built yet
    const std::string log = tiles::build(view, tiles::extent<1>(16), warned);
    CHECK_THAT(log, Catch::Contains("the build log reaches the kernel"));
    CHECK(warned.build_log() == log);
    const tiles::kernel quiet(fill_source, "fill");
    std::vector<int> data(16);
    tiles::array_view<int, 1> v(16, data);
    tiles::parallel_for_each(view, v.extent, quiet, v, 1);
    CHECK(quiet.build_log().empty());
}

TEST_CASE("a build's warnings leave out what the driver says of every kernel", "[cache]") {
    const std::string every_kernel = "(): Warning: Function fill is a kernel, so overriding noinline attribute. The "
                                     "function may be inlined when called.";
    const std::string warning = "kernel:1:2: warning: kept with the binary\n#warning kept with the binary\n ^";
    using tiles::engine::without_driver_boilerplate;
    CHECK(without_driver_boilerplate(every_kernel + "\n\n").empty());
    CHECK(without_driver_boilerplate(every_kernel + "\r\n").empty());
    CHECK(without_driver_boilerplate(warning + "\n" + every_kernel + "\n") == warning + "\n");
    CHECK(without_driver_boilerplate(warning) == warning);
    CHECK(without_driver_boilerplate("\n \n").empty());
    // The line is left where it is not the whole line, or names no function.
    CHECK(without_driver_boilerplate("x " + every_kernel) == "x " + every_kernel);
}
