// Elementwise arithmetic in C++: tiles::array and array_view operators and math functions against
// CPU loops, with broadcasting, sections and scalars, and what they refuse.
#include <cmath>
#include <cstdint>
#include <vector>

#include "tiles/elementwise.hpp"
#include "tiles/reductions.hpp"

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

// Placed operands (numpy's views), as tiles_elementwise_placed gives them to the core.
TEST_CASE_METHOD(fresh_view, "placed operands that reach past their data, or race, are refused, naming them",
                 "[elementwise]") {
    using tiles::algorithms::elementwise_operand;
    tiles::array<float, 1> data(16, view);
    const elementwise_operand dense = tiles::detail::elementwise_operand_of(data);
    const elementwise_operand zero = tiles::detail::elementwise_scalar_of(0.0f);
    const auto add = [&](const elementwise_operand& in, const elementwise_operand& out) {
        const elementwise_operand inputs[2] = {in, zero};
        tiles::algorithms::elementwise(view.context(), tiles::elementwise_op::add, inputs, out);
    };
    elementwise_operand far = dense;
    far.shape = {2}, far.strides = {1}, far.offset = INT64_MAX; // its last element wraps past 2^63
    CHECK_THROWS_WITH(add(zero, far), Catch::Contains("reaches outside the 16 elements its data holds"));
    far.offset = 0, far.strides = {std::int64_t(1) << 62};
    far.shape = {4};
    CHECK_THROWS_WITH(add(zero, far), Catch::Contains("reaches outside the 16 elements its data holds"));
    elementwise_operand repeated = dense;
    repeated.shape = {4}, repeated.strides = {0};
    tiles::array<float, 1> four(4, view);
    CHECK_THROWS_WITH(add(tiles::detail::elementwise_operand_of(four), repeated),
                      Catch::Contains("puts two of its elements at one place of its data"));
    // A transpose of a 4 x 4 matrix read into the matrix itself: the work-items would race.
    elementwise_operand transposed = dense;
    transposed.shape = {4, 4}, transposed.strides = {1, 4};
    elementwise_operand square = dense;
    square.shape = {4, 4};
    CHECK_THROWS_WITH(add(transposed, square), Catch::Contains("copy the input first"));
    // In place on the same place is one read and one write of each element by one work-item.
    CHECK_NOTHROW(add(transposed, transposed));
}

TEST_CASE_METHOD(fresh_view, "reductions and scans refuse placed operands, which they would read dense",
                 "[elementwise][reductions]") {
    tiles::array<float, 2> data(tiles::extent<2>(4, 4), view);
    tiles::array<float, 1> sums(4, view);
    tiles::algorithms::elementwise_operand transposed = tiles::detail::elementwise_operand_of(data);
    transposed.strides = {1, 4};
    CHECK_THROWS_WITH(tiles::algorithms::reduce_axes(view.context(), tiles::axis_reduction::sum, transposed, {1},
                                                     tiles::detail::elementwise_operand_of(sums)),
                      Catch::Contains("reduce_axes: the input is placed by strides (1, 4)"));
}

TEST_CASE_METHOD(fresh_view,
                 "elementwise_where writes only where the mask is true, as numpy's where=", "[elementwise]") {
    const int rows = 6, columns = 11;
    const std::vector<float> x = random_floats(rows * columns, 5);
    std::vector<float> before = random_floats(rows * columns, 6), out = before;
    std::vector<std::uint8_t> row_mask(static_cast<std::size_t>(columns));
    for (std::size_t c = 0; c < row_mask.size(); ++c) row_mask[c] = std::uint8_t(c % 3 != 0);
    tiles::array<float, 2> a(tiles::extent<2>(rows, columns), x.begin(), view);
    tiles::array_view<float, 2> result(tiles::extent<2>(rows, columns), out);
    tiles::array_view<const std::uint8_t, 2> mask(tiles::extent<2>(1, columns), row_mask);
    tiles::elementwise_where(result, mask, tiles::elementwise_op::multiply, a, 3.0f);
    result.synchronize();
    for (int i = 0; i < rows * columns; ++i) {
        INFO("element " << i);
        CHECK(out[std::size_t(i)] ==
              (row_mask[std::size_t(i % columns)] ? x[std::size_t(i)] * 3.0f : before[std::size_t(i)]));
    }
    CHECK_THROWS_WITH(tiles::elementwise_where(result, mask, tiles::elementwise_op::add, a),
                      Catch::Contains("add takes 2 inputs, not 1"));
}
