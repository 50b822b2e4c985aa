/* C tests of tiles.h's sort: tiles_sort_new's values and positions against qsort of (value,
 * position) pairs, whose ties broken by position make qsort's order the stable one; and what it
 * refuses. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "capi_tests.h"
#include "support.h"

/* Lines longer than a work-group and of no power of two, so that the last runs of each pass are short. */
enum { lines = 3, length = 1500 };

typedef struct keyed {
    double value;
    int64_t position;
} keyed;

/* numpy's order with NaNs last; ties by position, as a stable sort leaves them. */
static int ascending(const void* a, const void* b) {
    const keyed *x = (const keyed*)a, *y = (const keyed*)b;
    const int x_nan = isnan(x->value), y_nan = isnan(y->value);
    if (x_nan != y_nan) return x_nan - y_nan;
    if (!x_nan && x->value != y->value) return x->value < y->value ? -1 : 1;
    return x->position < y->position ? -1 : x->position > y->position;
}

/* The ascending order reversed among values (NaNs first), ties still by position. */
static int descending(const void* a, const void* b) {
    const keyed *x = (const keyed*)a, *y = (const keyed*)b;
    const int x_nan = isnan(x->value), y_nan = isnan(y->value);
    if (x_nan != y_nan) return y_nan - x_nan;
    if (!x_nan && x->value != y->value) return x->value > y->value ? -1 : 1;
    return x->position < y->position ? -1 : x->position > y->position;
}

/* float32 lines of few distinct values, NaNs and signed zeros, sorted along the last axis: the values
 * (NaNs compared as NaNs, zeros by their sign bit) and positions are qsort's. */
int test_sort_floats_match_qsort(void) {
    int failed = 0;
    static float x[lines * length], got_values[lines * length];
    static int64_t got_positions[lines * length];
    for (int i = 0; i < lines * length; i++)
        x[i] = i % 7 == 3 ? NAN : i % 11 == 5 ? -0.0f : (float)((i * 37) % 23) - 11.0f;
    tiles_shape shape = shape_of(TILES_FLOAT32, 2, lines, length, 0);
    tiles_view* data = NULL;
    if (!CHECK_OK(tiles_view_create(&data, &shape, x))) return failed;
    tiles_sort_options options = TILES_SORT_OPTIONS_INIT;
    tiles_array *values = NULL, *positions = NULL;
    if (CHECK_OK(tiles_sort_new(&values, &positions, NULL, data, 0, &options))) {
        failed += read_array(values, got_values, sizeof got_values);
        failed += read_array(positions, got_positions, sizeof got_positions);
        for (int line = 0; line < lines; line++) {
            static keyed expected[length];
            for (int j = 0; j < length; j++) expected[j] = (keyed){x[line * length + j], j};
            qsort(expected, length, sizeof(keyed), ascending);
            int wrong = 0;
            for (int j = 0; j < length; j++) {
                const float v = got_values[line * length + j], want = x[line * length + expected[j].position];
                wrong += got_positions[line * length + j] != expected[j].position || memcmp(&v, &want, sizeof v) != 0;
            }
            CHECK(wrong == 0);
        }
    }
    tiles_array_release(values);
    tiles_array_release(positions);
    tiles_view_release(data);
    return failed;
}

/* int64 sorted descending along axis 0 of a (length, lines) matrix, positions alone: qsort's. */
int test_sort_descending_along_axis_0_matches_qsort(void) {
    int failed = 0;
    static int64_t x[length * lines], got[length * lines];
    for (int i = 0; i < length * lines; i++) x[i] = ((int64_t)i * 7919) % 101 - 50 + (int64_t)(i % 3) * 5000000000;
    tiles_shape shape = shape_of(TILES_INT64, 2, length, lines, 0);
    tiles_view* data = NULL;
    if (!CHECK_OK(tiles_view_create(&data, &shape, x))) return failed;
    tiles_sort_options options = TILES_SORT_OPTIONS_INIT;
    options.axis = 0;
    options.descending = 1;
    tiles_array* positions = NULL;
    if (CHECK_OK(tiles_sort_new(NULL, &positions, NULL, data, 0, &options))) {
        failed += read_array(positions, got, sizeof got);
        for (int column = 0; column < lines; column++) {
            static keyed expected[length];
            for (int j = 0; j < length; j++) expected[j] = (keyed){(double)x[j * lines + column], j};
            qsort(expected, length, sizeof(keyed), descending);
            int wrong = 0;
            for (int j = 0; j < length; j++) wrong += got[j * lines + column] != expected[j].position;
            CHECK(wrong == 0);
        }
    }
    tiles_array_release(positions);
    tiles_view_release(data);
    return failed;
}

int test_sort_refusals(void) {
    int failed = 0;
    float x[6] = {0};
    tiles_shape shape = shape_of(TILES_FLOAT32, 2, 2, 3, 0);
    tiles_view *data = NULL, *complex_data = NULL;
    if (!CHECK_OK(tiles_view_create(&data, &shape, x))) return failed;
    tiles_sort_options options = TILES_SORT_OPTIONS_INIT;
    tiles_array* values = NULL;
    CHECK_FAILS(tiles_sort_new(NULL, NULL, NULL, data, 0, &options), TILES_ERROR_INVALID_ARGUMENT,
                "out_values and out_positions are both NULL");
    options.axis = 2;
    CHECK_FAILS(tiles_sort_new(&values, NULL, NULL, data, 0, &options), TILES_ERROR_INVALID_ARGUMENT,
                "axis 2 is out of bounds for data of 2 dimensions");
    options.axis = -1;
    shape = shape_of(TILES_COMPLEX64, 1, 3, 0, 0);
    if (CHECK_OK(tiles_view_create(&complex_data, &shape, x)))
        CHECK_FAILS(tiles_sort_new(&values, NULL, NULL, complex_data, 0, &options), TILES_ERROR_UNSUPPORTED,
                    "sorts bool, integers, float32 and float64, not complex64");
    CHECK(values == NULL);
    tiles_view_release(complex_data);
    tiles_view_release(data);
    return failed;
}
