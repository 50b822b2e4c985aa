// Kernels are built once per (view, source, options, tile shape) and found again afterwards.
#include <vector>

#include "fixture.hpp"

namespace {
// Programs the view obtained: compiled, or loaded from the disk cache (as earlier runs left it).
std::uint64_t programs_made(const tiles::accelerator_view& view) {
    return view.counters().kernel_builds + view.counters().binary_loads;
}

const char* const fill_source = R"(
__kernel void fill(__global int* out, int value) { out[get_thread_index().global_id[0]] = value; })";
}

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
    CHECK(programs_made(view) == 2);  // same source and shape: the context's cache
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
        CHECK(programs_made(view) == 1);  // a new context never meets a stale kernel
        CHECK(v(0) == round);
    }
}
