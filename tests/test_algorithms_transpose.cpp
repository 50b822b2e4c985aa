// Transpose: matrices of every shape class (one element, one row, one column, square, and
// sizes that fill no whole block) and of every supported element type, against a CPU loop.
#include <vector>

#include "tiles/parameters.hpp"

#include "fixture.hpp"
#include "random_data.hpp"

namespace {

template <class T> std::vector<T> cpu_transpose(const std::vector<T>& matrix, int rows, int columns) {
    std::vector<T> out(matrix.size());
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) out[std::size_t(c) * rows + r] = matrix[std::size_t(r) * columns + c];
    return out;
}

// The last is tall enough for tiles to take their blocks in more than one band of rows of
// blocks, the last band shorter than the others, on every device's parameters.
const tiles::extent<2> shapes[] = {tiles::extent<2>(1, 1),    tiles::extent<2>(1, 77),   tiles::extent<2>(77, 1),
                                   tiles::extent<2>(64, 64),  tiles::extent<2>(67, 131), tiles::extent<2>(200, 3),
                                   tiles::extent<2>(700, 131)};

template <class T> void check_transposes(const tiles::accelerator_view& view, const std::vector<T>& pool) {
    for (const tiles::extent<2>& shape : shapes) {
        INFO("shape " << shape);
        const std::vector<T> values(pool.begin(), pool.begin() + std::ptrdiff_t(shape.size()));
        tiles::array_view<const T, 2> matrix(shape, values);
        const std::vector<T> transposed = tiles::transpose(view, matrix);
        CHECK(transposed == cpu_transpose(values, shape[0], shape[1]));
    }
}

} // namespace

TEST_CASE_METHOD(fresh_view, "transpose of float and int matrices of any shape matches a CPU loop",
                 "[algorithms][transpose]") {
    check_transposes(view, random_floats(700 * 131, 1));
    check_transposes(view, random_ints(700 * 131, 2, -1000000, 1000000));
}

TEST_CASE_METHOD(fresh_view, "transpose through tile_static memory and straight from registers match a CPU loop",
                 "[algorithms][transpose]") {
    // Whichever way the device's table takes, the other is tried too: blocks staged as GPUs take
    // them, in strips of one element or square ones, and strips transposed in registers of one or
    // two squares.
    const tiles::accelerator accelerator = view.get_accelerator();
    const tiles::parameter_values ways[] = {{{"BLOCK_ROWS", 32},
                                             {"BLOCK_COLUMNS", 32},
                                             {"ROWS_PER_THREAD", 4},
                                             {"VECTOR_WIDTH", 1},
                                             {"BAND", 1},
                                             {"THROUGH_TILE_STATIC", 1}},
                                            {{"BLOCK_ROWS", 64},
                                             {"BLOCK_COLUMNS", 128},
                                             {"ROWS_PER_THREAD", 8},
                                             {"VECTOR_WIDTH", 8},
                                             {"BAND", 8},
                                             {"THROUGH_TILE_STATIC", 1}},
                                            {{"BLOCK_ROWS", 32},
                                             {"BLOCK_COLUMNS", 64},
                                             {"ROWS_PER_THREAD", 4},
                                             {"VECTOR_WIDTH", 4},
                                             {"BAND", 2},
                                             {"THROUGH_TILE_STATIC", 0}},
                                            {{"BLOCK_ROWS", 128},
                                             {"BLOCK_COLUMNS", 256},
                                             {"ROWS_PER_THREAD", 16},
                                             {"VECTOR_WIDTH", 8},
                                             {"BAND", 8},
                                             {"THROUGH_TILE_STATIC", 0}}};
    const std::vector<float> floats = random_floats(700 * 131, 5);
    for (const tiles::parameter_values& way : ways) {
        INFO("BLOCK_ROWS " << way[0].second << " ROWS_PER_THREAD " << way[2].second << " VECTOR_WIDTH " << way[3].second
                           << " THROUGH_TILE_STATIC " << way[5].second);
        tiles::set_parameters(accelerator, "transpose", way);
        check_transposes(view, floats);
    }
    tiles::reset_parameters(accelerator, "transpose");
}

TEST_CASE_METHOD(fresh_view, "transpose of double matrices on a device with double precision",
                 "[algorithms][transpose][fp64]") {
    if (!view.get_accelerator().supports_double_precision()) {
        WARN("'" << view.get_accelerator().name() << "' has no double precision: not tested");
        return;
    }
    check_transposes(view, random_doubles(700 * 131, 3));
}

TEST_CASE_METHOD(fresh_view, "transpose writes into a given view and a transpose twice is the original",
                 "[algorithms][transpose]") {
    const std::vector<float> values = random_floats(45 * 70, 4);
    tiles::array<float, 2> matrix(tiles::extent<2>(45, 70), values, view);
    std::vector<float> once(values.size()), twice(values.size());
    tiles::array_view<float, 2> transposed(70, 45, once), back(45, 70, twice);
    tiles::transpose(view, matrix, transposed);
    tiles::transpose(view, transposed, back);
    back.synchronize();
    CHECK(twice == values);
}

TEST_CASE_METHOD(fresh_view, "transpose refuses a wrong output shape and unsupported elements",
                 "[algorithms][transpose][refusal]") {
    std::vector<float> values(3 * 4), out(3 * 4);
    tiles::array_view<const float, 2> matrix(3, 4, values);
    tiles::array_view<float, 2> same_shape(3, 4, out);
    REQUIRE_THROWS_MENTIONING(tiles::transpose(view, matrix, same_shape), tiles::invalid_argument,
                              "transpose: the output is 3x4 but must be 4x3");
    std::vector<char> chars(12);
    tiles::array_view<const char, 2> char_matrix(3, 4, chars);
    REQUIRE_THROWS_MENTIONING(tiles::transpose(view, char_matrix), tiles::invalid_argument,
                              "transpose supports int (int32), uint (uint32), float (float32), double (float64), "
                              "half (float16) and bfloat16 elements, not char (int8)");
    std::vector<int> ints(12);
    tiles::array_view<int, 2> int_output(4, 3, ints);
    REQUIRE_THROWS_MENTIONING(tiles::transpose(view, matrix, int_output), tiles::invalid_argument,
                              "the output has int (int32) elements, the input float (float32) elements");
    CHECK(view.counters().launches == 0);
}
