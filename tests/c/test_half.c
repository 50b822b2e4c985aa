/* 16-bit floats from C: TILES_FLOAT16 and TILES_BFLOAT16 data (bits the caller makes), in a
 * kernel and in tiles_reduce_as, tiles_transpose and tiles_gemm, against values worked out here;
 * and their refusals. */
#include <string.h>

#include "capi_tests.h"
#include "support.h"

/* Exact halves and bfloat16s: 1.5, -2, 0.25 and 3 (and their bits). */
static const uint16_t half_bits[4] = {0x3e00, 0xc000, 0x3400, 0x4200};
static const uint16_t bfloat16_bits[4] = {0x3fc0, 0xc000, 0x3e80, 0x4040};
static const float values[4] = {1.5f, -2.0f, 0.25f, 3.0f};

int test_half_and_bfloat16_data(void) {
    int failed = 0;
    CHECK(tiles_dtype_size(TILES_FLOAT16) == 2 && tiles_dtype_size(TILES_BFLOAT16) == 2);
    CHECK(strcmp(tiles_dtype_name(TILES_FLOAT16), "half") == 0);
    CHECK(strcmp(tiles_dtype_name(TILES_BFLOAT16), "bfloat16") == 0);

    /* A kernel reads both as floats and writes their sum as a float. */
    uint16_t h[4], b[4];
    memcpy(h, half_bits, sizeof h);
    memcpy(b, bfloat16_bits, sizeof b);
    float sums[4] = {0};
    const tiles_shape half_shape = shape_of(TILES_FLOAT16, 1, 4, 0, 0),
                      bfloat16_shape = shape_of(TILES_BFLOAT16, 1, 4, 0, 0),
                      float_shape = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    tiles_view *hv = NULL, *bv = NULL, *sv = NULL;
    CHECK_OK(tiles_view_create(&hv, &half_shape, h));
    CHECK_OK(tiles_view_create(&bv, &bfloat16_shape, b));
    CHECK_OK(tiles_view_create(&sv, &float_shape, sums));
    tiles_kernel* kernel = NULL;
    CHECK_OK(tiles_kernel_create(&kernel,
                                 "__kernel void add(__global const half* h, __global const bfloat16* b, "
                                 "__global float* sum) {\n"
                                 "    const int i = get_global_id(0);\n"
                                 "    sum[i] = vload_half(i, h) + bfloat16_to_float(b[i]);\n"
                                 "}\n",
                                 "add", NULL));
    const tiles_domain domain = TILES_DOMAIN_INIT;
    tiles_domain four = domain;
    four.extent[0] = 4;
    tiles_arg args[] = {tiles_arg_view(hv), tiles_arg_view(bv), tiles_arg_view(sv)};
    CHECK_OK(tiles_launch(NULL, &four, kernel, args, 3));
    CHECK_OK(tiles_view_synchronize(sv));
    for (int i = 0; i < 4; ++i) CHECK(sums[i] == 2 * values[i]);
    /* A bfloat16 view where the kernel has half. */
    args[0] = tiles_arg_view(bv);
    CHECK_FAILS(tiles_launch(NULL, &four, kernel, args, 3), TILES_ERROR_INVALID_ARGUMENT, "bfloat16");

    /* The algorithms: their sum is a float; transposes move the bits; gemm of a 1x4 by a 4x1. */
    float total = 0;
    CHECK_OK(tiles_reduce_as(&total, sizeof total, TILES_FLOAT32, NULL, hv, TILES_REDUCE_SUM));
    CHECK(total == 2.75f);
    uint16_t result_bits = 0;
    CHECK_FAILS(tiles_reduce(&result_bits, sizeof result_bits, NULL, hv, TILES_REDUCE_SUM),
                TILES_ERROR_INVALID_ARGUMENT, "combined, and given, as float (float32)");
    uint16_t column[4] = {0};
    const tiles_shape column_shape = shape_of(TILES_BFLOAT16, 2, 4, 1, 0);
    tiles_view* cv = NULL;
    CHECK_OK(tiles_view_create(&cv, &column_shape, column));
    CHECK_OK(tiles_transpose(NULL, bv, cv));
    CHECK_OK(tiles_view_synchronize(cv));
    CHECK(memcmp(column, bfloat16_bits, sizeof column) == 0);
    float dot = 0;
    const tiles_shape one = shape_of(TILES_FLOAT32, 2, 1, 1, 0);
    tiles_view *product = NULL, *half_column = NULL;
    uint16_t h_column[4];
    memcpy(h_column, half_bits, sizeof h_column);
    const tiles_shape half_column_shape = shape_of(TILES_FLOAT16, 2, 4, 1, 0);
    CHECK_OK(tiles_view_create(&product, &one, &dot));
    CHECK_OK(tiles_view_create(&half_column, &half_column_shape, h_column));
    CHECK_OK(tiles_gemm(NULL, 1.0, hv, half_column, 0.0, product));
    CHECK_OK(tiles_view_synchronize(product));
    CHECK(dot == 1.5f * 1.5f + 4.0f + 0.0625f + 9.0f);
    /* tiles_gemm takes 16-bit floats at their own precision (tensor cores where there are some),
     * everything else exact. */
    CHECK(tiles_default_precision(TILES_FLOAT16) == TILES_PRECISION_FLOAT16);
    CHECK(tiles_default_precision(TILES_BFLOAT16) == TILES_PRECISION_BFLOAT16);
    CHECK(tiles_default_precision(TILES_FLOAT32) == TILES_PRECISION_EXACT);
    CHECK(tiles_default_precision(TILES_INT32) == TILES_PRECISION_EXACT);
    CHECK(tiles_default_precision((tiles_dtype)1000) == TILES_PRECISION_EXACT);

    tiles_view_release(product);
    tiles_view_release(half_column);
    tiles_view_release(cv);
    tiles_kernel_release(kernel);
    tiles_view_release(hv);
    tiles_view_release(bv);
    tiles_view_release(sv);
    return failed;
}
