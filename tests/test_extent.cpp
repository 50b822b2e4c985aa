// index, extent and tiled_extent on the host, checked against C++ AMP's published examples.
#include <limits>

#include "fixture.hpp"

TEST_CASE("extent counts and contains its points", "[extent]") {
    const tiles::extent<3> e(2, 3, 4);
    CHECK(e.size() == 24);
    CHECK(e.contains(tiles::index<3>(1, 2, 3)));
    CHECK_FALSE(e.contains(tiles::index<3>(2, 0, 0)));
    CHECK_FALSE(e.contains(tiles::index<3>(0, -1, 0)));
}

TEST_CASE("run-time and compile-time tiles are the same tiled_extent", "[extent]") {
    const tiles::extent<2> e(8, 9);
    CHECK(e.tile(2, 3) == e.tile<2, 3>());
    CHECK(e.tile<2, 3>().tile_extent() == tiles::extent<2>(2, 3));
    CHECK(e.tile(2, 3).tile_count() == tiles::extent<2>(4, 3)); // the seed: 12 tiles, 4 rows of 3
}

TEST_CASE("pad and truncate round to whole tiles as in the AMP team's examples", "[extent]") {
    // extent<2>(999, 666).tile<16, 16>(): pad() is (1008, 672), truncate() is (992, 656).
    const auto t = tiles::extent<2>(999, 666).tile<16, 16>();
    CHECK(static_cast<const tiles::extent<2>&>(t.pad()) == tiles::extent<2>(1008, 672));
    CHECK(static_cast<const tiles::extent<2>&>(t.truncate()) == tiles::extent<2>(992, 656));
    CHECK(t.pad().tile_extent() == tiles::extent<2>(16, 16));
    // An extent that is already whole tiles stays as it is.
    const auto whole = tiles::extent<1>(64).tile<16>();
    CHECK(whole.pad() == whole);
    CHECK(whole.truncate() == whole);
    // Rank 3, each dimension on its own.
    const auto t3 = tiles::extent<3>(5, 8, 9).tile(2, 4, 4);
    CHECK(static_cast<const tiles::extent<3>&>(t3.pad()) == tiles::extent<3>(6, 8, 12));
    CHECK(static_cast<const tiles::extent<3>&>(t3.truncate()) == tiles::extent<3>(4, 8, 8));
}

TEST_CASE("the AMP specification's tiled_index example has 4x6 tiles", "[extent]") {
    // extent<2>(20, 24).tile<5, 4>() -> 4 x 6 tiles.
    CHECK(tiles::extent<2>(20, 24).tile<5, 4>().tile_count() == tiles::extent<2>(4, 6));
}

TEST_CASE("a tile dimension that is not positive is refused where the tile is made", "[extent][refusal]") {
    REQUIRE_THROWS_MENTIONING(tiles::extent<2>(8, 8).tile(2, 0), tiles::invalid_compute_domain,
                              "dimension 1 of the tile (0)", "not positive");
    REQUIRE_THROWS_MENTIONING(tiles::extent<1>(8).tile(-4), tiles::invalid_compute_domain,
                              "dimension 0 of the tile (-4)");
}

TEST_CASE("pad refuses an extent that whole tiles would take past an int, naming the numbers", "[extent]") {
    const auto near_the_top = tiles::extent<2>(8, std::numeric_limits<int>::max()).tile(8, 16);
    REQUIRE_THROWS_MENTIONING(near_the_top.pad(), tiles::invalid_compute_domain,
                              "the extent of dimension 1 (2147483647) rounded up to whole tiles of 16 is 2147483648");
    const auto at_the_top = tiles::extent<1>(std::numeric_limits<int>::max() - 15).tile(16);
    CHECK(at_the_top.pad() == at_the_top);
}
