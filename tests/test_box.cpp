// The storage engine's box arithmetic, against brute force: every cell of a small grid is
// checked for membership in random boxes and the sets built from them.
#include <catch2/catch.hpp>

#include <random>

#include "memory/box.hpp"

using tiles::engine::box;
using tiles::engine::box_set;

namespace {

constexpr std::size_t side = 6;

bool contains(const box& b, std::size_t x, std::size_t y, std::size_t z) {
    const std::size_t p[3] = {x, y, z};
    for (int d = 0; d < 3; ++d)
        if (p[d] < b.origin[d] || p[d] >= b.origin[d] + b.extent[d]) return false;
    return true;
}

int cover_count(const std::vector<box>& boxes, std::size_t x, std::size_t y, std::size_t z) {
    int n = 0;
    for (const box& b : boxes) n += contains(b, x, y, z);
    return n;
}

box random_box(std::mt19937& gen) {
    std::uniform_int_distribution<std::size_t> start(0, side - 1);
    box b;
    for (int d = 0; d < 3; ++d) {
        b.origin[d] = start(gen);
        b.extent[d] = std::uniform_int_distribution<std::size_t>(0, side - b.origin[d])(gen);
    }
    return b;
}

} // namespace

TEST_CASE("difference and intersection of boxes cover exactly the right cells", "[box]") {
    std::mt19937 gen(7);
    for (int trial = 0; trial < 300; ++trial) {
        const box a = random_box(gen), b = random_box(gen);
        const std::vector<box> rest = tiles::engine::difference(a, b);
        const box common = tiles::engine::intersection(a, b);
        for (std::size_t x = 0; x < side; ++x)
            for (std::size_t y = 0; y < side; ++y)
                for (std::size_t z = 0; z < side; ++z) {
                    const bool in_a = contains(a, x, y, z), in_b = contains(b, x, y, z);
                    REQUIRE(cover_count(rest, x, y, z) == (in_a && !in_b ? 1 : 0)); // disjoint pieces
                    REQUIRE(contains(common, x, y, z) == (in_a && in_b));
                }
    }
}

TEST_CASE("a box set tracks added and removed boxes cell by cell", "[box]") {
    std::mt19937 gen(11);
    for (int trial = 0; trial < 40; ++trial) {
        box_set set;
        bool truth[side][side][side] = {};
        for (int step = 0; step < 8; ++step) {
            const box b = random_box(gen);
            const bool adding = gen() % 2 == 0;
            adding ? set.add(b) : set.remove(b);
            for (std::size_t x = 0; x < side; ++x)
                for (std::size_t y = 0; y < side; ++y)
                    for (std::size_t z = 0; z < side; ++z)
                        if (contains(b, x, y, z)) truth[x][y][z] = adding;
        }
        const box probe = random_box(gen);
        const auto inside = set.overlap(probe), outside = set.outside(probe);
        for (std::size_t x = 0; x < side; ++x)
            for (std::size_t y = 0; y < side; ++y)
                for (std::size_t z = 0; z < side; ++z) {
                    REQUIRE(cover_count(set.boxes(), x, y, z) == (truth[x][y][z] ? 1 : 0));
                    const bool in_probe = contains(probe, x, y, z);
                    REQUIRE(cover_count(inside, x, y, z) == (in_probe && truth[x][y][z] ? 1 : 0));
                    REQUIRE(cover_count(outside, x, y, z) == (in_probe && !truth[x][y][z] ? 1 : 0));
                }
    }
}
