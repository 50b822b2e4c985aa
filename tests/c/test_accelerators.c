/* C tests of tiles.h's C++ AMP accelerator features: the properties in tiles_device_info (and an
 * older caller's shorter struct), the default device set before and after its first use,
 * queuing modes, flush and markers, staging arrays, and extent_of in kernels launched from C (and
 * its refusal of data of rank above 3). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "capi_tests.h"
#include "support.h"

int test_device_info_amp_properties(void) {
    int failed = 0;
    size_t count = 0;
    CHECK_OK(tiles_device_count(&count));
    for (size_t i = 0; i < count; i++) {
        tiles_device* device = NULL;
        tiles_device_info info = TILES_DEVICE_INFO_INIT;
        if (!CHECK_OK(tiles_device_get(&device, i)) || !CHECK_OK(tiles_device_get_info(&info, device))) continue;
        char path[64];
        snprintf(path, sizeof path, "%d:%d", info.platform_index, info.device_index);
        CHECK(info.device_path != NULL && strcmp(info.device_path, path) == 0);
        unsigned major = 0, minor = 0;
        CHECK(sscanf(info.device_version, "OpenCL %u.%u", &major, &minor) == 2);
        CHECK(info.version == (major << 16 | minor));
        CHECK(info.supports_limited_fp64 == info.supports_fp64);
        CHECK(info.is_emulated == info.is_cpu);
        CHECK(info.is_debug == 0);
        CHECK(info.has_display == 0 || info.has_display == 1);
        CHECK(info.supports_cpu_shared_memory == 0 || info.supports_cpu_shared_memory == 1);

        /* The path names the device again. */
        tiles_device* again = NULL;
        tiles_device_info again_info = TILES_DEVICE_INFO_INIT;
        if (CHECK_OK(tiles_device_select(&again, info.device_path)) &&
            CHECK_OK(tiles_device_get_info(&again_info, again)))
            CHECK(again_info.platform_index == info.platform_index && again_info.device_index == info.device_index);
        CHECK_OK(tiles_device_release(again));

        /* A caller built with libtiles 0.3's header has a struct that ends at supports_fp64: it gets
         * those fields, and the bytes after them are left alone. */
        union {
            tiles_device_info info;
            unsigned char bytes[sizeof(tiles_device_info)];
        } old;
        memset(&old, 0xAB, sizeof old);
        old.info.struct_size = offsetof(tiles_device_info, device_path);
        if (CHECK_OK(tiles_device_get_info(&old.info, device))) {
            CHECK(old.info.struct_size == offsetof(tiles_device_info, device_path));
            CHECK(strcmp(old.info.name, info.name) == 0 && old.info.supports_fp64 == info.supports_fp64);
            int untouched = 1;
            for (size_t b = offsetof(tiles_device_info, device_path); b < sizeof old; b++)
                untouched = untouched && old.bytes[b] == 0xAB;
            CHECK(untouched);
        }
        old.info.struct_size = offsetof(tiles_device_info, device_path) - 1;
        CHECK_FAILS(tiles_device_get_info(&old.info, device), TILES_ERROR_INVALID_ARGUMENT,
                    "is smaller than any version of it");
        old.info.struct_size = offsetof(tiles_device_info, device_path) + sizeof(const char*);
        CHECK_FAILS(tiles_device_get_info(&old.info, device), TILES_ERROR_INVALID_ARGUMENT,
                    "is the size of no version of it");
        CHECK_OK(tiles_device_release(device));
    }
    return failed;
}

int test_set_default_device_after_use(void) {
    int failed = 0;
    tiles_device* used = NULL;
    tiles_device_info before = TILES_DEVICE_INFO_INIT, after = TILES_DEVICE_INFO_INIT;
    CHECK_OK(tiles_device_default(&used)); /* the default is fixed from here on */
    CHECK_OK(tiles_device_get_info(&before, used));
    size_t count = 0;
    CHECK_OK(tiles_device_count(&count));
    int set = -1;
    for (size_t i = 0; i < count; i++) {
        set = -1;
        tiles_device* device = NULL;
        tiles_device_info info = TILES_DEVICE_INFO_INIT;
        if (CHECK_OK(tiles_device_get(&device, i)) && CHECK_OK(tiles_device_get_info(&info, device)) &&
            CHECK_OK(tiles_device_set_default(&set, info.device_path)))
            CHECK(set == 0);
        CHECK_OK(tiles_device_release(device));
    }
    set = -1;
    CHECK_FAILS(tiles_device_set_default(&set, "no such device"), TILES_ERROR_INVALID_ARGUMENT,
                "no OpenCL device matches 'no such device'");
    CHECK(set == -1);
    /* C++ AMP's WARP device names an OpenCL CPU device, which cannot be the default once it is used. */
    set = -1;
    if (CHECK_OK(tiles_device_set_default(&set, "direct3d\\warp"))) CHECK(set == 0);
    CHECK_FAILS(tiles_device_set_default(&set, NULL), TILES_ERROR_INVALID_ARGUMENT, "selector is NULL");
    CHECK_FAILS(tiles_device_set_default(NULL, "default"), TILES_ERROR_INVALID_ARGUMENT, "'out' is NULL");
    tiles_device* now = NULL;
    if (CHECK_OK(tiles_device_default(&now)) && CHECK_OK(tiles_device_get_info(&after, now)))
        CHECK(strcmp(after.device_path, before.device_path) == 0);
    CHECK_OK(tiles_device_release(now));
    CHECK_OK(tiles_device_release(used));
    return failed;
}

/* Runs in a process of its own, where nothing used the default device before. */
int test_set_default_device_before_use(void) {
    int failed = 0;
    size_t count = 0;
    CHECK_OK(tiles_device_count(&count)); /* does not fix the default */
    tiles_device* last = NULL;
    tiles_device_info chosen = TILES_DEVICE_INFO_INIT, info = TILES_DEVICE_INFO_INIT;
    if (!CHECK_OK(tiles_device_get(&last, count - 1)) || !CHECK_OK(tiles_device_get_info(&chosen, last))) return failed;
    int set = -1;
    CHECK_OK(tiles_device_set_default(&set, chosen.device_path));
    CHECK(set == 1);
    CHECK_OK(tiles_device_set_default(&set, "0:0"));
    CHECK(set == 0);
    tiles_device* now = NULL;
    if (CHECK_OK(tiles_device_default(&now)) && CHECK_OK(tiles_device_get_info(&info, now)))
        CHECK(strcmp(info.device_path, chosen.device_path) == 0);
    const char* reason = NULL;
    CHECK_OK(tiles_device_default_reason(&reason));
    CHECK(reason != NULL && strstr(reason, "set_default") != NULL);
    CHECK_OK(tiles_device_release(now));
    CHECK_OK(tiles_device_release(last));
    return failed;
}

int test_queuing_modes_flush_and_markers(void) {
    int failed = 0;
    const tiles_queuing_mode modes[] = {TILES_QUEUING_IMMEDIATE, TILES_QUEUING_AUTOMATIC};
    for (int m = 0; m < 2; m++) {
        tiles_context* context = NULL;
        tiles_queuing_mode mode = (tiles_queuing_mode)-1;
        if (!CHECK_OK(tiles_context_create_with_queuing_mode(&context, NULL, modes[m]))) continue;
        CHECK_OK(tiles_context_get_queuing_mode(&mode, context));
        CHECK(mode == modes[m]);
        enum { n = 301 };
        float values[n], expected[n];
        for (int i = 0; i < n; i++) values[i] = (float)i, expected[i] = (float)i + 1.0f;
        const tiles_shape shape = shape_of(TILES_FLOAT32, 1, n, 0, 0);
        tiles_array* array = NULL;
        tiles_view* view = NULL;
        tiles_kernel* add_one = NULL;
        tiles_event* marker = NULL;
        const tiles_domain domain = {sizeof(tiles_domain), 1, {n, 0, 0}, 0, {0, 0, 0}, NULL};
        if (CHECK_OK(tiles_array_create(&array, context, &shape, values)) &&
            CHECK_OK(tiles_array_get_view(&view, array)) &&
            CHECK_OK(tiles_kernel_create(&add_one, add_one_source, "add_one", NULL))) {
            const tiles_arg args[] = {tiles_arg_array(array)};
            CHECK_OK(tiles_launch(context, &domain, add_one, args, 1));
            CHECK_OK(tiles_context_flush(context));
            if (CHECK_OK(tiles_context_create_marker(&marker, context))) {
                CHECK_OK(tiles_event_wait(marker));
                int ready = 0;
                CHECK_OK(tiles_event_is_ready(&ready, marker));
                CHECK(ready == 1);
            }
            float result[n];
            CHECK_OK(tiles_view_read(view, result, sizeof result));
            CHECK_FLOATS(result, expected, n);
        }
        CHECK_OK(tiles_event_release(marker));
        CHECK_OK(tiles_kernel_release(add_one));
        CHECK_OK(tiles_view_release(view));
        CHECK_OK(tiles_array_release(array));
        CHECK_OK(tiles_context_release(context));
    }
    tiles_context* context = NULL;
    tiles_queuing_mode mode = TILES_QUEUING_IMMEDIATE;
    if (CHECK_OK(tiles_context_default(&context, NULL)) && CHECK_OK(tiles_context_get_queuing_mode(&mode, context)))
        CHECK(mode == TILES_QUEUING_AUTOMATIC);
    CHECK_OK(tiles_context_release(context));

    context = NULL;
    CHECK_FAILS(tiles_context_create_with_queuing_mode(&context, NULL, (tiles_queuing_mode)7),
                TILES_ERROR_INVALID_ARGUMENT, "tiles_queuing_mode 7 is not a queuing mode");
    CHECK(context == NULL);
    tiles_event* marker = NULL;
    CHECK_FAILS(tiles_context_create_marker(&marker, NULL), TILES_ERROR_INVALID_HANDLE, "the context is NULL");
    CHECK_FAILS(tiles_context_flush(NULL), TILES_ERROR_INVALID_HANDLE, "the context is NULL");
    CHECK_FAILS(tiles_context_get_queuing_mode(NULL, NULL), TILES_ERROR_INVALID_ARGUMENT, "'out' is NULL");
    return failed;
}

int test_staging_arrays(void) {
    int failed = 0;
    enum { rows = 13, columns = 29, n = rows * columns };
    float initial[n], expected[n];
    for (int i = 0; i < n; i++) initial[i] = (float)i, expected[i] = (float)i + 1.0f;
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, rows, columns, 0);
    tiles_context* context = NULL;
    tiles_array *staging = NULL, *device = NULL;
    tiles_view *staging_view = NULL, *device_view = NULL;
    tiles_kernel* add_one = NULL;
    if (CHECK_OK(tiles_context_create(&context, NULL)) &&
        CHECK_OK(tiles_array_create_staging(&staging, context, &shape, initial)) &&
        CHECK_OK(tiles_array_create(&device, context, &shape, NULL)) &&
        CHECK_OK(tiles_array_get_view(&staging_view, staging)) &&
        CHECK_OK(tiles_array_get_view(&device_view, device)) &&
        CHECK_OK(tiles_kernel_create(&add_one, add_one_source, "add_one", NULL))) {
        int is_staging = -1;
        CHECK_OK(tiles_array_is_staging(&is_staging, staging));
        CHECK(is_staging == 1);
        CHECK_OK(tiles_array_is_staging(&is_staging, device));
        CHECK(is_staging == 0);
        tiles_counters c = TILES_COUNTERS_INIT;
        CHECK_OK(tiles_context_get_counters(&c, context));
        CHECK(c.uploads == 0); /* the initial values went into host memory only */

        /* The view's host memory is the staging array's pinned memory, the same every time. */
        void *first = NULL, *again = NULL;
        CHECK_OK(tiles_view_data(&first, staging_view, TILES_ACCESS_READ));
        CHECK_OK(tiles_view_data(&again, staging_view, TILES_ACCESS_READ_WRITE));
        CHECK(first != NULL && first == again);
        if (first != NULL) CHECK_FLOATS((const float*)first, initial, n);

        CHECK_OK(tiles_copy(staging_view, device_view));
        const tiles_domain domain = {sizeof(tiles_domain), 2, {rows, columns, 0}, 0, {0, 0, 0}, NULL};
        const tiles_arg args[] = {tiles_arg_array(device)};
        CHECK_OK(tiles_launch(NULL, &domain, add_one, args, 1));
        CHECK_OK(tiles_copy(device_view, staging_view));
        CHECK_OK(tiles_context_get_counters(&c, context));
        CHECK(c.uploads == 1 && c.bytes_uploaded == sizeof initial);
        CHECK(c.downloads == 1 && c.bytes_downloaded == sizeof initial);
        void* result = NULL;
        if (CHECK_OK(tiles_view_data(&result, staging_view, TILES_ACCESS_READ)))
            CHECK_FLOATS((const float*)result, expected, n);
        CHECK_OK(tiles_context_get_counters(&c, context));
        CHECK(c.downloads == 1);

        /* A staging array's context is the one it is associated with. */
        tiles_context* associated = NULL;
        tiles_counters associated_counters = TILES_COUNTERS_INIT;
        if (CHECK_OK(tiles_array_get_context(&associated, staging)) &&
            CHECK_OK(tiles_context_get_counters(&associated_counters, associated)))
            CHECK(associated_counters.uploads == c.uploads && associated_counters.launches == 1);
        CHECK_OK(tiles_context_release(associated));
    }
    tiles_array* refused = NULL;
    tiles_shape bad = shape_of(TILES_FLOAT32, 1, 0, 0, 0);
    CHECK_FAILS(tiles_array_create_staging(&refused, context, &bad, NULL), TILES_ERROR_INVALID_ARGUMENT,
                "is not positive");
    CHECK(refused == NULL);
    int is_staging = -1;
    CHECK_FAILS(tiles_array_is_staging(&is_staging, NULL), TILES_ERROR_INVALID_HANDLE, "the array is NULL");
    CHECK_OK(tiles_kernel_release(add_one));
    CHECK_OK(tiles_view_release(device_view));
    CHECK_OK(tiles_view_release(staging_view));
    CHECK_OK(tiles_array_release(device));
    CHECK_OK(tiles_array_release(staging)); /* released after its view: the view keeps it alive */
    CHECK_OK(tiles_context_release(context));
    return failed;
}

/* Every work-item doubles its element, found through the view's own extent; work-item 0 writes
 * that extent into `shape`. */
static const char extent_of_source[] = "__kernel void doubled(__global float* data, __global int* shape) {\n"
                                       "    thread_index idx = get_thread_index();\n"
                                       "    data[linear_index(idx.global_id, extent_of(data))] *= 2.0f;\n"
                                       "    if (idx.global_id[0] + idx.global_id[1] + idx.global_id[2] == 0)\n"
                                       "        for (int d = 0; d < 3; d++) shape[d] = extent_of(data)[d];\n"
                                       "}\n";

int test_extent_of_in_kernels_launched_from_c(void) {
    int failed = 0;
    enum { rows = 9, columns = 11 };
    float values[rows * columns];
    for (int i = 0; i < rows * columns; i++) values[i] = (float)i;
    int got[3] = {0, 0, 0};
    const tiles_shape matrix = shape_of(TILES_FLOAT32, 2, rows, columns, 0);
    const tiles_shape three = shape_of(TILES_INT32, 1, 3, 0, 0);
    tiles_view *data = NULL, *part = NULL, *shape = NULL;
    tiles_kernel* doubled = NULL;
    const int origin[2] = {2, 3}, extent[2] = {5, 7};
    if (CHECK_OK(tiles_view_create(&data, &matrix, values)) && CHECK_OK(tiles_view_create(&shape, &three, got)) &&
        CHECK_OK(tiles_view_section(&part, data, origin, extent)) &&
        CHECK_OK(tiles_kernel_create(&doubled, extent_of_source, "doubled", NULL))) {
        const tiles_domain domain = {sizeof(tiles_domain), 2, {5, 7, 0}, 0, {0, 0, 0}, NULL};
        const tiles_arg args[] = {tiles_arg_view(part), tiles_arg_view(shape)};
        CHECK_OK(tiles_launch(NULL, &domain, doubled, args, 2));
        CHECK_OK(tiles_view_synchronize(shape));
        CHECK_OK(tiles_view_synchronize(data));
        const int expected_shape[3] = {5, 7, 1};
        CHECK_INTS(got, expected_shape, 3);
        int all_right = 1;
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < columns; c++) {
                const int inside = r >= 2 && r < 7 && c >= 3 && c < 10;
                all_right = all_right && values[r * columns + c] == (float)(r * columns + c) * (inside ? 2.0f : 1.0f);
            }
        CHECK(all_right);
    }
    CHECK_OK(tiles_kernel_release(doubled));
    CHECK_OK(tiles_view_release(part));
    CHECK_OK(tiles_view_release(shape));
    CHECK_OK(tiles_view_release(data));
    return failed;
}

/* extent_of has three components: a kernel that uses it is refused data of rank 4, whose extent it
 * could not hold, with the status and a message saying so; the same data launches with a kernel
 * that is given the extent by hand. */
static const char by_hand_source[] = "__kernel void doubled(__global float* data, int e1, int e2, int e3) {\n"
                                     "    thread_index i = get_thread_index();\n"
                                     "    data[((i.global_id[0] * e1 + i.global_id[1]) * e2 + i.global_id[2]) * e3 +\n"
                                     "         i.global_id[3]] *= 2.0f;\n"
                                     "}\n";

int test_extent_of_refused_above_rank_3(void) {
    int failed = 0;
    enum { count = 2 * 3 * 4 * 5 };
    float values[count];
    for (int i = 0; i < count; i++) values[i] = (float)i;
    int got[3] = {0, 0, 0};
    const int extent[4] = {2, 3, 4, 5};
    tiles_shape four = TILES_SHAPE_INIT;
    four.dtype = TILES_FLOAT32;
    four.rank = 4;
    four.extents = extent;
    const tiles_shape three = shape_of(TILES_INT32, 1, 3, 0, 0);
    tiles_view *data = NULL, *shape = NULL;
    tiles_kernel *doubled = NULL, *by_hand = NULL;
    if (CHECK_OK(tiles_view_create(&data, &four, values)) && CHECK_OK(tiles_view_create(&shape, &three, got)) &&
        CHECK_OK(tiles_kernel_create(&doubled, extent_of_source, "doubled", NULL)) &&
        CHECK_OK(tiles_kernel_create(&by_hand, by_hand_source, "doubled", NULL))) {
        tiles_domain domain = TILES_DOMAIN_INIT;
        CHECK_OK(tiles_domain_init(&domain, 4, extent, 0, NULL));
        const tiles_arg args[] = {tiles_arg_view(data), tiles_arg_view(shape)};
        CHECK_FAILS(tiles_launch(NULL, &domain, doubled, args, 2), TILES_ERROR_INVALID_ARGUMENT,
                    "extent_of gives three components, and a kernel parameter was given an array_view of rank 4: "
                    "pass the extent of data of rank above 3 by hand");
        CHECK_OK(tiles_view_synchronize(data));
        int unchanged = 1;
        for (int i = 0; i < count; i++) unchanged = unchanged && values[i] == (float)i;
        CHECK(unchanged);
        const tiles_arg hand_args[] = {tiles_arg_view(data), tiles_arg_int(extent[1]), tiles_arg_int(extent[2]),
                                       tiles_arg_int(extent[3])};
        CHECK_OK(tiles_launch(NULL, &domain, by_hand, hand_args, 4));
        CHECK_OK(tiles_view_synchronize(data));
        int doubled_all = 1;
        for (int i = 0; i < count; i++) doubled_all = doubled_all && values[i] == 2.0f * (float)i;
        CHECK(doubled_all);
    }
    CHECK_OK(tiles_kernel_release(by_hand));
    CHECK_OK(tiles_kernel_release(doubled));
    CHECK_OK(tiles_view_release(shape));
    CHECK_OK(tiles_view_release(data));
    return failed;
}
