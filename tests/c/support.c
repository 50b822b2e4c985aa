/* What the C tests of tiles.h share: CHECK macros that print file:line and what failed and count
 * failures in the test's `int failed` (each is 1 if it passed, so a test goes on only where it
 * can), a shorthand for shapes, and a kernel many tests use. */
#include "support.h"

#include <stdio.h>
#include <string.h>

int check_true(int holds, const char* expression, const char* file, int line) {
    if (!holds) printf("%s:%d: CHECK(%s) failed\n", file, line, expression);
    return holds;
}

int check_status(tiles_status actual, tiles_status expected, const char* call, const char* file, int line) {
    if (actual == expected) return 1;
    printf("%s:%d: %s returned %s (%d), not %s; message: %s\n", file, line, call, tiles_status_string(actual),
           (int)actual, tiles_status_string(expected), tiles_last_error_message());
    return 0;
}

int check_failure(tiles_status actual, tiles_status expected, const char* part, const char* call, const char* file,
                  int line) {
    if (!check_status(actual, expected, call, file, line)) return 0;
    if (strstr(tiles_last_error_message(), part) != NULL) return 1;
    printf("%s:%d: %s failed as expected, but its message does not mention \"%s\": %s\n", file, line, call, part,
           tiles_last_error_message());
    return 0;
}

int check_floats(const float* actual, const float* expected, int count, const char* what, const char* file, int line) {
    for (int i = 0; i < count; i++)
        if (actual[i] != expected[i]) {
            printf("%s:%d: %s[%d] is %g, not %g\n", file, line, what, i, actual[i], expected[i]);
            return 0;
        }
    return 1;
}

int check_ints(const int* actual, const int* expected, int count, const char* what, const char* file, int line) {
    for (int i = 0; i < count; i++)
        if (actual[i] != expected[i]) {
            printf("%s:%d: %s[%d] is %d, not %d\n", file, line, what, i, actual[i], expected[i]);
            return 0;
        }
    return 1;
}

tiles_shape shape_of(tiles_dtype dtype, int rank, int extent0, int extent1, int extent2) {
    tiles_shape shape = TILES_SHAPE_INIT;
    shape.dtype = dtype;
    shape.rank = rank;
    shape.extent[0] = extent0;
    shape.extent[1] = extent1;
    shape.extent[2] = extent2;
    return shape;
}

int read_array(tiles_array* array, void* out, size_t bytes) {
    int failed = 0;
    tiles_view* view = NULL;
    if (CHECK_OK(tiles_array_get_view(&view, array))) CHECK_OK(tiles_view_read(view, out, bytes));
    tiles_view_release(view);
    return failed;
}

int check_program_built_for_a_tile_shape(const char* source, const tiles_kernel_options* options) {
    int failed = 0;
    tiles_context* context = NULL;
    CHECK_OK(tiles_context_create(&context, NULL));
    const tiles_domain tiled = {sizeof(tiles_domain), 2, {4, 6, 0}, 2, {2, 3, 0}, NULL};
    const char* names = NULL;
    CHECK_OK(tiles_program_build_with_options(&names, NULL, context, source, options, &tiled));
    CHECK(names != NULL && strcmp(names, "set_tile;add_local") == 0);
    int host[24] = {0};
    const tiles_shape shape = shape_of(TILES_INT32, 2, 4, 6, 0);
    tiles_view* out = NULL;
    CHECK_OK(tiles_view_create(&out, &shape, host));
    const tiles_arg args[] = {tiles_arg_view(out)};
    tiles_kernel* kernels[2] = {NULL, NULL};
    CHECK_OK(tiles_kernel_create_with_options(&kernels[0], source, "set_tile", options));
    CHECK_OK(tiles_kernel_create_with_options(&kernels[1], source, "add_local", options));
    for (int k = 0; k < 2; ++k) CHECK_OK(tiles_launch(context, &tiled, kernels[k], args, 1));
    CHECK_OK(tiles_view_synchronize(out));
    for (int i = 0; i < 24; ++i) CHECK(host[i] == 10 * (i / 6 / 2) + i % 6 / 3 + 100 * (i % 3));
    tiles_counters counters = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.kernel_builds + counters.binary_loads == 1);
    CHECK_OK(tiles_view_release(out));
    for (int k = 0; k < 2; ++k) CHECK_OK(tiles_kernel_release(kernels[k]));
    CHECK_OK(tiles_context_release(context));
    return failed;
}

const char add_one_source[] = "__kernel void add_one(__global float* x) {\n"
                              "    thread_index idx = get_thread_index();\n"
                              "    x[linear_index(idx.global_id, idx.extent)] += 1.0f;\n"
                              "}\n";
