// Block sums and averages: the seed's tile average, then random matrices and block shapes that
// do not divide them, are not powers of two, or are degenerate, against a CPU loop.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "fixture.hpp"
#include "random_data.hpp"

namespace {

// One value per block, blocks cut short at the right and bottom edges; the average divides by
// the elements the block holds.
template <class T>
std::vector<T> cpu_block_reduce(const std::vector<T>& matrix, int rows, int columns, int block_rows, int block_columns,
                                bool average) {
    const int grid_rows = (rows + block_rows - 1) / block_rows,
              grid_columns = (columns + block_columns - 1) / block_columns;
    std::vector<T> out(std::size_t(grid_rows) * grid_columns);
    for (int br = 0; br < grid_rows; ++br)
        for (int bc = 0; bc < grid_columns; ++bc) {
            double sum = 0;
            int count = 0;
            for (int r = br * block_rows; r < std::min(rows, (br + 1) * block_rows); ++r)
                for (int c = bc * block_columns; c < std::min(columns, (bc + 1) * block_columns); ++c, ++count)
                    sum += matrix[std::size_t(r) * columns + c];
            out[std::size_t(br) * grid_columns + bc] = T(average ? sum / count : sum);
        }
    return out;
}

struct case_shape {
    int rows, columns, block_rows, block_columns;
};

const case_shape shapes[] = {
    {64, 64, 4, 4},   // blocks that divide the matrix
    {37, 53, 3, 5},   // blocks that do not, of sizes that are not powers of two
    {48, 40, 6, 10},  // blocks that divide it, of sizes that are not powers of two
    {1, 1, 1, 1},     // one element
    {9, 19, 1, 1},    // blocks of one element: each is its own result
    {17, 35, 3, 2},   // blocks narrower than a vector, several to a strip, cut at the edges
    {1, 100, 1, 7},   // one row
    {100, 1, 6, 1},   // one column
    {50, 1, 4, 1},    // one column, blocks of a power of two
    {20, 30, 20, 30}, // one block, the whole matrix
    {5, 5, 8, 8},     // one block larger than the matrix
    {30, 70, 16, 16}, // blocks that fill a tile on their own
};

} // namespace

TEST_CASE_METHOD(fresh_view, "block_average of the seed's 8x8 matrix in 2x2 blocks is the seed's output",
                 "[algorithms][block]") {
    std::vector<float> raw(64);
    std::iota(raw.begin(), raw.end(), 0.0f);
    tiles::array_view<const float, 2> matrix(8, 8, raw);
    const std::vector<float> averages = tiles::block_average(view, matrix, tiles::extent<2>(2, 2));
    CHECK(averages == std::vector<float>{4.5f, 6.5f, 8.5f, 10.5f, 20.5f, 22.5f, 24.5f, 26.5f, 36.5f, 38.5f, 40.5f,
                                         42.5f, 52.5f, 54.5f, 56.5f, 58.5f});
}

TEST_CASE_METHOD(fresh_view, "block_average and block_sum of float matrices match a CPU loop for any block shape",
                 "[algorithms][block]") {
    for (const case_shape& s : shapes) {
        INFO(s.rows << "x" << s.columns << " in " << s.block_rows << "x" << s.block_columns << " blocks");
        const std::vector<float> values =
            random_floats(std::size_t(s.rows) * s.columns, unsigned(s.rows * 131 + s.columns));
        tiles::array_view<const float, 2> matrix(s.rows, s.columns, values);
        const tiles::extent<2> block(s.block_rows, s.block_columns);
        const double tolerance =
            sum_tolerance<float>(std::size_t(s.block_rows) * s.block_columns, double(s.block_rows) * s.block_columns);
        for (const bool average : {false, true}) {
            const std::vector<float> expected =
                cpu_block_reduce(values, s.rows, s.columns, s.block_rows, s.block_columns, average);
            const std::vector<float> got =
                average ? tiles::block_average(view, matrix, block) : tiles::block_sum(view, matrix, block);
            REQUIRE(got.size() == expected.size());
            for (std::size_t i = 0; i < got.size(); ++i) {
                INFO((average ? "average " : "sum ") << i);
                CHECK(std::abs(got[i] - expected[i]) <= tolerance);
            }
        }
    }
}

TEST_CASE_METHOD(fresh_view, "block_sum of int matrices is exact and can write into a given view",
                 "[algorithms][block]") {
    const std::vector<int> values = random_ints(37 * 53, 7, -1000, 1000);
    tiles::array_view<const int, 2> matrix(37, 53, values);
    std::vector<int> sums(13 * 11, -1);
    tiles::array_view<int, 2> output(13, 11, sums);
    tiles::block_sum(view, matrix, tiles::extent<2>(3, 5), output);
    output.synchronize();
    CHECK(sums == cpu_block_reduce(values, 37, 53, 3, 5, false));
}

TEST_CASE_METHOD(fresh_view, "block_sum of bytes gives std::uint64_t sums, as numpy's", "[algorithms][block]") {
    std::vector<std::uint8_t> bytes(9 * 70);
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = std::uint8_t(255 - i % 7); // sums past 65535
    const tiles::array_view<const std::uint8_t, 2> matrix(9, 70, bytes);
    for (const tiles::extent<2> block : {tiles::extent<2>(4, 16), tiles::extent<2>(9, 70), tiles::extent<2>(2, 1)}) {
        const tiles::array<std::uint64_t, 2> sums = tiles::block_sum(view, matrix, block);
        const std::vector<std::uint64_t> wide(bytes.begin(), bytes.end());
        CHECK(std::vector<std::uint64_t>(sums) == cpu_block_reduce(wide, 9, 70, block[0], block[1], false));
    }
}

TEST_CASE_METHOD(fresh_view, "block reductions refuse bad blocks outputs and element types",
                 "[algorithms][block][refusal]") {
    std::vector<float> values(12 * 10);
    tiles::array_view<const float, 2> matrix(12, 10, values);
    REQUIRE_THROWS_MENTIONING(tiles::block_sum(view, matrix, tiles::extent<2>(0, 3)), tiles::invalid_argument,
                              "block_sum: the block is 0x3", "at least 1");
    // Work-items combine strips of at most 8 elements of a row: this block needs one more
    // work-item than a tile can have, whatever the device's parameters.
    const int max_tile = int(view.get_accelerator().max_tile_size());
    const int too_wide = 8 * max_tile + 1;
    std::vector<float> wide(static_cast<std::size_t>(too_wide));
    tiles::array_view<const float, 2> row(1, too_wide, wide);
    REQUIRE_THROWS_MENTIONING(tiles::block_average(view, row, tiles::extent<2>(1, too_wide)), tiles::invalid_argument,
                              "block_average: a block of 1x" + std::to_string(too_wide),
                              "more than the " + std::to_string(std::min(max_tile, 256))); // the engine's cap
    std::vector<float> small(4);
    tiles::array_view<float, 2> wrong_output(2, 2, small);
    REQUIRE_THROWS_MENTIONING(tiles::block_sum(view, matrix, tiles::extent<2>(4, 4), wrong_output),
                              tiles::invalid_argument, "block_sum: the output is 2x2 but must be 3x3",
                              "one element per 4x4 block of the 12x10 input");
    std::vector<int> ints(12 * 10);
    tiles::array_view<const int, 2> int_matrix(12, 10, ints);
    REQUIRE_THROWS_MENTIONING(tiles::block_average(view, int_matrix, tiles::extent<2>(2, 2)), tiles::invalid_argument,
                              "block_average supports float (float32) and double (float64) elements, not int (int32)");
    tiles::array_view<float, 2> in_place(12, 10, values);
    REQUIRE_THROWS_MENTIONING(tiles::block_sum(view, in_place, tiles::extent<2>(1, 1), in_place),
                              tiles::invalid_argument, "the output and the input are the same data");
    CHECK(view.counters().launches == 0);
}
