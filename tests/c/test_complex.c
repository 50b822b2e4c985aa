/* Complex data from C: TILES_COMPLEX64 views of C99's float _Complex, multiplied in a kernel that
 * takes them as float2 (.x the real part, .y the imaginary) against C's own products, and the
 * refusals of a float2 parameter. */
#include <complex.h>
#include <string.h>

#include "capi_tests.h"
#include "support.h"

int test_complex_data(void) {
    int failed = 0;
    CHECK(tiles_dtype_size(TILES_COMPLEX64) == sizeof(float _Complex));
    CHECK(tiles_dtype_size(TILES_COMPLEX128) == sizeof(double _Complex));
    CHECK(strcmp(tiles_dtype_name(TILES_COMPLEX64), "float2") == 0);

    float _Complex a[4] = {1.0f + 2.0f * I, -3.0f + 0.5f * I, 0.25f - 4.0f * I, 2.0f};
    float _Complex b[4] = {2.0f - 1.0f * I, 1.0f * I, -1.0f + 1.0f * I, 0.5f + 0.5f * I};
    float _Complex products[4] = {0};
    const tiles_shape shape = shape_of(TILES_COMPLEX64, 1, 4, 0, 0);
    tiles_view *av = NULL, *bv = NULL, *pv = NULL;
    CHECK_OK(tiles_view_create(&av, &shape, a));
    CHECK_OK(tiles_view_create(&bv, &shape, b));
    CHECK_OK(tiles_view_create(&pv, &shape, products));
    tiles_kernel* kernel = NULL;
    CHECK_OK(tiles_kernel_create(
        &kernel,
        "__kernel void multiply(__global const float2* a, __global const float2* b, "
        "__global float2* p) {\n"
        "    const int i = get_global_id(0);\n"
        "    p[i] = (float2)(a[i].x * b[i].x - a[i].y * b[i].y, a[i].x * b[i].y + a[i].y * b[i].x);\n"
        "}\n",
        "multiply", NULL));
    tiles_domain four = TILES_DOMAIN_INIT;
    four.extent[0] = 4;
    tiles_arg args[] = {tiles_arg_view(av), tiles_arg_view(bv), tiles_arg_view(pv)};
    CHECK_OK(tiles_launch(NULL, &four, kernel, args, 3));
    CHECK_OK(tiles_view_synchronize(pv));
    /* Products of small halves and integers: exact in float, whichever way they are rounded. */
    for (int i = 0; i < 4; ++i) CHECK(products[i] == a[i] * b[i]);

    /* float32 pairs still go to a float2 parameter; int data does not, nor complex128. */
    float pairs[8] = {0};
    int ints[8] = {0};
    const tiles_shape float_shape = shape_of(TILES_FLOAT32, 1, 8, 0, 0), int_shape = shape_of(TILES_INT32, 1, 8, 0, 0);
    tiles_view *fv = NULL, *iv = NULL;
    CHECK_OK(tiles_view_create(&fv, &float_shape, pairs));
    CHECK_OK(tiles_view_create(&iv, &int_shape, ints));
    args[2] = tiles_arg_view(fv);
    CHECK_OK(tiles_launch(NULL, &four, kernel, args, 3));
    CHECK_OK(tiles_view_synchronize(fv));
    CHECK(pairs[0] == crealf(a[0] * b[0]) && pairs[1] == cimagf(a[0] * b[0]));
    args[2] = tiles_arg_view(iv);
    CHECK_FAILS(tiles_launch(NULL, &four, kernel, args, 3), TILES_ERROR_INVALID_ARGUMENT, "element types differ");
    tiles_dtype_info info = TILES_DTYPE_INFO_INIT;
    CHECK_OK(tiles_dtype_describe(&info, TILES_COMPLEX64));
    CHECK(strcmp(info.numpy_name, "complex64") == 0 && info.dlpack_code == 5 && info.dlpack_bits == 64);

    tiles_view_release(av);
    tiles_view_release(bv);
    tiles_view_release(pv);
    tiles_view_release(fv);
    tiles_view_release(iv);
    tiles_kernel_release(kernel);
    return failed;
}
