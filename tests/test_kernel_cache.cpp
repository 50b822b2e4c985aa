// Kernels are built once per (view, source, options, tile shape) and found again afterwards; a
// kernel that does not build leaves the cache as it was.
#include <cstdint>
#include <string>
#include <vector>

#include "fixture.hpp"

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
