// tiled_index in kernels: every member of every work-item, for ranks 1, 2 and 3, against C++
// AMP's identities (local = global % tile, tile = global / tile, tile_origin = global - local),
// and the seed's 8x9 matrix in 2x3 tiles element by element.
#include <vector>

#include "../examples/description.h"
#include "example_kernels.hpp"
#include "fixture.hpp"

namespace {

// Each work-item writes its tiled_index (18 ints: global, local, tile, tile_origin, tile_extent,
// extent) and TILE_DIM0..2 into its own record.
const char* const record_index_source = R"(
__kernel void record(__global int* out) {
    tiled_index t = get_tiled_index();
    __global int* r = out + 21 * linear_index(t.global_id, t.extent);
    for (int d = 0; d < 3; ++d) {
        r[d] = t.global_id[d];
        r[3 + d] = t.local_id[d];
        r[6 + d] = t.tile[d];
        r[9 + d] = t.tile_origin[d];
        r[12 + d] = t.tile_extent[d];
        r[15 + d] = t.extent[d];
    }
#ifdef TILE_DIM0
    r[18] = TILE_DIM0;
#endif
#ifdef TILE_DIM1
    r[19] = TILE_DIM1;
#endif
#ifdef TILE_DIM2
    r[20] = TILE_DIM2;
#endif
}
)";

template <int N>
void check_every_index(const tiles::accelerator_view& view, const tiles::extent<N>& e, const tiles::extent<N>& tile) {
    std::vector<int> out(e.size() * 21, -1);
    tiles::array_view<int, 1> records(int(out.size()), out);
    tiles::parallel_for_each(view, tiles::tiled_extent<N>(e, tile), tiles::kernel(record_index_source, "record"),
                             records);
    records.synchronize();

    std::array<int, 3> g{}, ext{1, 1, 1}, t{1, 1, 1};
    for (int d = 0; d < N; ++d) ext[d] = e[d], t[d] = tile[d];
    for (g[0] = 0; g[0] < ext[0]; ++g[0])
        for (g[1] = 0; g[1] < ext[1]; ++g[1])
            for (g[2] = 0; g[2] < ext[2]; ++g[2]) {
                const int* r = &out[21 * ((g[0] * ext[1] + g[1]) * ext[2] + g[2])];
                INFO("element (" << g[0] << "," << g[1] << "," << g[2] << ")");
                for (int d = 0; d < 3; ++d) {
                    CHECK(r[d] == g[d]);                   // global
                    CHECK(r[3 + d] == g[d] % t[d]);        // local
                    CHECK(r[6 + d] == g[d] / t[d]);        // tile
                    CHECK(r[9 + d] == g[d] - g[d] % t[d]); // tile_origin
                    CHECK(r[12 + d] == t[d]);              // tile_extent
                    CHECK(r[15 + d] == ext[d]);            // extent
                }
                for (int d = 0; d < N; ++d) CHECK(r[18 + d] == t[d]); // TILE_DIMd
            }
}

} // namespace

TEST_CASE_METHOD(fresh_view, "tiled_index of every work-item follows AMP's identities", "[tiled_index]") {
    SECTION("rank 1") { check_every_index(view, tiles::extent<1>(24), tiles::extent<1>(8)); }
    SECTION("rank 2, tiles that are not square") {
        check_every_index(view, tiles::extent<2>(6, 8), tiles::extent<2>(3, 2));
    }
    SECTION("rank 3") { check_every_index(view, tiles::extent<3>(4, 6, 4), tiles::extent<3>(2, 3, 2)); }
    SECTION("the AMP specification's 20x24 in 5x4 tiles") {
        check_every_index(view, tiles::extent<2>(20, 24), tiles::extent<2>(5, 4));
    }
}

TEST_CASE_METHOD(fresh_view, "the seed's 8x9 matrix in 2x3 tiles: tile and global and local index of every element",
                 "[tiled_index][seed]") {
    std::vector<Description> descs;
    for (int i = 0; i < 72; i++) descs.push_back({i, 0, 0, 0, 0, 0, 0});
    tiles::array_view<Description, 2> descriptions(tiles::extent<2>(8, 9), descs);
    tiles::parallel_for_each(view, descriptions.extent.tile<2, 3>(),
                             tiles::kernel(example_kernel_tiling_description, "describe_tiles"), descriptions);

    for (int row = 0; row < 8; row++)
        for (int column = 0; column < 9; column++) {
            const Description& d = descriptions(row, column);
            INFO("element (" << row << "," << column << ")");
            CHECK(d.value == row * 9 + column);
            CHECK(d.tileRow == row / 2);
            CHECK(d.tileColumn == column / 3);
            CHECK(d.globalRow == row);
            CHECK(d.globalColumn == column);
            CHECK(d.localRow == row % 2);
            CHECK(d.localColumn == column % 3);
        }
    // The seed's figure: 12 tiles in four rows and three columns.
    CHECK(descriptions(7, 8).tileRow == 3);
    CHECK(descriptions(7, 8).tileColumn == 2);
}

TEST_CASE_METHOD(fresh_view, "an untiled launch gives every point its global index in AMP order", "[tiled_index]") {
    const char* source = R"(
__kernel void record(__global int* out) {
    thread_index i = get_thread_index();
    out[linear_index(i.global_id, i.extent)] = 100 * i.global_id[0] + 10 * i.global_id[1] + i.global_id[2];
})";
    std::vector<int> out(2 * 3 * 5, -1);
    tiles::array_view<int, 3> v(2, 3, 5, out);
    tiles::parallel_for_each(view, v.extent, tiles::kernel(source, "record"), v);
    for (int a = 0; a < 2; ++a)
        for (int b = 0; b < 3; ++b)
            for (int c = 0; c < 5; ++c) CHECK(v(a, b, c) == 100 * a + 10 * b + c);
}
