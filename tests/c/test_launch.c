/* C tests of tiles.h's kernels and launches: scalar and tile_static arguments, untiled launches,
 * where a launch runs, one kernel launched from several threads, and everything a launch refuses
 * (before anything runs): builds (which leave the kernel cache usable), kernel names, arguments
 * and compute domains. */
#define _POSIX_C_SOURCE 200112L /* pthreads */

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "capi_tests.h"
#include "support.h"

static const char copy_source[] = "__kernel void copy(__global const float* in, __global float* out) {\n"
                                  "    thread_index idx = get_thread_index();\n"
                                  "    out[linear_index(idx.global_id, idx.extent)] =\n"
                                  "        in[linear_index(idx.global_id, idx.extent)];\n"
                                  "}\n";

static const char scalars_source[] =
    "__kernel void scalars(__global long* out, int i, uint u, long l, ulong ul, float f) {\n"
    "    out[0] = i; out[1] = u; out[2] = l; out[3] = (long)ul; out[4] = (long)(f * 4.0f);\n"
    "}\n";

int test_scalar_arguments(void) {
    int failed = 0;
    long long out_host[5] = {0};
    const tiles_shape shape = shape_of(TILES_INT64, 1, 5, 0, 0);
    const tiles_domain one = {sizeof(tiles_domain), 1, {1, 0, 0}, 0, {0, 0, 0}, NULL};
    tiles_view* out = NULL;
    tiles_kernel* scalars = NULL;
    CHECK_OK(tiles_view_create(&out, &shape, out_host));
    CHECK_OK(tiles_kernel_create(&scalars, scalars_source, "scalars", NULL));
    const tiles_arg args[] = {tiles_arg_view(out),
                              tiles_arg_int(-7),
                              tiles_arg_uint(4000000000u),
                              tiles_arg_long(-5000000000LL),
                              tiles_arg_ulong(9000000000ULL),
                              tiles_arg_float(2.25f)};
    CHECK_OK(tiles_launch(NULL, &one, scalars, args, 6));
    CHECK_OK(tiles_view_synchronize(out));
    CHECK(out_host[0] == -7 && out_host[1] == 4000000000LL && out_host[2] == -5000000000LL);
    CHECK(out_host[3] == 9000000000LL && out_host[4] == 9);

    /* A real number goes to a float parameter only if float's range holds it; infinity and NaN are
     * floats as they are. */
    tiles_arg reals[] = {tiles_arg_view(out),  tiles_arg_integer(-7), tiles_arg_integer(4000000000LL),
                         tiles_arg_integer(1), tiles_arg_integer(2),  tiles_arg_real(1e300)};
    CHECK_FAILS(tiles_launch(NULL, &one, scalars, reals, 6), TILES_ERROR_INVALID_ARGUMENT,
                "argument 5 of kernel 'scalars' ('f', a float) was given the number 1e+300: it does not fit in a "
                "float");
    reals[5] = tiles_arg_real(-3.5e38);
    CHECK_FAILS(tiles_launch(NULL, &one, scalars, reals, 6), TILES_ERROR_INVALID_ARGUMENT, "does not fit in a float");
    reals[5] = tiles_arg_real(INFINITY);
    CHECK_OK(tiles_launch(NULL, &one, scalars, reals, 6));
    reals[5] = tiles_arg_real(NAN);
    CHECK_OK(tiles_launch(NULL, &one, scalars, reals, 6));
    reals[5] = tiles_arg_real(-3.0e38);
    CHECK_OK(tiles_launch(NULL, &one, scalars, reals, 6));
    reals[5] = tiles_arg_real(0.75);
    CHECK_OK(tiles_launch(NULL, &one, scalars, reals, 6));
    CHECK_OK(tiles_view_synchronize(out));
    CHECK(out_host[1] == 4000000000LL && out_host[4] == 3);
    CHECK_OK(tiles_kernel_release(scalars));
    CHECK_OK(tiles_view_release(out));

    /* Doubles, where the device has them. */
    tiles_device* device = NULL;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    CHECK_OK(tiles_device_default(&device));
    CHECK_OK(tiles_device_get_info(&info, device));
    CHECK_OK(tiles_device_release(device));
    if (!info.supports_fp64) {
        printf("note: %s has no fp64: tiles_arg_double is not tested\n", info.name);
        return failed;
    }
    double twice = 0;
    const tiles_shape one_double = shape_of(TILES_FLOAT64, 1, 1, 0, 0);
    tiles_kernel* doubler = NULL;
    CHECK_OK(tiles_view_create(&out, &one_double, &twice));
    CHECK_OK(tiles_kernel_create(
        &doubler, "__kernel void doubler(__global double* out, double d) { out[0] = d * 2.0; }\n", "doubler", NULL));
    const tiles_arg double_args[] = {tiles_arg_view(out), tiles_arg_double(0.1)};
    CHECK_OK(tiles_launch(NULL, &one, doubler, double_args, 2));
    CHECK_OK(tiles_view_synchronize(out));
    CHECK(twice == 0.2);
    CHECK_OK(tiles_kernel_release(doubler));
    CHECK_OK(tiles_view_release(out));
    return failed;
}

static const char reverse_source[] =
    "__kernel void reverse_tiles(__global const float* in, __global float* out, __local float* scratch) {\n"
    "    tiled_index t = get_tiled_index();\n"
    "    scratch[t.local_id[0]] = in[t.global_id[0]];\n"
    "    tile_barrier_wait();\n"
    "    out[t.global_id[0]] = scratch[TILE_DIM0 - 1 - t.local_id[0]];\n"
    "}\n";

int test_tile_static_memory_argument(void) {
    int failed = 0;
    float in_host[12], out_host[12] = {0}, expected[12];
    for (int i = 0; i < 12; i++) in_host[i] = (float)(i * i);
    for (int i = 0; i < 12; i++) expected[i] = in_host[(i / 4) * 4 + 3 - i % 4];
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 12, 0, 0);
    const tiles_domain in_fours = {sizeof(tiles_domain), 1, {12, 0, 0}, 1, {4, 0, 0}, NULL};
    tiles_view *in = NULL, *out = NULL;
    tiles_kernel* reverse = NULL;
    CHECK_OK(tiles_view_create_const(&in, &shape, in_host));
    CHECK_OK(tiles_view_create(&out, &shape, out_host));
    CHECK_OK(tiles_kernel_create(&reverse, reverse_source, "reverse_tiles", NULL));
    const tiles_arg args[] = {tiles_arg_view(in), tiles_arg_view(out), tiles_arg_local(4 * sizeof(float))};
    CHECK_OK(tiles_launch(NULL, &in_fours, reverse, args, 3));
    CHECK_OK(tiles_view_synchronize(out));
    CHECK_FLOATS(out_host, expected, 12);

    /* No bytes at all, or more than the device has, are refused. */
    tiles_device* device = NULL;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    CHECK_OK(tiles_device_default(&device));
    CHECK_OK(tiles_device_get_info(&info, device));
    CHECK_OK(tiles_device_release(device));
    const tiles_arg no_bytes[] = {tiles_arg_view(in), tiles_arg_view(out), tiles_arg_local(0)};
    CHECK_FAILS(tiles_launch(NULL, &in_fours, reverse, no_bytes, 3), TILES_ERROR_INVALID_ARGUMENT,
                "local memory must have at least one byte");
    const tiles_arg too_many_bytes[] = {tiles_arg_view(in), tiles_arg_view(out),
                                        tiles_arg_local(info.tile_static_memory + 1)};
    CHECK_FAILS(tiles_launch(NULL, &in_fours, reverse, too_many_bytes, 3), TILES_ERROR_OUT_OF_MEMORY,
                "bytes of tile_static memory");
    CHECK_OK(tiles_kernel_release(reverse));
    CHECK_OK(tiles_view_release(out));
    CHECK_OK(tiles_view_release(in));
    return failed;
}

int test_untiled_rank_3_launch(void) {
    int failed = 0;
    static const char positions_source[] =
        "__kernel void positions(__global int* out) {\n"
        "    thread_index idx = get_thread_index();\n"
        "    out[linear_index(idx.global_id, idx.extent)] =\n"
        "        idx.global_id[0] * 100 + idx.global_id[1] * 10 + idx.global_id[2];\n"
        "}\n";
    int host[24] = {0}, expected[24];
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 4; k++) expected[(i * 3 + j) * 4 + k] = i * 100 + j * 10 + k;
    const tiles_shape shape = shape_of(TILES_INT32, 3, 2, 3, 4);
    const tiles_domain domain = {sizeof(tiles_domain), 3, {2, 3, 4}, 0, {0, 0, 0}, NULL};
    tiles_view* view = NULL;
    tiles_kernel* positions = NULL;
    CHECK_OK(tiles_view_create(&view, &shape, host));
    CHECK_OK(tiles_kernel_create(&positions, positions_source, "positions", NULL));
    const tiles_arg args[] = {tiles_arg_view(view)};
    CHECK_OK(tiles_launch(NULL, &domain, positions, args, 1));
    CHECK_OK(tiles_view_synchronize(view));
    CHECK_INTS(host, expected, 24);
    CHECK_OK(tiles_kernel_release(positions));
    CHECK_OK(tiles_view_release(view));
    return failed;
}

int test_launch_runs_where_its_array_lives(void) {
    int failed = 0;
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 8, 0, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {8, 0, 0}, 0, {0, 0, 0}, NULL};
    float host[8] = {0}, back[8];
    const float ones[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    tiles_context *home = NULL, *default_context = NULL;
    tiles_array* array = NULL;
    tiles_view *array_view = NULL, *host_view = NULL;
    tiles_kernel* add_one = NULL;
    tiles_counters counters = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_create(&home, NULL));
    CHECK_OK(tiles_context_default(&default_context, NULL));
    CHECK_OK(tiles_array_create(&array, home, &shape, host));
    CHECK_OK(tiles_array_get_view(&array_view, array));
    CHECK_OK(tiles_view_create(&host_view, &shape, host));
    CHECK_OK(tiles_kernel_create(&add_one, add_one_source, "add_one", NULL));
    CHECK_OK(tiles_context_reset_counters(default_context));

    /* No context given: an array (or a view of one) decides, else the default context. */
    const tiles_arg array_arg[] = {tiles_arg_array(array)};
    const tiles_arg view_of_array_arg[] = {tiles_arg_view(array_view)};
    const tiles_arg host_arg[] = {tiles_arg_view(host_view)};
    CHECK_OK(tiles_launch(NULL, &domain, add_one, array_arg, 1));
    CHECK_OK(tiles_launch(NULL, &domain, add_one, view_of_array_arg, 1));
    CHECK_OK(tiles_context_get_counters(&counters, home));
    CHECK(counters.launches == 2);
    CHECK_OK(tiles_launch(NULL, &domain, add_one, host_arg, 1));
    CHECK_OK(tiles_view_synchronize(host_view));
    CHECK_FLOATS(host, ones, 8);
    CHECK_OK(tiles_context_get_counters(&counters, default_context));
    CHECK(counters.launches == 1);
    if (CHECK_OK(tiles_view_read(array_view, back, sizeof back))) CHECK(back[0] == 2.0f && back[7] == 2.0f);

    CHECK_OK(tiles_kernel_release(add_one));
    CHECK_OK(tiles_view_release(host_view));
    CHECK_OK(tiles_view_release(array_view));
    CHECK_OK(tiles_array_release(array));
    CHECK_OK(tiles_context_release(default_context));
    CHECK_OK(tiles_context_release(home));
    return failed;
}

enum { launches_per_thread = 20 };

/* Adds 1 to each of 64 floats of its own launches_per_thread times with the kernel it is given,
 * synchronizing now and then; returns how many calls failed or elements came out wrong. */
static void* add_repeatedly(void* kernel) {
    size_t wrong = 0;
    float host[64] = {0};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 64, 0, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {64, 0, 0}, 1, {8, 0, 0}, NULL};
    tiles_view* view = NULL;
    if (tiles_view_create(&view, &shape, host) != TILES_SUCCESS) return (void*)1;
    const tiles_arg args[] = {tiles_arg_view(view)};
    for (int i = 0; i < launches_per_thread; i++) {
        wrong += tiles_launch(NULL, &domain, kernel, args, 1) != TILES_SUCCESS;
        if (i % 7 == 0) wrong += tiles_view_synchronize(view) != TILES_SUCCESS;
    }
    wrong += tiles_view_release(view) != TILES_SUCCESS;
    for (int i = 0; i < 64; i++) wrong += host[i] != (float)launches_per_thread;
    return (void*)wrong;
}

int test_one_kernel_from_several_threads(void) {
    int failed = 0;
    tiles_kernel* add_one = NULL;
    pthread_t threads[4];
    if (!CHECK_OK(tiles_kernel_create(&add_one, add_one_source, "add_one", NULL))) return failed;
    for (int t = 0; t < 4; t++) CHECK(pthread_create(&threads[t], NULL, add_repeatedly, add_one) == 0);
    for (int t = 0; t < 4; t++) {
        void* wrong = NULL;
        CHECK(pthread_join(threads[t], &wrong) == 0);
        CHECK((size_t)wrong == 0);
    }
    CHECK_OK(tiles_kernel_release(add_one));
    return failed;
}

int test_build_failures(void) {
    int failed = 0;
    float host[4] = {0};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {4, 0, 0}, 0, {0, 0, 0}, NULL};
    tiles_view* view = NULL;
    tiles_kernel *broken = NULL, *bad_options = NULL, *misnamed = NULL;
    CHECK_OK(tiles_view_create(&view, &shape, host));
    const tiles_arg args[] = {tiles_arg_view(view)};

    /* Nothing is compiled when a kernel is made; the launch reports the compiler's log, whose
     * line numbers count in the kernel's own source. */
    CHECK_OK(tiles_kernel_create(&broken,
                                 "__kernel void broken(__global float* x) {\n"
                                 "    x[0] = 1.0f;\n"
                                 "    x[1] = undeclared_thing;\n"
                                 "}\n",
                                 "broken", NULL));
    CHECK_FAILS(tiles_launch(NULL, &domain, broken, args, 1), TILES_ERROR_BUILD, "kernel 'broken' could not be built");
    CHECK(strstr(tiles_last_error_message(), "undeclared_thing") != NULL);
    CHECK(strstr(tiles_last_error_message(), ":3:") != NULL);

    /* An option the driver does not take: refused as an option (PoCL: CL_INVALID_BUILD_OPTIONS,
     * its log naming it), or a failed build without a log (NVIDIA): either way the message names
     * the kernel's options and libtiles' own apart. */
    CHECK_OK(tiles_kernel_create(&bad_options, add_one_source, "add_one", "-cl-no-such-option"));
    CHECK_FAILS(tiles_launch(NULL, &domain, bad_options, args, 1), TILES_ERROR_BUILD,
                "the kernel's options: '-cl-no-such-option'; libtiles' own: '-cl-kernel-arg-info -DTILES_RANK=1 "
                "-DTILES_TILED=0");

    CHECK_OK(tiles_kernel_create(&misnamed, add_one_source, "add_two", NULL));
    CHECK_FAILS(tiles_launch(NULL, &domain, misnamed, args, 1), TILES_ERROR_INVALID_ARGUMENT,
                "the source has no kernel named 'add_two' (its kernels: add_one)");

    /* Sources without any kernel build; asking for a kernel of them is an error, never a crash
     * (NVIDIA's driver crashes when asked the kernel names of a program that has none). */
    const char* kernel_less_sources[] = {"", "  // nothing here\n", "float half_of(float x) { return x / 2; }\n"};
    for (size_t i = 0; i < sizeof kernel_less_sources / sizeof *kernel_less_sources; i++) {
        tiles_kernel* absent = NULL;
        const char* names = NULL;
        CHECK_OK(tiles_kernel_create(&absent, kernel_less_sources[i], "ints", NULL));
        CHECK_FAILS(tiles_launch(NULL, &domain, absent, args, 1), TILES_ERROR_INVALID_ARGUMENT,
                    "the source has no kernel named 'ints' (its kernels: none)");
        CHECK_OK(tiles_kernel_release(absent));
        CHECK_OK(tiles_program_build(&names, NULL, NULL, kernel_less_sources[i], NULL));
        CHECK(names != NULL && strcmp(names, "") == 0);
    }

    CHECK_FAILS(tiles_kernel_create(&misnamed, NULL, "add_one", NULL), TILES_ERROR_INVALID_ARGUMENT,
                "the kernel's source or name is NULL");
    CHECK_FAILS(tiles_kernel_create(&misnamed, add_one_source, NULL, NULL), TILES_ERROR_INVALID_ARGUMENT,
                "the kernel's source or name is NULL");
    CHECK(host[0] == 0.0f);
    CHECK_OK(tiles_kernel_release(misnamed));
    CHECK_OK(tiles_kernel_release(bad_options));
    CHECK_OK(tiles_kernel_release(broken));
    CHECK_OK(tiles_view_release(view));
    return failed;
}

int test_a_failed_build_leaves_the_cache_usable(void) {
    int failed = 0;
    float host[4] = {0};
    const float twos[4] = {2, 2, 2, 2}, threes[4] = {3, 3, 3, 3};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {4, 0, 0}, 0, {0, 0, 0}, NULL};
    tiles_context* context = NULL;
    tiles_view* view = NULL;
    tiles_kernel *add_one = NULL, *broken = NULL, *fixed = NULL;
    tiles_counters counters = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_create(&context, NULL));
    CHECK_OK(tiles_view_create(&view, &shape, host));
    CHECK_OK(tiles_kernel_create(&add_one, add_one_source, "add_one", NULL));
    CHECK_OK(
        tiles_kernel_create(&broken, "__kernel void add_one(__global float* x) { x[0] += one; }", "add_one", NULL));
    CHECK_OK(tiles_kernel_create(&fixed, add_one_source, "add_one", "-Done=1.0f"));
    const tiles_arg args[] = {tiles_arg_view(view)};

    /* The same broken kernel fails each time it is launched, and nothing runs. */
    CHECK_OK(tiles_launch(context, &domain, add_one, args, 1));
    CHECK_FAILS(tiles_launch(context, &domain, broken, args, 1), TILES_ERROR_BUILD, "kernel:1:");
    CHECK_FAILS(tiles_launch(context, &domain, broken, args, 1), TILES_ERROR_BUILD,
                "kernel 'add_one' could not be built");
    /* Then a fixed one builds and runs, and the kernel built before is still served from the cache. */
    CHECK_OK(tiles_launch(context, &domain, fixed, args, 1));
    CHECK_OK(tiles_context_get_counters(&counters, context));
    /* Programs compiled, or loaded from the disk cache as earlier runs left them. */
    const uint64_t builds = counters.kernel_builds + counters.binary_loads;
    CHECK(builds == 4);
    if (CHECK_OK(tiles_view_synchronize(view))) CHECK_FLOATS(host, twos, 4);
    CHECK_OK(tiles_launch(context, &domain, add_one, args, 1));
    if (CHECK_OK(tiles_view_synchronize(view))) CHECK_FLOATS(host, threes, 4);
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.kernel_builds + counters.binary_loads == builds);

    CHECK_OK(tiles_kernel_release(fixed));
    CHECK_OK(tiles_kernel_release(broken));
    CHECK_OK(tiles_kernel_release(add_one));
    CHECK_OK(tiles_view_release(view));
    CHECK_OK(tiles_context_release(context));
    return failed;
}

/* A launch of copy_source with `args` is refused with INVALID_ARGUMENT and `part`. */
#define CHECK_COPY_REFUSED(args, count, part)                                                                          \
    CHECK_FAILS(tiles_launch(context, &domain, copy, (args), (count)), TILES_ERROR_INVALID_ARGUMENT, (part))

int test_argument_refusals(void) {
    int failed = 0;
    float in_host[4] = {1, 2, 3, 4}, out_host[4] = {0};
    int int_host[4] = {0};
    const float zeros[4] = {0};
    const tiles_shape floats = shape_of(TILES_FLOAT32, 1, 4, 0, 0), ints = shape_of(TILES_INT32, 1, 4, 0, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {4, 0, 0}, 0, {0, 0, 0}, NULL};
    tiles_context* context = NULL;
    tiles_view *in = NULL, *out = NULL, *const_out = NULL, *int_view = NULL, *released = NULL;
    tiles_kernel *copy = NULL, *scalars = NULL;
    CHECK_OK(tiles_context_create(&context, NULL));
    CHECK_OK(tiles_view_create(&in, &floats, in_host));
    CHECK_OK(tiles_view_create(&out, &floats, out_host));
    CHECK_OK(tiles_view_create_const(&const_out, &floats, out_host));
    CHECK_OK(tiles_view_create(&int_view, &ints, int_host));
    CHECK_OK(tiles_view_create(&released, &floats, out_host));
    CHECK_OK(tiles_view_release(released));
    CHECK_OK(tiles_kernel_create(&copy, copy_source, "copy", NULL));
    CHECK_OK(tiles_kernel_create(&scalars, scalars_source, "scalars", NULL));

    const tiles_arg right[] = {tiles_arg_view(in), tiles_arg_view(out)};
    CHECK_COPY_REFUSED(right, 1, "kernel 'copy' takes 2 arguments, 1 was given");
    const tiles_arg three[] = {tiles_arg_view(in), tiles_arg_view(out), tiles_arg_int(1)};
    CHECK_COPY_REFUSED(three, 3, "kernel 'copy' takes 2 arguments, 3 were given");
    CHECK_COPY_REFUSED(NULL, 2, "args is NULL but arg_count is not 0");
    const tiles_arg number_for_pointer[] = {tiles_arg_float(1.0f), tiles_arg_view(out)};
    CHECK_COPY_REFUSED(
        number_for_pointer, 2,
        "argument 0 of kernel 'copy' ('in', a __global const float*) was given a scalar float (float32): "
        "numbers go to parameters passed by value");
    const tiles_arg local_for_global[] = {tiles_arg_view(in), tiles_arg_local(16)};
    CHECK_COPY_REFUSED(local_for_global, 2, "local_memory goes to __local (tile_static) pointer parameters");
    const tiles_arg wrong_element_type[] = {tiles_arg_view(int_view), tiles_arg_view(out)};
    CHECK_COPY_REFUSED(wrong_element_type, 2, "was given an array_view of int (int32): the element types differ");
    const tiles_arg const_for_written[] = {tiles_arg_view(in), tiles_arg_view(const_out)};
    CHECK_COPY_REFUSED(const_for_written, 2, "the kernel may write through this parameter; declare it const");
    tiles_arg no_kind = tiles_arg_view(in), odd_kind = tiles_arg_view(in);
    no_kind.kind = (tiles_arg_kind)0;
    odd_kind.kind = (tiles_arg_kind)99;
    const tiles_arg kindless[] = {no_kind, tiles_arg_view(out)}, oddly_kinded[] = {tiles_arg_view(in), odd_kind};
    CHECK_COPY_REFUSED(kindless, 2, "argument 0 has kind 0; make arguments with the tiles_arg_* functions");
    CHECK_COPY_REFUSED(oddly_kinded, 2, "argument 1 has kind 99");
    const tiles_arg null_view[] = {tiles_arg_view(in), tiles_arg_view(NULL)};
    CHECK_FAILS(tiles_launch(context, &domain, copy, null_view, 2), TILES_ERROR_INVALID_HANDLE,
                "the argument 1's view is NULL");
    const tiles_arg released_view[] = {tiles_arg_view(released), tiles_arg_view(out)};
    CHECK_FAILS(tiles_launch(context, &domain, copy, released_view, 2), TILES_ERROR_INVALID_HANDLE,
                "argument 0's view is not a live tiles_view handle");

    /* Scalars: of exactly the parameter's type, and of a type at all. */
    long long longs[5];
    const tiles_shape long_shape = shape_of(TILES_INT64, 1, 5, 0, 0);
    tiles_view* long_view = NULL;
    CHECK_OK(tiles_view_create(&long_view, &long_shape, longs));
    tiles_arg scalar_args[] = {tiles_arg_view(long_view), tiles_arg_uint(1),  tiles_arg_uint(2),
                               tiles_arg_long(3),         tiles_arg_ulong(4), tiles_arg_float(5)};
    CHECK_FAILS(
        tiles_launch(context, &domain, scalars, scalar_args, 6), TILES_ERROR_INVALID_ARGUMENT,
        "argument 1 of kernel 'scalars' ('i', an int) was given a scalar uint (uint32): pass a value of exactly the "
        "parameter's type");
    scalar_args[1] = tiles_arg_view(in);
    CHECK_FAILS(tiles_launch(context, &domain, scalars, scalar_args, 6), TILES_ERROR_INVALID_ARGUMENT,
                "arrays and views go to __global or __constant pointer parameters");
    scalar_args[1] = tiles_arg_int(1);
    scalar_args[5].dtype = TILES_OPAQUE;
    CHECK_FAILS(tiles_launch(context, &domain, scalars, scalar_args, 6), TILES_ERROR_INVALID_ARGUMENT,
                "argument 5 is a scalar of TILES_OPAQUE type");
    scalar_args[5].dtype = (tiles_dtype)42;
    CHECK_FAILS(tiles_launch(context, &domain, scalars, scalar_args, 6), TILES_ERROR_INVALID_ARGUMENT,
                "tiles_dtype 42 is not an element type");

    /* Nothing ran and nothing moved. */
    tiles_counters counters = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.launches == 0 && counters.uploads == 0);
    CHECK_FLOATS(out_host, zeros, 4);
    CHECK_OK(tiles_launch(context, &domain, copy, right, 2));
    CHECK_OK(tiles_view_synchronize(out));
    CHECK_FLOATS(out_host, in_host, 4);

    CHECK_OK(tiles_view_release(long_view));
    CHECK_OK(tiles_kernel_release(scalars));
    CHECK_OK(tiles_kernel_release(copy));
    CHECK_OK(tiles_view_release(int_view));
    CHECK_OK(tiles_view_release(const_out));
    CHECK_OK(tiles_view_release(out));
    CHECK_OK(tiles_view_release(in));
    CHECK_OK(tiles_context_release(context));
    return failed;
}

/* A refused launch keeps no reference to the views it was given: releasing a view's last handle
 * after one still copies what an earlier launch wrote back into the caller's memory at once (a
 * reference kept would defer that until it went, perhaps after the caller freed the memory). */
int test_a_refused_launch_keeps_no_view(void) {
    int failed = 0;
    float in_host[4] = {1, 2, 3, 4}, out_host[4] = {0};
    const tiles_shape floats = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {4, 0, 0}, 0, {0, 0, 0}, NULL};
    tiles_view *in = NULL, *out = NULL;
    tiles_kernel* copy = NULL;
    CHECK_OK(tiles_view_create(&in, &floats, in_host));
    CHECK_OK(tiles_view_create(&out, &floats, out_host));
    CHECK_OK(tiles_kernel_create(&copy, copy_source, "copy", NULL));
    const tiles_arg args[] = {tiles_arg_view(in), tiles_arg_view(out)};
    CHECK_OK(tiles_launch(NULL, &domain, copy, args, 2));
    /* The second argument refused after the first was taken. */
    const tiles_arg second_null[] = {tiles_arg_view(out), tiles_arg_view(NULL)};
    CHECK_FAILS(tiles_launch(NULL, &domain, copy, second_null, 2), TILES_ERROR_INVALID_HANDLE, "argument 1");
    CHECK_OK(tiles_view_release(out));
    CHECK(out_host[0] == 1 && out_host[1] == 2 && out_host[2] == 3 && out_host[3] == 4);
    CHECK_OK(tiles_kernel_release(copy));
    CHECK_OK(tiles_view_release(in));
    return failed;
}

/* A launch of add_one over `domain` is refused with `expected` and `part`. */
#define CHECK_DOMAIN_REFUSED(domain, expected, part)                                                                   \
    CHECK_FAILS(tiles_launch(context, (domain), add_one, args, 1), (expected), (part))

int test_domain_refusals(void) {
    int failed = 0;
    static float host[4096];
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 4096, 0, 0);
    tiles_context* context = NULL;
    tiles_view* view = NULL;
    tiles_kernel* add_one = NULL;
    CHECK_OK(tiles_context_create(&context, NULL));
    CHECK_OK(tiles_view_create(&view, &shape, host));
    CHECK_OK(tiles_kernel_create(&add_one, add_one_source, "add_one", NULL));
    const tiles_arg args[] = {tiles_arg_view(view)};
    const tiles_status domain_error = TILES_ERROR_INVALID_COMPUTE_DOMAIN;

    CHECK_DOMAIN_REFUSED(NULL, TILES_ERROR_INVALID_ARGUMENT, "the domain is NULL");
    const tiles_domain rank_0 = {sizeof(tiles_domain), 0, {8, 0, 0}, 0, {0, 0, 0}, NULL},
                       rank_4 = {sizeof(tiles_domain), 4, {8, 8, 8}, 0, {0, 0, 0}, NULL};
    CHECK_DOMAIN_REFUSED(&rank_0, TILES_ERROR_INVALID_ARGUMENT, "a compute domain has rank 1 or more, not 0");
    CHECK_DOMAIN_REFUSED(&rank_4, TILES_ERROR_INVALID_ARGUMENT,
                         "a compute domain of rank 4 gives its components in `extents`, which is NULL");
    const tiles_domain zero_extent = {sizeof(tiles_domain), 2, {8, 0, 0}, 2, {2, 2, 0}, NULL},
                       negative_extent = {sizeof(tiles_domain), 1, {-8, 0, 0}, 0, {0, 0, 0}, NULL};
    CHECK_DOMAIN_REFUSED(&zero_extent, domain_error,
                         "the extent of dimension 1 of the compute domain (0) is not positive");
    CHECK_DOMAIN_REFUSED(&negative_extent, domain_error, "the extent of dimension 0 of the compute domain (-8)");
    const tiles_domain rows_not_divided = {sizeof(tiles_domain), 2, {8, 8, 0}, 2, {3, 2, 0}, NULL},
                       columns_not_divided = {sizeof(tiles_domain), 2, {8, 8, 0}, 2, {2, 3, 0}, NULL};
    CHECK_DOMAIN_REFUSED(&rows_not_divided, domain_error,
                         "the extent of dimension 0 of the compute domain (8) cannot be evenly divided by the extent "
                         "of dimension 0 of the tile (3)");
    CHECK_DOMAIN_REFUSED(&columns_not_divided, domain_error,
                         "the extent of dimension 1 of the compute domain (8) cannot be evenly divided by the extent "
                         "of dimension 1 of the tile (3)");
    const tiles_domain zero_tile = {sizeof(tiles_domain), 2, {8, 8, 0}, 2, {2, 0, 0}, NULL},
                       negative_tile = {sizeof(tiles_domain), 1, {8, 0, 0}, 1, {-2, 0, 0}, NULL};
    CHECK_DOMAIN_REFUSED(&zero_tile, domain_error, "the extent of dimension 1 of the tile (0) is not positive");
    CHECK_DOMAIN_REFUSED(&negative_tile, domain_error, "the extent of dimension 0 of the tile (-2) is not positive");
    const tiles_domain tile_rank_1 = {sizeof(tiles_domain), 2, {8, 8, 0}, 1, {2, 0, 0}, NULL},
                       tile_rank_3 = {sizeof(tiles_domain), 2, {8, 8, 0}, 3, {2, 2, 2}, NULL};
    CHECK_DOMAIN_REFUSED(&tile_rank_1, domain_error, "the tile has rank 1 but the extent it tiles has rank 2");
    CHECK_DOMAIN_REFUSED(&tile_rank_3, domain_error, "the tile has rank 3 but the extent it tiles has rank 2");

    /* Domains beyond C++ AMP's 2^32 - 1 work-items are refused before the driver sees them (PoCL
     * aborts on INT_MAX x INT_MAX); padding that would pass INT_MAX is refused, not wrapped. */
    const tiles_domain huge = {sizeof(tiles_domain), 2, {INT_MAX, INT_MAX, 0}, 0, {0, 0, 0}, NULL},
                       just_over = {sizeof(tiles_domain), 2, {65536, 65536, 0}, 0, {0, 0, 0}, NULL},
                       three_huge = {sizeof(tiles_domain), 3, {INT_MAX, INT_MAX, INT_MAX}, 0, {0, 0, 0}, NULL};
    CHECK_DOMAIN_REFUSED(&huge, domain_error,
                         "the compute domain 2147483647x2147483647 has more work-items than C++ AMP's limit of "
                         "4294967295 (2^32 - 1)");
    CHECK_DOMAIN_REFUSED(&just_over, domain_error, "the compute domain 65536x65536 has more work-items");
    CHECK_DOMAIN_REFUSED(&three_huge, domain_error, "2147483647x2147483647x2147483647 has more work-items");
    const tiles_domain to_pad = {sizeof(tiles_domain), 1, {INT_MAX, 0, 0}, 1, {16, 0, 0}, NULL},
                       padded_to_max = {sizeof(tiles_domain), 1, {INT_MAX - 15, 0, 0}, 1, {16, 0, 0}, NULL};
    tiles_domain padded = to_pad;
    CHECK_FAILS(tiles_domain_pad(&padded, &to_pad), domain_error,
                "pad(): the extent of dimension 0 (2147483647) rounded up to whole tiles of 16 is 2147483648, beyond "
                "the largest extent, 2147483647");
    CHECK(padded.extent[0] == INT_MAX); /* left as it was */
    CHECK_OK(tiles_domain_pad(&padded, &padded_to_max));
    CHECK(padded.extent[0] == INT_MAX - 15);
    CHECK_OK(tiles_domain_truncate(&padded, &to_pad));
    CHECK(padded.extent[0] == INT_MAX - 15);

    /* Tiles beyond the device: more threads than a tile may have, or too long a dimension. */
    tiles_device* device = NULL;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    CHECK_OK(tiles_context_get_device(&device, context));
    CHECK_OK(tiles_device_get_info(&info, device));
    CHECK_OK(tiles_device_release(device));
    const tiles_domain too_many_threads = {sizeof(tiles_domain), 2, {128, 128, 0}, 2, {128, 128, 0}, NULL};
    CHECK(info.max_tile_size < 128 * 128);
    CHECK_DOMAIN_REFUSED(&too_many_threads, domain_error, "a tile of 16384 threads (128x128) exceeds the");
    const int too_long = (int)info.max_tile_extent[2] * 2;
    const tiles_domain too_long_a_row = {sizeof(tiles_domain), 1, {too_long, 0, 0}, 1, {too_long, 0, 0}, NULL};
    CHECK_DOMAIN_REFUSED(&too_long_a_row, domain_error, "the extent of dimension 0 of the tile");
    CHECK(strstr(tiles_last_error_message(), "exceeds") != NULL);

    /* Nor may the kernel be missing. */
    const tiles_domain fine = {sizeof(tiles_domain), 1, {8, 0, 0}, 1, {4, 0, 0}, NULL};
    CHECK_FAILS(tiles_launch(context, &fine, NULL, args, 1), TILES_ERROR_INVALID_HANDLE, "the kernel is NULL");

    tiles_counters counters = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.launches == 0 && counters.uploads == 0);
    CHECK_OK(tiles_kernel_release(add_one));
    CHECK_OK(tiles_view_release(view));
    CHECK_OK(tiles_context_release(context));
    return failed;
}

/* Parameters pointing to structs take containers whose elements have the struct's size. */
static const char points_source[] = "typedef struct { float x, y, z; } point;\n"
                                    "__kernel void weigh(__global const point* p, __global float* out) {\n"
                                    "    const int i = get_global_id(0);\n"
                                    "    out[i] = p[i].x + 2.0f * p[i].y + 4.0f * p[i].z;\n"
                                    "}\n";
static const char boxed_source[] = "typedef struct { float value; } boxed;\n"
                                   "__kernel void twice(__global boxed* b) { b[get_global_id(0)].value *= 2.0f; }\n";

int test_struct_parameters_take_elements_of_their_size(void) {
    int failed = 0;
    enum { count = 5 };
    float xyz[3 * count], weights[count], expected[count], values[count], doubled[count];
    for (int i = 0; i < count; ++i) {
        xyz[3 * i] = (float)i, xyz[3 * i + 1] = (float)(10 * i), xyz[3 * i + 2] = (float)(100 * i);
        expected[i] = (float)(i + 20 * i + 400 * i);
        values[i] = (float)i + 0.5f, doubled[i] = 2.0f * values[i];
    }
    tiles_shape point_shape = shape_of(TILES_OPAQUE, 1, count, 0, 0);
    point_shape.element_size = 3 * sizeof(float);
    const tiles_shape float_shape = shape_of(TILES_FLOAT32, 1, count, 0, 0);
    const tiles_shape floats_shape = shape_of(TILES_FLOAT32, 1, 3 * count, 0, 0);
    tiles_view *points = NULL, *floats = NULL, *out = NULL, *boxes = NULL;
    tiles_kernel *weigh = NULL, *twice = NULL;
    CHECK_OK(tiles_view_create(&points, &point_shape, xyz));
    CHECK_OK(tiles_view_create(&floats, &floats_shape, xyz));
    CHECK_OK(tiles_view_create(&out, &float_shape, weights));
    CHECK_OK(tiles_view_create(&boxes, &float_shape, values));
    CHECK_OK(tiles_kernel_create(&weigh, points_source, "weigh", NULL));
    CHECK_OK(tiles_kernel_create(&twice, boxed_source, "twice", NULL));
    const tiles_domain domain = {sizeof(tiles_domain), 1, {count, 0, 0}, 0, {0, 0, 0}, NULL};

    /* Floats where 12-byte points are expected: the kernel would read past them. */
    const tiles_arg wrong[] = {tiles_arg_view(floats), tiles_arg_view(out)};
    CHECK_FAILS(tiles_launch(NULL, &domain, weigh, wrong, 2), TILES_ERROR_INVALID_ARGUMENT,
                "its elements are 4 bytes, but a point is 12 bytes on the device");
    /* 12-byte opaque elements are points. */
    const tiles_arg right[] = {tiles_arg_view(points), tiles_arg_view(out)};
    CHECK_OK(tiles_launch(NULL, &domain, weigh, right, 2));
    CHECK_OK(tiles_view_synchronize(out));
    CHECK_FLOATS(weights, expected, count);
    /* A struct of one float takes a view of floats: the sizes match. */
    const tiles_arg boxed[] = {tiles_arg_view(boxes)};
    CHECK_OK(tiles_launch(NULL, &domain, twice, boxed, 1));
    CHECK_OK(tiles_view_synchronize(boxes));
    CHECK_FLOATS(values, doubled, count);

    CHECK_OK(tiles_kernel_release(twice));
    CHECK_OK(tiles_kernel_release(weigh));
    CHECK_OK(tiles_view_release(boxes));
    CHECK_OK(tiles_view_release(out));
    CHECK_OK(tiles_view_release(floats));
    CHECK_OK(tiles_view_release(points));
    return failed;
}

/* The exported makers, as a foreign-function interface uses them: each kind of argument and the
 * domain, into structs whose struct_size the caller set. */
int test_exported_argument_makers(void) {
    int failed = 0;
    static const char source[] =
        "__kernel void made(__global long* out, __global const long* in, int i, float f, long n,\n"
        "                   __local long* scratch) {\n"
        "    scratch[0] = 5;\n"
        "    barrier(CLK_LOCAL_MEM_FENCE);\n"
        "    out[0] = in[0]; out[1] = i; out[2] = (long)(f * 4.0f); out[3] = n; out[4] = scratch[0];\n"
        "}\n";
    long long out_host[5] = {0};
    const long long in_host[1] = {42};
    const tiles_shape shape = shape_of(TILES_INT64, 1, 5, 0, 0), in_shape = shape_of(TILES_INT64, 1, 1, 0, 0);
    tiles_view* out = NULL;
    tiles_array* in = NULL;
    tiles_kernel* made = NULL;
    CHECK_OK(tiles_view_create(&out, &shape, out_host));
    CHECK_OK(tiles_array_create(&in, NULL, &in_shape, in_host));
    CHECK_OK(tiles_kernel_create(&made, source, "made", NULL));

    const int extent[1] = {1}, tile[1] = {1};
    tiles_domain domain = TILES_DOMAIN_INIT;
    CHECK_OK(tiles_domain_init(&domain, 1, extent, 1, tile));
    tiles_arg args[6];
    for (int a = 0; a < 6; a++) args[a].struct_size = sizeof(tiles_arg);
    const int32_t i = -7;
    CHECK_OK(tiles_arg_init_view(&args[0], out));
    CHECK_OK(tiles_arg_init_array(&args[1], in));
    CHECK_OK(tiles_arg_init_scalar(&args[2], TILES_INT32, &i));
    CHECK_OK(tiles_arg_init_real(&args[3], 2.25));
    CHECK_OK(tiles_arg_init_integer(&args[4], -5000000000LL));
    CHECK_OK(tiles_arg_init_local(&args[5], sizeof(long long)));
    CHECK_OK(tiles_launch(NULL, &domain, made, args, 6));
    CHECK_OK(tiles_view_synchronize(out));
    CHECK(out_host[0] == 42 && out_host[1] == -7 && out_host[2] == 9 && out_host[3] == -5000000000LL);
    CHECK(out_host[4] == 5);

    /* Structs without their size, and values the makers refuse. */
    tiles_arg unsized;
    memset(&unsized, 0, sizeof unsized);
    CHECK_FAILS(tiles_arg_init_view(&unsized, out), TILES_ERROR_INVALID_ARGUMENT, "struct_size (0)");
    CHECK_FAILS(tiles_arg_init_scalar(&args[2], TILES_OPAQUE, &i), TILES_ERROR_INVALID_ARGUMENT, "TILES_OPAQUE");
    CHECK_FAILS(tiles_domain_init(&domain, 0, extent, 0, NULL), TILES_ERROR_INVALID_ARGUMENT, "rank 1 or more");
    args[3].struct_size = 0;
    CHECK_FAILS(tiles_launch(NULL, &domain, made, args, 6), TILES_ERROR_INVALID_ARGUMENT,
                "argument 3's struct_size (0) is not the first argument's");

    tiles_kernel_release(made);
    tiles_array_release(in);
    tiles_view_release(out);
    return failed;
}

/* tiles_kernel_build compiles ahead of the first launch, which then compiles nothing, and hands
 * out the compiler's warnings, as tiles_kernel_get_build_log does afterwards. */
int test_kernel_build_ahead_with_its_log(void) {
    int failed = 0;
    /* A kernel of its own: PoCL gives a program the log of an earlier build with the same
     * preprocessed text, in which #warning leaves nothing. */
    static const char source[] = "#warning built ahead of its launch\n"
                                 "__kernel void thrice(__global int* out) {\n"
                                 "    out[get_thread_index().global_id[0]] = 3 * get_thread_index().global_id[0];\n"
                                 "}\n";
    tiles_context* context = NULL;
    tiles_kernel* thrice = NULL;
    CHECK_OK(tiles_context_create(&context, NULL));
    CHECK_OK(tiles_kernel_create(&thrice, source, "thrice", NULL));
    const char* log = NULL;
    CHECK_OK(tiles_kernel_get_build_log(&log, thrice));
    CHECK(log != NULL && log[0] == '\0'); /* nothing built yet */

    const tiles_domain domain = {sizeof(tiles_domain), 1, {32, 0, 0}, 1, {8, 0, 0}, NULL};
    CHECK_OK(tiles_kernel_build(&log, thrice, context, &domain));
    CHECK(log != NULL && strstr(log, "built ahead of its launch") != NULL);
    tiles_counters counters = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.kernel_builds + counters.binary_loads == 1);
    CHECK(counters.uploads == 0 && counters.launches == 0);

    int host[32] = {0};
    const tiles_shape shape = shape_of(TILES_INT32, 1, 32, 0, 0);
    tiles_view* out = NULL;
    CHECK_OK(tiles_view_create(&out, &shape, host));
    const tiles_arg args[] = {tiles_arg_view(out)};
    CHECK_OK(tiles_launch(context, &domain, thrice, args, 1));
    CHECK_OK(tiles_view_synchronize(out));
    CHECK(host[31] == 93);
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.kernel_builds + counters.binary_loads == 1);
    CHECK_OK(tiles_kernel_get_build_log(&log, thrice));
    CHECK(strstr(log, "built ahead of its launch") != NULL);
    CHECK_OK(tiles_kernel_build(NULL, thrice, context, &domain)); /* the log is optional */

    /* Refusals: what a launch would refuse, before anything is built. */
    tiles_kernel* broken = NULL;
    CHECK_OK(tiles_kernel_create(&broken, "__kernel void broken(__global int* o) { o[0] = nowhere; }", "broken", NULL));
    CHECK_FAILS(tiles_kernel_build(&log, broken, context, &domain), TILES_ERROR_BUILD, "nowhere");
    const tiles_domain uneven = {sizeof(tiles_domain), 1, {30, 0, 0}, 1, {8, 0, 0}, NULL};
    CHECK_FAILS(tiles_kernel_build(&log, thrice, context, &uneven), TILES_ERROR_INVALID_COMPUTE_DOMAIN, "30");
    CHECK_FAILS(tiles_kernel_build(&log, NULL, context, &domain), TILES_ERROR_INVALID_HANDLE, "kernel is NULL");
    CHECK_FAILS(tiles_kernel_build(&log, thrice, context, NULL), TILES_ERROR_INVALID_ARGUMENT, "domain");
    CHECK_FAILS(tiles_kernel_get_build_log(NULL, thrice), TILES_ERROR_INVALID_ARGUMENT, "NULL");

    CHECK_OK(tiles_view_release(out));
    CHECK_OK(tiles_kernel_release(broken));
    CHECK_OK(tiles_kernel_release(thrice));
    CHECK_OK(tiles_context_release(context));
    return failed;
}

int test_program_build_names_the_kernels_of_a_mixed_source(void) {
    int failed = 0;
    /* A tiled rank-2 kernel sized by its tile beside an untiled one: the source compiles whole. */
    static const char source[] = "#warning a source of two kernels\n"
                                 "__kernel void tile_corner(__global int* out) {\n"
                                 "    tiled_index t = get_tiled_index();\n"
                                 "    tile_static int seen[TILE_DIM0][TILE_DIM1];\n"
                                 "    seen[t.local_id[0]][t.local_id[1]] = 1;\n"
                                 "    tile_barrier_wait();\n"
                                 "    out[0] = seen[0][0];\n"
                                 "}\n"
                                 "__kernel void twice_the_index(__global int* out) {\n"
                                 "    out[get_thread_index().global_id[0]] = 2 * get_thread_index().global_id[0];\n"
                                 "}\n";
    tiles_context* context = NULL;
    CHECK_OK(tiles_context_create(&context, NULL));
    const char* names = NULL;
    const char* log = NULL;
    CHECK_OK(tiles_program_build(&names, &log, context, source, NULL));
    CHECK(names != NULL && strcmp(names, "tile_corner;twice_the_index") == 0);
    CHECK(log != NULL && strstr(log, "a source of two kernels") != NULL);
    tiles_counters counters = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.kernel_builds + counters.binary_loads == 1);

    /* An untiled rank-1 launch of either kernel then compiles nothing. */
    tiles_kernel* twice = NULL;
    CHECK_OK(tiles_kernel_create(&twice, source, "twice_the_index", NULL));
    int host[8] = {0};
    const tiles_shape shape = shape_of(TILES_INT32, 1, 8, 0, 0);
    tiles_view* out = NULL;
    CHECK_OK(tiles_view_create(&out, &shape, host));
    const tiles_domain untiled = {sizeof(tiles_domain), 1, {8, 0, 0}, 0, {0, 0, 0}, NULL};
    const tiles_arg args[] = {tiles_arg_view(out)};
    CHECK_OK(tiles_launch(context, &untiled, twice, args, 1));
    CHECK_OK(tiles_view_synchronize(out));
    CHECK(host[7] == 14);
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.kernel_builds + counters.binary_loads == 1);
    CHECK_OK(tiles_program_build(NULL, NULL, NULL, source, "")); /* names, log and context are optional */

    CHECK_FAILS(
        tiles_program_build(&names, &log, context, "__kernel void k(__global int* o) { o[0] = nowhere; }", NULL),
        TILES_ERROR_BUILD, "nowhere");
    CHECK_FAILS(tiles_program_build(&names, &log, context, NULL, NULL), TILES_ERROR_INVALID_ARGUMENT, "source is NULL");

    CHECK_OK(tiles_view_release(out));
    CHECK_OK(tiles_kernel_release(twice));
    CHECK_OK(tiles_context_release(context));
    return failed;
}

int test_program_built_for_a_tile_shape_compiles_once_for_all_its_kernels(void) {
    int failed = 0;
    /* Two tiled rank-2 kernels: built for their tile shape, both launch without compiling. */
    static const char source[] = "__kernel void set_tile(__global int* out) {\n"
                                 "    tiled_index t = get_tiled_index();\n"
                                 "    out[linear_index(t.global_id, t.extent)] = 10 * t.tile[0] + t.tile[1];\n"
                                 "}\n"
                                 "__kernel void add_local(__global int* out) {\n"
                                 "    tiled_index t = get_tiled_index();\n"
                                 "    out[linear_index(t.global_id, t.extent)] += 100 * t.local_id[1];\n"
                                 "}\n"
                                 "// built_for_a_tile_shape\n";
    failed += check_program_built_for_a_tile_shape(source, NULL);
    const tiles_domain bad = {sizeof(tiles_domain), 2, {4, 6}, 3, {2, 3, 1}, NULL};
    CHECK_FAILS(tiles_program_build_with_options(NULL, NULL, NULL, source, NULL, &bad),
                TILES_ERROR_INVALID_COMPUTE_DOMAIN, "the tile has rank 3 but the extent it tiles has rank 2");
    return failed;
}

int test_events_give_opencls_profiling_times(void) {
    int failed = 0;
    tiles_context* context = NULL;
    CHECK_OK(tiles_context_create(&context, NULL));
    float host[256] = {0};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 256, 0, 0);
    tiles_view* source = NULL;
    tiles_array* array = NULL;
    tiles_view* destination = NULL;
    CHECK_OK(tiles_view_create(&source, &shape, host));
    CHECK_OK(tiles_array_create(&array, context, &shape, NULL));
    CHECK_OK(tiles_array_get_view(&destination, array));
    tiles_event* copied = NULL;
    CHECK_OK(tiles_copy_async(&copied, source, destination));
    tiles_event* marker = NULL;
    CHECK_OK(tiles_context_create_marker(&marker, context));
    tiles_event_profile profile = TILES_EVENT_PROFILE_INIT;
    CHECK_OK(tiles_event_get_profile(&profile, marker));
    CHECK(profile.queued != 0 && profile.queued <= profile.submitted && profile.submitted <= profile.started &&
          profile.started <= profile.ended);
    tiles_event_profile copy_profile = TILES_EVENT_PROFILE_INIT;
    CHECK_OK(tiles_event_get_profile(&copy_profile, copied));
    CHECK(copy_profile.queued != 0 && copy_profile.started <= copy_profile.ended);
    CHECK(copy_profile.queued <= profile.queued); /* the copy was enqueued before the marker */
    tiles_event_profile unset = {0, 0, 0, 0, 0};
    CHECK_FAILS(tiles_event_get_profile(&unset, marker), TILES_ERROR_INVALID_ARGUMENT, "struct_size");
    CHECK_FAILS(tiles_event_get_profile(&profile, NULL), TILES_ERROR_INVALID_HANDLE, "the event is NULL");
    CHECK_OK(tiles_event_release(marker));
    CHECK_OK(tiles_event_release(copied));
    CHECK_OK(tiles_view_release(destination));
    CHECK_OK(tiles_array_release(array));
    CHECK_OK(tiles_view_release(source));
    CHECK_OK(tiles_context_release(context));
    return failed;
}
