/* Checked mode through the C API: the seed's racy total on a checked context, its report read
 * back diagnostic by diagnostic, and a strict context refusing the launch. */
#include <string.h>

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
    const tiles_domain domain = {sizeof(tiles_domain), 2, {8, 8, 0}, 2, {2, 2, 0}};
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
