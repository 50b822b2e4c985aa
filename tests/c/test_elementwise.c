/* C tests of tiles.h's elementwise arithmetic: results against plain C loops (exact where C's
 * answer is numpy's, within a rounding for the math functions), numpy's result dtypes, broadcasting,
 * sections as inputs, weak scalars, and what it refuses. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "capi_tests.h"
#include "support.h"

enum { rows = 3, columns = 5 };

static tiles_elementwise_operand view_operand(const tiles_view* view) {
    tiles_elementwise_operand operand = TILES_ELEMENTWISE_VIEW(view);
    return operand;
}

static tiles_elementwise_operand scalar_operand(tiles_dtype dtype, int weak, int64_t integer, double real) {
    tiles_elementwise_operand operand = TILES_ELEMENTWISE_VIEW(NULL);
    operand.scalar_dtype = dtype;
    operand.weak = weak;
    operand.integer = integer;
    operand.real = real;
    return operand;
}

/* a + b, a - b, a * b and a / b of floats, one of them broadcast along rows or columns. */
static int check_float_arithmetic(tiles_view* a, tiles_view* b, const float* x, const float* y, int b_rows,
                                  int b_columns) {
    int failed = 0;
    const tiles_elementwise_op ops[] = {TILES_OP_ADD, TILES_OP_SUBTRACT, TILES_OP_MULTIPLY, TILES_OP_DIVIDE};
    for (int k = 0; k < 4; k++) {
        const tiles_elementwise_operand inputs[2] = {view_operand(a), view_operand(b)};
        tiles_array* result = NULL;
        int is_bool = -1;
        if (!CHECK_OK(tiles_elementwise_new(&result, &is_bool, NULL, ops[k], inputs, 2))) continue;
        float actual[rows * columns], expected[rows * columns];
        failed += read_array(result, actual, sizeof actual);
        for (int i = 0; i < rows * columns; i++) {
            const float u = x[i],
                        v = y[(b_rows == 1 ? 0 : i / columns) * b_columns + (b_columns == 1 ? 0 : i % columns)];
            expected[i] = k == 0 ? u + v : k == 1 ? u - v : k == 2 ? u * v : u / v;
        }
        CHECK(is_bool == 0);
        if (!CHECK_FLOATS(actual, expected, rows * columns))
            printf("  (%s, the second input %dx%d)\n", tiles_elementwise_op_name(ops[k]), b_rows, b_columns);
        tiles_array_release(result);
    }
    return failed;
}

int test_elementwise_matches_c_loops(void) {
    int failed = 0;
    float x[rows * columns], y[rows * columns];
    for (int i = 0; i < rows * columns; i++) {
        x[i] = (float)(i * 7 % 11) - 4.5f;
        y[i] = (float)(i * 5 % 13) + 0.25f;
    }
    const int shapes[3][2] = {{rows, columns}, {1, columns}, {rows, 1}};
    for (int s = 0; s < 3; s++) {
        tiles_shape a_shape = shape_of(TILES_FLOAT32, 2, rows, columns, 0);
        tiles_shape b_shape = shape_of(TILES_FLOAT32, 2, shapes[s][0], shapes[s][1], 0);
        tiles_view *a = NULL, *b = NULL;
        if (CHECK_OK(tiles_view_create(&a, &a_shape, x)) && CHECK_OK(tiles_view_create(&b, &b_shape, y)))
            failed += check_float_arithmetic(a, b, x, y, shapes[s][0], shapes[s][1]);
        tiles_view_release(a);
        tiles_view_release(b);
    }
    return failed;
}

/* numpy's // and % of int32, rounding to minus infinity with the divisor's sign, 0 for 0. */
static int32_t floor_divide(int32_t x, int32_t y) {
    if (y == 0) return 0;
    int32_t q = x / y;
    if (x % y != 0 && ((x < 0) != (y < 0))) q -= 1;
    return q;
}
static int32_t floor_remainder(int32_t x, int32_t y) { return y == 0 ? 0 : x - floor_divide(x, y) * y; }

int test_elementwise_integers_and_comparisons_as_numpy(void) {
    int failed = 0;
    int32_t x[rows * columns], y[rows * columns];
    for (int i = 0; i < rows * columns; i++) {
        x[i] = i * 7 % 23 - 11;
        y[i] = i % 4 - 2; /* 0 among the divisors */
    }
    tiles_shape shape = shape_of(TILES_INT32, 2, rows, columns, 0);
    tiles_view *a = NULL, *b = NULL, *quotient = NULL, *remainder = NULL, *less = NULL;
    tiles_shape bools = shape_of(TILES_UINT8, 2, rows, columns, 0);
    int32_t q[rows * columns], r[rows * columns];
    uint8_t l[rows * columns];
    if (!CHECK_OK(tiles_view_create(&a, &shape, x)) || !CHECK_OK(tiles_view_create(&b, &shape, y)) ||
        !CHECK_OK(tiles_view_create(&quotient, &shape, q)) || !CHECK_OK(tiles_view_create(&remainder, &shape, r)) ||
        !CHECK_OK(tiles_view_create(&less, &bools, l)))
        return failed;
    const tiles_elementwise_operand inputs[2] = {view_operand(a), view_operand(b)};
    CHECK_OK(tiles_elementwise(quotient, 0, NULL, TILES_OP_FLOOR_DIVIDE, inputs, 2));
    CHECK_OK(tiles_elementwise(remainder, 0, NULL, TILES_OP_REMAINDER, inputs, 2));
    CHECK_OK(tiles_elementwise(less, 1, NULL, TILES_OP_LESS, inputs, 2));
    CHECK_OK(tiles_view_synchronize(quotient));
    CHECK_OK(tiles_view_synchronize(remainder));
    CHECK_OK(tiles_view_synchronize(less));
    for (int i = 0; i < rows * columns; i++) {
        if (!CHECK(q[i] == floor_divide(x[i], y[i]) && r[i] == floor_remainder(x[i], y[i]) && l[i] == (x[i] < y[i])))
            printf("  (%d and %d: %d, %d, %d)\n", x[i], y[i], q[i], r[i], l[i]);
    }
    tiles_view_release(a);
    tiles_view_release(b);
    tiles_view_release(quotient);
    tiles_view_release(remainder);
    tiles_view_release(less);
    return failed;
}

/* int8 data plus Python's 3 stays int8 and wraps, as numpy's; a section of the data is read alone. */
int test_elementwise_weak_scalars_and_sections(void) {
    int failed = 0;
    int8_t data[rows * columns];
    for (int i = 0; i < rows * columns; i++) data[i] = (int8_t)(120 + i);
    tiles_shape shape = shape_of(TILES_INT8, 2, rows, columns, 0);
    tiles_view *view = NULL, *section = NULL;
    const int origin[2] = {1, 2}, extent[2] = {2, 3};
    if (!CHECK_OK(tiles_view_create(&view, &shape, data)) ||
        !CHECK_OK(tiles_view_section(&section, view, origin, extent)))
        return failed;
    const tiles_elementwise_operand inputs[2] = {view_operand(section), scalar_operand(TILES_INT64, 1, 3, 0)};
    tiles_array* result = NULL;
    int is_bool = -1;
    if (CHECK_OK(tiles_elementwise_new(&result, &is_bool, NULL, TILES_OP_ADD, inputs, 2))) {
        tiles_shape got = TILES_SHAPE_INIT;
        CHECK_OK(tiles_array_get_shape(&got, result));
        CHECK(got.dtype == TILES_INT8 && got.rank == 2 && got.extent[0] == 2 && got.extent[1] == 3);
        int8_t actual[6];
        failed += read_array(result, actual, sizeof actual);
        for (int i = 0; i < 6; i++) {
            const int8_t expected = (int8_t)(uint8_t)(data[(1 + i / 3) * columns + 2 + i % 3] + 3);
            if (!CHECK(actual[i] == expected)) printf("  (element %d: %d, not %d)\n", i, actual[i], expected);
        }
    }
    tiles_array_release(result);
    tiles_view_release(section);
    tiles_view_release(view);
    return failed;
}

/* The dtype of `op` of views (or weak scalars, for TILES_OPAQUE) of the two dtypes. */
static int result_type_is(tiles_elementwise_op op, tiles_dtype a, int a_bool, tiles_dtype b, int b_bool,
                          tiles_dtype expected, int expected_bool) {
    int failed = 0;
    const int extent = 4;
    tiles_view* views[2] = {NULL, NULL};
    tiles_elementwise_operand inputs[2];
    const tiles_dtype dtypes[2] = {a, b};
    const int bools[2] = {a_bool, b_bool};
    for (int k = 0; k < 2; k++) {
        tiles_shape shape = shape_of(dtypes[k], 1, extent, 0, 0);
        if (bools[k] == 2) { /* a weak Python float */
            inputs[k] = scalar_operand(TILES_FLOAT64, 1, 0, 2.5);
            continue;
        }
        CHECK_OK(tiles_view_create_without_source(&views[k], &shape));
        inputs[k] = view_operand(views[k]);
        inputs[k].is_bool = bools[k];
    }
    tiles_dtype dtype = TILES_OPAQUE;
    int is_bool = -1;
    const size_t count = op >= TILES_OP_NEGATIVE ? 1 : 2;
    if (CHECK_OK(tiles_elementwise_result_type(&dtype, &is_bool, op, inputs, count)) &&
        !CHECK(dtype == expected && is_bool == expected_bool))
        printf("  (%s of %s and %s: %s%s)\n", tiles_elementwise_op_name(op), tiles_dtype_name(a), tiles_dtype_name(b),
               tiles_dtype_name(dtype), is_bool ? " bool" : "");
    tiles_view_release(views[0]);
    tiles_view_release(views[1]);
    return failed;
}

int test_elementwise_result_types_are_numpys(void) {
    int failed = 0;
    failed += result_type_is(TILES_OP_ADD, TILES_INT8, 0, TILES_UINT8, 0, TILES_INT16, 0);
    failed += result_type_is(TILES_OP_ADD, TILES_INT64, 0, TILES_UINT64, 0, TILES_FLOAT64, 0);
    failed += result_type_is(TILES_OP_ADD, TILES_INT16, 0, TILES_FLOAT32, 0, TILES_FLOAT32, 0);
    failed += result_type_is(TILES_OP_ADD, TILES_INT32, 0, TILES_FLOAT32, 0, TILES_FLOAT64, 0);
    failed += result_type_is(TILES_OP_ADD, TILES_FLOAT32, 0, TILES_COMPLEX64, 0, TILES_COMPLEX64, 0);
    failed += result_type_is(TILES_OP_ADD, TILES_FLOAT64, 0, TILES_COMPLEX64, 0, TILES_COMPLEX128, 0);
    failed += result_type_is(TILES_OP_ADD, TILES_UINT8, 1, TILES_UINT8, 1, TILES_UINT8, 1);
    failed += result_type_is(TILES_OP_DIVIDE, TILES_INT32, 0, TILES_INT32, 0, TILES_FLOAT64, 0);
    failed += result_type_is(TILES_OP_FLOOR_DIVIDE, TILES_UINT8, 1, TILES_UINT8, 1, TILES_INT8, 0);
    failed += result_type_is(TILES_OP_LESS, TILES_INT32, 0, TILES_FLOAT32, 0, TILES_UINT8, 1);
    failed += result_type_is(TILES_OP_MULTIPLY, TILES_FLOAT32, 0, TILES_FLOAT32, 2, TILES_FLOAT32, 0);
    failed += result_type_is(TILES_OP_MULTIPLY, TILES_INT8, 0, TILES_INT8, 2, TILES_FLOAT64, 0);
    failed += result_type_is(TILES_OP_SQRT, TILES_INT16, 0, TILES_INT16, 0, TILES_FLOAT32, 0);
    failed += result_type_is(TILES_OP_ABSOLUTE, TILES_COMPLEX128, 0, TILES_INT8, 0, TILES_FLOAT64, 0);
    return failed;
}

/* exp and sqrt of floats, within a few roundings of C's. */
int test_elementwise_math_functions_match_c(void) {
    int failed = 0;
    float x[rows * columns], e[rows * columns], r[rows * columns];
    for (int i = 0; i < rows * columns; i++) x[i] = (float)i * 0.37f;
    tiles_shape shape = shape_of(TILES_FLOAT32, 2, rows, columns, 0);
    tiles_view *in = NULL, *exps = NULL, *roots = NULL;
    if (!CHECK_OK(tiles_view_create(&in, &shape, x)) || !CHECK_OK(tiles_view_create(&exps, &shape, e)) ||
        !CHECK_OK(tiles_view_create(&roots, &shape, r)))
        return failed;
    const tiles_elementwise_operand input = view_operand(in);
    CHECK_OK(tiles_elementwise(exps, 0, NULL, TILES_OP_EXP, &input, 1));
    CHECK_OK(tiles_elementwise(roots, 0, NULL, TILES_OP_SQRT, &input, 1));
    CHECK_OK(tiles_view_synchronize(exps));
    CHECK_OK(tiles_view_synchronize(roots));
    for (int i = 0; i < rows * columns; i++)
        if (!CHECK(fabs(e[i] - exp(x[i])) <= 4e-7 * exp(x[i]) && r[i] == (float)sqrt(x[i])))
            printf("  (element %d: exp %g, sqrt %g)\n", i, e[i], r[i]);
    tiles_view_release(in);
    tiles_view_release(exps);
    tiles_view_release(roots);
    return failed;
}

int test_elementwise_refusals(void) {
    int failed = 0;
    float data[20] = {0}, out[12] = {0};
    tiles_shape four_by_five = shape_of(TILES_FLOAT32, 2, 4, 5, 0), three_by_four = shape_of(TILES_FLOAT32, 2, 3, 4, 0);
    tiles_shape int8s = shape_of(TILES_INT8, 1, 4, 0, 0), uint8s = shape_of(TILES_UINT8, 1, 4, 0, 0);
    tiles_shape floats = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    tiles_view *a = NULL, *b = NULL, *c = NULL, *small = NULL, *bytes = NULL, *roots = NULL;
    if (!CHECK_OK(tiles_view_create(&a, &four_by_five, data)) ||
        !CHECK_OK(tiles_view_create(&b, &three_by_four, out)) ||
        !CHECK_OK(tiles_view_create_const(&c, &three_by_four, out)) ||
        !CHECK_OK(tiles_view_create_without_source(&small, &int8s)) ||
        !CHECK_OK(tiles_view_create_without_source(&bytes, &uint8s)) ||
        !CHECK_OK(tiles_view_create_without_source(&roots, &floats)))
        return failed;
    const tiles_elementwise_operand ab[2] = {view_operand(a), view_operand(b)},
                                    aa[2] = {view_operand(a), view_operand(a)};
    const tiles_elementwise_operand bb[2] = {view_operand(b), view_operand(b)}, int8 = view_operand(small);
    tiles_elementwise_operand bools[2] = {view_operand(bytes), view_operand(bytes)};
    bools[0].is_bool = bools[1].is_bool = 1;
    CHECK_FAILS(tiles_elementwise(b, 0, NULL, TILES_OP_ADD, ab, 2), TILES_ERROR_INVALID_ARGUMENT,
                "could not be broadcast together with shapes (4,5) (3,4)");
    CHECK_FAILS(tiles_elementwise(b, 0, NULL, TILES_OP_ADD, aa, 2), TILES_ERROR_INVALID_ARGUMENT,
                "output operand with shape (3, 4) doesn't match the broadcast shape (4, 5)");
    CHECK_FAILS(tiles_elementwise(c, 0, NULL, TILES_OP_ADD, bb, 2), TILES_ERROR_INVALID_ARGUMENT, "const");
    CHECK_FAILS(tiles_elementwise(NULL, 0, NULL, TILES_OP_ADD, bb, 2), TILES_ERROR_INVALID_ARGUMENT,
                "the output view is NULL");
    CHECK_FAILS(tiles_elementwise(b, 0, NULL, TILES_OP_BITWISE_AND, bb, 2), TILES_ERROR_INVALID_ARGUMENT,
                "ufunc 'bitwise_and' not supported for the input types (float32, float32)");
    CHECK_FAILS(tiles_elementwise(b, 0, NULL, (tiles_elementwise_op)999, bb, 2), TILES_ERROR_INVALID_ARGUMENT,
                "999 is none");
    CHECK_FAILS(tiles_elementwise(b, 0, NULL, TILES_OP_ADD, bb, 1), TILES_ERROR_INVALID_ARGUMENT,
                "add takes 2 inputs, not 1");
    CHECK_FAILS(tiles_elementwise(roots, 0, NULL, TILES_OP_SQRT, &int8, 1), TILES_ERROR_UNSUPPORTED, "float16");
    CHECK_FAILS(tiles_elementwise(bytes, 1, NULL, TILES_OP_SUBTRACT, bools, 2), TILES_ERROR_INVALID_ARGUMENT,
                "numpy boolean subtract is not supported");
    CHECK(strcmp(tiles_elementwise_op_name(TILES_OP_DIVIDE), "true_divide") == 0);
    CHECK(strcmp(tiles_elementwise_op_name((tiles_elementwise_op)(TILES_OP_WHERE + 1)), "") == 0);
    tiles_view_release(a);
    tiles_view_release(b);
    tiles_view_release(c);
    tiles_view_release(small);
    tiles_view_release(bytes);
    tiles_view_release(roots);
    return failed;
}

/* numpy.where of an int condition broadcast along rows, floats and a weak Python 2.5. */
int test_elementwise_where_matches_a_c_loop(void) {
    int failed = 0;
    int32_t condition[columns];
    float x[rows * columns], out[rows * columns];
    for (int c = 0; c < columns; c++) condition[c] = c % 2;
    for (int i = 0; i < rows * columns; i++) x[i] = (float)i - 3.5f;
    tiles_shape row = shape_of(TILES_INT32, 2, 1, columns, 0), matrix = shape_of(TILES_FLOAT32, 2, rows, columns, 0);
    tiles_view *c = NULL, *a = NULL, *result = NULL;
    if (!CHECK_OK(tiles_view_create(&c, &row, condition)) || !CHECK_OK(tiles_view_create(&a, &matrix, x)) ||
        !CHECK_OK(tiles_view_create(&result, &matrix, out)))
        return failed;
    const tiles_elementwise_operand inputs[3] = {view_operand(c), view_operand(a),
                                                 scalar_operand(TILES_FLOAT64, 1, 0, 2.5)};
    tiles_dtype dtype = TILES_OPAQUE;
    int is_bool = -1;
    CHECK_OK(tiles_elementwise_result_type(&dtype, &is_bool, TILES_OP_WHERE, inputs, 3));
    CHECK(dtype == TILES_FLOAT32 && is_bool == 0);
    CHECK_OK(tiles_elementwise(result, 0, NULL, TILES_OP_WHERE, inputs, 3));
    CHECK_OK(tiles_view_synchronize(result));
    for (int i = 0; i < rows * columns; i++)
        if (!CHECK(out[i] == (condition[i % columns] ? x[i] : 2.5f))) printf("  (element %d: %g)\n", i, out[i]);
    CHECK_FAILS(tiles_elementwise(result, 0, NULL, TILES_OP_WHERE, inputs, 2), TILES_ERROR_INVALID_ARGUMENT,
                "where takes 3 inputs, not 2");
    tiles_view_release(c);
    tiles_view_release(a);
    tiles_view_release(result);
    return failed;
}

/* numpy's a.T[...] = 2 * b, then a.T[::-1, ::-1] read: a placed output writes through to the
 * data's elements at the transpose's places; a placed input reads them in reverse; places that
 * reach outside the data, and an output placed over an input's storage, are refused. */
int test_elementwise_placed_operands_write_through(void) {
    int failed = 0;
    float a[rows * columns], b[columns * rows], expected[rows * columns], reversed[columns * rows];
    for (int i = 0; i < rows * columns; i++) a[i] = expected[i] = (float)i + 1;
    for (int i = 0; i < columns * rows; i++) b[i] = (float)(i % 4) - 1.5f;
    tiles_shape matrix = shape_of(TILES_FLOAT32, 2, rows, columns, 0), t = shape_of(TILES_FLOAT32, 2, columns, rows, 0);
    tiles_view *data = NULL, *factors = NULL, *out = NULL;
    if (!CHECK_OK(tiles_view_create(&data, &matrix, a)) || !CHECK_OK(tiles_view_create(&factors, &t, b)) ||
        !CHECK_OK(tiles_view_create(&out, &t, reversed)))
        return failed;
    /* a.T: element (i, j) of the transpose is a's i + j * columns. */
    const int transposed_shape[2] = {columns, rows};
    const int64_t transposed_strides[2] = {1, columns}, reversed_strides[2] = {-1, -columns};
    const tiles_elementwise_place transposed = {2, transposed_shape, transposed_strides, 0};
    const tiles_elementwise_place backwards = {2, transposed_shape, reversed_strides, rows * columns - 1};
    const tiles_elementwise_operand scaled[2] = {view_operand(factors), scalar_operand(TILES_FLOAT32, 0, 0, 2.0)};
    CHECK_OK(tiles_elementwise_placed(data, 0, &transposed, NULL, TILES_OP_MULTIPLY, scaled, NULL, 2));
    for (int i = 0; i < columns; i++)
        for (int j = 0; j < rows; j++) expected[j * columns + i] = b[i * rows + j] * 2.0f;
    const tiles_elementwise_operand copied = view_operand(data);
    const tiles_elementwise_place* const places[1] = {&backwards};
    CHECK_OK(tiles_elementwise_placed(out, 0, NULL, NULL, TILES_OP_COPY, &copied, places, 1));
    CHECK_OK(tiles_view_synchronize(data));
    CHECK_OK(tiles_view_synchronize(out));
    CHECK_FLOATS(a, expected, rows * columns);
    for (int i = 0; i < columns; i++)
        for (int j = 0; j < rows; j++)
            if (!CHECK(reversed[i * rows + j] == expected[rows * columns - 1 - i - j * columns]))
                printf("  (reversed transpose's element (%d, %d): %g)\n", i, j, reversed[i * rows + j]);
    const tiles_elementwise_place outside = {2, transposed_shape, transposed_strides, 1};
    CHECK_FAILS(tiles_elementwise_placed(data, 0, &outside, NULL, TILES_OP_MULTIPLY, scaled, NULL, 2),
                TILES_ERROR_INVALID_ARGUMENT, "reaches outside the 15 elements its data holds");
    /* The transpose read into the data in its own order: work-items would read what others wrote. */
    const tiles_elementwise_operand itself[2] = {view_operand(factors), view_operand(data)};
    const tiles_elementwise_place* const both[2] = {NULL, &transposed};
    const int64_t dense_strides[2] = {rows, 1};
    const tiles_elementwise_place dense = {2, transposed_shape, dense_strides, 0};
    CHECK_FAILS(tiles_elementwise_placed(data, 0, &dense, NULL, TILES_OP_ADD, itself, both, 2),
                TILES_ERROR_INVALID_ARGUMENT, "copy the input first");
    /* Two elements of the output at one place of the data would race. */
    const int64_t repeating_strides[2] = {0, 1};
    const tiles_elementwise_place repeating = {2, transposed_shape, repeating_strides, 0};
    CHECK_FAILS(tiles_elementwise_placed(data, 0, &repeating, NULL, TILES_OP_MULTIPLY, scaled, NULL, 2),
                TILES_ERROR_INVALID_ARGUMENT, "puts two of its elements at one place of its data");
    tiles_view_release(data);
    tiles_view_release(factors);
    tiles_view_release(out);
    return failed;
}

/* numpy's np.subtract(a, 1.5, out=out, where=mask) with a bool mask broadcast along rows: only the
 * elements the mask picks are written, the others keep out's values; a scalar False writes none;
 * a mask that is not bool is refused. */
int test_elementwise_masked_writes_where_the_mask_is_true(void) {
    int failed = 0;
    uint8_t mask[columns];
    int32_t not_bools[columns];
    float x[rows * columns], out[rows * columns], before[rows * columns];
    for (int c = 0; c < columns; c++) mask[c] = not_bools[c] = (uint8_t)(c % 3 == 0);
    for (int i = 0; i < rows * columns; i++) {
        x[i] = (float)i * 0.5f;
        out[i] = before[i] = -100.0f - (float)i;
    }
    tiles_shape row = shape_of(TILES_UINT8, 2, 1, columns, 0), ints = shape_of(TILES_INT32, 2, 1, columns, 0),
                matrix = shape_of(TILES_FLOAT32, 2, rows, columns, 0);
    tiles_view *m = NULL, *bad = NULL, *a = NULL, *result = NULL;
    if (!CHECK_OK(tiles_view_create(&m, &row, mask)) || !CHECK_OK(tiles_view_create(&bad, &ints, not_bools)) ||
        !CHECK_OK(tiles_view_create(&a, &matrix, x)) || !CHECK_OK(tiles_view_create(&result, &matrix, out)))
        return failed;
    const tiles_elementwise_operand inputs[2] = {view_operand(a), scalar_operand(TILES_FLOAT64, 1, 0, 1.5)};
    tiles_elementwise_operand where = view_operand(m), never = scalar_operand(TILES_UINT8, 0, 0, 0.0),
                              wrong = view_operand(bad);
    where.is_bool = never.is_bool = 1;
    CHECK_OK(tiles_elementwise_masked(result, 0, NULL, NULL, TILES_OP_SUBTRACT, inputs, NULL, 2, &where, NULL));
    CHECK_OK(tiles_elementwise_masked(result, 0, NULL, NULL, TILES_OP_ADD, inputs, NULL, 2, &never, NULL));
    CHECK_OK(tiles_view_synchronize(result));
    for (int i = 0; i < rows * columns; i++) {
        const float expected = mask[i % columns] ? x[i] - 1.5f : before[i];
        if (!CHECK(out[i] == expected)) printf("  (element %d: %g, not %g)\n", i, out[i], expected);
    }
    CHECK_FAILS(tiles_elementwise_masked(result, 0, NULL, NULL, TILES_OP_ADD, inputs, NULL, 2, &wrong, NULL),
                TILES_ERROR_INVALID_ARGUMENT, "where= holds int32 elements");
    tiles_view_release(m);
    tiles_view_release(bad);
    tiles_view_release(a);
    tiles_view_release(result);
    return failed;
}
