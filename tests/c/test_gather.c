/* C tests of tiles.h's gathers and scatters: tiles_take_new, tiles_gather, tiles_scatter and
 * tiles_true_positions_new against plain C loops, negative positions counted from the end, and the
 * refusal of a position out of bounds, naming it. */
#include <stdint.h>
#include <stdio.h>

#include "capi_tests.h"
#include "support.h"

enum { rows = 4, columns = 6, picks = 5 };

/* numpy's take(a, idx, axis=1) of a 4x6 float matrix, idx holding negative positions too. */
int test_gather_take_matches_a_c_loop(void) {
    int failed = 0;
    float a[rows * columns], taken[rows * picks], expected[rows * picks];
    for (int i = 0; i < rows * columns; i++) a[i] = (float)i * 0.5f - 3.0f;
    int64_t idx[picks] = {5, 0, -1, 2, -6};
    tiles_shape matrix = shape_of(TILES_FLOAT32, 2, rows, columns, 0), line = shape_of(TILES_INT64, 1, picks, 0, 0);
    tiles_view *data = NULL, *positions = NULL;
    tiles_array* result = NULL;
    if (!CHECK_OK(tiles_view_create(&data, &matrix, a)) || !CHECK_OK(tiles_view_create(&positions, &line, idx)))
        return failed;
    if (CHECK_OK(tiles_take_new(&result, NULL, data, 0, positions, 1))) {
        failed += read_array(result, taken, sizeof taken);
        for (int r = 0; r < rows; r++)
            for (int k = 0; k < picks; k++) expected[r * picks + k] = a[r * columns + (idx[k] + columns) % columns];
        CHECK_FLOATS(taken, expected, rows * picks);
    }
    tiles_array_release(result);
    result = NULL;
    idx[3] = 6;
    CHECK_OK(tiles_view_refresh(positions));
    CHECK_FAILS(tiles_take_new(&result, NULL, data, 0, positions, 1), TILES_ERROR_INVALID_ARGUMENT,
                "index 6 is out of bounds for axis of size 6");
    CHECK_FAILS(tiles_take_new(&result, NULL, data, 0, positions, 2), TILES_ERROR_INVALID_ARGUMENT,
                "axis 2 is out of bounds for data of 2 dimensions");
    /* Positions of int32: refused by take's own name, not by the gather's beneath it. */
    int32_t narrow_idx[picks] = {0, 1, 2, 3, 4};
    tiles_shape narrow_line = shape_of(TILES_INT32, 1, picks, 0, 0);
    tiles_view* narrow = NULL;
    if (CHECK_OK(tiles_view_create(&narrow, &narrow_line, narrow_idx)))
        CHECK_FAILS(tiles_take_new(&result, NULL, data, 0, narrow, 1), TILES_ERROR_INVALID_ARGUMENT,
                    "take: the positions are int32, where they are int64 data");
    tiles_view_release(narrow);
    tiles_array_release(result);
    tiles_view_release(data);
    tiles_view_release(positions);
    return failed;
}

/* numpy's a[idx] = 10 + v (rows picked, v broadcast along them), then a[rows' idx] gathered, as
 * tiles_scatter and tiles_gather with a place and an index. */
int test_gather_scatter_and_gather_through_an_index(void) {
    int failed = 0;
    float a[rows * columns], expected[rows * columns], v[columns], gathered[2 * columns];
    for (int i = 0; i < rows * columns; i++) a[i] = expected[i] = (float)i;
    for (int c = 0; c < columns; c++) v[c] = 10.0f + (float)c;
    int64_t idx[2] = {-1, 1};
    tiles_shape matrix = shape_of(TILES_FLOAT32, 2, rows, columns, 0), line = shape_of(TILES_INT64, 1, 2, 0, 0),
                row = shape_of(TILES_FLOAT32, 1, columns, 0, 0), out = shape_of(TILES_FLOAT32, 2, 2, columns, 0);
    tiles_view *data = NULL, *positions = NULL, *value = NULL, *result = NULL;
    if (!CHECK_OK(tiles_view_create(&data, &matrix, a)) || !CHECK_OK(tiles_view_create(&positions, &line, idx)) ||
        !CHECK_OK(tiles_view_create(&value, &row, v)) || !CHECK_OK(tiles_view_create(&result, &out, gathered)))
        return failed;
    /* Element (k, c) of the selection is a's c + idx[k] * columns. */
    const int shape[2] = {2, columns};
    const int64_t strides[2] = {0, 1}, index_strides[2] = {1, 0};
    const tiles_elementwise_place place = {2, shape, strides, 0};
    const tiles_element_index index = {positions, index_strides, columns, rows, 0, 0};
    tiles_elementwise_operand written = TILES_ELEMENTWISE_VIEW(value);
    CHECK_OK(tiles_scatter(data, 0, &place, NULL, &written, &index));
    for (int c = 0; c < columns; c++) expected[3 * columns + c] = expected[1 * columns + c] = v[c];
    CHECK_OK(tiles_gather(result, 0, NULL, data, 0, &place, &index));
    CHECK_OK(tiles_view_synchronize(data));
    CHECK_OK(tiles_view_synchronize(result));
    CHECK_FLOATS(a, expected, rows * columns);
    CHECK_FLOATS(gathered, v, columns);
    CHECK_FLOATS(gathered + columns, v, columns);
    /* A bound past an int would reach past the data; gathering into the source races. */
    const tiles_element_index far = {positions, index_strides, columns, 4294967297LL, 0, 0};
    CHECK_FAILS(tiles_gather(result, 0, NULL, data, 0, &place, &far), TILES_ERROR_INVALID_ARGUMENT,
                "the positions' bound is 4294967297");
    const int whole_shape[2] = {rows, columns};
    const int64_t whole_strides[2] = {columns, 1};
    const tiles_elementwise_place whole = {2, whole_shape, whole_strides, 0};
    CHECK_FAILS(tiles_gather(data, 0, NULL, data, 0, &whole, NULL), TILES_ERROR_INVALID_ARGUMENT,
                "the output shares the source's data");
    tiles_view_release(data);
    tiles_view_release(positions);
    tiles_view_release(value);
    tiles_view_release(result);
    return failed;
}

/* numpy's flatnonzero of a mask of 1000 bools: the positions of its true elements in order. */
int test_gather_true_positions_match_a_c_loop(void) {
    enum { size = 1000 };
    int failed = 0;
    uint8_t mask[size];
    int64_t expected[size], found[size];
    size_t count = 0, expected_count = 0;
    for (int i = 0; i < size; i++) {
        mask[i] = (uint8_t)((i * 7919) % 13 < 4);
        if (mask[i]) expected[expected_count++] = i;
    }
    tiles_shape line = shape_of(TILES_UINT8, 1, size, 0, 0);
    tiles_view* view = NULL;
    tiles_array* positions = NULL;
    if (!CHECK_OK(tiles_view_create(&view, &line, mask))) return failed;
    if (CHECK_OK(tiles_true_positions_new(&positions, &count, NULL, view)) && CHECK(count == expected_count)) {
        failed += read_array(positions, found, count * sizeof found[0]);
        for (size_t k = 0; k < count; k++)
            if (!CHECK(found[k] == expected[k])) {
                printf("  (position %zu: %lld, not %lld)\n", k, (long long)found[k], (long long)expected[k]);
                break;
            }
    }
    tiles_array_release(positions);
    tiles_view_release(view);
    return failed;
}
