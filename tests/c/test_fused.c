/* C tests of tiles.h's fused elementwise expressions: exp(x) * 2 + 1 and a mixed-dtype where
 * against plain C loops, and the refusals of expressions that are not well formed, naming them. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "capi_tests.h"
#include "support.h"

enum { rows = 3, columns = 5 };

static tiles_elementwise_operand weak_integer(int64_t value) {
    tiles_elementwise_operand operand = TILES_ELEMENTWISE_VIEW(NULL);
    operand.scalar_dtype = TILES_INT64;
    operand.weak = 1;
    operand.integer = value;
    return operand;
}

int test_fused_chain_matches_a_c_loop(void) {
    int failed = 0;
    float x[rows * columns], actual[rows * columns];
    for (int i = 0; i < rows * columns; i++) x[i] = (float)(i % 7) * 0.375f - 1.0f;
    tiles_shape shape = shape_of(TILES_FLOAT32, 2, rows, columns, 0);
    tiles_view* a = NULL;
    tiles_array* result = NULL;
    if (!CHECK_OK(tiles_view_create_const(&a, &shape, x))) return failed;
    const tiles_elementwise_operand operands[3] = {TILES_ELEMENTWISE_VIEW(a), weak_integer(2), weak_integer(1)};
    const tiles_fused_node nodes[6] = {TILES_FUSED_OPERAND(0), TILES_FUSED_UNARY(TILES_OP_EXP, 0),
                                       TILES_FUSED_OPERAND(1), TILES_FUSED_BINARY(TILES_OP_MULTIPLY, 1, 2),
                                       TILES_FUSED_OPERAND(2), TILES_FUSED_BINARY(TILES_OP_ADD, 3, 4)};
    int is_bool = -1;
    if (CHECK_OK(tiles_elementwise_fused_new(&result, &is_bool, NULL, operands, 3, nodes, 6))) {
        tiles_view* view = NULL;
        if (CHECK_OK(tiles_array_get_view(&view, result))) CHECK_OK(tiles_view_read(view, actual, sizeof actual));
        tiles_view_release(view);
        CHECK(is_bool == 0);
        /* Within a rounding of the C library's exp: OpenCL's may round its last bit otherwise. */
        for (int i = 0; i < rows * columns; i++) {
            const float expected = expf(x[i]) * 2.0f + 1.0f;
            if (!CHECK(fabsf(actual[i] - expected) <= 2e-6f * expected))
                printf("  element %d: %g, not %g\n", i, actual[i], expected);
        }
    }
    tiles_array_release(result);
    tiles_view_release(a);
    return failed;
}

/* where(x0 < x1, x0 * x1, x1), x0 int32 of rows x columns, x1 a float64 row: float64 results. */
int test_fused_mixed_dtypes_broadcast(void) {
    int failed = 0;
    int32_t x[rows * columns];
    double y[columns] = {0.5, -3.0, 2.25, 8.0, -0.75}, actual[rows * columns];
    for (int i = 0; i < rows * columns; i++) x[i] = i * 7 % 11 - 5;
    tiles_shape ints = shape_of(TILES_INT32, 2, rows, columns, 0), doubles = shape_of(TILES_FLOAT64, 1, columns, 0, 0),
                out_shape = shape_of(TILES_FLOAT64, 2, rows, columns, 0);
    tiles_view *a = NULL, *b = NULL, *out = NULL;
    if (!CHECK_OK(tiles_view_create_const(&a, &ints, x)) || !CHECK_OK(tiles_view_create_const(&b, &doubles, y)) ||
        !CHECK_OK(tiles_view_create(&out, &out_shape, actual)))
        return failed;
    const tiles_elementwise_operand operands[2] = {TILES_ELEMENTWISE_VIEW(a), TILES_ELEMENTWISE_VIEW(b)};
    const tiles_fused_node nodes[5] = {TILES_FUSED_OPERAND(0),
                                       TILES_FUSED_OPERAND(1),
                                       TILES_FUSED_BINARY(TILES_OP_LESS, 0, 1),
                                       TILES_FUSED_BINARY(TILES_OP_MULTIPLY, 0, 1),
                                       {-1, TILES_OP_WHERE, {2, 3, 1}}};
    if (CHECK_OK(tiles_elementwise_fused(out, 0, NULL, NULL, operands, NULL, 2, nodes, 5)) &&
        CHECK_OK(tiles_view_synchronize(out)))
        for (int i = 0; i < rows * columns; i++) {
            const double u = x[i], v = y[i % columns];
            if (!CHECK(actual[i] == (u < v ? u * v : v))) printf("  element %d\n", i);
        }
    tiles_view_release(a);
    tiles_view_release(b);
    tiles_view_release(out);
    return failed;
}

int test_fused_refusals(void) {
    int failed = 0;
    float data[rows * columns] = {0};
    tiles_shape shape = shape_of(TILES_FLOAT32, 2, rows, columns, 0);
    tiles_view* a = NULL;
    tiles_array* result = NULL;
    int is_bool = 0;
    if (!CHECK_OK(tiles_view_create(&a, &shape, data))) return failed;
    const tiles_elementwise_operand operands[2] = {TILES_ELEMENTWISE_VIEW(a), weak_integer(2)};
    const tiles_fused_node unknown[3] = {TILES_FUSED_OPERAND(0), TILES_FUSED_OPERAND(1),
                                         TILES_FUSED_BINARY((tiles_elementwise_op)999, 0, 1)};
    const tiles_fused_node too_many[3] = {TILES_FUSED_OPERAND(0), TILES_FUSED_OPERAND(1),
                                          TILES_FUSED_BINARY(TILES_OP_EXP, 0, 1)};
    const tiles_fused_node too_few[3] = {TILES_FUSED_OPERAND(0), TILES_FUSED_OPERAND(1),
                                         TILES_FUSED_UNARY(TILES_OP_ADD, 0)};
    const tiles_fused_node far[3] = {TILES_FUSED_OPERAND(0), TILES_FUSED_OPERAND(4),
                                     TILES_FUSED_BINARY(TILES_OP_ADD, 0, 1)};
    CHECK_FAILS(tiles_elementwise_fused_new(&result, &is_bool, NULL, operands, 2, unknown, 3),
                TILES_ERROR_INVALID_ARGUMENT, "node 2's operation 999 is none");
    CHECK_FAILS(tiles_elementwise_fused_new(&result, &is_bool, NULL, operands, 2, too_many, 3),
                TILES_ERROR_INVALID_ARGUMENT, "node 2's exp takes 1 inputs, and it names child 1");
    CHECK_FAILS(tiles_elementwise_fused_new(&result, &is_bool, NULL, operands, 2, too_few, 3),
                TILES_ERROR_INVALID_ARGUMENT, "node 2's child 1 is node -1, and only nodes 0 to 1 come before it");
    CHECK_FAILS(tiles_elementwise_fused_new(&result, &is_bool, NULL, operands, 2, far, 3), TILES_ERROR_INVALID_ARGUMENT,
                "node 1 is operand 4, and there are 2 operands");
    CHECK_FAILS(tiles_elementwise_fused_new(&result, &is_bool, NULL, operands, 2, NULL, 3),
                TILES_ERROR_INVALID_ARGUMENT, "nodes are NULL");
    CHECK_FAILS(tiles_elementwise_fused_new(&result, &is_bool, NULL, NULL, 2, far, 3), TILES_ERROR_INVALID_ARGUMENT,
                "operands are NULL");
    CHECK_FAILS(tiles_elementwise_fused(NULL, 0, NULL, NULL, operands, NULL, 2, far, 3), TILES_ERROR_INVALID_ARGUMENT,
                "the output view is NULL");
    tiles_view_release(a);
    return failed;
}
