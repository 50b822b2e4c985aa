/* Pinned host memory (tiles_host_alloc, tiles_host_free) and staged copies, from C, on PoCL with the
 * staging threshold forced down through tiles_parameters_set: copies of C buffers move through the
 * context's staging buffers, counted; pinned memory moves straight; refusals set nothing and name
 * the numbers; and the counters' new fields stay out of an older tiles.h's struct. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "capi_tests.h"
#include "support.h"

/* Every copy of 1 KiB or more on the default device, staged in chunks of 1 KiB by two threads. */
static tiles_status force_staging(void) {
    const char* const names[] = {"FROM_KIB", "CHUNK_KIB", "THREADS"};
    const int values[] = {1, 1, 2};
    return tiles_parameters_set(NULL, "staging", names, values, 3);
}

int test_host_alloc_and_free(void) {
    int failed = 0;
    const tiles_status invalid = TILES_ERROR_INVALID_ARGUMENT;
    tiles_context* context = NULL;
    tiles_device* device = NULL;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    CHECK_OK(tiles_context_create(&context, NULL));
    CHECK_OK(tiles_context_get_device(&device, context));
    CHECK_OK(tiles_device_get_info(&info, device));

    /* Refusals leave *out as it was and say why, with the numbers. */
    void* untouched = &info;
    void* memory = untouched;
    CHECK_FAILS(tiles_host_alloc(NULL, context, 64), invalid, "'out' is NULL");
    CHECK_FAILS(tiles_host_alloc(&memory, context, 0), invalid, "pinned host memory of 0 bytes");
    CHECK(memory == untouched);
    char too_large[64];
    snprintf(too_large, sizeof too_large, "pinned host memory of %llu bytes",
             (unsigned long long)info.max_allocation + 1);
    CHECK_FAILS(tiles_host_alloc(&memory, context, (size_t)info.max_allocation + 1), TILES_ERROR_OUT_OF_MEMORY,
                too_large);
    CHECK(memory == untouched);
    float ordinary[4];
    CHECK_FAILS(tiles_host_free(ordinary), invalid, "was not allocated as such");
    CHECK_OK(tiles_host_free(NULL));

    /* 37 x 53 floats of pinned memory: a view of it goes and comes back straight. */
    const int rows = 37, columns = 53, n = rows * columns;
    CHECK_OK(force_staging());
    if (CHECK_OK(tiles_host_alloc(&memory, NULL, (size_t)n * sizeof(float)))) {
        float* host = memory;
        for (int i = 0; i < n; i++) host[i] = (float)(i % 113);
        const tiles_shape shape = shape_of(TILES_FLOAT32, 2, rows, columns, 0);
        tiles_view* view = NULL;
        tiles_kernel* kernel = NULL;
        CHECK_OK(tiles_view_create(&view, &shape, host));
        CHECK_OK(tiles_kernel_create(&kernel, add_one_source, "add_one", NULL));
        tiles_domain domain = TILES_DOMAIN_INIT;
        CHECK_OK(tiles_domain_init(&domain, 2, shape.extent, 0, NULL));
        const tiles_arg arg = tiles_arg_view(view);
        CHECK_OK(tiles_launch(context, &domain, kernel, &arg, 1));
        CHECK_OK(tiles_view_synchronize(view));
        int wrong = 0;
        for (int i = 0; i < n; i++) wrong += host[i] != (float)(i % 113) + 1.0f;
        CHECK(wrong == 0);
        tiles_counters counters = TILES_COUNTERS_INIT;
        CHECK_OK(tiles_context_get_counters(&counters, context));
        CHECK(counters.uploads == 1 && counters.downloads == 1);
        CHECK(counters.staged_transfers == 0 && counters.bytes_staged == 0);
        CHECK_OK(tiles_view_release(view));
        CHECK_OK(tiles_kernel_release(kernel));
        CHECK_OK(tiles_host_free(memory));
        CHECK_FAILS(tiles_host_free(memory), invalid, "or was freed already");
    }
    CHECK_OK(tiles_parameters_reset(NULL, "staging"));
    CHECK_OK(tiles_device_release(device));
    CHECK_OK(tiles_context_release(context));
    return failed;
}

int test_staged_copies_of_c_buffers(void) {
    int failed = 0;
    tiles_context* context = NULL;
    tiles_array* array = NULL;
    tiles_view *view = NULL, *section = NULL;
    CHECK_OK(tiles_context_create(&context, NULL));
    CHECK_OK(force_staging());
    /* 29 x 131 ints: rows of 524 bytes, one to a chunk of 1 KiB between two threads. */
    enum { rows = 29, columns = 131 };
    static int initial[rows * columns], back[rows * columns], part[10 * 100];
    for (int i = 0; i < rows * columns; i++) initial[i] = i * 7 % 1009;
    const tiles_shape shape = shape_of(TILES_INT32, 2, rows, columns, 0);
    CHECK_OK(tiles_array_create(&array, context, &shape, initial));
    CHECK_OK(tiles_array_get_view(&view, array));
    if (CHECK_OK(tiles_view_read(view, back, sizeof back))) CHECK_INTS(back, initial, rows * columns);
    /* A rectangle of 10 rows of 100 ints, 524 bytes apart on the device. */
    const int origin[2] = {5, 17}, extent[2] = {10, 100};
    CHECK_OK(tiles_view_section(&section, view, origin, extent));
    if (CHECK_OK(tiles_view_read(section, part, sizeof part))) {
        int wrong = 0;
        for (int r = 0; r < 10; r++)
            for (int c = 0; c < 100; c++) wrong += part[r * 100 + c] != initial[(5 + r) * columns + 17 + c];
        CHECK(wrong == 0);
    }
    tiles_counters counters = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.uploads == 1 && counters.downloads == 2);
    CHECK(counters.staged_transfers == 3);
    CHECK(counters.bytes_staged == counters.bytes_uploaded + counters.bytes_downloaded);

    /* A struct from a tiles.h without the staging counters: nothing is written past its end. */
    unsigned char older[sizeof(tiles_counters)];
    memset(older, 0xAB, sizeof older);
    tiles_counters* old = (tiles_counters*)(void*)older;
    old->struct_size = offsetof(tiles_counters, staged_transfers);
    CHECK_OK(tiles_context_get_counters(old, context));
    CHECK(old->uploads == 1 && old->binary_loads == counters.binary_loads);
    int written_past = 0;
    for (size_t i = offsetof(tiles_counters, staged_transfers); i < sizeof older; i++) written_past += older[i] != 0xAB;
    CHECK(written_past == 0);

    CHECK_OK(tiles_parameters_reset(NULL, "staging"));
    CHECK_OK(tiles_view_release(section));
    CHECK_OK(tiles_view_release(view));
    CHECK_OK(tiles_array_release(array));
    CHECK_OK(tiles_context_release(context));
    return failed;
}
