// One source may hold tiled and untiled kernels of different ranks: the whole source compiles for
// the launch of any one of them, and each computes what a source of its own would.
#include <numeric>
#include <string>
#include <vector>

#include "fixture.hpp"

namespace {
// A tiled rank-2 kernel that sizes its tile_static memory by the tile and waits at a barrier,
// beside untiled rank-1 and tiled rank-1 kernels.
const char* const mixed_source = R"(
__kernel void tile_sums(__global const float* in, __global float* sums) {
    tiled_index t = get_tiled_index();
    tile_static float values[TILE_DIM0][TILE_DIM1];
    values[t.local_id[0]][t.local_id[1]] = in[linear_index(t.global_id, t.extent)];
    tile_barrier_wait();
    if (t.local_id[0] == 0 && t.local_id[1] == 0) {
        float sum = 0;
        for (int r = 0; r < TILE_DIM0; ++r)
            for (int c = 0; c < TILE_DIM1; ++c) sum += values[r][c];
        sums[t.tile[0] * (t.extent[1] / TILE_DIM1) + t.tile[1]] = sum;
    }
}

__kernel void scale(__global float* data, float factor) {
    thread_index t = get_thread_index();
    data[t.global_id[0]] *= factor;
}

__kernel void tile_firsts(__global const float* in, __global float* firsts) {
    tiled_index t = get_tiled_index();
    tile_static float first;
    if (t.local_id[0] == 0) first = in[t.global_id[0]];
    tile_barrier_wait();
    if (t.local_id[0] == TILE_DIM0 - 1) firsts[t.tile[0]] = first;
}
)";
} // namespace

TEST_CASE_METHOD(fresh_view, "one source's tiled and untiled kernels of ranks 1 and 2 each launch and compute",
                 "[kernel][mixed]") {
    std::vector<float> matrix(8 * 8);
    std::iota(matrix.begin(), matrix.end(), 0.0f);
    const tiles::array_view<const float, 2> in(8, 8, matrix);
    std::vector<float> sums(4, -1.0f);
    tiles::array_view<float, 2> tile_sums(2, 2, sums);
    tiles::parallel_for_each(view, in.extent.tile<4, 4>(), tiles::kernel(mixed_source, "tile_sums"), in, tile_sums);
    tile_sums.synchronize();
    // The 4x4 block at (R, C) holds 8 * (4R + r) + 4C + c for r, c in 0..3: its sum is
    // 16 * (32R + 4C) + 8 * 4 * 6 + 4 * 6.
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 2; ++c) CHECK(sums[r * 2 + c] == 16.0f * (32 * r + 4 * c) + 192 + 24);

    std::vector<float> data{1, 2, 3, 4, 5, 6, 7, 8};
    tiles::array_view<float, 1> scaled(8, data);
    tiles::parallel_for_each(view, scaled.extent, tiles::kernel(mixed_source, "scale"), scaled, 3.0f);
    scaled.synchronize();
    CHECK(data == std::vector<float>{3, 6, 9, 12, 15, 18, 21, 24});

    std::vector<float> firsts(2, -1.0f);
    tiles::array_view<float, 1> tile_firsts(2, firsts);
    tiles::parallel_for_each(view, scaled.extent.tile<4>(), tiles::kernel(mixed_source, "tile_firsts"), scaled,
                             tile_firsts);
    tile_firsts.synchronize();
    CHECK(firsts == std::vector<float>{3, 15});
}

TEST_CASE_METHOD(fresh_view,
                 "building a whole source names its kernels, and its untiled rank-1 launches compile nothing",
                 "[kernel][mixed]") {
    const tiles::engine::source_build built = tiles::engine::build_source(view.context(), mixed_source, "");
    CHECK(built.kernel_names == std::vector<std::string>{"tile_sums", "scale", "tile_firsts"});
    const auto programs_made = [&] { return view.counters().kernel_builds + view.counters().binary_loads; };
    CHECK(programs_made() == 1);
    std::vector<float> data{1, 2};
    tiles::array_view<float, 1> v(2, data);
    tiles::parallel_for_each(view, v.extent, tiles::kernel(mixed_source, "scale"), v, 2.0f);
    v.synchronize();
    CHECK(programs_made() == 1);
    CHECK(data == std::vector<float>{2, 4});
}

TEST_CASE_METHOD(fresh_view, "building a whole source that does not compile throws its log", "[kernel][mixed]") {
    REQUIRE_THROWS_MENTIONING(
        tiles::engine::build_source(view.context(), "__kernel void k() { undeclared_name = 1; }", ""),
        tiles::build_error, "the whole source", "undeclared_name");
}
