// The reductions: sums, minima and maxima of 1-D and 2-D float and int data of sizes that fill
// no whole tile, one tile, and many tiles, against plain CPU loops.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "fixture.hpp"
#include "random_data.hpp"

using tiles::reduction_op;

namespace {

// Sizes below, at and past one tile's share, and of many tiles (their last combines the others'
// partials) on every device the parameter table knows.
const int sizes[] = {1, 2, 7, 64, 1000, 4099, 131075};

template <class T> T cpu_reduce(const std::vector<T>& values, reduction_op op) {
    switch (op) {
    case reduction_op::sum:
        return std::accumulate(values.begin(), values.end(), T(0));
    case reduction_op::min:
        return *std::min_element(values.begin(), values.end());
    case reduction_op::max:
        return *std::max_element(values.begin(), values.end());
    }
    return T(0);
}

} // namespace

TEST_CASE_METHOD(fresh_view, "reduce sums mins and maxes int data of any size exactly", "[algorithms][reduce]") {
    for (const int n : sizes) {
        const std::vector<int> values = random_ints(std::size_t(n), unsigned(n), -1000, 1000);
        tiles::array_view<const int, 1> data(n, values);
        for (const reduction_op op : {reduction_op::sum, reduction_op::min, reduction_op::max}) {
            INFO("n = " << n << " op " << int(op));
            CHECK(tiles::reduce(view, data, op) == cpu_reduce(values, op));
        }
    }
}

TEST_CASE_METHOD(fresh_view, "reduce of float data whose every partial sum is exact matches exactly",
                 "[algorithms][reduce]") {
    // Whole numbers of magnitude at most 100: no partial sum of 131075 of them reaches 2^24, so
    // every order of addition gives the exact sum, and any lost or repeated element shows.
    for (const int n : sizes) {
        std::vector<float> values = random_floats(std::size_t(n), unsigned(n), -100.0f, 100.0f);
        for (float& v : values) v = std::round(v);
        tiles::array<float, 1> data(tiles::extent<1>(n), values, view);
        for (const reduction_op op : {reduction_op::sum, reduction_op::min, reduction_op::max}) {
            INFO("n = " << n << " op " << int(op));
            CHECK(tiles::reduce(data, op) == cpu_reduce(values, op));
        }
    }
}

TEST_CASE_METHOD(fresh_view, "reduce sums floats with the accuracy of a tree sum", "[algorithms][reduce]") {
    // Added one after another in float, these 300001 values of [0, 1) come out 47 epsilon off
    // their sum; a tree keeps each value in few additions, and the sum within 8 epsilon.
    const std::vector<float> values = random_floats(300001, 11, 0.0f, 1.0f);
    const double exact = std::accumulate(values.begin(), values.end(), 0.0);
    tiles::array_view<const float, 1> data(int(values.size()), values);
    const float sum = tiles::reduce(view, data, reduction_op::sum);
    CHECK(std::abs(sum - exact) <= 8 * std::numeric_limits<float>::epsilon() * exact);
}

TEST_CASE_METHOD(fresh_view, "reduce takes 2-D data including one row and one column", "[algorithms][reduce]") {
    for (const auto& shape :
         {tiles::extent<2>(37, 53), tiles::extent<2>(1, 301), tiles::extent<2>(301, 1), tiles::extent<2>(1, 1)}) {
        const std::vector<int> values = random_ints(shape.size(), 5, -50, 50);
        tiles::array_view<const int, 2> data(shape, values);
        INFO("shape " << shape);
        CHECK(tiles::reduce(view, data, reduction_op::sum) == cpu_reduce(values, reduction_op::sum));
        CHECK(tiles::reduce(view, data, reduction_op::min) == cpu_reduce(values, reduction_op::min));
        CHECK(tiles::reduce(view, data, reduction_op::max) == cpu_reduce(values, reduction_op::max));
    }
}

TEST_CASE_METHOD(fresh_view, "reduce of float extremes honours infinities", "[algorithms][reduce]") {
    std::vector<float> values(100, 1.0f);
    values[17] = std::numeric_limits<float>::infinity();
    values[71] = -std::numeric_limits<float>::infinity();
    tiles::array_view<const float, 1> data(100, values);
    CHECK(tiles::reduce(view, data, reduction_op::max) == std::numeric_limits<float>::infinity());
    CHECK(tiles::reduce(view, data, reduction_op::min) == -std::numeric_limits<float>::infinity());
}

TEST_CASE_METHOD(fresh_view, "reduce's min and max of floats with a NaN anywhere are NaN", "[algorithms][reduce]") {
    // Sizes that reach every path: the vector lanes, the tree, the tail, several passes.
    for (const int size : {1, 5, 64, 1000, 100003})
        for (const int at : {0, size / 2, size - 1}) {
            std::vector<float> values(std::size_t(size), 2.0f);
            values[std::size_t(at)] = std::nanf("");
            tiles::array_view<const float, 1> data(size, values);
            INFO("size " << size << ", NaN at " << at);
            CHECK(std::isnan(tiles::reduce(view, data, reduction_op::min)));
            CHECK(std::isnan(tiles::reduce(view, data, reduction_op::max)));
        }
}

TEST_CASE_METHOD(fresh_view, "reduce<std::int64_t> sums ints past INT_MAX without wrapping, as numpy does",
                 "[algorithms][reduce]") {
    for (const int n : sizes) {
        // Every element near INT_MAX, so that any sum of two or more wraps in int.
        const std::vector<int> values = random_ints(std::size_t(n), unsigned(n), INT_MAX - 1000, INT_MAX);
        tiles::array_view<const int, 1> data(n, values);
        INFO("n = " << n);
        const std::int64_t sum = tiles::reduce<std::int64_t>(view, data, reduction_op::sum);
        CHECK(sum == std::accumulate(values.begin(), values.end(), std::int64_t(0)));
    }
}

TEST_CASE_METHOD(fresh_view, "reduce<double> sums floats in double", "[algorithms][reduce][fp64]") {
    if (!view.get_accelerator().supports_double_precision()) {
        WARN("'" << view.get_accelerator().name() << "' has no double precision: not tested");
        return;
    }
    // Added in float, a million tenths are off by about 1e-7 of their sum; in double, by 1e-15.
    const int n = 1 << 20;
    const std::vector<float> tenths(std::size_t(n), 0.1f);
    tiles::array_view<const float, 1> data(n, tenths);
    const long double exact = (long double)n * 0.1f;
    CHECK(std::fabs(double(tiles::reduce<double>(view, data, reduction_op::sum) - exact)) < 1e-9 * double(exact));
}

TEST_CASE_METHOD(fresh_view, "reduce<double> into a float result adds in double and rounds once, in one launch",
                 "[algorithms][reduce][fp64]") {
    if (!view.get_accelerator().supports_double_precision()) {
        WARN("'" << view.get_accelerator().name() << "' has no double precision: not tested");
        return;
    }
    // 2^25, 100000 - 2 ones, then -2^25: added in float, the ones beside 2^25 are lost (floats there
    // are 4 apart); added in double, the sum is exactly 99998, which a float holds.
    const int n = 100000;
    std::vector<float> values(std::size_t(n), 1.0f);
    values.front() = 33554432.0f;
    values.back() = -33554432.0f;
    const tiles::array<float, 1> data(tiles::extent<1>(n), values, view);
    tiles::array<float, 1> sum(tiles::extent<1>(1), view);
    view.reset_counters();
    tiles::reduce<double>(view, data, reduction_op::sum, sum);
    CHECK(view.counters().launches == 1);
    CHECK(static_cast<std::vector<float>>(sum)[0] == float(n - 2));
    tiles::array<int, 1> ints(tiles::extent<1>(1), view);
    REQUIRE_THROWS_MENTIONING(tiles::reduce<double>(view, data, reduction_op::sum, ints), tiles::invalid_argument,
                              "reduce: the result is an int (int32); a reduction of float (float32) elements in "
                              "double (float64) writes a double (float64) or a float (float32)");
}

TEST_CASE_METHOD(fresh_view, "reduce refuses accumulators other than the data's type and the wider one for sums",
                 "[algorithms][reduce]") {
    const std::vector<int> ints{1, 2, 3};
    tiles::array_view<const int, 1> data(3, ints);
    REQUIRE_THROWS_MENTIONING(
        tiles::reduce<std::int64_t>(view, data, reduction_op::max), tiles::invalid_argument,
        "the least or greatest of int (int32) elements is one of them, an int (int32), not a long (int64)");
    REQUIRE_THROWS_MENTIONING(
        tiles::reduce<double>(view, data, reduction_op::sum), tiles::invalid_argument,
        "a sum of int (int32) elements is added in int (int32) or long (int64), not in double (float64)");
    CHECK(view.counters().launches == 0);
}

TEST_CASE_METHOD(fresh_view, "reduce runs where its array lives, in one launch, and reuses its kernels",
                 "[algorithms][reduce]") {
    // Data of many tiles on every device's parameters, whose last tile combines their partials.
    const int count = 300007;
    const std::vector<int> values = random_ints(count, 3, -9, 9);
    tiles::array<int, 1> data(tiles::extent<1>(count), values, view);
    CHECK(tiles::reduce(data, reduction_op::sum) == cpu_reduce(values, reduction_op::sum));
    const tiles::transfer_counters first = view.counters();
    CHECK(first.launches == 1);
    CHECK(first.kernel_builds + first.binary_loads == 1); // compiled, or loaded from the disk cache
    // Again, and with another operation: each launch finds the count of finished tiles at 0.
    CHECK(tiles::reduce(data, reduction_op::sum) == cpu_reduce(values, reduction_op::sum));
    CHECK(tiles::reduce(data, reduction_op::min) == cpu_reduce(values, reduction_op::min));
    CHECK(tiles::reduce(data, reduction_op::sum) == cpu_reduce(values, reduction_op::sum));
    CHECK(view.counters().launches == 4);
    CHECK(view.counters().kernel_builds + view.counters().binary_loads == 2);
    CHECK(view.counters().uploads == first.uploads); // the data stayed on the device
}

TEST_CASE_METHOD(fresh_view, "reduce refuses unsupported elements and empty or mismatched storage",
                 "[algorithms][reduce][refusal]") {
    std::vector<std::int16_t> shorts(10, 1);
    tiles::array_view<const std::int16_t, 1> short_data(10, shorts);
    REQUIRE_THROWS_MENTIONING(tiles::reduce(view, short_data, reduction_op::sum), tiles::invalid_argument,
                              "reduce supports uchar (uint8), int (int32), long (int64), float (float32), double "
                              "(float64), half (float16) and bfloat16 elements, not short (int16)");

    // Through the untyped engine, which the C API calls with storage of any size.
    const auto empty = tiles::engine::storage_over_host(tiles::element_layout::of<float>(), {1, 1, 0}, nullptr, true);
    const auto two_floats =
        tiles::engine::storage_on_device(tiles::element_layout::of<float>(), {1, 1, 2}, view.context());
    float result = 0;
    REQUIRE_THROWS_MENTIONING(
        tiles::algorithms::reduce(view.context(), empty, reduction_op::sum, tiles::element_type::float32, &result),
        tiles::invalid_argument, "the input has 0 elements");
    REQUIRE_THROWS_MENTIONING(
        tiles::algorithms::reduce(view.context(), two_floats, reduction_op::sum, tiles::element_type::float32, nullptr),
        tiles::invalid_argument, "the result's memory is NULL");
    CHECK(view.counters().launches == 0);
}

TEST_CASE_METHOD(fresh_view, "the algorithms refuse sections rather than work on all of their data", "[algorithms]") {
    std::vector<float> host(6 * 4, 1.0f);
    tiles::array_view<float, 2> whole(6, 4, host);
    const auto corner = whole.section(tiles::index<2>(1, 1), tiles::extent<2>(2, 2));
    REQUIRE_THROWS_MENTIONING(tiles::reduce(view, corner, reduction_op::sum), tiles::invalid_argument,
                              "whole arrays and views, not sections");
    REQUIRE_THROWS_MENTIONING(tiles::transpose(view, corner), tiles::invalid_argument, "not sections");
    CHECK(tiles::reduce(view, whole, reduction_op::sum) == 24.0f);
}

TEST_CASE_METHOD(fresh_view, "reduce into a one-element array leaves the result on the device until it is read",
                 "[algorithms][reduce]") {
    const int count = 300007;
    const std::vector<int> values = random_ints(count, 5, -1000, 1000);
    const tiles::array<int, 1> data(tiles::extent<1>(count), values, view);
    tiles::array<std::int64_t, 1> sum(tiles::extent<1>(1), view);
    std::int32_t least = 0;
    tiles::array_view<std::int32_t, 1> least_view(1, &least);
    view.reset_counters();
    tiles::reduce(view, data, reduction_op::sum, sum);
    tiles::reduce(view, data, reduction_op::min, least_view);
    CHECK(view.counters().launches == 2);
    CHECK(view.counters().downloads == 0); // nothing came back yet
    std::int64_t expected = 0;
    for (const int v : values) expected += v;
    CHECK(static_cast<std::vector<std::int64_t>>(sum)[0] == expected);
    least_view.synchronize();
    CHECK(least == cpu_reduce(values, reduction_op::min));
    // A view of host memory dropped without synchronizing still writes the result there, as AMP's do.
    std::int32_t greatest = 0;
    {
        tiles::array_view<std::int32_t, 1> greatest_view(1, &greatest);
        tiles::reduce(view, data, reduction_op::max, greatest_view);
    }
    CHECK(greatest == cpu_reduce(values, reduction_op::max));
}

TEST_CASE_METHOD(fresh_view, "reduce into an array refuses results of another size or type, and the input itself",
                 "[algorithms][reduce][refusal]") {
    const std::vector<float> values(100, 1.0f);
    tiles::array<float, 1> data(tiles::extent<1>(100), values, view);
    tiles::array<float, 1> two(tiles::extent<1>(2), view);
    tiles::array<int, 1> ints(tiles::extent<1>(1), view);
    tiles::array<double, 1> wide(tiles::extent<1>(1), view);
    REQUIRE_THROWS_MENTIONING(tiles::reduce(view, data, reduction_op::sum, two), tiles::invalid_argument,
                              "reduce: the result has 2 elements; it is one element");
    REQUIRE_THROWS_MENTIONING(tiles::reduce(view, data, reduction_op::sum, ints), tiles::invalid_argument,
                              "a sum of float (float32) elements is added in float (float32) or double (float64), "
                              "not in int (int32)");
    REQUIRE_THROWS_MENTIONING(
        tiles::reduce(view, data, reduction_op::max, wide), tiles::invalid_argument,
        "the least or greatest of float (float32) elements is one of them, a float (float32), not "
        "a double (float64)");
    tiles::array<float, 1> one(tiles::extent<1>(1), std::vector<float>{5.0f}, view);
    REQUIRE_THROWS_MENTIONING(tiles::reduce(view, one, reduction_op::sum, one), tiles::invalid_argument,
                              "reduce: the result is the input, which it would overwrite");
    CHECK(view.counters().launches == 0);
}
