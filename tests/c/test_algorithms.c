/* C tests of tiles.h's tiled algorithms: each against plain C loops on pseudo-random data, at
 * sizes no tile divides and degenerate ones (1x1, 1xN, Nx1), and what each refuses. Float data
 * are multiples of 1/8 small enough that every sum is exact in any order, so that results are
 * compared exactly; only averages, which divide, are compared within a rounding. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capi_tests.h"
#include "support.h"
#include "tiles_opencl.h"

/* A small linear congruential generator, so that every run tests the same data. */
static uint32_t random_state = 12345u;
static int random_int(int low, int high) {
    random_state = random_state * 1664525u + 1013904223u;
    return low + (int)((random_state >> 8) % (uint32_t)(high - low + 1));
}

/* `count` random integers in [-range, range]: the data of a test, whatever its element type. */
static int* random_ints(int count, int range) {
    int* values = malloc((size_t)count * sizeof *values);
    for (int i = 0; i < count; i++) values[i] = random_int(-range, range);
    return values;
}

/* The elements of `dtype` for `values`: floating ones are values / 8. */
static void* elements_of(tiles_dtype dtype, const int* values, int count) {
    unsigned char* elements = malloc((size_t)count * tiles_dtype_size(dtype));
    for (int i = 0; i < count; i++) {
        if (dtype == TILES_FLOAT32)
            ((float*)elements)[i] = (float)values[i] / 8;
        else if (dtype == TILES_FLOAT64)
            ((double*)elements)[i] = (double)values[i] / 8;
        else if (dtype == TILES_UINT32)
            ((uint32_t*)elements)[i] = (uint32_t)values[i];
        else
            ((int32_t*)elements)[i] = values[i];
    }
    return elements;
}

/* The shape of rows x columns elements; rank 1 (one row of `columns`) where `rank` is 1. */
static tiles_shape matrix_shape(tiles_dtype dtype, int rank, int rows, int columns) {
    return rank == 1 ? shape_of(dtype, 1, columns, 0, 0) : shape_of(dtype, 2, rows, columns, 0);
}

static int fp64_device(void) {
    tiles_device* device = NULL;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    const int known = tiles_device_default(&device) == TILES_SUCCESS && tiles_device_get_info(&info, device) == 0;
    tiles_device_release(device);
    return known && info.supports_fp64;
}

/* |actual - expected| <= tolerance * (1 + |expected|) for each of `count` floats. */
static int check_close(const float* actual, const double* expected, int count, double tolerance, const char* file,
                       int line) {
    for (int i = 0; i < count; i++) {
        const double difference = actual[i] - expected[i], size = expected[i] < 0 ? -expected[i] : expected[i];
        if (difference > tolerance * (1 + size) || -difference > tolerance * (1 + size)) {
            printf("%s:%d: element %d is %.9g, not %.9g\n", file, line, i, (double)actual[i], expected[i]);
            return 0;
        }
    }
    return 1;
}
#define CHECK_CLOSE(actual, expected, count, tolerance)                                                                \
    (check_close((actual), (expected), (count), (tolerance), __FILE__, __LINE__) || (++failed, 0))

/* The reduce of rows x columns int or float elements, against a loop. */
static int reduce_case(tiles_dtype dtype, int rank, int rows, int columns) {
    int failed = 0;
    const int count = rows * columns;
    int* values = random_ints(count, 1000);
    void* elements = elements_of(dtype, values, count);
    int64_t sum = 0;
    int least = values[0], greatest = values[0];
    for (int i = 0; i < count; i++) {
        sum += values[i];
        least = values[i] < least ? values[i] : least;
        greatest = values[i] > greatest ? values[i] : greatest;
    }
    const int64_t expected[3] = {sum, least, greatest};
    const tiles_reduction ops[3] = {TILES_REDUCE_SUM, TILES_REDUCE_MIN, TILES_REDUCE_MAX};
    const tiles_shape shape = matrix_shape(dtype, rank, rows, columns);
    tiles_view* view = NULL;
    CHECK_OK(tiles_view_create_const(&view, &shape, elements));
    for (int op = 0; op < 3; op++) {
        union {
            int32_t i;
            float f;
        } result;
        if (!CHECK_OK(tiles_reduce(&result, sizeof result, NULL, view, ops[op]))) continue;
        if (dtype == TILES_FLOAT32) {
            const float want = (float)expected[op] / 8;
            CHECK_FLOATS(&result.f, &want, 1);
        } else {
            const int want = (int)expected[op];
            CHECK_INTS(&result.i, &want, 1);
        }
    }
    CHECK_OK(tiles_view_release(view));
    if (failed) printf("  (reduce of %s, rank %d, %dx%d)\n", tiles_dtype_name(dtype), rank, rows, columns);
    free(elements);
    free(values);
    return failed;
}

int test_reduce_matches_c_loops(void) {
    int failed = 0;
    const tiles_dtype types[2] = {TILES_INT32, TILES_FLOAT32};
    for (int t = 0; t < 2; t++) {
        failed += reduce_case(types[t], 1, 1, 1);
        failed += reduce_case(types[t], 1, 1, 7);
        failed += reduce_case(types[t], 1, 1, 100003);
        failed += reduce_case(types[t], 2, 1, 1);
        failed += reduce_case(types[t], 2, 1, 333);
        failed += reduce_case(types[t], 2, 333, 1);
        failed += reduce_case(types[t], 2, 37, 53);
        failed += reduce_case(types[t], 2, 301, 211);
    }
    return failed;
}

int test_reduce_as_sums_ints_in_long_without_wrapping(void) {
    int failed = 0;
    enum { count = 100003 };
    int* values = malloc(count * sizeof *values);
    long long expected = 0;
    for (int i = 0; i < count; i++) {
        values[i] = INT_MAX - i % 1000; /* any two of them wrap in int */
        expected += values[i];
    }
    const tiles_shape shape = shape_of(TILES_INT32, 1, count, 0, 0);
    tiles_view* view = NULL;
    CHECK_OK(tiles_view_create_const(&view, &shape, values));
    int64_t sum = 0;
    if (CHECK_OK(tiles_reduce_as(&sum, sizeof sum, TILES_INT64, NULL, view, TILES_REDUCE_SUM))) CHECK(sum == expected);
    int wrapped = 0; /* the input's own type stays available */
    CHECK_OK(tiles_reduce_as(&wrapped, sizeof wrapped, TILES_INT32, NULL, view, TILES_REDUCE_SUM));
    CHECK_FAILS(tiles_reduce_as(&sum, sizeof sum, TILES_INT64, NULL, view, TILES_REDUCE_MIN),
                TILES_ERROR_INVALID_ARGUMENT, "not a long (int64)");
    CHECK_FAILS(tiles_reduce_as(&sum, sizeof sum, TILES_UINT64, NULL, view, TILES_REDUCE_SUM),
                TILES_ERROR_INVALID_ARGUMENT, "added in int (int32) or long (int64), not in ulong (uint64)");
    CHECK_FAILS(tiles_reduce_as(&wrapped, sizeof wrapped, TILES_INT64, NULL, view, TILES_REDUCE_SUM),
                TILES_ERROR_INVALID_ARGUMENT, "out_size is 4 bytes, but the result is one long (int64), 8 bytes");
    CHECK_FAILS(tiles_reduce_as(&sum, sizeof sum, (tiles_dtype)42, NULL, view, TILES_REDUCE_SUM),
                TILES_ERROR_INVALID_ARGUMENT, "tiles_dtype 42 is not an element type");
    CHECK_OK(tiles_view_release(view));
    free(values);
    return failed;
}

int test_reduce_into_leaves_the_result_on_the_device_until_it_is_read(void) {
    int failed = 0;
    enum { count = 100003 };
    int* values = random_ints(count, 1000);
    long long expected = 0;
    for (int i = 0; i < count; i++) expected += values[i];
    const tiles_shape shape = shape_of(TILES_INT32, 1, count, 0, 0), one_long = shape_of(TILES_INT64, 1, 1, 0, 0),
                      two_ints = shape_of(TILES_INT32, 1, 2, 0, 0);
    tiles_context* context = NULL;
    tiles_array *data = NULL, *sum = NULL;
    tiles_view *data_view = NULL, *sum_view = NULL, *two_view = NULL, *const_view = NULL;
    int two[2] = {0, 0};
    int64_t result = 0;
    tiles_counters counters = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_create(&context, NULL));
    CHECK_OK(tiles_array_create(&data, context, &shape, values));
    CHECK_OK(tiles_array_get_view(&data_view, data));
    CHECK_OK(tiles_array_create(&sum, context, &one_long, NULL));
    CHECK_OK(tiles_array_get_view(&sum_view, sum));
    CHECK_OK(tiles_context_reset_counters(context));
    CHECK_OK(tiles_reduce_into(NULL, data_view, TILES_REDUCE_SUM, sum_view));
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.launches == 1 && counters.downloads == 0); /* where the data lives; nothing came back */
    if (CHECK_OK(tiles_view_read(sum_view, &result, sizeof result))) CHECK(result == expected);

    CHECK_OK(tiles_view_create(&two_view, &two_ints, two));
    CHECK_FAILS(tiles_reduce_into(context, data_view, TILES_REDUCE_MIN, two_view), TILES_ERROR_INVALID_ARGUMENT,
                "reduce: the result has 2 elements; it is one element");
    CHECK_FAILS(tiles_reduce_into(context, data_view, TILES_REDUCE_MIN, sum_view), TILES_ERROR_INVALID_ARGUMENT,
                "the least or greatest of int (int32) elements is one of them");
    CHECK_OK(tiles_view_create_const(&const_view, &one_long, &result));
    CHECK_FAILS(tiles_reduce_into(context, data_view, TILES_REDUCE_SUM, const_view), TILES_ERROR_INVALID_ARGUMENT,
                "const");
    CHECK_FAILS(tiles_reduce_into(context, data_view, (tiles_reduction)7, sum_view), TILES_ERROR_INVALID_ARGUMENT,
                "7 is not a tiles_reduction");
    CHECK_FAILS(tiles_reduce_into(context, NULL, TILES_REDUCE_SUM, sum_view), TILES_ERROR_INVALID_HANDLE, "");
    CHECK_OK(tiles_view_release(const_view));
    CHECK_OK(tiles_view_release(two_view));
    CHECK_OK(tiles_view_release(sum_view));
    CHECK_OK(tiles_array_release(sum));
    CHECK_OK(tiles_view_release(data_view));
    CHECK_OK(tiles_array_release(data));
    CHECK_OK(tiles_context_release(context));
    free(values);
    return failed;
}

int test_block_grid(void) {
    int failed = 0;
    int rows = -1, columns = -1;
    if (CHECK_OK(tiles_block_grid(&rows, &columns, 10, 10, 3, 4))) CHECK(rows == 4 && columns == 3);
    if (CHECK_OK(tiles_block_grid(&rows, &columns, 1, 1, 5, 5))) CHECK(rows == 1 && columns == 1);
    if (CHECK_OK(tiles_block_grid(&rows, &columns, 12, 1, 4, 1))) CHECK(rows == 3 && columns == 1);
    /* Rounding up must not overflow at the largest matrices. */
    if (CHECK_OK(tiles_block_grid(&rows, &columns, INT32_MAX, 1, 2, 1))) CHECK(rows == 1073741824 && columns == 1);
    rows = columns = -1;
    const tiles_status invalid = TILES_ERROR_INVALID_ARGUMENT;
    CHECK_FAILS(tiles_block_grid(&rows, &columns, 10, 10, 0, 4), invalid, "the block is 0x4");
    CHECK_FAILS(tiles_block_grid(&rows, &columns, 0, 10, 2, 2), invalid, "the matrix is 0x10");
    CHECK_FAILS(tiles_block_grid(NULL, &columns, 10, 10, 2, 2), invalid, "'out' is NULL");
    CHECK_FAILS(tiles_block_grid(&rows, NULL, 10, 10, 2, 2), invalid, "'out' is NULL");
    CHECK(rows == -1 && columns == -1);
    return failed;
}

/* block_sum (average 0) or block_average (1) of rows x columns elements, against loops. */
static int block_case(tiles_dtype dtype, int average, int rank, int rows, int columns, int block_rows,
                      int block_columns) {
    int failed = 0;
    const int count = rows * columns;
    const int grid_rows = (rows + block_rows - 1) / block_rows,
              grid_columns = (columns + block_columns - 1) / block_columns;
    const int blocks = grid_rows * grid_columns;
    int* values = random_ints(count, 500);
    void* elements = elements_of(dtype, values, count);
    double* expected = calloc((size_t)blocks, sizeof *expected);
    int* counted = calloc((size_t)blocks, sizeof *counted);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < columns; c++) {
            const int block = r / block_rows * grid_columns + c / block_columns;
            expected[block] += dtype == TILES_FLOAT32 ? values[r * columns + c] / 8.0 : values[r * columns + c];
            counted[block]++;
        }
    const tiles_shape input_shape = matrix_shape(dtype, rank, rows, columns);
    const tiles_shape output_shape = matrix_shape(dtype, rank, grid_rows, grid_columns);
    void* output = calloc((size_t)blocks, 4);
    tiles_view *input_view = NULL, *output_view = NULL;
    CHECK_OK(tiles_view_create_const(&input_view, &input_shape, elements));
    CHECK_OK(tiles_view_create(&output_view, &output_shape, output));
    const tiles_status status = average ? tiles_block_average(NULL, input_view, block_rows, block_columns, output_view)
                                        : tiles_block_sum(NULL, input_view, block_rows, block_columns, output_view);
    if (CHECK_OK(status) && CHECK_OK(tiles_view_synchronize(output_view))) {
        if (dtype == TILES_INT32) {
            int* want = malloc((size_t)blocks * sizeof *want);
            for (int b = 0; b < blocks; b++) want[b] = (int)expected[b];
            CHECK_INTS((const int*)output, want, blocks);
            free(want);
        } else if (average) {
            for (int b = 0; b < blocks; b++) expected[b] /= counted[b];
            CHECK_CLOSE((const float*)output, expected, blocks, 1e-6);
        } else {
            CHECK_CLOSE((const float*)output, expected, blocks, 0);
        }
    }
    CHECK_OK(tiles_view_release(input_view));
    CHECK_OK(tiles_view_release(output_view));
    if (failed)
        printf("  (block_%s of %s, rank %d, %dx%d in blocks of %dx%d)\n", average ? "average" : "sum",
               tiles_dtype_name(dtype), rank, rows, columns, block_rows, block_columns);
    free(output);
    free(counted);
    free(expected);
    free(elements);
    free(values);
    return failed;
}

int test_block_sum_and_average_match_c_loops(void) {
    int failed = 0;
    const tiles_dtype sums[2] = {TILES_INT32, TILES_FLOAT32};
    for (int t = 0; t < 2; t++) {
        const tiles_dtype dtype = sums[t];
        const int average = t; /* averages of floats only */
        for (int statistic = 0; statistic <= average; statistic++) {
            failed += block_case(dtype, statistic, 2, 37, 53, 4, 5);
            failed += block_case(dtype, statistic, 2, 64, 64, 8, 8);
            failed += block_case(dtype, statistic, 2, 1, 1, 1, 1);
            failed += block_case(dtype, statistic, 2, 1, 1, 3, 3);
            failed += block_case(dtype, statistic, 2, 1, 19, 1, 4);
            failed += block_case(dtype, statistic, 2, 23, 1, 5, 1);
            failed += block_case(dtype, statistic, 2, 5, 3, 8, 8);
            failed += block_case(dtype, statistic, 2, 101, 67, 3, 7);
            failed += block_case(dtype, statistic, 1, 1, 19, 1, 4);
        }
    }
    return failed;
}

/* The transpose of rows x columns elements, against a loop. */
static int transpose_case(tiles_dtype dtype, int rank, int rows, int columns) {
    int failed = 0;
    const int count = rows * columns;
    const size_t size = tiles_dtype_size(dtype);
    int* values = random_ints(count, 1 << 20);
    unsigned char* elements = elements_of(dtype, values, count);
    unsigned char* expected = malloc((size_t)count * size);
    unsigned char* output = calloc((size_t)count, size);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < columns; c++)
            memcpy(expected + ((size_t)c * (size_t)rows + (size_t)r) * size,
                   elements + ((size_t)r * (size_t)columns + (size_t)c) * size, size);
    const tiles_shape input_shape = matrix_shape(dtype, rank, rows, columns);
    const tiles_shape output_shape = shape_of(dtype, 2, columns, rows, 0);
    tiles_view *input_view = NULL, *output_view = NULL;
    CHECK_OK(tiles_view_create_const(&input_view, &input_shape, elements));
    CHECK_OK(tiles_view_create(&output_view, &output_shape, output));
    if (CHECK_OK(tiles_transpose(NULL, input_view, output_view)) && CHECK_OK(tiles_view_synchronize(output_view)))
        CHECK(memcmp(output, expected, (size_t)count * size) == 0);
    CHECK_OK(tiles_view_release(input_view));
    CHECK_OK(tiles_view_release(output_view));
    if (failed) printf("  (transpose of %s, rank %d, %dx%d)\n", tiles_dtype_name(dtype), rank, rows, columns);
    free(output);
    free(expected);
    free(elements);
    free(values);
    return failed;
}

int test_transpose_matches_a_c_loop(void) {
    int failed = 0;
    const tiles_dtype types[4] = {TILES_INT32, TILES_UINT32, TILES_FLOAT32, TILES_FLOAT64};
    const int type_count = fp64_device() ? 4 : 3;
    for (int t = 0; t < type_count; t++) {
        failed += transpose_case(types[t], 2, 37, 53);
        failed += transpose_case(types[t], 2, 1, 1);
        failed += transpose_case(types[t], 2, 1, 19);
        failed += transpose_case(types[t], 2, 23, 1);
        failed += transpose_case(types[t], 2, 130, 67);
        failed += transpose_case(types[t], 1, 1, 29);
    }
    return failed;
}

/* c = alpha * a * b + beta * c for m x k and k x n float or double matrices at `precision`, against
 * loops. The elements are multiples of 1/8 from -4 to 4, which TF32, half and bfloat16 hold
 * exactly, and whose sums of products float holds exactly: every precision gives the same. */
static int gemm_case(tiles_dtype dtype, tiles_precision precision, int m, int n, int k, double alpha, double beta) {
    int failed = 0;
    int* a_values = random_ints(m * k, 32);
    int* b_values = random_ints(k * n, 32);
    int* c_values = random_ints(m * n, 32);
    void* a = elements_of(dtype, a_values, m * k);
    void* b = elements_of(dtype, b_values, k * n);
    void* c = elements_of(dtype, c_values, m * n);
    double* expected = malloc((size_t)(m * n) * sizeof *expected);
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double product = 0;
            for (int p = 0; p < k; p++) product += a_values[i * k + p] / 8.0 * (b_values[p * n + j] / 8.0);
            expected[i * n + j] = alpha * product + (beta == 0 ? 0 : beta * (c_values[i * n + j] / 8.0));
        }
    /* With beta == 0, C is only written: what it held, even NaN, does not reach the result. */
    if (beta == 0) memset(c, 0xff, (size_t)(m * n) * tiles_dtype_size(dtype));
    const tiles_shape a_shape = shape_of(dtype, 2, m, k, 0), b_shape = shape_of(dtype, 2, k, n, 0),
                      c_shape = shape_of(dtype, 2, m, n, 0);
    tiles_view *a_view = NULL, *b_view = NULL, *c_view = NULL;
    CHECK_OK(tiles_view_create_const(&a_view, &a_shape, a));
    CHECK_OK(tiles_view_create_const(&b_view, &b_shape, b));
    CHECK_OK(tiles_view_create(&c_view, &c_shape, c));
    const tiles_status status = precision == TILES_PRECISION_EXACT
                                    ? tiles_gemm(NULL, alpha, a_view, b_view, beta, c_view)
                                    : tiles_gemm_as(precision, NULL, alpha, a_view, b_view, beta, c_view);
    if (CHECK_OK(status) && CHECK_OK(tiles_view_synchronize(c_view))) {
        for (int i = 0; i < m * n; i++) {
            const double actual = dtype == TILES_FLOAT32 ? ((float*)c)[i] : ((double*)c)[i];
            if (actual != expected[i]) {
                printf("%s:%d: C[%d] is %.17g, not %.17g\n", __FILE__, __LINE__, i, actual, expected[i]);
                failed++;
                break;
            }
        }
    }
    CHECK_OK(tiles_view_release(a_view));
    CHECK_OK(tiles_view_release(b_view));
    CHECK_OK(tiles_view_release(c_view));
    if (failed)
        printf("  (gemm of %s, %dx%d times %dx%d, alpha %g, beta %g, precision %d)\n", tiles_dtype_name(dtype), m, k, k,
               n, alpha, beta, (int)precision);
    free(expected);
    free(c);
    free(b);
    free(a);
    free(c_values);
    free(b_values);
    free(a_values);
    return failed;
}

static int gemm_cases(tiles_dtype dtype, tiles_precision precision) {
    int failed = 0;
    failed += gemm_case(dtype, precision, 37, 29, 41, 1.5, -0.5);
    failed += gemm_case(dtype, precision, 64, 64, 64, 1, 0);
    failed += gemm_case(dtype, precision, 1, 1, 1, 2, 1);
    failed += gemm_case(dtype, precision, 1, 33, 17, 1, 0);
    failed += gemm_case(dtype, precision, 33, 1, 17, -1, 0.25);
    failed += gemm_case(dtype, precision, 19, 23, 1, 0.5, 0);
    failed += gemm_case(dtype, precision, 70, 9, 130, 1, 1);
    return failed;
}

int test_gemm_matches_c_loops(void) {
    int failed = gemm_cases(TILES_FLOAT32, TILES_PRECISION_EXACT);
    if (fp64_device()) failed += gemm_cases(TILES_FLOAT64, TILES_PRECISION_EXACT);
    return failed;
}

int test_gemm_precisions_match_c_loops(void) {
    int failed = 0;
    /* On tensor cores: the device's own, else the emulation of their instructions, with small tiles
     * (those of the C++ and Python tests, so that PoCL compiles each kernel once). */
    const char* names[6] = {"WARPS_DOWN", "WARPS_ACROSS", "WARP_ROWS", "WARP_COLUMNS", "SLICE_STEPS", "TENSOR_CORES"};
    const int values[6] = {2, 2, 32, 16, 1, 2};
    int tensor_cores = 0;
    CHECK_OK(tiles_parameters_get(&tensor_cores, NULL, "gemm_mma", "TENSOR_CORES"));
    CHECK_OK(tiles_parameters_set(NULL, "gemm_mma", names, values, 6));
    CHECK_OK(tiles_parameters_set(NULL, "gemm_mma_tf32x3", names, values, 6));
    CHECK_OK(tiles_parameters_set(NULL, "gemm_mma_small", names, values, 6));
    const tiles_precision precisions[4] = {TILES_PRECISION_TF32X3, TILES_PRECISION_TF32, TILES_PRECISION_FLOAT16,
                                           TILES_PRECISION_BFLOAT16};
    for (int p = 0; p < 4; p++) failed += gemm_cases(TILES_FLOAT32, precisions[p]);
    CHECK_OK(tiles_parameters_reset(NULL, NULL));
    int after = -1;
    CHECK_OK(tiles_parameters_get(&after, NULL, "gemm_mma", "TENSOR_CORES"));
    CHECK(after == tensor_cores);
    return failed;
}

/* The stencil of a rows x columns matrix with a mask_rows x mask_columns mask, against loops
 * that clamp positions to the edge. */
static int stencil_case(int rank, int rows, int columns, int mask_rows, int mask_columns) {
    int failed = 0;
    const int count = rows * columns, mask_count = mask_rows * mask_columns;
    int* values = random_ints(count, 32);
    int* weights = random_ints(mask_count, 32);
    float* input = elements_of(TILES_FLOAT32, values, count);
    float* mask = elements_of(TILES_FLOAT32, weights, mask_count);
    float* output = calloc((size_t)count, sizeof *output);
    double* expected = calloc((size_t)count, sizeof *expected);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < columns; c++)
            for (int i = 0; i < mask_rows; i++)
                for (int j = 0; j < mask_columns; j++) {
                    int source_row = r + i - mask_rows / 2, source_column = c + j - mask_columns / 2;
                    source_row = source_row < 0 ? 0 : source_row >= rows ? rows - 1 : source_row;
                    source_column = source_column < 0 ? 0 : source_column >= columns ? columns - 1 : source_column;
                    expected[r * columns + c] +=
                        weights[i * mask_columns + j] / 8.0 * (values[source_row * columns + source_column] / 8.0);
                }
    const tiles_shape shape = matrix_shape(TILES_FLOAT32, rank, rows, columns);
    const tiles_shape mask_shape = shape_of(TILES_FLOAT32, 2, mask_rows, mask_columns, 0);
    tiles_view *input_view = NULL, *mask_view = NULL, *output_view = NULL;
    CHECK_OK(tiles_view_create_const(&input_view, &shape, input));
    CHECK_OK(tiles_view_create_const(&mask_view, &mask_shape, mask));
    CHECK_OK(tiles_view_create(&output_view, &shape, output));
    if (CHECK_OK(tiles_stencil(NULL, input_view, mask_view, output_view)) &&
        CHECK_OK(tiles_view_synchronize(output_view)))
        CHECK_CLOSE(output, expected, count, 0);
    CHECK_OK(tiles_view_release(input_view));
    CHECK_OK(tiles_view_release(mask_view));
    CHECK_OK(tiles_view_release(output_view));
    if (failed)
        printf("  (stencil of rank %d, %dx%d with a %dx%d mask)\n", rank, rows, columns, mask_rows, mask_columns);
    free(expected);
    free(output);
    free(mask);
    free(input);
    free(weights);
    free(values);
    return failed;
}

int test_stencil_matches_c_loops(void) {
    int failed = 0;
    failed += stencil_case(2, 37, 53, 3, 3);
    failed += stencil_case(2, 37, 53, 9, 9);
    failed += stencil_case(2, 64, 64, 5, 1);
    failed += stencil_case(2, 29, 31, 1, 7);
    failed += stencil_case(2, 1, 1, 3, 3);
    failed += stencil_case(2, 1, 1, 1, 1);
    failed += stencil_case(2, 1, 23, 3, 5);
    failed += stencil_case(2, 23, 1, 5, 3);
    failed += stencil_case(2, 2, 3, 9, 9);
    failed += stencil_case(1, 1, 41, 1, 5);
    return failed;
}

int test_algorithms_run_where_they_are_told(void) {
    int failed = 0;
    float values[6] = {1, 2, 3, 4, 5, 6}, transposed[6] = {0};
    const float expected[6] = {1, 4, 2, 5, 3, 6};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, 2, 3, 0),
                      transposed_shape = shape_of(TILES_FLOAT32, 2, 3, 2, 0);
    tiles_context *home = NULL, *other = NULL;
    tiles_array* array = NULL;
    tiles_view *array_view = NULL, *host_view = NULL, *output_view = NULL;
    tiles_counters home_counters = TILES_COUNTERS_INIT, other_counters = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_create(&home, NULL));
    CHECK_OK(tiles_context_create(&other, NULL));
    CHECK_OK(tiles_array_create(&array, home, &shape, values));
    CHECK_OK(tiles_array_get_view(&array_view, array));
    CHECK_OK(tiles_view_create_const(&host_view, &shape, values));
    CHECK_OK(tiles_view_create(&output_view, &transposed_shape, transposed));

    /* No context: where the array lives. */
    float sum = 0;
    if (CHECK_OK(tiles_reduce(&sum, sizeof sum, NULL, array_view, TILES_REDUCE_SUM))) CHECK(sum == 21);
    CHECK_OK(tiles_transpose(NULL, array_view, output_view));
    if (CHECK_OK(tiles_view_synchronize(output_view))) CHECK_FLOATS(transposed, expected, 6);
    CHECK_OK(tiles_context_get_counters(&home_counters, home));
    CHECK_OK(tiles_context_get_counters(&other_counters, other));
    CHECK(home_counters.launches >= 2 && other_counters.launches == 0);

    /* A view of host memory first and an array second: tiles_context_for names the array's
     * context, whose counters then count what runs on the context it gave. */
    float summed = 0;
    tiles_context* picked = NULL;
    const tiles_view* operands[3] = {NULL, host_view, array_view};
    CHECK_OK(tiles_context_get_counters(&home_counters, home));
    const uint64_t home_launches = home_counters.launches;
    if (CHECK_OK(tiles_context_for(&picked, operands, 3)) &&
        CHECK_OK(tiles_reduce(&summed, sizeof summed, picked, array_view, TILES_REDUCE_SUM))) {
        CHECK(summed == 21);
        CHECK_OK(tiles_context_get_counters(&home_counters, home));
        CHECK(home_counters.launches > home_launches);
    }
    CHECK_FAILS(tiles_context_for(&picked, NULL, 1), TILES_ERROR_INVALID_ARGUMENT, "the views are NULL");
    CHECK_OK(tiles_context_release(picked));

    /* The context given, for host memory. */
    memset(transposed, 0, sizeof transposed);
    CHECK_OK(tiles_view_refresh(output_view));
    CHECK_OK(tiles_transpose(other, host_view, output_view));
    if (CHECK_OK(tiles_view_synchronize(output_view))) CHECK_FLOATS(transposed, expected, 6);
    CHECK_OK(tiles_context_get_counters(&other_counters, other));
    CHECK(other_counters.launches == 1);

    CHECK_OK(tiles_view_release(output_view));
    CHECK_OK(tiles_view_release(host_view));
    CHECK_OK(tiles_view_release(array_view));
    CHECK_OK(tiles_array_release(array));
    CHECK_OK(tiles_context_release(other));
    CHECK_OK(tiles_context_release(home));
    return failed;
}

/* Whether `picked` is `expected` (the same queue; each context has one of its own); releases `picked`. */
static int is_context(tiles_context* picked, const tiles_context* expected) {
    cl_command_queue picked_queue = NULL, expected_queue = NULL;
    const int read = tiles_context_get_opencl(NULL, &picked_queue, picked) == TILES_SUCCESS &&
                     tiles_context_get_opencl(NULL, &expected_queue, expected) == TILES_SUCCESS;
    tiles_context_release(picked);
    return read && picked_queue == expected_queue;
}

int test_data_of_no_elements_counts_where_it_stands(void) {
    int failed = 0;
    float values[3] = {1, 2, 3};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 3, 0, 0);
    tiles_context *first = NULL, *second = NULL, *picked = NULL, *fallback = NULL;
    tiles_array* array = NULL;
    tiles_view *on_second = NULL, *host_view = NULL;
    CHECK_OK(tiles_context_create(&first, NULL));
    CHECK_OK(tiles_context_create(&second, NULL));
    CHECK_OK(tiles_context_default(&fallback, NULL));
    CHECK_OK(tiles_array_create(&array, second, &shape, values));
    CHECK_OK(tiles_array_get_view(&on_second, array));
    CHECK_OK(tiles_view_create_const(&host_view, &shape, values));

    /* Python's zeros((0, 3), context=first) + an array on second, and the reverse: the first one's. */
    const tiles_operand empty_first[2] = {{NULL, first}, {on_second, NULL}};
    const tiles_operand array_first[2] = {{on_second, NULL}, {NULL, first}};
    if (CHECK_OK(tiles_context_for_operands(&picked, empty_first, 2))) CHECK(is_context(picked, first));
    if (CHECK_OK(tiles_context_for_operands(&picked, array_first, 2))) CHECK(is_context(picked, second));
    /* Two of no elements on two contexts: the first one's. */
    const tiles_operand both_empty[2] = {{NULL, second}, {NULL, first}};
    if (CHECK_OK(tiles_context_for_operands(&picked, both_empty, 2))) CHECK(is_context(picked, second));
    /* Host memory, of no elements or not, is meant for no context; nothing: the default one. */
    const tiles_operand on_the_host[3] = {{NULL, NULL}, {host_view, NULL}, {NULL, first}};
    if (CHECK_OK(tiles_context_for_operands(&picked, on_the_host, 3))) CHECK(is_context(picked, first));
    if (CHECK_OK(tiles_context_for_operands(&picked, on_the_host, 2))) CHECK(is_context(picked, fallback));
    if (CHECK_OK(tiles_context_for_operands(&picked, NULL, 0))) CHECK(is_context(picked, fallback));

    const tiles_operand both[1] = {{on_second, first}};
    CHECK_FAILS(tiles_context_for_operands(&picked, both, 1), TILES_ERROR_INVALID_ARGUMENT,
                "operand 0 of the list has both a view and empty_on");
    CHECK_FAILS(tiles_context_for_operands(&picked, NULL, 1), TILES_ERROR_INVALID_ARGUMENT, "the operands are NULL");

    CHECK_OK(tiles_view_release(host_view));
    CHECK_OK(tiles_view_release(on_second));
    CHECK_OK(tiles_array_release(array));
    CHECK_OK(tiles_context_release(fallback));
    CHECK_OK(tiles_context_release(second));
    CHECK_OK(tiles_context_release(first));
    return failed;
}

int test_algorithm_refusals(void) {
    int failed = 0;
    const tiles_status invalid = TILES_ERROR_INVALID_ARGUMENT, bad_handle = TILES_ERROR_INVALID_HANDLE;
    float floats[24] = {0}, out_floats[24] = {0};
    int ints[24] = {0};
    double doubles[6] = {0};
    unsigned char bytes[6] = {0};
    const tiles_shape floats_2x3 = shape_of(TILES_FLOAT32, 2, 2, 3, 0),
                      floats_3x2 = shape_of(TILES_FLOAT32, 2, 3, 2, 0),
                      floats_2x2 = shape_of(TILES_FLOAT32, 2, 2, 2, 0), ints_2x3 = shape_of(TILES_INT32, 2, 2, 3, 0),
                      ints_3x2 = shape_of(TILES_INT32, 2, 3, 2, 0), floats_2x3x4 = shape_of(TILES_FLOAT32, 3, 2, 3, 4),
                      doubles_6 = shape_of(TILES_FLOAT64, 1, 6, 0, 0), bytes_6 = shape_of(TILES_UINT8, 1, 6, 0, 0);
    tiles_view *input = NULL, *output = NULL, *square = NULL, *int_input = NULL, *int_output = NULL, *cube = NULL,
               *double_view = NULL, *byte_view = NULL, *const_output = NULL, *section = NULL;
    CHECK_OK(tiles_view_create_const(&input, &floats_2x3, floats));
    CHECK_OK(tiles_view_create(&output, &floats_3x2, out_floats));
    CHECK_OK(tiles_view_create(&square, &floats_2x2, out_floats));
    CHECK_OK(tiles_view_create_const(&int_input, &ints_2x3, ints));
    CHECK_OK(tiles_view_create(&int_output, &ints_3x2, ints));
    CHECK_OK(tiles_view_create_const(&cube, &floats_2x3x4, floats));
    CHECK_OK(tiles_view_create_const(&double_view, &doubles_6, doubles));
    CHECK_OK(tiles_view_create_const(&byte_view, &bytes_6, bytes));
    CHECK_OK(tiles_view_create_const(&const_output, &floats_3x2, out_floats));
    const int origin[2] = {0, 1}, extent[2] = {2, 2};
    CHECK_OK(tiles_view_section(&section, input, origin, extent));

    /* reduce: its out pointer and size, the op, and the element types it takes. */
    float result = -1;
    CHECK_FAILS(tiles_reduce(NULL, sizeof result, NULL, input, TILES_REDUCE_SUM), invalid, "'out' is NULL");
    CHECK_FAILS(tiles_reduce(&result, 2, NULL, input, TILES_REDUCE_SUM), invalid, "out_size is 2 bytes");
    CHECK_FAILS(tiles_reduce(&result, sizeof result, NULL, input, (tiles_reduction)7), invalid,
                "7 is not a tiles_reduction");
    CHECK_FAILS(tiles_reduce(&result, sizeof result, NULL, NULL, TILES_REDUCE_SUM), bad_handle,
                "the input view is NULL");
    CHECK_FAILS(tiles_reduce(&result, sizeof result, (tiles_context*)input, input, TILES_REDUCE_SUM), bad_handle,
                "not a live tiles_context");
    CHECK_FAILS(tiles_reduce(&result, sizeof result, NULL, cube, TILES_REDUCE_MAX), invalid, "has rank 3");
    CHECK_FAILS(tiles_reduce(&result, sizeof result, NULL, section, TILES_REDUCE_MIN), invalid, "is a section");
    CHECK(result == -1);
    CHECK_FAILS(tiles_reduce(bytes, 1, NULL, byte_view, TILES_REDUCE_SUM), invalid,
                "uchar (uint8) elements are combined, and given, as uint (uint32)");

    /* transpose: element types, the output's shape, and what an output must be. */
    CHECK_FAILS(tiles_transpose(NULL, input, int_output), invalid, "must be the same");
    CHECK_FAILS(tiles_transpose(NULL, byte_view, output), invalid, "not uchar");
    CHECK_FAILS(tiles_transpose(NULL, input, square), invalid, "is 2x2 but must be 3x2");
    CHECK_FAILS(tiles_transpose(NULL, input, const_output), invalid, "const memory");
    CHECK_FAILS(tiles_transpose(NULL, section, square), invalid, "input view is a section");
    CHECK_FAILS(tiles_transpose(NULL, cube, output), invalid, "has rank 3");
    CHECK_FAILS(tiles_transpose(NULL, input, NULL), bad_handle, "the output view is NULL");
    CHECK_FAILS(tiles_transpose(NULL, NULL, output), bad_handle, "the input view is NULL");
    CHECK_FAILS(tiles_transpose(NULL, square, square), invalid, "the same data");

    /* block sums and averages. */
    tiles_view* one = NULL;
    const tiles_shape floats_1x1 = shape_of(TILES_FLOAT32, 2, 1, 1, 0);
    CHECK_OK(tiles_view_create(&one, &floats_1x1, out_floats));
    CHECK_FAILS(tiles_block_sum(NULL, input, 0, 2, one), invalid, "the block is 0x2");
    CHECK_FAILS(tiles_block_sum(NULL, input, 2, 2, one), invalid, "is 1x1 but must be 1x2");
    CHECK_FAILS(tiles_block_sum(NULL, byte_view, 1, 2, output), invalid,
                "sums of uchar (uint8) elements are ulong (uint64) (numpy's), but the output has float");
    CHECK_FAILS(tiles_block_average(NULL, int_input, 2, 3, int_output), invalid, "not int");
    CHECK_FAILS(tiles_block_average(NULL, input, 2, 3, const_output), invalid, "const memory");
    CHECK_FAILS(tiles_block_average(NULL, section, 2, 2, one), invalid, "is a section");
    CHECK_FAILS(tiles_block_sum(NULL, NULL, 2, 2, one), bad_handle, "the input view is NULL");

    /* gemm: shapes that do not multiply, element types, C also an input. */
    CHECK_FAILS(tiles_gemm(NULL, 1, input, input, 0, square), invalid, "3 columns must match B's 2 rows");
    CHECK_FAILS(tiles_gemm(NULL, 1, square, square, 0, square), invalid, "the same data");
    CHECK_FAILS(tiles_gemm(NULL, 1, input, output, 0, one), invalid, "is 1x1 but must be 2x2");
    CHECK_FAILS(tiles_gemm(NULL, 1, int_input, int_output, 0, square), invalid, "not int");
    CHECK_FAILS(tiles_gemm(NULL, 1, input, output, 0, const_output), invalid, "const memory");
    CHECK_FAILS(tiles_gemm(NULL, 1, section, output, 0, square), invalid, "view of A is a section");
    CHECK_FAILS(tiles_gemm(NULL, 1, input, NULL, 0, square), bad_handle, "the view of B is NULL");
    CHECK_FAILS(tiles_gemm_as((tiles_precision)9, NULL, 1, square, square, 0, output), invalid,
                "9 is not a tiles_precision");
    if (fp64_device()) {
        double double_square[4] = {0}, double_out[4] = {0};
        const tiles_shape doubles_2x2 = shape_of(TILES_FLOAT64, 2, 2, 2, 0);
        tiles_view *d = NULL, *d_out = NULL;
        CHECK_OK(tiles_view_create_const(&d, &doubles_2x2, double_square));
        CHECK_OK(tiles_view_create(&d_out, &doubles_2x2, double_out));
        CHECK_FAILS(tiles_gemm_as(TILES_PRECISION_TF32X3, NULL, 1, d, d, 0, d_out), invalid,
                    "the precision tf32x3 is for float elements");
        CHECK_OK(tiles_view_release(d));
        CHECK_OK(tiles_view_release(d_out));
    }

    /* stencil: the mask's shape and element type. */
    tiles_view* stencil_output = NULL;
    CHECK_OK(tiles_view_create(&stencil_output, &floats_2x3, out_floats));
    CHECK_FAILS(tiles_stencil(NULL, input, square, stencil_output), invalid, "must be odd");
    CHECK_FAILS(tiles_stencil(NULL, input, int_input, stencil_output), invalid, "must be the same");
    CHECK_FAILS(tiles_stencil(NULL, int_input, one, stencil_output), invalid, "not int");
    CHECK_FAILS(tiles_stencil(NULL, input, one, output), invalid, "is 3x2 but must be 2x3");
    CHECK_FAILS(tiles_stencil(NULL, input, section, stencil_output), invalid, "mask view is a section");
    CHECK_FAILS(tiles_stencil(NULL, input, NULL, stencil_output), bad_handle, "the mask view is NULL");

    tiles_view* views[] = {input,       output,    square,       int_input, int_output, cube,
                           double_view, byte_view, const_output, section,   one,        stencil_output};
    for (size_t i = 0; i < sizeof views / sizeof views[0]; i++) CHECK_OK(tiles_view_release(views[i]));
    return failed;
}

int test_algorithm_parameters_by_name(void) {
    int failed = 0;
    const tiles_status invalid = TILES_ERROR_INVALID_ARGUMENT;
    const char* list = NULL;
    CHECK_OK(tiles_parameters_list(&list, NULL));
    CHECK(list != NULL && strcmp(list, "reduce block_reduce transpose stencil gemm_float gemm_float_small gemm_double "
                                       "gemm_mma gemm_mma_tf32x3 gemm_mma_small staging") == 0);
    CHECK_OK(tiles_parameters_list(&list, "stencil"));
    CHECK(list != NULL && strcmp(list, "TILE_ROWS TILE_COLUMNS ROWS_PER_THREAD VECTOR_WIDTH SHIFT_IN_REGISTERS") == 0);
    CHECK_FAILS(tiles_parameters_list(&list, "stencils"), invalid, "'stencils' is not a parameter set");
    CHECK_FAILS(tiles_parameters_list(NULL, "stencil"), invalid, "'out' is NULL");

    int rows = 0, after = 0;
    CHECK_OK(tiles_parameters_get(&rows, NULL, "stencil", "ROWS_PER_THREAD"));
    CHECK(rows >= 1);
    const char* names[2] = {"ROWS_PER_THREAD", "VECTOR_WIDTH"};
    const int good[2] = {rows + 1, 2}, bad[2] = {rows + 1, 3};
    CHECK_OK(tiles_parameters_set(NULL, "stencil", names, good, 2));
    CHECK_OK(tiles_parameters_get(&after, NULL, "stencil", "ROWS_PER_THREAD"));
    CHECK(after == rows + 1);
    CHECK_FAILS(tiles_parameters_set(NULL, "stencil", names, bad, 2), invalid, "VECTOR_WIDTH must be 1, 2, 4 or 8");
    CHECK_FAILS(tiles_parameters_set(NULL, "stencil", NULL, good, 2), invalid, "names or values is NULL");
    CHECK_FAILS(tiles_parameters_set(NULL, NULL, names, good, 2), invalid, "the parameter set's name is NULL");
    CHECK_FAILS(tiles_parameters_get(&after, NULL, "stencil", "DEPTH"), invalid, "has no parameter 'DEPTH'");
    CHECK_FAILS(tiles_parameters_get(&after, (const tiles_device*)names, "stencil", "TILE_ROWS"),
                TILES_ERROR_INVALID_HANDLE, "device");
    CHECK_OK(tiles_parameters_get(&after, NULL, "stencil", "VECTOR_WIDTH"));
    CHECK(after == 2); /* the refused values changed nothing */

    /* A stencil with the overridden parameters, against a loop over a 3x3 mask of ones. */
    failed += stencil_case(2, 37, 53, 3, 3);

    CHECK_OK(tiles_parameters_reset(NULL, "stencil"));
    CHECK_OK(tiles_parameters_get(&after, NULL, "stencil", "ROWS_PER_THREAD"));
    CHECK(after == rows);
    CHECK_FAILS(tiles_parameters_reset(NULL, "gemm"), invalid, "'gemm' is not a parameter set");
    return failed;
}

/* The bit of each dtype in tiles_algorithm_operand's dtypes. */
static uint64_t dtype_bit(tiles_dtype dtype) { return (uint64_t)1 << (unsigned)dtype; }

int test_algorithms_described(void) {
    int failed = 0;
    const tiles_status invalid = TILES_ERROR_INVALID_ARGUMENT;
    /* The algorithms in the catalogue's order, each named as its functions are; the loop below
     * holds the catalogue to it, so the rest may say each by its place. */
    enum {
        reduce,
        block_sum,
        block_average,
        transpose,
        stencil,
        gemm,
        cholesky,
        qr,
        svd,
        svdvals,
        eigh,
        eigvalsh,
        solve,
        inv,
        slogdet,
        algorithm_count
    };
    const char* const names[algorithm_count] = {
        "reduce", "block_sum", "block_average", "transpose", "stencil", "gemm", "cholesky", "qr",
        "svd",    "svdvals",   "eigh",          "eigvalsh",  "solve",   "inv",  "slogdet"};
    tiles_algorithm_info info = TILES_ALGORITHM_INFO_INIT;
    size_t count = 0;
    while (tiles_algorithm_describe(&info, count) == TILES_SUCCESS) {
        CHECK(count < algorithm_count && strcmp(info.name, names[count]) == 0);
        ++count;
    }
    CHECK(count == algorithm_count);
    CHECK_FAILS(tiles_algorithm_describe(&info, algorithm_count), invalid, "there is no algorithm 15; libtiles has 15");
    CHECK_FAILS(tiles_algorithm_describe(NULL, 0), invalid, "NULL");

    /* transpose as tiles.h documents it: a read input of int, uint, float, double, half or
     * bfloat16 elements of rank 1 or 2, no section, and a written output. */
    CHECK_OK(tiles_algorithm_describe(&info, transpose));
    CHECK(info.operand_count == 2 && strcmp(info.parameter, "") == 0 && info.parameter_value_count == 0);
    CHECK(info.number_count == 0);
    tiles_algorithm_operand operand = TILES_ALGORITHM_OPERAND_INIT;
    CHECK_OK(tiles_algorithm_describe_operand(&operand, transpose, 0));
    CHECK(strcmp(operand.name, "input") == 0 && strcmp(operand.role, "the input") == 0 && operand.written == 0);
    CHECK(operand.min_rank == 1 && operand.max_rank == 2 && operand.takes_section == 0);
    CHECK(operand.dtypes == (dtype_bit(TILES_INT32) | dtype_bit(TILES_UINT32) | dtype_bit(TILES_FLOAT32) |
                             dtype_bit(TILES_FLOAT64) | dtype_bit(TILES_FLOAT16) | dtype_bit(TILES_BFLOAT16)));
    CHECK_OK(tiles_algorithm_describe_operand(&operand, transpose, 1));
    CHECK(strcmp(operand.name, "output") == 0 && operand.written == 1);
    CHECK_FAILS(tiles_algorithm_describe_operand(&operand, transpose, 2), invalid,
                "transpose has no operand 2; it has 2");

    /* cholesky's stacks: a read input of float or double elements of rank 2 or more, and its
     * plain number `upper`. */
    CHECK_OK(tiles_algorithm_describe(&info, cholesky));
    CHECK(info.operand_count == 2 && info.number_count == 1 && strcmp(info.numbers[0], "upper") == 0);
    CHECK_OK(tiles_algorithm_describe_operand(&operand, cholesky, 0));
    CHECK(operand.min_rank == 2 && operand.max_rank == INT_MAX && operand.written == 0);
    CHECK(operand.dtypes == (dtype_bit(TILES_FLOAT32) | dtype_bit(TILES_FLOAT64)));
    /* qr's: the input and its two factors, and its plain number `complete`. */
    CHECK_OK(tiles_algorithm_describe(&info, qr));
    CHECK(info.operand_count == 3 && info.number_count == 1 && strcmp(info.numbers[0], "complete") == 0);
    /* svd's singular values: stacks of vectors, of rank 1 and more. */
    CHECK_OK(tiles_algorithm_describe_operand(&operand, svd, 2));
    CHECK(operand.min_rank == 1 && operand.max_rank == INT_MAX && operand.written == 1);

    /* The named parameters' values are the C enums', by their names. */
    CHECK_OK(tiles_algorithm_describe(&info, reduce));
    CHECK(strcmp(info.parameter, "op") == 0 && info.parameter_value_count == 3);
    for (size_t i = 0; i < info.parameter_value_count; ++i)
        CHECK(strcmp(info.parameter_values[i], tiles_reduction_name((tiles_reduction)i)) == 0);
    CHECK_OK(tiles_algorithm_describe(&info, gemm));
    CHECK(strcmp(info.parameter, "precision") == 0 && info.parameter_value_count == 5);
    for (size_t i = 0; i < info.parameter_value_count; ++i)
        CHECK(strcmp(info.parameter_values[i], tiles_precision_name((tiles_precision)i)) == 0);
    /* gemm's operands: A and B of float, double, half or bfloat16, and C of float or double. */
    CHECK_OK(tiles_algorithm_describe_operand(&operand, gemm, 2));
    CHECK(strcmp(operand.name, "c") == 0 && strcmp(operand.role, "C") == 0 && operand.written == 1);
    CHECK(operand.dtypes == (dtype_bit(TILES_FLOAT32) | dtype_bit(TILES_FLOAT64)));

    /* The plain numbers by the names of this header's parameters, in their order: tiles_block_sum's
     * block_rows and block_columns, tiles_gemm's alpha and beta, tiles_stencil_split's iterations. */
    CHECK_OK(tiles_algorithm_describe(&info, block_sum));
    CHECK(info.number_count == 2 && strcmp(info.numbers[0], "block_rows") == 0 &&
          strcmp(info.numbers[1], "block_columns") == 0);
    CHECK_OK(tiles_algorithm_describe(&info, gemm));
    CHECK(info.number_count == 2 && strcmp(info.numbers[0], "alpha") == 0 && strcmp(info.numbers[1], "beta") == 0);
    CHECK_OK(tiles_algorithm_describe(&info, stencil));
    CHECK(info.number_count == 1 && strcmp(info.numbers[0], "iterations") == 0);
    CHECK_OK(tiles_algorithm_describe(&info, reduce));
    CHECK(info.number_count == 0);

    CHECK_FAILS(tiles_algorithm_describe_operand(&operand, algorithm_count, 0), invalid, "there is no algorithm 15");
    return failed;
}
