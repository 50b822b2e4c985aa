// Gathers in C++: tiles::take along each axis of arrays and views against CPU loops, negative
// positions counted from the end, and the refusals of an axis or a position out of bounds.
#include <cstdint>
#include <vector>

#include "tiles/indexing.hpp"

#include "fixture.hpp"
#include "random_data.hpp"

TEST_CASE_METHOD(fresh_view, "take along each axis matches CPU loops", "[gather]") {
    const int rows = 5, columns = 7;
    const std::vector<float> x = random_floats(rows * columns, 11);
    tiles::array_view<const float, 2> a(tiles::extent<2>(rows, columns), x);
    const std::vector<std::int64_t> picks{4, -1, 0, 2, -5, 3};
    tiles::array<std::int64_t, 1> positions(6, picks.begin(), view);
    const std::vector<float> by_row = tiles::take(a, positions, 0), by_column = tiles::take(a, positions, -1);
    for (int k = 0; k < 6; ++k) {
        const std::int64_t row = (picks[std::size_t(k)] + rows) % rows;
        for (int c = 0; c < columns; ++c)
            CHECK(by_row[std::size_t(k * columns + c)] == x[std::size_t(row * columns + c)]);
    }
    for (int r = 0; r < rows; ++r)
        for (int k = 0; k < 6; ++k) {
            const std::int64_t column = (picks[std::size_t(k)] + columns) % columns;
            INFO("row " << r << ", pick " << k);
            CHECK(by_column[std::size_t(r * 6 + k)] == x[std::size_t(r * columns + column)]);
        }
}

TEST_CASE_METHOD(fresh_view, "take refuses an axis or a position out of bounds, naming it", "[gather]") {
    tiles::array<int, 2> a(tiles::extent<2>(3, 4), view);
    const std::vector<std::int64_t> picks{0, 3, -3};
    tiles::array<std::int64_t, 1> positions(3, picks.begin(), view);
    CHECK_THROWS_WITH(tiles::take(a, positions, 0), Catch::Contains("index 3 is out of bounds for axis of size 3"));
    CHECK_THROWS_WITH(tiles::take(a, positions, 2),
                      Catch::Contains("axis 2 is out of bounds for data of 2 dimensions"));
    const std::vector<int> taken = tiles::take(a, positions, 1);
    CHECK(taken.size() == 9);
}
