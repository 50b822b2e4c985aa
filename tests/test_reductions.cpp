// Reductions over axes in C++: tiles::sum, prod, mean, min, max, argmin and argmax of arrays and
// sections against CPU loops, numpy's result types, float sums as accurate as pairwise ones,
// work-groups narrowed to their kernel's limit, and what they refuse.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "tiles/reductions.hpp"

#include "axis_parameters.hpp"
#include "fixture.hpp"
#include "random_data.hpp"

TEST_CASE_METHOD(fresh_view, "sums, means, least and greatest over each axis match CPU loops", "[reductions]") {
    const int rows = 37, columns = 53;
    const std::vector<float> x = random_floats(rows * columns, 7);
    tiles::array<float, 2> a(tiles::extent<2>(rows, columns), x.begin(), view);
    const std::vector<float> row_sums = tiles::sum(a, {1}), column_means = tiles::mean(a, {0}),
                             row_max = tiles::max(a, {-1}), column_min = tiles::min(a, {0});
    const std::vector<std::int64_t> row_argmax = tiles::argmax(a, 1);
    CHECK(tiles::sum(a, {1}).extent == tiles::extent<2>(rows, 1));
    for (int r = 0; r < rows; ++r) {
        double sum = 0;
        int best = 0;
        for (int c = 0; c < columns; ++c) {
            sum += x[std::size_t(r * columns + c)];
            if (x[std::size_t(r * columns + c)] > x[std::size_t(r * columns + best)]) best = c;
        }
        INFO("row " << r);
        CHECK(std::fabs(row_sums[std::size_t(r)] - sum) <= 1e-5 * columns);
        CHECK(row_max[std::size_t(r)] == x[std::size_t(r * columns + best)]);
        CHECK(row_argmax[std::size_t(r)] == best);
    }
    for (int c = 0; c < columns; ++c) {
        double sum = 0;
        float least = x[std::size_t(c)];
        for (int r = 0; r < rows; ++r) {
            sum += x[std::size_t(r * columns + c)];
            least = std::fmin(least, x[std::size_t(r * columns + c)]);
        }
        INFO("column " << c);
        CHECK(std::fabs(column_means[std::size_t(c)] - sum / rows) <= 1e-6);
        CHECK(column_min[std::size_t(c)] == least);
    }
}

TEST_CASE_METHOD(fresh_view, "integer sums and products widen to int64 as numpy's, over several axes", "[reductions]") {
    std::vector<std::int32_t> x(4 * 5 * 6);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = INT32_MAX - std::int32_t(i);
    tiles::array_view<const std::int32_t, 3> a(tiles::extent<3>(4, 5, 6), x);
    const tiles::array<std::int64_t, 3> sums = tiles::sum(a, {0, 2});
    CHECK(sums.extent == tiles::extent<3>(1, 5, 1));
    const std::vector<std::int64_t> got = sums;
    for (int j = 0; j < 5; ++j) {
        std::int64_t expected = 0;
        for (int i = 0; i < 4; ++i)
            for (int k = 0; k < 6; ++k) expected += x[std::size_t((i * 5 + j) * 6 + k)];
        CHECK(got[std::size_t(j)] == expected);
    }
    const std::vector<std::int16_t> small{3, -4, 5, 300, 300, 300};
    tiles::array_view<const std::int16_t, 2> b(tiles::extent<2>(2, 3), small);
    CHECK(std::vector<std::int64_t>(tiles::prod(b, {1})) == std::vector<std::int64_t>{-60, 27000000});
}

TEST_CASE_METHOD(fresh_view, "a float sum of a million elements is as accurate as a pairwise one", "[reductions]") {
    const int count = 1 << 20;
    std::vector<float> x(std::size_t(count), 0.1f);
    x[0] = 16777216.0f; // 2^24, past which float adds no 1 one at a time
    tiles::array_view<const float, 1> a(count, x);
    double exact = 0;
    for (float v : x) exact += double(v);
    const std::vector<float> total = tiles::sum(a, {0});
    CHECK(std::fabs(double(total[0]) - exact) <= 4.0);
    // One sum of the same data one element after another in float loses every 0.1.
    float sequential = 0;
    for (float v : x) sequential += v;
    CHECK(std::fabs(double(sequential) - exact) > 1000.0);
}

TEST_CASE_METHOD(fresh_view, "reductions of sections read only the section, and NaN wins", "[reductions]") {
    std::vector<float> x(6 * 10);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = float(i);
    x[2 * 10 + 4] = std::numeric_limits<float>::quiet_NaN();
    tiles::array_view<const float, 2> data(tiles::extent<2>(6, 10), x);
    const auto part = data.section(tiles::index<2>(1, 2), tiles::extent<2>(4, 5));
    const std::vector<float> sums = tiles::sum(part, {1}), greatest = tiles::max(part, {0});
    CHECK(sums[0] == 12 + 13 + 14 + 15 + 16);
    CHECK(std::isnan(sums[1]));
    CHECK(std::isnan(greatest[2]));
    CHECK(greatest[0] == 42);
    CHECK(std::vector<std::int64_t>(tiles::argmax(part, 0)) == std::vector<std::int64_t>{3, 3, 1, 3, 3});
}

TEST_CASE("a reduction's work-group narrows to the widest power of two its kernel runs in", "[reductions]") {
    using tiles::algorithms::group_within;
    CHECK(group_within(256, 1024) == 256); // the device's limit above the table's width
    CHECK(group_within(256, 256) == 256);
    CHECK(group_within(256, 192) == 128); // a kernel of many registers promises less than the device
    CHECK(group_within(256, 255) == 128);
    CHECK(group_within(64, 100) == 64);
    CHECK(group_within(256, 1) == 1);
    CHECK(group_within(256, 0) == 1);
}

TEST_CASE_METHOD(fresh_view, "reductions refuse axes out of range or repeated, naming them", "[reductions]") {
    tiles::array<float, 2> a(tiles::extent<2>(3, 4), view);
    CHECK_THROWS_WITH(tiles::sum(a, {2}), Catch::Contains("axis 2 is out of bounds for array of dimension 2"));
    CHECK_THROWS_WITH(tiles::max(a, {1, -1}), Catch::Contains("the axis 1 is given twice"));
}

TEST_CASE_METHOD(fresh_view, "cumulative sums and products along each axis match CPU loops", "[reductions]") {
    const int rows = 5, columns = 300;
    std::vector<std::int32_t> x(std::size_t(rows * columns));
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = std::int32_t(i % 7) - 3 + (i % 11 == 0 ? 2000000000 : 0);
    tiles::array_view<const std::int32_t, 2> a(tiles::extent<2>(rows, columns), x);
    const std::vector<std::int64_t> along_rows = tiles::cumulative_sum(a, 1),
                                    along_columns = tiles::cumulative_sum(a, 0);
    for (int r = 0; r < rows; ++r) {
        std::int64_t running = 0;
        for (int c = 0; c < columns; ++c) {
            running += x[std::size_t(r * columns + c)];
            INFO("row " << r << ", column " << c);
            CHECK(along_rows[std::size_t(r * columns + c)] == running);
        }
    }
    for (int c = 0; c < columns; ++c) {
        std::int64_t running = 0;
        for (int r = 0; r < rows; ++r) {
            running += x[std::size_t(r * columns + c)];
            CHECK(along_columns[std::size_t(r * columns + c)] == running);
        }
    }
    const std::vector<float> factors{1.5f, -2.0f, 0.25f, 3.0f};
    tiles::array_view<const float, 1> f(4, factors);
    CHECK(std::vector<float>(tiles::cumulative_prod(f, 0)) == std::vector<float>{1.5f, -3.0f, -0.75f, -2.25f});
}

TEST_CASE_METHOD(fresh_view, "where= and initial= of sums, means and extremes match CPU loops", "[reductions]") {
    const int rows = 19, columns = 300; // rows of more than a work-group's elements, which split into shares on GPUs
    const std::vector<float> x = random_floats(rows * columns, 11);
    std::vector<std::uint8_t> picked(std::size_t(rows * columns)), column_mask(static_cast<std::size_t>(columns));
    for (std::size_t i = 0; i < picked.size(); ++i) picked[i] = std::uint8_t((i * 7) % 5 < 3);
    for (std::size_t c = 0; c < column_mask.size(); ++c) column_mask[c] = std::uint8_t(c % 4 == 1);
    tiles::array<float, 2> a(tiles::extent<2>(rows, columns), x.begin(), view);
    tiles::array_view<const std::uint8_t, 2> mask(tiles::extent<2>(rows, columns), picked);
    tiles::array_view<const std::uint8_t, 2> columns_picked(tiles::extent<2>(1, columns), column_mask);
    const std::vector<float> row_sums = tiles::sum(a, {1}, mask, 2.5f), row_max = tiles::max(a, {1}, mask, -7.0f);
    const std::vector<float> column_means = tiles::mean(a, {0}, mask), all = tiles::sum(a, {0, 1}, columns_picked);
    double total = 0;
    for (int r = 0; r < rows; ++r) {
        double sum = 2.5;
        float greatest = -7.0f;
        for (int c = 0; c < columns; ++c) {
            const std::size_t i = std::size_t(r * columns + c);
            sum += picked[i] ? x[i] : 0.0;
            greatest = picked[i] ? std::fmax(greatest, x[i]) : greatest;
            total += column_mask[std::size_t(c)] ? x[i] : 0.0;
        }
        INFO("row " << r);
        CHECK(std::fabs(row_sums[std::size_t(r)] - sum) <= 1e-5 * columns);
        CHECK(row_max[std::size_t(r)] == greatest);
    }
    for (int c = 0; c < columns; ++c) {
        double sum = 0;
        int taken = 0;
        for (int r = 0; r < rows; ++r) {
            const std::size_t i = std::size_t(r * columns + c);
            sum += picked[i] ? x[i] : 0.0;
            taken += picked[i];
        }
        INFO("column " << c);
        if (taken == 0)
            CHECK(std::isnan(column_means[std::size_t(c)]));
        else
            CHECK(std::fabs(column_means[std::size_t(c)] - sum / taken) <= 1e-5);
    }
    CHECK(std::fabs(all[0] - total) <= 1e-5 * rows * columns);
    tiles::array_view<const std::uint8_t, 2> too_long(tiles::extent<2>(1, columns - 1), column_mask);
    CHECK_THROWS_WITH(tiles::sum(a, {1}, too_long), Catch::Contains("could not be broadcast"));
}
