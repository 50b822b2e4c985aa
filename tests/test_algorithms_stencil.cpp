// The 2-D stencil: masks of every odd size up to 9x9, square and not, over matrices of every
// shape class, against a CPU loop with the same clamp-to-edge rule; then the rule itself on a
// case small enough to check by hand.
#include <algorithm>
#include <vector>

#include "fixture.hpp"
#include "random_data.hpp"

namespace {

std::vector<float> cpu_stencil(const std::vector<float>& in, int rows, int columns, const std::vector<float>& mask,
                               int mask_rows, int mask_columns) {
    std::vector<float> out(in.size());
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) {
            double sum = 0;
            for (int i = 0; i < mask_rows; ++i)
                for (int j = 0; j < mask_columns; ++j) {
                    const int source_row = std::clamp(r + i - mask_rows / 2, 0, rows - 1);
                    const int source_column = std::clamp(c + j - mask_columns / 2, 0, columns - 1);
                    sum += double(mask[std::size_t(i) * mask_columns + j]) *
                           in[std::size_t(source_row) * columns + source_column];
                }
            out[std::size_t(r) * columns + c] = float(sum);
        }
    return out;
}

} // namespace

TEST_CASE_METHOD(fresh_view, "stencil with masks up to 9x9 matches a CPU loop on matrices of any shape",
                 "[algorithms][stencil]") {
    const tiles::extent<2> masks[] = {tiles::extent<2>(1, 1), tiles::extent<2>(3, 3), tiles::extent<2>(5, 5),
                                      tiles::extent<2>(3, 7), tiles::extent<2>(9, 9)};
    const tiles::extent<2> shapes[] = {tiles::extent<2>(1, 1), tiles::extent<2>(1, 40), tiles::extent<2>(40, 1),
                                       tiles::extent<2>(37, 70), tiles::extent<2>(64, 64)};
    for (const tiles::extent<2>& mask_shape : masks) {
        const std::vector<float> weights = random_floats(mask_shape.size(), unsigned(mask_shape.size()));
        tiles::array_view<const float, 2> mask(mask_shape, weights);
        for (const tiles::extent<2>& shape : shapes) {
            INFO("mask " << mask_shape << " on " << shape);
            const std::vector<float> values = random_floats(shape.size(), unsigned(shape[0] * 1000 + shape[1]));
            tiles::array_view<const float, 2> matrix(shape, values);
            const std::vector<float> got = tiles::stencil(view, matrix, mask);
            const std::vector<float> expected =
                cpu_stencil(values, shape[0], shape[1], weights, mask_shape[0], mask_shape[1]);
            // Weights and values lie in [-1, 1].
            const double tolerance = sum_tolerance<float>(mask_shape.size(), double(mask_shape.size()));
            for (std::size_t i = 0; i < got.size(); ++i) {
                INFO("element " << i);
                CHECK(std::abs(got[i] - expected[i]) <= tolerance);
            }
        }
    }
}

TEST_CASE_METHOD(fresh_view, "stencil reads the nearest edge element outside the matrix", "[algorithms][stencil]") {
    // The mask takes the element up and to the left of each one: the first row and column
    // read themselves shifted only along the other dimension, and the corner reads itself.
    const std::vector<float> values = {1, 2, 3, 4, 5, 6};
    const std::vector<float> up_left = {1, 0, 0, 0, 0, 0, 0, 0, 0};
    tiles::array_view<const float, 2> matrix(2, 3, values), mask(3, 3, up_left);
    const std::vector<float> shifted = tiles::stencil(view, matrix, mask);
    CHECK(shifted == std::vector<float>{1, 1, 2, 1, 1, 2});
    // A mask that sums the 3x3 neighbourhood: the corner element 1 sees 1 four times, 2 twice,
    // 4 twice and 5 once.
    const std::vector<float> ones(9, 1.0f);
    tiles::array_view<const float, 2> box(3, 3, ones);
    const std::vector<float> sums = tiles::stencil(view, matrix, box);
    CHECK(sums[0] == 4 * 1 + 2 * 2 + 2 * 4 + 5);
}

TEST_CASE_METHOD(fresh_view, "stencil refuses even or oversized masks and wrong outputs",
                 "[algorithms][stencil][refusal]") {
    std::vector<float> values(10 * 12), weights(11 * 11);
    tiles::array_view<const float, 2> matrix(10, 12, values);
    REQUIRE_THROWS_MENTIONING(tiles::stencil(view, matrix, tiles::array_view<const float, 2>(4, 3, weights)),
                              tiles::invalid_argument, "stencil: the mask is 4x3", "must be odd");
    REQUIRE_THROWS_MENTIONING(tiles::stencil(view, matrix, tiles::array_view<const float, 2>(11, 11, weights)),
                              tiles::invalid_argument, "stencil: the mask is 11x11", "at most 9");
    std::vector<float> out(12 * 10);
    tiles::array_view<float, 2> transposed_shape(12, 10, out);
    REQUIRE_THROWS_MENTIONING(
        tiles::stencil(view, matrix, tiles::array_view<const float, 2>(3, 3, weights), transposed_shape),
        tiles::invalid_argument, "stencil: the output is 12x10 but must be 10x12");
    std::vector<int> ints(10 * 12);
    std::vector<int> int_weights(9);
    REQUIRE_THROWS_MENTIONING(tiles::stencil(view, tiles::array_view<const int, 2>(10, 12, ints),
                                             tiles::array_view<const int, 2>(3, 3, int_weights)),
                              tiles::invalid_argument,
                              "stencil supports float (float32) and double (float64) elements, not int (int32)");
    CHECK(view.counters().launches == 0);
}
