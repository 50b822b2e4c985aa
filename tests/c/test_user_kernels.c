/* C tests of tiles.h's users' kernels (PyOpenCL's ElementwiseKernel and ReductionKernel): an axpy and
 * a dot product against C loops, a reduction of one array, of no array, and what they refuse. */
#include <limits.h>
#include <stdint.h>

#include "capi_tests.h"
#include "support.h"

/* More elements than the reduction's first stage runs work-items on PoCL (8 groups of 256 a core), and
 * no multiple of a group, so that groups stride over the data and the last group is short. */
enum { count = 64 * 256 + 37 };

static tiles_user_kernel_text text_of(const char* arguments, const char* name) {
    tiles_user_kernel_text text = TILES_USER_KERNEL_TEXT_INIT;
    text.arguments = arguments;
    text.name = name;
    return text;
}

/* z = a * x + y reversed over views of C arrays: n is the count of the first view, which the
 * operation reads, and the preamble's function is the kernel's. */
int test_elementwise_kernel_matches_a_c_loop(void) {
    int failed = 0;
    static float x[count], y[count], z[count], expected[count];
    for (int i = 0; i < count; i++) x[i] = (float)(i % 97) * 0.5f, y[i] = (float)(i % 13) - 6.0f;
    tiles_user_kernel_text text = text_of("float a, const float *x, const float *y, float *z", "axpy");
    text.preamble = "float times(float a, float x) { return a * x; }";
    tiles_kernel* axpy = NULL;
    if (!CHECK_OK(tiles_elementwise_kernel_create(&axpy, &text, "z[i] = times(a, x[i]) + y[n - 1 - i]"))) return failed;
    tiles_shape shape = shape_of(TILES_FLOAT32, 1, count, 0, 0);
    tiles_view *vx = NULL, *vy = NULL, *vz = NULL;
    if (CHECK_OK(tiles_view_create(&vx, &shape, x)) && CHECK_OK(tiles_view_create(&vy, &shape, y)) &&
        CHECK_OK(tiles_view_create(&vz, &shape, z))) {
        const tiles_arg args[] = {tiles_arg_float(2.0f), tiles_arg_view(vx), tiles_arg_view(vy), tiles_arg_view(vz)};
        if (CHECK_OK(tiles_elementwise_kernel_launch(NULL, axpy, args, 4)) && CHECK_OK(tiles_view_synchronize(vz))) {
            for (int i = 0; i < count; i++) expected[i] = 2.0f * x[i] + y[count - 1 - i];
            CHECK_FLOATS(z, expected, count);
        }
        const tiles_arg no_data[] = {tiles_arg_float(2.0f)};
        CHECK_FAILS(tiles_elementwise_kernel_launch(NULL, axpy, no_data, 1), TILES_ERROR_INVALID_ARGUMENT,
                    "first array or view among its arguments");
    }
    tiles_view_release(vx);
    tiles_view_release(vy);
    tiles_view_release(vz);
    tiles_kernel_release(axpy);
    return failed;
}

/* A dot product of two views and a largest element of one array, against C loops; with no view among
 * its arguments the result is the neutral value. */
int test_reduction_kernel_matches_c_loops(void) {
    int failed = 0;
    static int x[count], y[count];
    int64_t dot = 0;
    int largest = INT_MIN;
    for (int i = 0; i < count; i++) {
        x[i] = (i * 7919) % 201 - 100, y[i] = i % 5 - 2;
        dot += (int64_t)x[i] * y[i];
        largest = x[i] > largest ? x[i] : largest;
    }
    tiles_user_kernel_text dot_text = text_of("const int *x, const int *y", "dot");
    tiles_user_kernel_text max_text = text_of(NULL, "largest");
    tiles_reduction_kernel *dot_kernel = NULL, *max_kernel = NULL;
    if (!CHECK_OK(
            tiles_reduction_kernel_create(&dot_kernel, TILES_INT64, "0", "a + b", "(long)x[i] * y[i]", &dot_text)) ||
        !CHECK_OK(tiles_reduction_kernel_create(&max_kernel, TILES_INT32, "INT_MIN", "max(a, b)", NULL, &max_text))) {
        tiles_reduction_kernel_release(dot_kernel);
        return failed;
    }
    tiles_shape shape = shape_of(TILES_INT32, 1, count, 0, 0);
    tiles_view *vx = NULL, *vy = NULL;
    tiles_array *dot_result = NULL, *max_result = NULL, *nothing = NULL;
    if (CHECK_OK(tiles_view_create(&vx, &shape, x)) && CHECK_OK(tiles_view_create(&vy, &shape, y))) {
        const tiles_arg args[] = {tiles_arg_view(vx), tiles_arg_view(vy)};
        int64_t got_dot = 0;
        int got_max = 0, got_nothing = 0;
        if (CHECK_OK(tiles_reduction_kernel_run(&dot_result, NULL, dot_kernel, args, 2)) &&
            read_array(dot_result, &got_dot, sizeof got_dot) == 0)
            CHECK(got_dot == dot);
        if (CHECK_OK(tiles_reduction_kernel_run(&max_result, NULL, max_kernel, args, 1)) &&
            read_array(max_result, &got_max, sizeof got_max) == 0)
            CHECK(got_max == largest);
        if (CHECK_OK(tiles_reduction_kernel_run(&nothing, NULL, max_kernel, NULL, 0)) &&
            read_array(nothing, &got_nothing, sizeof got_nothing) == 0)
            CHECK(got_nothing == INT_MIN);
    }
    tiles_array_release(dot_result);
    tiles_array_release(max_result);
    tiles_array_release(nothing);
    tiles_view_release(vx);
    tiles_view_release(vy);
    tiles_reduction_kernel_release(dot_kernel);
    tiles_reduction_kernel_release(max_kernel);
    return failed;
}

int test_user_kernel_refusals(void) {
    int failed = 0;
    tiles_kernel* kernel = NULL;
    tiles_reduction_kernel* reduction = NULL;
    tiles_user_kernel_text text = text_of("float *x, , float *y", "k");
    CHECK_FAILS(tiles_elementwise_kernel_create(&kernel, &text, "x[i] = y[i]"), TILES_ERROR_INVALID_ARGUMENT,
                "empty parameter");
    text = text_of("float *x", "k");
    CHECK_FAILS(tiles_elementwise_kernel_create(&kernel, &text, ""), TILES_ERROR_INVALID_ARGUMENT, "an operation");
    CHECK_FAILS(tiles_elementwise_kernel_create(&kernel, NULL, "x[i] = 0"), TILES_ERROR_INVALID_ARGUMENT,
                "text is NULL");
    text = text_of("float *x", NULL);
    CHECK_FAILS(tiles_elementwise_kernel_create(&kernel, &text, "x[i] = 0"), TILES_ERROR_INVALID_ARGUMENT, "a name");
    text = text_of(NULL, "r");
    CHECK_FAILS(tiles_reduction_kernel_create(&reduction, TILES_FLOAT16, "0", "a + b", NULL, &text),
                TILES_ERROR_INVALID_ARGUMENT, "float16");
    CHECK_FAILS(tiles_reduction_kernel_create(&reduction, TILES_FLOAT32, "0", "a + b", "x[i]", &text),
                TILES_ERROR_INVALID_ARGUMENT, "together");
    CHECK_FAILS(tiles_reduction_kernel_create(&reduction, TILES_FLOAT32, "0", NULL, NULL, &text),
                TILES_ERROR_INVALID_ARGUMENT, "reduce_expr");
    CHECK(kernel == NULL && reduction == NULL);
    tiles_array* out = NULL;
    CHECK_FAILS(tiles_reduction_kernel_run(&out, NULL, NULL, NULL, 0), TILES_ERROR_INVALID_HANDLE, "reduction kernel");
    return failed;
}
