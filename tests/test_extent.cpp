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

TEST_CASE("index arithmetic is AMP's, component by component", "[extent][arithmetic]") {
    using tiles::index;
    const index<3> a(1, 2, 3), b(4, 5, 6);
    CHECK(a + b == index<3>(5, 7, 9));
    CHECK(b - a == index<3>(3, 3, 3));
    CHECK(a + 10 == index<3>(11, 12, 13));
    CHECK(10 + a == index<3>(11, 12, 13));
    CHECK(a - 1 == index<3>(0, 1, 2));
    CHECK(10 - a == index<3>(9, 8, 7)); // value - idx[i]
    CHECK(a * 3 == index<3>(3, 6, 9));
    CHECK(3 * a == index<3>(3, 6, 9));
    CHECK(b / 2 == index<3>(2, 2, 3));
    CHECK(12 / a == index<3>(12, 6, 4)); // value / idx[i]
    CHECK(b % 4 == index<3>(0, 1, 2));
    CHECK(7 % a == index<3>(0, 1, 1));
    // Components may be negative; / and % truncate toward zero, as int arithmetic does.
    CHECK(index<2>(-7, 7) / 2 == index<2>(-3, 3));
    CHECK(index<2>(-7, 7) % 2 == index<2>(-1, 1));

    index<2> i(5, 8);
    CHECK(&(i += 2) == &i);
    CHECK(i == index<2>(7, 10));
    i -= 3;
    CHECK(i == index<2>(4, 7));
    i *= 2;
    CHECK(i == index<2>(8, 14));
    i /= 4;
    CHECK(i == index<2>(2, 3));
    i %= 2;
    CHECK(i == index<2>(0, 1));
    i += index<2>(10, 20);
    CHECK(i == index<2>(10, 21));
    i -= index<2>(1, 1);
    CHECK(i == index<2>(9, 20));

    // ++ and -- add or subtract 1 in every component; the postfix forms return the old value.
    CHECK(++i == index<2>(10, 21));
    CHECK(i++ == index<2>(10, 21));
    CHECK(i == index<2>(11, 22));
    CHECK(--i == index<2>(10, 21));
    CHECK(i-- == index<2>(10, 21));
    CHECK(i == index<2>(9, 20));
    CHECK(i != index<2>(9, 21));
}

TEST_CASE("extent arithmetic is AMP's: with extents, with indices and with ints", "[extent][arithmetic]") {
    using tiles::extent;
    using tiles::index;
    const extent<2> e(8, 9);
    CHECK(e + extent<2>(1, 2) == extent<2>(9, 11));
    CHECK(e - extent<2>(1, 2) == extent<2>(7, 7));
    CHECK(e + index<2>(2, 1) == extent<2>(10, 10)); // extent + index is an extent
    CHECK(e - index<2>(2, 1) == extent<2>(6, 8));
    CHECK(e * 2 == extent<2>(16, 18));
    CHECK(2 * e == extent<2>(16, 18));
    CHECK(e / 2 == extent<2>(4, 4));
    CHECK(72 / e == extent<2>(9, 8));
    CHECK(e % 5 == extent<2>(3, 4));
    CHECK(20 - e == extent<2>(12, 11));
    extent<2> f = e;
    f += index<2>(1, 1);
    CHECK(f == extent<2>(9, 10));
    f -= extent<2>(4, 5);
    CHECK(f == extent<2>(5, 5));
    CHECK(f++ == extent<2>(5, 5));
    CHECK(f == extent<2>(6, 6));
    CHECK(--f == extent<2>(5, 5));
    // section(origin) views "extent - origin": the rest from origin on.
    CHECK(extent<3>(4, 5, 6) - index<3>(1, 2, 3) == extent<3>(3, 3, 3));
}

TEST_CASE("index and extent have any rank", "[extent][rank]") {
    const tiles::extent<5> e(2, 3, 4, 5, 6);
    CHECK(e.size() == 720);
    CHECK(tiles::extent<5>::rank == 5);
    CHECK(e.contains(tiles::index<5>(1, 2, 3, 4, 5)));
    CHECK_FALSE(e.contains(tiles::index<5>(1, 2, 3, 5, 5)));
    const int components[4] = {5, 4, 3, 2};
    tiles::index<4> i(components);
    CHECK(i + 1 == tiles::index<4>(6, 5, 4, 3));
    CHECK(tiles::extent<4>(5, 4, 3, 2) - i == tiles::extent<4>(0, 0, 0, 0));
    CHECK(tiles::extent<4>(5, 4, 3, 2).size() == 120);
}

TEST_CASE("index and extent division by zero is refused, naming the numbers", "[extent][arithmetic][refusal]") {
    REQUIRE_THROWS_MENTIONING(tiles::index<2>(4, 6) / 0, tiles::invalid_argument, "4 / 0", "divides by zero");
    REQUIRE_THROWS_MENTIONING(12 % tiles::extent<2>(4, 0), tiles::invalid_argument, "12 % 0");
    tiles::index<1> smallest(std::numeric_limits<int>::min());
    REQUIRE_THROWS_MENTIONING(smallest /= -1, tiles::invalid_argument, "-2147483648 / -1", "beyond an int");
}

TEST_CASE("tiled_index on the host follows the AMP specification's example", "[extent][tiled_index]") {
    // SPEC 4.4: extent<2>(20, 24).tile<5, 4>(): the thread at global (6, 9) has local (1, 1),
    // tile (1, 2) and tile_origin (5, 8).
    const auto domain = tiles::extent<2>(20, 24).tile<5, 4>();
    const tiles::tiled_index<2> t(tiles::index<2>(6, 9), domain.get_tile_extent());
    CHECK(t.global == tiles::index<2>(6, 9));
    CHECK(t.local == tiles::index<2>(1, 1));
    CHECK(t.tile == tiles::index<2>(1, 2));
    CHECK(t.tile_origin == tiles::index<2>(5, 8));
    CHECK(t.get_tile_extent() == tiles::extent<2>(5, 4));
    CHECK(tiles::tiled_index<2>::rank == 2);
    const tiles::index<2> as_index = t; // av[t_idx] indexes by the global index
    CHECK(as_index == tiles::index<2>(6, 9));

    // Every point of a rank-3 domain keeps AMP's identities, checked against plain loops.
    const tiles::extent<3> tile(2, 3, 4);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 6; ++j)
            for (int k = 0; k < 8; ++k) {
                const tiles::tiled_index<3> u(tiles::index<3>(i, j, k), tile);
                CHECK(u.local == tiles::index<3>(i % 2, j % 3, k % 4));
                CHECK(u.tile == tiles::index<3>(i / 2, j / 3, k / 4));
                CHECK(u.tile_origin + u.local == u.global);
            }

    // The member-wise constructor keeps what it is given.
    const tiles::tiled_index<1> m(tiles::index<1>(9), tiles::index<1>(1), tiles::index<1>(2), tiles::index<1>(8),
                                  tiles::extent<1>(4));
    CHECK(m.tile == tiles::index<1>(2));
    REQUIRE_THROWS_MENTIONING(tiles::tiled_index<1>(tiles::index<1>(3), tiles::extent<1>(0)), tiles::invalid_argument,
                              "divides by zero");
}
