/* C tests of tiles.h's reductions over axes: sums, means, least elements and positions against
 * plain C loops, numpy's result dtypes and shapes with and without keepdims, and what it refuses. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "capi_tests.h"
#include "support.h"

enum { depth = 3, rows = 4, columns = 5 };

/* A new array's shape and elements. */
static int read_result(tiles_array* array, tiles_shape* shape, void* out, size_t bytes) {
    int failed = 0;
    tiles_view* view = NULL;
    CHECK_OK(tiles_array_get_shape(shape, array));
    if (CHECK_OK(tiles_array_get_view(&view, array))) CHECK_OK(tiles_view_read(view, out, bytes));
    tiles_view_release(view);
    return failed;
}

/* The sum over axes 0 and 2 of int32 data, kept as (1, rows, 1): int64, as numpy's. */
static int check_integer_sum(const tiles_view* data, const int32_t* x) {
    int failed = 0;
    const int axes[2] = {0, -1};
    tiles_reduction_options options = TILES_REDUCTION_OPTIONS_INIT;
    options.axes = axes;
    options.axis_count = 2;
    options.keepdims = 1;
    tiles_array* result = NULL;
    int is_bool = -1;
    if (!CHECK_OK(tiles_axis_reduction_new(&result, &is_bool, NULL, TILES_AXIS_SUM, data, 0, &options))) return failed;
    tiles_shape shape = TILES_SHAPE_INIT;
    int64_t sums[rows];
    failed += read_result(result, &shape, sums, sizeof sums);
    CHECK(shape.dtype == TILES_INT64 && shape.rank == 3 && shape.extent[0] == 1 && shape.extent[1] == rows &&
          shape.extent[2] == 1 && is_bool == 0);
    for (int r = 0; r < rows; r++) {
        int64_t expected = 0;
        for (int d = 0; d < depth; d++)
            for (int c = 0; c < columns; c++) expected += x[(d * rows + r) * columns + c];
        if (!CHECK(sums[r] == expected))
            printf("  (row %d: %lld, not %lld)\n", r, (long long)sums[r], (long long)expected);
    }
    tiles_array_release(result);
    return failed;
}

/* The mean over axis 1 (float64 of int32, as numpy's) and the argmin over all of the data. */
static int check_mean_and_argmin(const tiles_view* data, const int32_t* x) {
    int failed = 0;
    const int axis = 1;
    tiles_reduction_options options = TILES_REDUCTION_OPTIONS_INIT;
    options.axes = &axis;
    options.axis_count = 1;
    tiles_array *means = NULL, *position = NULL;
    int is_bool = -1;
    tiles_shape shape = TILES_SHAPE_INIT;
    if (CHECK_OK(tiles_axis_reduction_new(&means, &is_bool, NULL, TILES_AXIS_MEAN, data, 0, &options))) {
        double got[depth * columns];
        failed += read_result(means, &shape, got, sizeof got);
        CHECK(shape.dtype == TILES_FLOAT64 && shape.rank == 2 && shape.extent[0] == depth &&
              shape.extent[1] == columns);
        for (int d = 0; d < depth; d++)
            for (int c = 0; c < columns; c++) {
                double sum = 0;
                for (int r = 0; r < rows; r++) sum += x[(d * rows + r) * columns + c];
                CHECK(fabs(got[d * columns + c] - sum / rows) < 1e-12);
            }
    }
    tiles_reduction_options all = TILES_REDUCTION_OPTIONS_INIT;
    if (CHECK_OK(tiles_axis_reduction_new(&position, &is_bool, NULL, TILES_AXIS_ARGMIN, data, 0, &all))) {
        int64_t got = -1;
        failed += read_result(position, &shape, &got, sizeof got);
        int best = 0;
        for (int i = 1; i < depth * rows * columns; i++)
            if (x[i] < x[best]) best = i;
        CHECK(shape.dtype == TILES_INT64 && shape.rank == 1 && shape.extent[0] == 1 && got == best);
    }
    tiles_array_release(means);
    tiles_array_release(position);
    return failed;
}

int test_reductions_match_c_loops(void) {
    int failed = 0;
    int32_t x[depth * rows * columns];
    /* Sums past INT32_MAX, which an int32 sum would wrap. */
    for (int i = 0; i < depth * rows * columns; i++) x[i] = 2000000000 - (i * 37 % 101) * 1000;
    tiles_shape shape = shape_of(TILES_INT32, 3, depth, rows, columns);
    tiles_view* data = NULL;
    if (!CHECK_OK(tiles_view_create(&data, &shape, x))) return failed;
    failed += check_integer_sum(data, x);
    failed += check_mean_and_argmin(data, x);
    tiles_view_release(data);
    return failed;
}

int test_reductions_refusals(void) {
    int failed = 0;
    float data[12] = {0};
    tiles_shape shape = shape_of(TILES_FLOAT32, 2, 3, 4, 0);
    tiles_view* a = NULL;
    if (!CHECK_OK(tiles_view_create(&a, &shape, data))) return failed;
    tiles_array* result = NULL;
    int is_bool = 0;
    const int out_of_range = 2, twice[2] = {1, -1}, both[2] = {0, 1};
    tiles_reduction_options options = TILES_REDUCTION_OPTIONS_INIT;
    options.axes = &out_of_range;
    options.axis_count = 1;
    CHECK_FAILS(tiles_axis_reduction_new(&result, &is_bool, NULL, TILES_AXIS_SUM, a, 0, &options),
                TILES_ERROR_INVALID_ARGUMENT, "axis 2 is out of bounds for array of dimension 2");
    options.axes = twice;
    options.axis_count = 2;
    CHECK_FAILS(tiles_axis_reduction_new(&result, &is_bool, NULL, TILES_AXIS_MAX, a, 0, &options),
                TILES_ERROR_INVALID_ARGUMENT, "the axis 1 is given twice");
    options.axes = both;
    CHECK_FAILS(tiles_axis_reduction_new(&result, &is_bool, NULL, TILES_AXIS_ARGMAX, a, 0, &options),
                TILES_ERROR_INVALID_ARGUMENT, "argmax takes one axis or all, not 2");
    options = (tiles_reduction_options)TILES_REDUCTION_OPTIONS_INIT;
    options.dtype = TILES_FLOAT64;
    CHECK_FAILS(tiles_axis_reduction_new(&result, &is_bool, NULL, TILES_AXIS_MIN, a, 0, &options),
                TILES_ERROR_INVALID_ARGUMENT, "numpy's min takes no dtype");
    CHECK_FAILS(tiles_axis_reduction_new(&result, &is_bool, NULL, (tiles_axis_reduction)99, a, 0, &options),
                TILES_ERROR_INVALID_ARGUMENT, "the reduction 99 is none (0 to 8)");
    CHECK(strcmp(tiles_axis_reduction_name(TILES_AXIS_ARGMAX), "argmax") == 0);
    CHECK(strcmp(tiles_axis_reduction_name((tiles_axis_reduction)(TILES_AXIS_ARGMAX + 1)), "") == 0);
    CHECK(result == NULL);
    tiles_view_release(a);
    return failed;
}

/* cumulative_sum of uint8 along axis 0 with include_initial (uint64, as numpy's), and cumulative_prod
 * of all the elements in order. */
int test_scans_match_c_loops(void) {
    int failed = 0;
    uint8_t x[rows * columns];
    for (int i = 0; i < rows * columns; i++) x[i] = (uint8_t)(200 + i);
    tiles_shape shape = shape_of(TILES_UINT8, 2, rows, columns, 0);
    tiles_view* data = NULL;
    if (!CHECK_OK(tiles_view_create(&data, &shape, x))) return failed;
    const int axis = 0;
    tiles_scan_options options = TILES_SCAN_OPTIONS_INIT;
    options.axis = &axis;
    options.include_initial = 1;
    tiles_array *sums = NULL, *products = NULL;
    int is_bool = -1;
    tiles_shape got_shape = TILES_SHAPE_INIT;
    if (CHECK_OK(tiles_axis_scan_new(&sums, &is_bool, NULL, TILES_AXIS_SUM, data, 0, &options))) {
        uint64_t got[(rows + 1) * columns];
        failed += read_result(sums, &got_shape, got, sizeof got);
        CHECK(got_shape.dtype == TILES_UINT64 && got_shape.rank == 2 && got_shape.extent[0] == rows + 1);
        for (int c = 0; c < columns; c++) {
            uint64_t running = 0;
            CHECK(got[c] == 0);
            for (int r = 0; r < rows; r++) {
                running += x[r * columns + c];
                CHECK(got[(r + 1) * columns + c] == running);
            }
        }
    }
    tiles_scan_options all = TILES_SCAN_OPTIONS_INIT;
    all.dtype = TILES_UINT8; /* wraps, as numpy's cumprod(dtype=uint8) */
    if (CHECK_OK(tiles_axis_scan_new(&products, &is_bool, NULL, TILES_AXIS_PROD, data, 0, &all))) {
        uint8_t got[rows * columns];
        failed += read_result(products, &got_shape, got, sizeof got);
        uint8_t running = 1;
        for (int i = 0; i < rows * columns; i++) {
            running = (uint8_t)(running * x[i]);
            CHECK(got[i] == running);
        }
    }
    CHECK_FAILS(tiles_axis_scan_new(&products, &is_bool, NULL, TILES_AXIS_MAX, data, 0, &all),
                TILES_ERROR_INVALID_ARGUMENT, "a scan is a cumulative sum or product, not a max");
    tiles_array_release(sums);
    tiles_array_release(products);
    tiles_view_release(data);
    return failed;
}

/* numpy's where= and initial= against C loops over int32 data of (depth, rows, columns) and a bool
 * mask of (rows, columns), broadcast along the depth: the sum over the columns plus 10, the
 * greatest over depth and columns with initial -1000, and the mean over the depth (float64, over
 * the number of elements the mask leaves in: NaN where none). max without initial= is refused. */
int test_reductions_where_and_initial_match_c_loops(void) {
    int failed = 0;
    int32_t x[depth * rows * columns];
    uint8_t mask[rows * columns];
    for (int i = 0; i < depth * rows * columns; i++) x[i] = (i * 37) % 23 - 11;
    for (int i = 0; i < rows * columns; i++) mask[i] = (uint8_t)(i % 3 != 1 && i != 2);
    tiles_shape data_shape = shape_of(TILES_INT32, 3, depth, rows, columns),
                mask_shape = shape_of(TILES_UINT8, 2, rows, columns, 0);
    tiles_view *data = NULL, *m = NULL;
    if (!CHECK_OK(tiles_view_create(&data, &data_shape, x)) || !CHECK_OK(tiles_view_create(&m, &mask_shape, mask)))
        return failed;
    const int last = 2, first = 0, outer[2] = {0, 2};
    tiles_elementwise_operand ten = TILES_ELEMENTWISE_VIEW(NULL), low = TILES_ELEMENTWISE_VIEW(NULL);
    ten.scalar_dtype = low.scalar_dtype = TILES_INT64;
    ten.integer = 10;
    low.integer = -1000;
    tiles_reduction_options options = TILES_REDUCTION_OPTIONS_INIT;
    options.where = m;
    options.axes = &last;
    options.axis_count = 1;
    options.initial = &ten;
    tiles_array *sums = NULL, *greatest = NULL, *means = NULL;
    int is_bool = -1;
    tiles_shape shape = TILES_SHAPE_INIT;
    int64_t got_sums[depth * rows];
    double got_means[rows * columns];
    if (CHECK_OK(tiles_axis_reduction_new(&sums, &is_bool, NULL, TILES_AXIS_SUM, data, 0, &options)))
        failed += read_result(sums, &shape, got_sums, sizeof got_sums);
    for (int d = 0; d < depth; d++)
        for (int r = 0; r < rows; r++) {
            int64_t expected = 10;
            for (int c = 0; c < columns; c++) expected += mask[r * columns + c] ? x[(d * rows + r) * columns + c] : 0;
            if (!CHECK(got_sums[d * rows + r] == expected))
                printf("  (sum %d, %d: %lld, not %lld)\n", d, r, (long long)got_sums[d * rows + r],
                       (long long)expected);
        }
    options.axes = outer;
    options.axis_count = 2;
    options.initial = &low;
    int32_t greatest_values[rows];
    if (CHECK_OK(tiles_axis_reduction_new(&greatest, &is_bool, NULL, TILES_AXIS_MAX, data, 0, &options)))
        failed += read_result(greatest, &shape, greatest_values, sizeof greatest_values);
    for (int r = 0; r < rows; r++) {
        int32_t expected = -1000;
        for (int d = 0; d < depth; d++)
            for (int c = 0; c < columns; c++)
                if (mask[r * columns + c] && x[(d * rows + r) * columns + c] > expected)
                    expected = x[(d * rows + r) * columns + c];
        if (!CHECK(greatest_values[r] == expected))
            printf("  (max of row %d: %d, not %d)\n", r, greatest_values[r], expected);
    }
    options.axes = &first;
    options.axis_count = 1;
    options.initial = NULL;
    if (CHECK_OK(tiles_axis_reduction_new(&means, &is_bool, NULL, TILES_AXIS_MEAN, data, 0, &options)))
        failed += read_result(means, &shape, got_means, sizeof got_means);
    for (int i = 0; i < rows * columns; i++) {
        double sum = 0;
        for (int d = 0; d < depth; d++) sum += x[d * rows * columns + i];
        if (mask[i] ? !CHECK(fabs(got_means[i] - sum / depth) < 1e-12) : !CHECK(isnan(got_means[i])))
            printf("  (mean %d: %g)\n", i, got_means[i]);
    }
    tiles_array* refused = NULL;
    CHECK_FAILS(tiles_axis_reduction_new(&refused, &is_bool, NULL, TILES_AXIS_MIN, data, 0, &options),
                TILES_ERROR_INVALID_ARGUMENT,
                "reduction operation 'minimum' does not have an identity, so to use a where mask one has to "
                "specify 'initial'");
    /* An int32 sum cannot start from a float initial= past int64's range. */
    tiles_elementwise_operand huge = TILES_ELEMENTWISE_VIEW(NULL);
    huge.scalar_dtype = TILES_FLOAT64;
    huge.real = 1e300;
    options.initial = &huge;
    CHECK_FAILS(tiles_axis_reduction_new(&refused, &is_bool, NULL, TILES_AXIS_SUM, data, 0, &options),
                TILES_ERROR_INVALID_ARGUMENT, "which the int64 reduction cannot start from");
    tiles_array_release(sums);
    tiles_array_release(greatest);
    tiles_array_release(means);
    tiles_view_release(data);
    tiles_view_release(m);
    return failed;
}
