/* The seed's worked examples through the C API, checked against the numbers the seed prints (the
 * sampling examples through examples/c/sampling.c, as the C examples run them) or, for the tiling
 * description, against indices computed here. */
#include <stdio.h>

#include "../../examples/c/sampling.h"
#include "../../examples/description.h"
#include "../example_kernels.hpp"
#include "capi_tests.h"
#include "support.h"

/* The seed's averages of the matrix 0, 1, ..., 63 over 2x2 and over 4x4 tiles. */
static const float seed_averages_2x2[16] = {4.5f,  6.5f,  8.5f,  10.5f, 20.5f, 22.5f, 24.5f, 26.5f,
                                            36.5f, 38.5f, 40.5f, 42.5f, 52.5f, 54.5f, 56.5f, 58.5f};
static const float seed_averages_4x4[4] = {13.5f, 17.5f, 45.5f, 49.5f};

/* SamplingExample with the kernel `name` of `source` gives the averages `expected`
 * (or, where `expected` is NULL, runs to completion). */
static int sampling_gives(const char* source, const char* name, int SAMPLESIZE, const float* expected) {
    int failed = 0;
    tiles_kernel* kernel = NULL;
    float averages[MATRIXSIZE * MATRIXSIZE];
    const int count = (MATRIXSIZE / SAMPLESIZE) * (MATRIXSIZE / SAMPLESIZE);
    if (CHECK_OK(tiles_kernel_create(&kernel, source, name, NULL)) &&
        CHECK_OK(SamplingExample(kernel, SAMPLESIZE, averages)) && expected != NULL)
        CHECK_FLOATS(averages, expected, count);
    CHECK_OK(tiles_kernel_release(kernel));
    if (failed) printf("  (kernel %s, SAMPLESIZE %d)\n", name, SAMPLESIZE);
    return failed;
}

int test_seed_tile_average(void) {
    int failed = 0;
    failed += sampling_gives(example_kernel_tile_average, "tile_average", 2, seed_averages_2x2);
    failed += sampling_gives(example_kernel_tile_average, "tile_average", 4, seed_averages_4x4);
    return failed;
}

int test_seed_memory_fence(void) {
    return sampling_gives(example_kernel_tile_average, "tile_average_tile_static_fence", 2, seed_averages_2x2);
}

int test_seed_race_condition(void) {
    int failed = 0;
    /* The serialized total is slow but right. */
    failed += sampling_gives(example_kernel_race_condition, "serialized_total", 2, seed_averages_2x2);
    failed += sampling_gives(example_kernel_race_condition, "serialized_total", 4, seed_averages_4x4);
    /* The racy total's values are undefined (the seed's point), but it finishes on every tile. */
    for (int SAMPLESIZE = 1; SAMPLESIZE <= 8; SAMPLESIZE *= 2)
        failed += sampling_gives(example_kernel_race_condition, "racy_total", SAMPLESIZE, NULL);
    return failed;
}

int test_seed_tile_static_average(void) {
    int failed = 0;
    const int sampledata[24] = {2, 2, 9, 7, 1, 4, 4, 4, 8, 8, 3, 4, 1, 5, 1, 2, 5, 2, 6, 8, 3, 2, 7, 2};
    const int seed_averages[24] = {3, 3, 8, 8, 3, 3, 3, 3, 8, 8, 3, 3, 5, 5, 2, 2, 4, 4, 5, 5, 2, 2, 4, 4};
    int averagedata[24] = {0};
    const tiles_shape shape = shape_of(TILES_INT32, 2, 4, 6, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 2, {4, 6, 0}, 2, {2, 2, 0}, NULL};
    tiles_view *sample = NULL, *average = NULL;
    tiles_kernel* kernel = NULL;
    CHECK_OK(tiles_view_create_const(&sample, &shape, sampledata));
    CHECK_OK(tiles_view_create(&average, &shape, averagedata));
    CHECK_OK(tiles_kernel_create(&kernel, example_kernel_tile_static_average, "tile_static_average", NULL));
    const tiles_arg args[] = {tiles_arg_view(sample), tiles_arg_view(average)};
    CHECK_OK(tiles_launch(NULL, &domain, kernel, args, 2));
    /* Released without synchronizing: the last reference writes the averages back. */
    CHECK_OK(tiles_view_release(average));
    CHECK_INTS(averagedata, seed_averages, 24);
    CHECK_OK(tiles_kernel_release(kernel));
    CHECK_OK(tiles_view_release(sample));
    return failed;
}

int test_seed_tiling_description(void) {
    int failed = 0;
    enum { ROWS = 8, COLS = 9 };
    Description descs[ROWS * COLS] = {{0, 0, 0, 0, 0, 0, 0}};
    for (int i = 0; i < ROWS * COLS; i++) descs[i].value = i;
    tiles_shape shape = shape_of(TILES_OPAQUE, 2, ROWS, COLS, 0);
    shape.element_size = sizeof(Description);
    const tiles_domain domain = {sizeof(tiles_domain), 2, {ROWS, COLS, 0}, 2, {2, 3, 0}, NULL};
    tiles_view* descriptions = NULL;
    tiles_kernel* describe = NULL;
    CHECK_OK(tiles_view_create(&descriptions, &shape, descs));
    CHECK_OK(tiles_kernel_create(&describe, example_kernel_tiling_description, "describe_tiles", NULL));
    const tiles_arg args[] = {tiles_arg_view(descriptions)};
    CHECK_OK(tiles_launch(NULL, &domain, describe, args, 1));
    CHECK_OK(tiles_view_synchronize(descriptions));
    /* In 2x3 tiles, element (r, c) lies in tile (r / 2, c / 3) at (r % 2, c % 3). */
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++) {
            const Description* d = &descs[r * COLS + c];
            if (!CHECK(d->value == r * COLS + c && d->globalRow == r && d->globalColumn == c && d->tileRow == r / 2 &&
                       d->tileColumn == c / 3 && d->localRow == r % 2 && d->localColumn == c % 3))
                printf("  at (%d,%d): value %d, tile (%d,%d), global (%d,%d), local (%d,%d)\n", r, c, d->value,
                       d->tileRow, d->tileColumn, d->globalRow, d->globalColumn, d->localRow, d->localColumn);
        }
    CHECK_OK(tiles_kernel_release(describe));
    CHECK_OK(tiles_view_release(descriptions));
    return failed;
}
