/* Checked mode through the C API: the seed's racy total on a checked context, its report read
 * back diagnostic by diagnostic, and a strict context refusing the launch; kernels written for
 * the test (tests/kernels/checked.cl), each bug reported once at its line and each correct twin
 * clean, at tile shapes 1x1, 16x16 and 1x256. */
#define _POSIX_C_SOURCE 200112L /* setenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../checked_kernels.h"
#include "../example_kernels.hpp"
#include "capi_tests.h"
#include "support.h"

/* Launches the seed's racy tile total (8x8 matrix, 2x2 tiles) on `context`; returns its status. */
static tiles_status launch_racy_total(tiles_context* context) {
    float matrix[64], averages[16] = {0};
    tiles_view *in = NULL, *out = NULL;
    tiles_kernel* kernel = NULL;
    const tiles_shape matrix_shape = shape_of(TILES_FLOAT32, 2, 8, 8, 0);
    const tiles_shape averages_shape = shape_of(TILES_FLOAT32, 2, 4, 4, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 2, {8, 8, 0}, 2, {2, 2, 0}, NULL};
    tiles_arg args[2];
    tiles_status status;
    int i;
    for (i = 0; i < 64; ++i) matrix[i] = (float)i;
    tiles_view_create_const(&in, &matrix_shape, matrix);
    tiles_view_create(&out, &averages_shape, averages);
    tiles_kernel_create(&kernel, example_kernel_race_condition, "racy_total", NULL);
    args[0] = tiles_arg_view(in);
    args[1] = tiles_arg_view(out);
    status = tiles_launch(context, &domain, kernel, args, 2);
    tiles_kernel_release(kernel);
    tiles_view_release(out);
    tiles_view_release(in);
    return status;
}

int test_checked_context_reports_the_seed_race(void) {
    int failed = 0, checked = 0, found_race = 0;
    size_t count = 0, i;
    tiles_context* context = NULL;
    tiles_report* report = NULL;
    tiles_diagnostic d = TILES_DIAGNOSTIC_INIT;
    if (!CHECK_OK(tiles_context_create_checked(&context, 0))) return failed;
    CHECK_OK(tiles_context_is_checked(&checked, context));
    CHECK(checked == 1);
    CHECK_OK(launch_racy_total(context));
    CHECK_OK(tiles_context_get_report(&report, context));
    CHECK_OK(tiles_report_count(&count, report));
    CHECK(count > 0);
    for (i = 0; i < count; ++i) {
        CHECK_OK(tiles_report_get(&d, report, i));
        if (d.kind == TILES_WRITE_WRITE_RACE && d.space == TILES_TILE_STATIC_MEMORY && d.line == 9) {
            found_race = 1;
            CHECK(strcmp(d.kernel, "racy_total") == 0);
            CHECK(strncmp(d.source_line, "total += matrix", 15) == 0);
            CHECK(d.work_item_count > 0 && d.work_items != NULL);
            CHECK(strstr(d.text, "write-write race in tile_static memory") != NULL);
        }
    }
    CHECK(found_race);
    CHECK_FAILS(tiles_report_get(&d, report, count), TILES_ERROR_INVALID_ARGUMENT, "no diagnostic");
    tiles_report_release(report);

    CHECK_OK(tiles_context_clear_report(context));
    CHECK_OK(tiles_context_get_report(&report, context));
    CHECK_OK(tiles_report_count(&count, report));
    CHECK(count == 0);
    tiles_report_release(report);
    tiles_context_release(context);
    return failed;
}

int test_strict_checked_context_refuses_the_race(void) {
    int failed = 0, checked = 1;
    size_t count = 1;
    tiles_context *strict = NULL, *plain = NULL;
    tiles_report* report = NULL;
    if (!CHECK_OK(tiles_context_create_checked(&strict, 1))) return failed;
    CHECK_FAILS(launch_racy_total(strict), TILES_ERROR_CHECK_FAILED, "racy_total' at line 9");
    tiles_context_release(strict);

    /* A context that is not checked has an empty report. */
    CHECK_OK(tiles_context_create(&plain, NULL));
    CHECK_OK(tiles_context_is_checked(&checked, plain));
    CHECK(checked == 0);
    CHECK_OK(launch_racy_total(plain));
    CHECK_OK(tiles_context_get_report(&report, plain));
    CHECK_OK(tiles_report_count(&count, report));
    CHECK(count == 0);
    tiles_report_release(report);
    tiles_context_release(plain);
    return failed;
}

/* A tile shape and an extent of a few of its tiles, as in tests/test_checked_bugs.cpp. */
typedef struct test_shape {
    int tile_rows, tile_columns, rows, columns;
} test_shape;
static const test_shape test_shapes[3] = {{1, 1, 3, 5}, {16, 16, 16, 48}, {1, 256, 3, 256}};
enum { most_work_items = 16 * 48 };

/* Launches kernel `name` of checked.cl over `s` on a new checked context writing `out` (ints or
 * floats, as `dtype` says); returns the context's report, or NULL (counted in *failed) if the
 * launch failed. */
static tiles_report* run_checked(const char* name, const test_shape* s, tiles_dtype dtype, void* out, int* failed_out) {
    int failed = 0;
    tiles_context* context = NULL;
    tiles_kernel* kernel = NULL;
    tiles_view* view = NULL;
    tiles_report* report = NULL;
    const tiles_shape shape = shape_of(dtype, 2, s->rows, s->columns, 0);
    const tiles_domain domain = {
        sizeof(tiles_domain), 2, {s->rows, s->columns, 0}, 2, {s->tile_rows, s->tile_columns, 0}, NULL};
    tiles_arg arg;
    if (CHECK_OK(tiles_context_create_checked(&context, 0)) && CHECK_OK(tiles_view_create(&view, &shape, out)) &&
        CHECK_OK(tiles_kernel_create(&kernel, test_kernel_checked, name, NULL))) {
        arg = tiles_arg_view(view);
        if (CHECK_OK(tiles_launch(context, &domain, kernel, &arg, 1)) && CHECK_OK(tiles_view_synchronize(view)))
            CHECK_OK(tiles_context_get_report(&report, context));
    }
    tiles_kernel_release(kernel);
    tiles_view_release(view);
    tiles_context_release(context);
    *failed_out += failed;
    return report;
}

/* The report's only diagnostic into *d; 0 (counted in *failed) if it has another number of them. */
static int only_diagnostic(tiles_diagnostic* d, const tiles_report* report, int* failed_out) {
    int failed = 0;
    size_t count = 0;
    CHECK_OK(tiles_report_count(&count, report));
    if (!CHECK(count == 1)) {
        size_t i;
        for (i = 0; i < count; ++i)
            if (tiles_report_get(d, report, i) == TILES_SUCCESS) printf("  found: %s\n", d->text);
        *failed_out += failed;
        return 0;
    }
    CHECK_OK(tiles_report_get(d, report, 0));
    *failed_out += failed;
    return failed == 0;
}

static int report_is_clean(const tiles_report* report) {
    size_t count = 1;
    return tiles_report_count(&count, report) == TILES_SUCCESS && count == 0;
}

int test_checked_reads_of_unset_tile_static_memory_at_their_lines(void) {
    int failed = 0, i, r, c;
    static float values[most_work_items], expected[most_work_items];
    static int flags[most_work_items], expected_flags[most_work_items];
    for (i = 0; i < 3; ++i) {
        const test_shape* s = &test_shapes[i];
        tiles_diagnostic d = TILES_DIAGNOSTIC_INIT;
        tiles_report* report;
        printf("tile %dx%d\n", s->tile_rows, s->tile_columns);
        /* The twins: clean, and what a loop computes. */
        report = run_checked("mirror_values", s, TILES_FLOAT32, values, &failed);
        CHECK(report != NULL && report_is_clean(report));
        tiles_report_release(report);
        for (r = 0; r < s->rows; ++r)
            for (c = 0; c < s->columns; ++c) {
                const int mirror_row = r / s->tile_rows * s->tile_rows + s->tile_rows - 1 - r % s->tile_rows;
                const int mirror_column =
                    c / s->tile_columns * s->tile_columns + s->tile_columns - 1 - c % s->tile_columns;
                expected[r * s->columns + c] = 2.0f * (float)(mirror_row * s->columns + mirror_column);
                expected_flags[r * s->columns + c] = c / s->tile_columns % 2 == 1 ? 2 : 1;
            }
        CHECK_FLOATS(values, expected, s->rows * s->columns);
        report = run_checked("odd_tiles_flagged", s, TILES_INT32, flags, &failed);
        CHECK(report != NULL && report_is_clean(report));
        tiles_report_release(report);
        CHECK_INTS(flags, expected_flags, s->rows * s->columns);

        /* The bugs: each one diagnostic, at the read, by every work-item. */
        report = run_checked("mirror_unset_values", s, TILES_FLOAT32, values, &failed);
        if (report != NULL && only_diagnostic(&d, report, &failed)) {
            CHECK(d.kind == TILES_UNINITIALIZED_READ && d.space == TILES_TILE_STATIC_MEMORY);
            CHECK(d.line == UNSET_VALUE_READ_LINE && strstr(d.source_line, "const float mirrored") == d.source_line);
            CHECK(d.work_item_count == (size_t)(s->rows * s->columns));
        }
        tiles_report_release(report);
        report = run_checked("unset_flag", s, TILES_INT32, flags, &failed);
        if (report != NULL && only_diagnostic(&d, report, &failed)) {
            CHECK(d.kind == TILES_UNINITIALIZED_READ && d.space == TILES_TILE_STATIC_MEMORY);
            CHECK(d.line == UNSET_FLAG_LINE && strncmp(d.source_line, "if (odd) out[", 13) == 0);
            CHECK(strstr(d.text, "uninitialized read in tile_static memory in kernel 'unset_flag'") == d.text);
        }
        tiles_report_release(report);
    }
    return failed;
}

int test_checked_missing_barrier_is_one_race(void) {
    int failed = 0, i;
    static float values[most_work_items];
    for (i = 0; i < 3; ++i) {
        const test_shape* s = &test_shapes[i];
        tiles_diagnostic d = TILES_DIAGNOSTIC_INIT;
        tiles_report* report = run_checked("mirror_without_barrier", s, TILES_FLOAT32, values, &failed);
        printf("tile %dx%d\n", s->tile_rows, s->tile_columns);
        if (s->tile_rows * s->tile_columns == 1) {
            CHECK(report != NULL && report_is_clean(report)); /* no other work-item to race with */
        } else if (report != NULL && only_diagnostic(&d, report, &failed)) {
            /* Not also the reads that found nothing stored yet, nor the stores of what they read. */
            CHECK(d.kind == TILES_READ_WRITE_RACE && d.space == TILES_TILE_STATIC_MEMORY);
            CHECK((d.line == UNFENCED_STORE_LINE && d.other_line == UNFENCED_READ_LINE) ||
                  (d.line == UNFENCED_READ_LINE && d.other_line == UNFENCED_STORE_LINE));
        }
        tiles_report_release(report);
    }
    return failed;
}

int test_checked_race_between_tiles_is_one_report(void) {
    /* At 1x1 too: work-items of different tiles share global memory, and no barrier orders them.
     * Each pair of mirrored work-items meets in both orders, one line against the other and
     * back, which is one problem. */
    int failed = 0, i, g;
    static float values[most_work_items], expected[most_work_items];
    for (i = 0; i < 3; ++i) {
        const test_shape* s = &test_shapes[i];
        tiles_diagnostic d = TILES_DIAGNOSTIC_INIT;
        tiles_report* report;
        printf("tile %dx%d\n", s->tile_rows, s->tile_columns);
        for (g = 0; g < s->rows * s->columns; ++g) values[g] = -1.0f, expected[g] = (float)g - 1.0f;
        report = run_checked("own_from_global", s, TILES_FLOAT32, values, &failed);
        CHECK(report != NULL && report_is_clean(report));
        tiles_report_release(report);
        CHECK_FLOATS(values, expected, s->rows * s->columns);
        report = run_checked("mirror_from_global", s, TILES_FLOAT32, values, &failed);
        if (report != NULL && only_diagnostic(&d, report, &failed)) {
            CHECK(d.kind == TILES_READ_WRITE_RACE && d.space == TILES_GLOBAL_MEMORY);
            CHECK((d.line == GLOBAL_MIRROR_READ_LINE && d.other_line == GLOBAL_STORE_LINE) ||
                  (d.line == GLOBAL_STORE_LINE && d.other_line == GLOBAL_MIRROR_READ_LINE));
            CHECK(strstr(d.text, "read-write race in global memory in kernel 'mirror_from_global'") == d.text);
        }
        tiles_report_release(report);
    }
    return failed;
}

int test_checked_barrier_divergence_names_tiles_and_work_items(void) {
    int failed = 0, i, t;
    static int out[most_work_items];
    for (i = 0; i < 3; ++i) {
        const test_shape* s = &test_shapes[i];
        const int tiles_across = s->columns / s->tile_columns, tile_count = s->rows / s->tile_rows * tiles_across;
        const int tile_size = s->tile_rows * s->tile_columns;
        tiles_diagnostic d = TILES_DIAGNOSTIC_INIT;
        tiles_report* report = run_checked("all_at_barrier", s, TILES_INT32, out, &failed);
        printf("tile %dx%d\n", s->tile_rows, s->tile_columns);
        CHECK(report != NULL && report_is_clean(report));
        tiles_report_release(report);
        report = run_checked("half_at_barrier", s, TILES_INT32, out, &failed);
        if (s->tile_columns == 1) {
            /* None of a tile reaches it. At 1x1 no kernel can diverge: the one work-item of a tile
             * reaches a barrier or not, with no other to disagree. */
            CHECK(report != NULL && report_is_clean(report));
        } else if (report != NULL && only_diagnostic(&d, report, &failed)) {
            int seen[16 * 3] = {0};
            CHECK(d.kind == TILES_BARRIER_DIVERGENCE && d.line == HALF_BARRIER_LINE);
            CHECK(d.reached_barrier == tile_size / 2 && d.tile_size == tile_size);
            /* Every tile, each once. */
            CHECK(d.tile_count == (size_t)tile_count && d.tiles != NULL);
            for (t = 0; d.tiles != NULL && t < (int)d.tile_count; ++t) {
                const int* tile = d.tiles + 3 * t;
                CHECK(tile[0] == 0 && tile[1] >= 0 && tile[1] < s->rows / s->tile_rows && tile[2] >= 0 &&
                      tile[2] < tiles_across);
                if (tile[1] >= 0 && tile[1] < 16 && tile[2] >= 0 && tile[2] < 3) seen[tile[1] * 3 + tile[2]]++;
            }
            for (t = 0; t < tile_count; ++t) CHECK(seen[t / tiles_across * 3 + t % tiles_across] == 1);
            CHECK(strstr(d.text, "work-items of each reached this barrier") != NULL);
        }
        tiles_report_release(report);
    }
    return failed;
}

int test_checked_context_as_a_gpu_runs_the_algorithms_clean(void) {
    int failed = 0, i, j, k;
    int numbers[300], sum = 0, got_sum = 0;
    float a[13 * 10], b[10 * 7], c[13 * 7], product[13 * 7], transposed[10 * 13], expected[10 * 13];
    const tiles_shape numbers_shape = shape_of(TILES_INT32, 1, 300, 0, 0);
    const tiles_shape a_shape = shape_of(TILES_FLOAT32, 2, 13, 10, 0), b_shape = shape_of(TILES_FLOAT32, 2, 10, 7, 0);
    const tiles_shape c_shape = shape_of(TILES_FLOAT32, 2, 13, 7, 0), t_shape = shape_of(TILES_FLOAT32, 2, 10, 13, 0);
    tiles_context* context = NULL;
    tiles_view *numbers_view = NULL, *a_view = NULL, *b_view = NULL, *c_view = NULL, *t_view = NULL;
    tiles_report* report = NULL;
    size_t count = 1;
    for (i = 0; i < 300; ++i) sum += numbers[i] = i % 17 - 8;
    for (i = 0; i < 13 * 10; ++i) a[i] = (float)(i % 7) - 3.0f;
    for (i = 0; i < 10 * 7; ++i) b[i] = (float)(i % 5) * 0.5f;
    for (i = 0; i < 13; ++i)
        for (j = 0; j < 7; ++j)
            for (product[i * 7 + j] = 0, k = 0; k < 10; ++k) product[i * 7 + j] += a[i * 10 + k] * b[k * 7 + j];
    for (i = 0; i < 13; ++i)
        for (j = 0; j < 10; ++j) expected[j * 13 + i] = a[i * 10 + j];

    /* A name the parameter table has no entry for is refused, saying what it takes. */
    setenv("TILES_CHECKED_AS", "Radeon", 1);
    CHECK_FAILS(tiles_context_create_checked(&context, 1), TILES_ERROR_INVALID_ARGUMENT, "TILES_CHECKED_AS='Radeon'");
    /* Strict: a problem in any algorithm's kernels with a GPU's tile shapes would fail its call. */
    setenv("TILES_CHECKED_AS", "gpu", 1);
    CHECK_OK(tiles_context_create_checked(&context, 1));
    unsetenv("TILES_CHECKED_AS");
    if (context == NULL) return failed;
    if (CHECK_OK(tiles_view_create_const(&numbers_view, &numbers_shape, numbers)) &&
        CHECK_OK(tiles_reduce(&got_sum, sizeof got_sum, context, numbers_view, TILES_REDUCE_SUM)))
        CHECK(got_sum == sum);
    if (CHECK_OK(tiles_view_create_const(&a_view, &a_shape, a)) &&
        CHECK_OK(tiles_view_create_const(&b_view, &b_shape, b)) && CHECK_OK(tiles_view_create(&c_view, &c_shape, c)) &&
        CHECK_OK(tiles_view_create(&t_view, &t_shape, transposed))) {
        if (CHECK_OK(tiles_gemm(context, 1.0, a_view, b_view, 0.0, c_view)) && CHECK_OK(tiles_view_synchronize(c_view)))
            CHECK_FLOATS(c, product, 13 * 7);
        if (CHECK_OK(tiles_transpose(context, a_view, t_view)) && CHECK_OK(tiles_view_synchronize(t_view)))
            CHECK_FLOATS(transposed, expected, 10 * 13);
    }
    CHECK_OK(tiles_context_get_report(&report, context));
    CHECK_OK(tiles_report_count(&count, report));
    CHECK(count == 0);
    tiles_report_release(report);
    tiles_view_release(numbers_view);
    tiles_view_release(a_view);
    tiles_view_release(b_view);
    tiles_view_release(c_view);
    tiles_view_release(t_view);
    tiles_context_release(context);
    return failed;
}

/* A correct kernel and its twin reading past the end of its input (both at line 4), over
 * sections of a 32x512 matrix at (4, 4) of 16x256 elements, as in tests/test_checked_sections.cpp. */
static const char twice_source[] = "__kernel void twice(__global const float* in, __global float* out) {\n"
                                   "    thread_index t = get_thread_index();\n"
                                   "    const int g = linear_index(t.global_id, t.extent);\n"
                                   "    out[g] = 2.0f * in[g];\n"
                                   "}\n";
static const char past_the_end_source[] =
    "__kernel void past_the_end(__global const float* in, __global float* out) {\n"
    "    thread_index t = get_thread_index();\n"
    "    const int g = linear_index(t.global_id, t.extent);\n"
    "    out[g] = 2.0f * in[g + t.extent[0] * t.extent[1]];\n"
    "}\n";
enum { section_rows = 32, section_columns = 512 };

/* Launches kernel `name` of `source` on a new checked context over the section at (4, 4) of
 * 16x256 elements of `in` and of `out` (host memory of 32x512 floats; through arrays of them where
 * `arrays`), in tiles of `tile` (1x1 and up; 0x0: none), and reads `out` back. With
 * `oclgrind_checker`, the context is made with TILES_CHECKED_OCLGRIND_UNINITIALIZED=1, which turns
 * Oclgrind's own uninitialized-value checker on beside libtiles' plugin: it would report the
 * section's data as uninitialized where the transfers of sections did not count as initializing
 * the simulator's buffers (issue 21). Returns the context's report, or NULL (counted in *failed). */
static tiles_report* run_over_sections(const char* source, const char* name, const int tile[2], int arrays,
                                       int oclgrind_checker, const float* in, float* out, int* failed_out) {
    int failed = 0;
    const int origin[2] = {4, 4}, extent[2] = {16, 256};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, section_rows, section_columns, 0);
    const tiles_domain domain = {sizeof(tiles_domain),  2,   {extent[0], extent[1], 0}, tile[0] == 0 ? 0 : 2,
                                 {tile[0], tile[1], 0}, NULL};
    tiles_context* context = NULL;
    tiles_kernel* kernel = NULL;
    tiles_array *in_array = NULL, *out_array = NULL;
    tiles_view *in_view = NULL, *out_view = NULL, *in_section = NULL, *out_section = NULL;
    tiles_report* report = NULL;
    tiles_arg args[2];
    if (oclgrind_checker) setenv("TILES_CHECKED_OCLGRIND_UNINITIALIZED", "1", 1);
    CHECK_OK(tiles_context_create_checked(&context, 0));
    unsetenv("TILES_CHECKED_OCLGRIND_UNINITIALIZED");
    if (context == NULL) {
        *failed_out += failed;
        return NULL;
    }
    if (arrays) {
        if (CHECK_OK(tiles_array_create(&in_array, context, &shape, in)) &&
            CHECK_OK(tiles_array_create(&out_array, context, &shape, out))) {
            CHECK_OK(tiles_array_get_view(&in_view, in_array));
            CHECK_OK(tiles_array_get_view(&out_view, out_array));
        }
    } else {
        CHECK_OK(tiles_view_create_const(&in_view, &shape, in));
        CHECK_OK(tiles_view_create(&out_view, &shape, out));
    }
    if (in_view != NULL && out_view != NULL && CHECK_OK(tiles_view_section(&in_section, in_view, origin, extent)) &&
        CHECK_OK(tiles_view_section(&out_section, out_view, origin, extent)) &&
        CHECK_OK(tiles_kernel_create(&kernel, source, name, NULL))) {
        args[0] = tiles_arg_view(in_section);
        args[1] = tiles_arg_view(out_section);
        if (CHECK_OK(tiles_launch(context, &domain, kernel, args, 2)) &&
            (arrays ? CHECK_OK(tiles_view_read(out_view, out, sizeof(float) * section_rows * section_columns))
                    : CHECK_OK(tiles_view_synchronize(out_view))))
            CHECK_OK(tiles_context_get_report(&report, context));
    }
    tiles_kernel_release(kernel);
    tiles_view_release(in_section);
    tiles_view_release(out_section);
    tiles_view_release(in_view);
    tiles_view_release(out_view);
    tiles_array_release(in_array);
    tiles_array_release(out_array);
    tiles_context_release(context);
    *failed_out += failed;
    return report;
}

int test_checked_sections_report_only_real_bugs(void) {
    static const int tiles_tried[4][2] = {{0, 0}, {1, 1}, {16, 16}, {1, 256}};
    static float in[section_rows * section_columns], out[section_rows * section_columns],
        expected[section_rows * section_columns];
    int failed = 0, t, arrays, r, c;
    for (r = 0; r < section_rows; ++r)
        for (c = 0; c < section_columns; ++c) {
            const int inside = r >= 4 && r < 4 + 16 && c >= 4 && c < 4 + 256;
            in[r * section_columns + c] = (float)(r * section_columns + c + 1);
            expected[r * section_columns + c] = inside ? 2.0f * in[r * section_columns + c] : 0.0f;
        }
    for (t = 0; t < 4; ++t)
        for (arrays = 0; arrays < 2; ++arrays) {
            tiles_diagnostic d = TILES_DIAGNOSTIC_INIT;
            tiles_report* report;
            printf("tile %dx%d, %s\n", tiles_tried[t][0], tiles_tried[t][1], arrays ? "arrays" : "host views");
            /* The correct kernel: clean, even to Oclgrind's own checker, and right. */
            memset(out, 0, sizeof out);
            report = run_over_sections(twice_source, "twice", tiles_tried[t], arrays, 1, in, out, &failed);
            if (report != NULL && !CHECK(report_is_clean(report)) && only_diagnostic(&d, report, &failed))
                printf("  found: %s\n", d.text);
            tiles_report_release(report);
            CHECK_FLOATS(out, expected, section_rows * section_columns);
            /* Its twin: the read past the section's end, once, at its line, by every work-item. */
            report =
                run_over_sections(past_the_end_source, "past_the_end", tiles_tried[t], arrays, 0, in, out, &failed);
            if (report != NULL && only_diagnostic(&d, report, &failed)) {
                CHECK(d.kind == TILES_OUT_OF_BOUNDS && d.space == TILES_GLOBAL_MEMORY && d.line == 4);
                CHECK(strncmp(d.source_line, "out[g] = 2.0f * in[g + ", 23) == 0);
                CHECK(d.work_item_count == 16 * 256);
            }
            tiles_report_release(report);
        }
    return failed;
}

/* Launches kernel `name` of `source` over 16 work-items on a new checked context, with 16 floats
 * in and out; returns the context's report, or NULL (counted in *failed). */
static tiles_report* run_checked_1d(const char* source, const char* name, int* failed_out) {
    int failed = 0;
    float in[16] = {0}, out[16] = {0};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 16, 0, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {16, 0, 0}, 0, {0, 0, 0}, NULL};
    tiles_context* context = NULL;
    tiles_kernel* kernel = NULL;
    tiles_view *in_view = NULL, *out_view = NULL;
    tiles_report* report = NULL;
    tiles_arg args[2];
    if (CHECK_OK(tiles_context_create_checked(&context, 0)) &&
        CHECK_OK(tiles_view_create_const(&in_view, &shape, in)) &&
        CHECK_OK(tiles_view_create(&out_view, &shape, out)) &&
        CHECK_OK(tiles_kernel_create(&kernel, source, name, NULL))) {
        args[0] = tiles_arg_view(in_view);
        args[1] = tiles_arg_view(out_view);
        if (CHECK_OK(tiles_launch(context, &domain, kernel, args, 2)))
            CHECK_OK(tiles_context_get_report(&report, context));
    }
    tiles_kernel_release(kernel);
    tiles_view_release(in_view);
    tiles_view_release(out_view);
    tiles_context_release(context);
    *failed_out += failed;
    return report;
}

int test_checked_lines_are_the_kernels_own_or_unknown(void) {
    /* A kernel after a header and a #line 1, as the library's own kernels follow
     * kernels/elements.cl: its line 3 is the store, not the header's #define. */
    static const char after_a_header[] =
        "// A header, as kernels/elements.cl is in front of the library's kernels:\n"
        "// its lines are not the kernel's.\n"
        "#define SHIFTED(g) ((g) + (int)get_global_size(0))\n"
        "#line 1\n"
        "__kernel void store_past_the_end(__global const float* in, __global float* out) {\n"
        "    const int g = get_global_id(0);\n"
        "    out[SHIFTED(g)] = in[g];\n"
        "}\n";
    /* The prelude's linear_index, given a pointer past a private array, reads out of bounds in
     * the prelude's code, of which the simulator names no line of the kernel. */
    static const char into_the_prelude[] =
        "__kernel void index_past_the_end(__global const float* in, __global float* out) {\n"
        "    thread_index t = get_thread_index();\n"
        "    int origin[3] = {0, 0, 0};\n"
        "    out[t.global_id[0]] = (float)linear_index(origin + 3, t.extent);\n"
        "}\n";
    int failed = 0;
    tiles_diagnostic d = TILES_DIAGNOSTIC_INIT;
    tiles_report* report = run_checked_1d(after_a_header, "store_past_the_end", &failed);
    if (report != NULL && only_diagnostic(&d, report, &failed)) {
        CHECK(d.kind == TILES_OUT_OF_BOUNDS && d.space == TILES_GLOBAL_MEMORY && d.line == 3);
        CHECK(strcmp(d.source_line, "out[SHIFTED(g)] = in[g];") == 0);
        CHECK(strstr(d.text, "out-of-bounds access in global memory in kernel 'store_past_the_end' at line 3, ") ==
              d.text);
    }
    tiles_report_release(report);
    report = run_checked_1d(into_the_prelude, "index_past_the_end", &failed);
    if (report != NULL && only_diagnostic(&d, report, &failed)) {
        CHECK(d.kind == TILES_OUT_OF_BOUNDS && d.space == TILES_PRIVATE_MEMORY && d.line == 0);
        CHECK(d.work_item_count == 16);
        CHECK(strstr(d.text, "out-of-bounds access in private memory in kernel 'index_past_the_end' at a line the "
                             "simulator could not tell\n") == d.text);
        CHECK(strstr(d.text, "prelude") == NULL);
    }
    tiles_report_release(report);
    return failed;
}

/* AMP's rule: a launch reuses a device's copy of a view, so writes into the host memory behind the
 * view that no tiles_view_refresh announced are not seen (4 + 4, not 4 + 20). A checked context
 * reports them before the launch (TILES_HOST_WRITE, naming the argument), a strict one refuses the
 * launch, and after tiles_view_refresh the launch sees them. */
int test_checked_host_writes_behind_a_view_without_refresh(void) {
    static const char* const source =
        "__kernel void add(__global float* d, __global const float* s) { d[get_global_id(0)] += s[get_global_id(0)]; }";
    static const float eight[4] = {8, 8, 8, 8}, fifty[4] = {50, 50, 50, 50};
    int failed = 0, written = 1, i;
    float total[4] = {0, 0, 0, 0}, step[4] = {4, 4, 4, 4};
    size_t count = 0;
    tiles_context *checked = NULL, *strict = NULL;
    tiles_view *t = NULL, *s = NULL;
    tiles_kernel* add = NULL;
    tiles_report* report = NULL;
    tiles_diagnostic d = TILES_DIAGNOSTIC_INIT;
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {4, 0, 0}, 0, {0, 0, 0}, NULL};
    tiles_arg args[2];
    if (!CHECK_OK(tiles_context_create_checked(&checked, 0)) || !CHECK_OK(tiles_view_create(&t, &shape, total)) ||
        !CHECK_OK(tiles_view_create_const(&s, &shape, step)) ||
        !CHECK_OK(tiles_kernel_create(&add, source, "add", NULL)))
        return failed;
    args[0] = tiles_arg_view(t);
    args[1] = tiles_arg_view(s);
    CHECK_OK(tiles_launch(checked, &domain, add, args, 2));
    CHECK_OK(tiles_view_get_host_written(&written, s, checked));
    CHECK(written == 0);
    for (i = 0; i < 4; ++i) step[i] = 20; /* behind the view's back */
    CHECK_OK(tiles_view_get_host_written(&written, s, checked));
    CHECK(written == 1);
    CHECK_OK(tiles_launch(checked, &domain, add, args, 2));
    CHECK_OK(tiles_view_synchronize(t));
    CHECK_FLOATS(total, eight, 4);
    CHECK_OK(tiles_context_get_report(&report, checked));
    CHECK_OK(tiles_report_count(&count, report));
    CHECK(count == 1);
    if (count == 1 && CHECK_OK(tiles_report_get(&d, report, 0))) {
        CHECK(d.kind == TILES_HOST_WRITE);
        CHECK(strcmp(d.kernel, "add") == 0);
        CHECK(strstr(d.text, "argument 1 (an array_view) views host memory that was written") != NULL);
    }
    tiles_report_release(report);

    /* A strict context refuses the launch; after the refresh it runs and sees the write. */
    if (CHECK_OK(tiles_context_create_checked(&strict, 1))) {
        for (i = 0; i < 4; ++i) total[i] = 0;
        CHECK_OK(tiles_view_refresh(t));
        CHECK_OK(tiles_launch(strict, &domain, add, args, 2)); /* 20 */
        for (i = 0; i < 4; ++i) step[i] = 30;
        CHECK_FAILS(tiles_launch(strict, &domain, add, args, 2), TILES_ERROR_CHECK_FAILED,
                    "host write not refreshed in global memory in kernel 'add'");
        CHECK_OK(tiles_view_refresh(s));
        CHECK_OK(tiles_view_get_host_written(&written, s, strict));
        CHECK(written == 0);
        CHECK_OK(tiles_launch(strict, &domain, add, args, 2)); /* 20 + 30 */
        CHECK_OK(tiles_view_synchronize(t));
        CHECK_FLOATS(total, fifty, 4);
    }
    tiles_context_release(strict);
    tiles_kernel_release(add);
    tiles_view_release(s);
    tiles_view_release(t);
    tiles_context_release(checked);
    return failed;
}
