// Elementwise arithmetic in C++: tiles::array and array_view operators and math functions against
// CPU loops, with broadcasting, sections and scalars, and what they refuse.
#include <cmath>
#include <vector>

#include "tiles/elementwise.hpp"

#include "fixture.hpp"
#include "random_data.hpp"

TEST_CASE_METHOD(fresh_view, "array operators match CPU loops, broadcast along rows and columns", "[elementwise]") {
    const int rows = 7, columns = 13;
    const std::vector<float> x = random_floats(rows * columns, 3), y = random_floats(rows * columns, 4);
    tiles::array<float, 2> a(tiles::extent<2>(rows, columns), x.begin(), view);
    tiles::array_view<const float, 2> b(tiles::extent<2>(rows, columns), y);
    tiles::array_view<const float, 2> row(tiles::extent<2>(1, columns), y);
    const std::vector<float> sum = a + b, product = a * row, scaled = 2.0f * a - 1.0f;
    for (int i = 0; i < rows * columns; ++i) {
        INFO("element " << i);
        CHECK(sum[std::size_t(i)] == x[std::size_t(i)] + y[std::size_t(i)]);
        CHECK(product[std::size_t(i)] == x[std::size_t(i)] * y[std::size_t(i % columns)]);
        CHECK(scaled[std::size_t(i)] == 2.0f * x[std::size_t(i)] - 1.0f);
    }
    CHECK((a + b).get_accelerator_view() == view);
}

TEST_CASE_METHOD(fresh_view, "math functions of arrays and sections match the C library's", "[elementwise]") {
    const std::vector<float> x = random_floats(60, 5);
    tiles::array_view<const float, 2> data(tiles::extent<2>(6, 10), x);
    const auto part = data.section(tiles::index<2>(1, 2), tiles::extent<2>(4, 5));
    const std::vector<float> roots = tiles::sqrt(tiles::abs(part)), exps = tiles::exp(part);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 5; ++c) {
            const float v = x[std::size_t((r + 1) * 10 + c + 2)];
            INFO("element " << r << ", " << c);
            CHECK(roots[std::size_t(r * 5 + c)] == std::sqrt(std::fabs(v)));
            CHECK(std::fabs(exps[std::size_t(r * 5 + c)] - std::exp(v)) <= 4e-7f * std::exp(v));
        }
}

TEST_CASE_METHOD(fresh_view, "integer operators wrap and divide as numpy's", "[elementwise]") {
    const std::vector<int> x{7, -7, 7, -7, INT32_MAX}, y{2, 2, -2, -2, 1};
    tiles::array_view<const int, 1> a(5, x), b(5, y);
    const std::vector<int> remainders = a % b, sums = a + b, quotients = tiles::floor_divide(a, b);
    CHECK(remainders == std::vector<int>{1, 1, -1, -1, 0});
    CHECK(quotients == std::vector<int>{3, -4, -4, 3, INT32_MAX});
    CHECK(sums == std::vector<int>{9, -5, 5, -9, INT32_MIN});
}

TEST_CASE_METHOD(fresh_view, "array operators refuse shapes that do not broadcast, naming them", "[elementwise]") {
    tiles::array<float, 2> a(tiles::extent<2>(3, 4), view), b(tiles::extent<2>(4, 3), view);
    CHECK_THROWS_WITH(a + b, Catch::Contains("could not be broadcast together with shapes (3,4) (4,3)"));
    tiles::array<int, 1> i(4, view);
    // numpy's square root of int32 is float64, which an array of int does not hold.
    CHECK_THROWS_WITH(tiles::sqrt(i), Catch::Contains("Cannot cast ufunc 'sqrt' output from float64 to int32"));
}
