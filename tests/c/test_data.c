/* C tests of tiles.h's arrays and views: round trips, the shapes and sizes refused, host access,
 * sections, discard, refresh and synchronization (counted transfers), copies and events, and arrays
 * beyond the device's memory. */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "capi_tests.h"
#include "support.h"

int test_array_round_trip(void) {
    int failed = 0;
    int initial[12], back[12] = {0};
    for (int i = 0; i < 12; i++) initial[i] = 100 + i;
    const tiles_shape shape = shape_of(TILES_INT32, 2, 3, 4, 0);
    tiles_context* context = NULL;
    tiles_array *array = NULL, *blank = NULL;
    tiles_view *view = NULL, *blank_view = NULL;
    CHECK_OK(tiles_context_create(&context, NULL));
    CHECK_OK(tiles_array_create(&array, context, &shape, initial));
    CHECK_OK(tiles_array_get_view(&view, array));
    if (CHECK_OK(tiles_view_read(view, back, sizeof back))) CHECK_INTS(back, initial, 12);

    tiles_shape read_shape = TILES_SHAPE_INIT;
    if (CHECK_OK(tiles_view_get_shape(&read_shape, view))) {
        CHECK(read_shape.struct_size == sizeof read_shape && read_shape.dtype == TILES_INT32);
        CHECK(read_shape.element_size == 4 && read_shape.rank == 2);
        CHECK(read_shape.extent[0] == 3 && read_shape.extent[1] == 4 && read_shape.extent[2] == 0);
    }

    /* An array made without data (on the default context), written, then read. */
    CHECK_OK(tiles_array_create(&blank, NULL, &shape, NULL));
    CHECK_OK(tiles_array_get_view(&blank_view, blank));
    CHECK_OK(tiles_view_write(blank_view, initial, sizeof initial));
    memset(back, 0, sizeof back);
    if (CHECK_OK(tiles_view_read(blank_view, back, sizeof back))) CHECK_INTS(back, initial, 12);

    /* The array outlives its context's handle, and a view outlives its array's handle. */
    CHECK_OK(tiles_context_release(context));
    CHECK_OK(tiles_array_release(array));
    memset(back, 0, sizeof back);
    if (CHECK_OK(tiles_view_read(view, back, sizeof back))) CHECK_INTS(back, initial, 12);
    CHECK_OK(tiles_view_release(view));
    CHECK_OK(tiles_view_release(blank_view));
    CHECK_OK(tiles_array_release(blank));
    return failed;
}

int test_opaque_and_double_elements(void) {
    int failed = 0;
    /* 12-byte elements, opaque to libtiles. */
    typedef struct {
        int a, b, c;
    } triple;
    triple initial[5], back[5];
    for (int i = 0; i < 5; i++) {
        initial[i].a = i;
        initial[i].b = -i;
        initial[i].c = i * i;
    }
    tiles_shape shape = shape_of(TILES_OPAQUE, 1, 5, 0, 0);
    shape.element_size = sizeof(triple);
    tiles_array* array = NULL;
    tiles_view* view = NULL;
    tiles_shape read_shape = TILES_SHAPE_INIT;
    CHECK_OK(tiles_array_create(&array, NULL, &shape, initial));
    CHECK_OK(tiles_array_get_view(&view, array));
    CHECK_OK(tiles_view_get_shape(&read_shape, view));
    CHECK(read_shape.dtype == TILES_OPAQUE && read_shape.element_size == sizeof(triple));
    if (CHECK_OK(tiles_view_read(view, back, sizeof back))) CHECK(memcmp(back, initial, sizeof back) == 0);
    CHECK_OK(tiles_view_release(view));
    CHECK_OK(tiles_array_release(array));

    /* Doubles: made where the device has fp64, refused with TILES_ERROR_UNSUPPORTED elsewhere. */
    tiles_device* device = NULL;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    CHECK_OK(tiles_device_default(&device));
    CHECK_OK(tiles_device_get_info(&info, device));
    CHECK_OK(tiles_device_release(device));
    const double doubles[3] = {0.1, 1e300, -2.5};
    double doubles_back[3];
    shape = shape_of(TILES_FLOAT64, 1, 3, 0, 0);
    if (info.supports_fp64) {
        CHECK_OK(tiles_array_create(&array, NULL, &shape, doubles));
        CHECK_OK(tiles_array_get_view(&view, array));
        if (CHECK_OK(tiles_view_read(view, doubles_back, sizeof doubles_back)))
            CHECK(memcmp(doubles_back, doubles, sizeof doubles) == 0);
        CHECK_OK(tiles_view_release(view));
        CHECK_OK(tiles_array_release(array));
    } else {
        printf("note: %s has no fp64: only its refusal of double arrays is tested\n", info.name);
        CHECK_FAILS(tiles_array_create(&array, NULL, &shape, doubles), TILES_ERROR_UNSUPPORTED, "double");
    }
    return failed;
}

/* `shape` is refused by every function that makes data from a shape, with `expected` and `part`. */
static int refused_everywhere(const char* why, const tiles_shape* shape, tiles_status expected, const char* part) {
    int failed = 0;
    static float memory[64];
    tiles_array* untouched_array = (tiles_array*)memory;
    tiles_view* untouched_view = (tiles_view*)memory;
    tiles_array* array = untouched_array;
    tiles_view* view = untouched_view;
    CHECK_FAILS(tiles_array_create(&array, NULL, shape, NULL), expected, part);
    CHECK_FAILS(tiles_view_create(&view, shape, memory), expected, part);
    CHECK_FAILS(tiles_view_create_const(&view, shape, memory), expected, part);
    CHECK_FAILS(tiles_view_create_without_source(&view, shape), expected, part);
    CHECK(array == untouched_array && view == untouched_view);
    if (failed) printf("  (for a shape where %s)\n", why);
    return failed;
}

int test_shape_refusals(void) {
    int failed = 0;
    const tiles_status invalid = TILES_ERROR_INVALID_ARGUMENT;
    failed += refused_everywhere("the shape is NULL", NULL, invalid, "the tiles_shape is NULL");
    tiles_shape shape = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    shape.struct_size = 0;
    failed += refused_everywhere("struct_size is 0", &shape, invalid, "tiles_shape's struct_size (0) is smaller");
    shape.struct_size = offsetof(tiles_shape, extents) - 1; /* below the first version's size */
    failed += refused_everywhere("struct_size is too small", &shape, invalid, "struct_size");
    shape = shape_of(TILES_FLOAT32, 0, 4, 0, 0);
    failed += refused_everywhere("the rank is 0", &shape, invalid, "a shape has rank 1 or more, not 0");
    shape = shape_of(TILES_FLOAT32, 4, 4, 4, 4);
    failed += refused_everywhere("the rank is 4 without extents", &shape, invalid,
                                 "a shape of rank 4 gives its components in `extents`, which is NULL");
    shape = shape_of(TILES_FLOAT32, 1, 0, 0, 0);
    failed += refused_everywhere("the extent is 0", &shape, invalid,
                                 "the extent of dimension 0 of a shape (0) is not positive");
    shape = shape_of(TILES_FLOAT32, 2, 4, -2, 0);
    failed +=
        refused_everywhere("an extent is negative", &shape, invalid, "dimension 1 of a shape (-2) is not positive");
    shape = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    shape.element_size = 8;
    failed += refused_everywhere("element_size is not the dtype's", &shape, invalid,
                                 "element_size 8 does not match float (float32), whose size is 4");
    shape = shape_of(TILES_INT16, 1, 4, 0, 0);
    shape.element_size = 4;
    failed += refused_everywhere("element_size is not the dtype's", &shape, invalid,
                                 "element_size 4 does not match short (int16), whose size is 2");
    shape = shape_of(TILES_OPAQUE, 1, 4, 0, 0);
    failed +=
        refused_everywhere("an opaque type has no size", &shape, invalid, "TILES_OPAQUE elements need their size");
    shape = shape_of((tiles_dtype)42, 1, 4, 0, 0);
    failed += refused_everywhere("the dtype is out of range", &shape, invalid, "tiles_dtype 42 is not an element type");
    shape = shape_of(TILES_FLOAT32, 3, 1 << 30, 1 << 30, 4);
    failed += refused_everywhere("its bytes overflow a size_t", &shape, TILES_ERROR_OUT_OF_MEMORY,
                                 "data of 1073741824x1073741824x4 elements of 4 bytes holds more bytes than this "
                                 "machine can address");

    /* Accepted: element_size equal to the dtype's, and components past the rank, whatever they are. */
    tiles_view* view = NULL;
    static float memory[4];
    shape = shape_of(TILES_FLOAT32, 1, 4, -5, 0);
    shape.element_size = 4;
    CHECK_OK(tiles_view_create(&view, &shape, memory));
    CHECK_OK(tiles_view_release(view));

    /* Views need memory, and every constructor an out pointer. */
    CHECK_FAILS(tiles_view_create(&view, &shape, NULL), invalid, "the host memory of a view is NULL");
    CHECK_FAILS(tiles_view_create_const(&view, &shape, NULL), invalid, "the host memory of a view is NULL");
    CHECK_FAILS(tiles_view_create(NULL, &shape, memory), invalid, "'out' is NULL");
    CHECK_FAILS(tiles_view_create_const(NULL, &shape, memory), invalid, "'out' is NULL");
    CHECK_FAILS(tiles_array_create(NULL, NULL, &shape, NULL), invalid, "'out' is NULL");
    return failed;
}

int test_view_read_and_write_sizes(void) {
    int failed = 0;
    float host[6] = {1, 2, 3, 4, 5, 6};
    const float replacement[6] = {-1, -2, -3, -4, -5, -6};
    float back[7] = {0, 0, 0, 0, 0, 0, 42};
    const float untouched[7] = {0, 0, 0, 0, 0, 0, 42};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, 2, 3, 0);
    tiles_view *view = NULL, *const_view = NULL;
    if (!CHECK_OK(tiles_view_create(&view, &shape, host)) ||
        !CHECK_OK(tiles_view_create_const(&const_view, &shape, host)))
        return failed;

    CHECK_FAILS(tiles_view_read(view, back, 23), TILES_ERROR_INVALID_ARGUMENT,
                "tiles_view_read of 23 bytes from the view (2x3 float (float32), 24 bytes)");
    CHECK_FAILS(tiles_view_read(view, back, 28), TILES_ERROR_INVALID_ARGUMENT, "tiles_view_read of 28 bytes");
    CHECK_FAILS(tiles_view_read(view, back, 0), TILES_ERROR_INVALID_ARGUMENT, "tiles_view_read of 0 bytes");
    CHECK_FAILS(tiles_view_read(view, NULL, 24), TILES_ERROR_INVALID_ARGUMENT, "the destination is NULL");
    CHECK_FLOATS(back, untouched, 7);
    if (CHECK_OK(tiles_view_read(const_view, back, 24))) CHECK_FLOATS(back, host, 6);
    CHECK(back[6] == 42.0f);

    CHECK_FAILS(tiles_view_write(view, replacement, 20), TILES_ERROR_INVALID_ARGUMENT,
                "tiles_view_write of 20 bytes to the view (2x3 float (float32), 24 bytes)");
    CHECK_FAILS(tiles_view_write(view, NULL, 24), TILES_ERROR_INVALID_ARGUMENT, "the source is NULL");
    CHECK_FAILS(tiles_view_write(const_view, replacement, 24), TILES_ERROR_INVALID_ARGUMENT,
                "tiles_view_write: the view is of const memory");
    CHECK(host[0] == 1.0f && host[5] == 6.0f);
    /* A write to a view of host memory lands in that memory. */
    CHECK_OK(tiles_view_write(view, replacement, 24));
    CHECK_OK(tiles_view_synchronize(view));
    CHECK_FLOATS(host, replacement, 6);
    CHECK_OK(tiles_view_release(const_view));
    CHECK_OK(tiles_view_release(view));
    return failed;
}

int test_view_host_access(void) {
    int failed = 0;
    float host[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 8, 0, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {8, 0, 0}, 0, {0, 0, 0}, NULL};
    tiles_view *view = NULL, *const_view = NULL;
    tiles_kernel* add_one = NULL;
    void* data = NULL;
    CHECK_OK(tiles_view_create(&view, &shape, host));
    CHECK_OK(tiles_view_create_const(&const_view, &shape, host));
    CHECK_OK(tiles_kernel_create(&add_one, add_one_source, "add_one", NULL));

    /* The pointer is the host memory; reading it after a launch brings the launch's result. */
    const tiles_arg args[] = {tiles_arg_view(view)};
    CHECK_OK(tiles_launch(NULL, &domain, add_one, args, 1));
    if (CHECK_OK(tiles_view_data(&data, view, TILES_ACCESS_READ))) {
        const float expected[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        CHECK(data == (void*)host);
        CHECK_FLOATS((const float*)data, expected, 8);
    }
    /* Written through the pointer, the view is uploaded again by the next launch. */
    if (CHECK_OK(tiles_view_data(&data, view, TILES_ACCESS_READ_WRITE))) ((float*)data)[3] = 100.0f;
    CHECK_OK(tiles_launch(NULL, &domain, add_one, args, 1));
    CHECK_OK(tiles_view_synchronize(view));
    CHECK(host[3] == 101.0f && host[0] == 2.0f);

    CHECK_OK(tiles_view_data(&data, const_view, TILES_ACCESS_READ));
    CHECK_FAILS(tiles_view_data(&data, const_view, TILES_ACCESS_READ_WRITE), TILES_ERROR_INVALID_ARGUMENT,
                "TILES_ACCESS_READ_WRITE: the view is of const memory");
    CHECK_FAILS(tiles_view_data(&data, view, (tiles_access)7), TILES_ERROR_INVALID_ARGUMENT,
                "tiles_access 7 is not an access mode");
    CHECK_OK(tiles_kernel_release(add_one));
    CHECK_OK(tiles_view_release(const_view));
    CHECK_OK(tiles_view_release(view));
    return failed;
}

int test_sections(void) {
    int failed = 0;
    float host[24];
    for (int i = 0; i < 24; i++) host[i] = (float)i;
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, 4, 6, 0);
    const int origin[2] = {1, 2}, extent[2] = {2, 3};
    tiles_context* context = NULL;
    tiles_view *view = NULL, *section = NULL, *corner = NULL, *refused = NULL;
    tiles_kernel* add_one = NULL;
    CHECK_OK(tiles_context_create(&context, NULL));
    CHECK_OK(tiles_view_create(&view, &shape, host));
    CHECK_OK(tiles_kernel_create(&add_one, add_one_source, "add_one", NULL));
    if (!CHECK_OK(tiles_view_section(&section, view, origin, extent))) return failed;

    /* Rows 1-2, columns 2-4; its data pointer is its first element in the host memory. */
    float part[6];
    const float expected_part[6] = {8, 9, 10, 14, 15, 16};
    if (CHECK_OK(tiles_view_read(section, part, sizeof part))) CHECK_FLOATS(part, expected_part, 6);
    void* data = NULL;
    if (CHECK_OK(tiles_view_data(&data, section, TILES_ACCESS_READ))) CHECK(data == (void*)&host[8]);
    tiles_shape section_shape = TILES_SHAPE_INIT;
    CHECK_OK(tiles_view_get_shape(&section_shape, section));
    CHECK(section_shape.rank == 2 && section_shape.extent[0] == 2 && section_shape.extent[1] == 3);

    /* A launch over the section uploads and changes only the section. */
    const tiles_domain domain = {sizeof(tiles_domain), 2, {2, 3, 0}, 0, {0, 0, 0}, NULL};
    const tiles_arg args[] = {tiles_arg_view(section)};
    CHECK_OK(tiles_launch(context, &domain, add_one, args, 1));
    CHECK_OK(tiles_view_synchronize(view));
    for (int i = 0; i < 24; i++) {
        const int row = i / 6, column = i % 6;
        const int inside = row >= 1 && row < 3 && column >= 2 && column < 5;
        CHECK(host[i] == (float)i + (inside ? 1.0f : 0.0f));
    }
    tiles_counters counters = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.uploads == 1 && counters.bytes_uploaded == sizeof part);
    CHECK(counters.downloads == 1 && counters.bytes_downloaded == sizeof part);

    /* A section of a section is relative to it, and keeps its parents alive. */
    const int corner_origin[2] = {1, 1}, corner_extent[2] = {1, 2};
    CHECK_OK(tiles_view_section(&corner, section, corner_origin, corner_extent));
    CHECK_OK(tiles_view_release(section));
    CHECK_OK(tiles_view_release(view));
    float corner_values[2];
    const float expected_corner[2] = {16, 17};
    if (CHECK_OK(tiles_view_read(corner, corner_values, sizeof corner_values)))
        CHECK_FLOATS(corner_values, expected_corner, 2);

    /* Sections that do not fit are refused. */
    const int outside[2] = {0, 1}, too_far[2] = {2, 1}, negative[2] = {-1, 0}, empty[2] = {1, 0};
    CHECK_FAILS(tiles_view_section(&refused, corner, outside, corner_extent), TILES_ERROR_INVALID_ARGUMENT,
                "a section of dimension 1 from 1 to 3 does not lie within the view's extent (2) there");
    CHECK_FAILS(tiles_view_section(&refused, corner, negative, too_far), TILES_ERROR_INVALID_ARGUMENT,
                "does not lie within");
    const int far_beyond[2] = {0, INT_MAX};
    CHECK_FAILS(tiles_view_section(&refused, corner, far_beyond, corner_extent), TILES_ERROR_INVALID_ARGUMENT,
                "a section of dimension 1 from 2147483647 to 2147483649 does not lie within");
    CHECK_FAILS(tiles_view_section(&refused, corner, corner_origin, empty), TILES_ERROR_INVALID_ARGUMENT,
                "the extent of dimension 1 of a section (0) is not positive");
    CHECK_FAILS(tiles_view_section(&refused, corner, NULL, corner_extent), TILES_ERROR_INVALID_ARGUMENT, "NULL");
    CHECK(refused == NULL);
    CHECK_OK(tiles_view_release(corner));
    CHECK_OK(tiles_kernel_release(add_one));
    CHECK_OK(tiles_context_release(context));
    return failed;
}

int test_discard_refresh_and_synchronize(void) {
    int failed = 0;
    float host[16] = {0};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 16, 0, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {16, 0, 0}, 1, {4, 0, 0}, NULL};
    tiles_context *context = NULL, *other = NULL;
    tiles_view* view = NULL;
    tiles_kernel* add_one = NULL;
    tiles_event* event = NULL;
    tiles_counters counters = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_create(&context, NULL));
    CHECK_OK(tiles_context_create(&other, NULL));
    CHECK_OK(tiles_view_create(&view, &shape, host));
    CHECK_OK(tiles_kernel_create(&add_one, add_one_source, "add_one", NULL));
    const tiles_arg args[] = {tiles_arg_view(view)};

    /* One upload, one download; a second synchronize costs nothing. */
    CHECK_OK(tiles_launch(context, &domain, add_one, args, 1));
    CHECK_OK(tiles_view_synchronize(view));
    CHECK_OK(tiles_view_synchronize(view));
    CHECK(host[0] == 1.0f);
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.uploads == 1 && counters.downloads == 1);

    /* Changed behind the view's back, then refreshed: uploaded again. */
    host[5] = 10.0f;
    CHECK_OK(tiles_view_refresh(view));
    CHECK_OK(tiles_launch(context, &domain, add_one, args, 1));
    if (CHECK_OK(tiles_view_synchronize_async(&event, view))) {
        CHECK_OK(tiles_event_wait(event));
        CHECK(host[5] == 11.0f && host[0] == 2.0f);
    }
    CHECK_OK(tiles_event_release(event));
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.uploads == 2 && counters.downloads == 2);

    /* Discarded: the next launch uploads nothing. */
    CHECK_OK(tiles_view_discard(view));
    CHECK_OK(tiles_launch(context, &domain, add_one, args, 1));
    CHECK_OK(tiles_context_wait(context));
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.uploads == 2 && counters.launches == 3);

    /* Made current on another context: one upload there, and none by a launch there. */
    CHECK_OK(tiles_view_synchronize(view));
    CHECK_OK(tiles_view_synchronize_to(view, other));
    CHECK_OK(tiles_launch(other, &domain, add_one, args, 1));
    CHECK_OK(tiles_context_get_counters(&counters, other));
    CHECK(counters.uploads == 1 && counters.launches == 1);
    CHECK_FAILS(tiles_view_synchronize_to(view, NULL), TILES_ERROR_INVALID_HANDLE, "the context is NULL");

    CHECK_OK(tiles_kernel_release(add_one));
    CHECK_OK(tiles_view_release(view));
    CHECK_OK(tiles_context_release(other));
    CHECK_OK(tiles_context_release(context));
    return failed;
}

int test_copies_and_events(void) {
    int failed = 0;
    float source_host[6] = {1, 2, 3, 4, 5, 6}, destination_host[6] = {0}, back[6] = {0};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, 2, 3, 0);
    const tiles_shape transposed = shape_of(TILES_FLOAT32, 2, 3, 2, 0);
    const tiles_shape ints = shape_of(TILES_INT32, 2, 2, 3, 0);
    tiles_view *source = NULL, *destination = NULL, *array_view = NULL, *other_shape = NULL, *int_view = NULL;
    tiles_array* array = NULL;
    tiles_event* event = NULL;
    int int_host[6] = {0};
    CHECK_OK(tiles_view_create_const(&source, &shape, source_host));
    CHECK_OK(tiles_view_create(&destination, &shape, destination_host));
    CHECK_OK(tiles_view_create(&other_shape, &transposed, destination_host));
    CHECK_OK(tiles_view_create(&int_view, &ints, int_host));
    CHECK_OK(tiles_array_create(&array, NULL, &shape, NULL));
    CHECK_OK(tiles_array_get_view(&array_view, array));

    /* Host view to array, then array to host view without blocking. */
    CHECK_OK(tiles_copy(source, array_view));
    if (CHECK_OK(tiles_view_read(array_view, back, sizeof back))) CHECK_FLOATS(back, source_host, 6);
    if (CHECK_OK(tiles_copy_async(&event, array_view, destination))) {
        int ready = -1;
        CHECK_OK(tiles_event_wait(event));
        CHECK_OK(tiles_event_wait(event));
        CHECK_OK(tiles_event_is_ready(&ready, event));
        CHECK(ready == 1);
        CHECK_OK(tiles_event_retain(event));
        CHECK_OK(tiles_event_release(event));
        CHECK_OK(tiles_view_synchronize(destination));
        CHECK_FLOATS(destination_host, source_host, 6);
    }
    CHECK_OK(tiles_event_release(event));

    /* Refused: other extents, other element types, a const destination. */
    CHECK_FAILS(tiles_copy(source, other_shape), TILES_ERROR_INVALID_ARGUMENT,
                "tiles_copy from the view (2x3 float (float32), 24 bytes) to the view (3x2 float (float32), 24 bytes)");
    CHECK_FAILS(tiles_copy(source, int_view), TILES_ERROR_INVALID_ARGUMENT, "the element types or extents differ");
    CHECK_FAILS(tiles_copy(array_view, source), TILES_ERROR_INVALID_ARGUMENT,
                "tiles_copy: the view is of const memory");
    event = NULL;
    CHECK_FAILS(tiles_copy_async(&event, source, other_shape), TILES_ERROR_INVALID_ARGUMENT, "differ");
    CHECK(event == NULL);
    CHECK_FAILS(tiles_copy_async(NULL, source, destination), TILES_ERROR_INVALID_ARGUMENT, "'out' is NULL");
    CHECK_FAILS(tiles_copy(NULL, destination), TILES_ERROR_INVALID_HANDLE, "the source view is NULL");
    CHECK_FAILS(tiles_copy(source, NULL), TILES_ERROR_INVALID_HANDLE, "the destination view is NULL");
    CHECK_FAILS(tiles_event_wait(NULL), TILES_ERROR_INVALID_HANDLE, "the event is NULL");
    CHECK_FAILS(tiles_event_is_ready(NULL, NULL), TILES_ERROR_INVALID_ARGUMENT, "'out' is NULL");

    CHECK_OK(tiles_view_release(array_view));
    CHECK_OK(tiles_array_release(array));
    CHECK_OK(tiles_view_release(int_view));
    CHECK_OK(tiles_view_release(other_shape));
    CHECK_OK(tiles_view_release(destination));
    CHECK_OK(tiles_view_release(source));
    return failed;
}

int test_arrays_beyond_the_device_memory_are_refused(void) {
    int failed = 0;
    enum { most_held = 16 };
    tiles_context* context = NULL;
    tiles_device* device = NULL;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    tiles_array* held[most_held + 1] = {NULL};
    tiles_array* refused = NULL;
    if (!CHECK_OK(tiles_context_create(&context, NULL))) return failed;
    CHECK_OK(tiles_context_get_device(&device, context));
    CHECK_OK(tiles_device_get_info(&info, device));
    CHECK_OK(tiles_device_release(device));

    /* One array beyond the largest allocation. */
    const uint64_t largest = info.max_allocation / 4 < (1u << 30) ? info.max_allocation / 4 : (1u << 30);
    tiles_shape shape = shape_of(TILES_FLOAT32, 2, (int)(largest / 1024) + 1, 1024, 0);
    if (shape.extent[0] * (uint64_t)1024 * 4 > info.max_allocation)
        CHECK_FAILS(tiles_array_create(&refused, context, &shape, NULL), TILES_ERROR_OUT_OF_MEMORY,
                    "its largest allocation is");

    /* Arrays of the largest allocation, as many as the device's memory holds; the next one is
     * refused, and after one is released another fits again. */
    shape = shape_of(TILES_FLOAT32, 1, (int)largest, 0, 0);
    const uint64_t fitting = info.global_memory / (largest * 4);
    if (fitting > most_held) {
        printf("note: %s's memory holds %d of its largest arrays; not exhausted here\n", info.name, (int)fitting);
    } else {
        for (uint64_t i = 0; i < fitting; i++) CHECK_OK(tiles_array_create(&held[i], context, &shape, NULL));
        CHECK_FAILS(tiles_array_create(&refused, context, &shape, NULL), TILES_ERROR_OUT_OF_MEMORY, "cannot allocate");
        CHECK(strstr(tiles_last_error_message(), "bytes already") != NULL);
        CHECK_OK(tiles_array_release(held[0]));
        CHECK_OK(tiles_array_create(&held[0], context, &shape, NULL));
        for (uint64_t i = 0; i < fitting; i++) CHECK_OK(tiles_array_release(held[i]));
    }
    CHECK(refused == NULL);

    /* Then arrays are made and read as before. */
    int initial[6] = {1, 2, 3, 4, 5, 6}, back[6] = {0};
    tiles_array* small = NULL;
    tiles_view* view = NULL;
    shape = shape_of(TILES_INT32, 2, 2, 3, 0);
    CHECK_OK(tiles_array_create(&small, context, &shape, initial));
    CHECK_OK(tiles_array_get_view(&view, small));
    if (CHECK_OK(tiles_view_read(view, back, sizeof back))) CHECK_INTS(back, initial, 6);
    CHECK_OK(tiles_view_release(view));
    CHECK_OK(tiles_array_release(small));
    CHECK_OK(tiles_context_release(context));
    return failed;
}

/* What a view or an array says of itself: shape, element type, constness and context. */
int test_view_and_array_queries(void) {
    int failed = 0;
    tiles_context* context = NULL;
    CHECK_OK(tiles_context_create(&context, NULL));
    const tiles_shape shape = shape_of(TILES_INT16, 2, 3, 5, 0);
    tiles_array* array = NULL;
    CHECK_OK(tiles_array_create(&array, context, &shape, NULL));
    tiles_shape got = TILES_SHAPE_INIT;
    CHECK_OK(tiles_array_get_shape(&got, array));
    CHECK(got.dtype == TILES_INT16 && got.element_size == 2 && got.rank == 2);
    CHECK(got.extent[0] == 3 && got.extent[1] == 5);
    tiles_context* home = NULL;
    CHECK_OK(tiles_array_get_context(&home, array));
    tiles_device *made_on = NULL, *lives_on = NULL;
    CHECK_OK(tiles_context_get_device(&made_on, context));
    CHECK_OK(tiles_context_get_device(&lives_on, home));
    tiles_device_info made_info = TILES_DEVICE_INFO_INIT, home_info = TILES_DEVICE_INFO_INIT;
    CHECK_OK(tiles_device_get_info(&made_info, made_on));
    CHECK_OK(tiles_device_get_info(&home_info, lives_on));
    CHECK(strcmp(made_info.name, home_info.name) == 0);
    /* The same context, not another on the same device: its counters saw the array made. */
    tiles_counters counters = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_reset_counters(context));
    short values[15] = {0};
    tiles_view* whole = NULL;
    CHECK_OK(tiles_array_get_view(&whole, array));
    CHECK_OK(tiles_view_write(whole, values, sizeof values));
    CHECK_OK(tiles_context_get_counters(&counters, home));
    CHECK(counters.uploads == 1);

    int is_const = -1;
    tiles_context* view_home = NULL;
    CHECK_OK(tiles_view_is_const(&is_const, whole));
    CHECK(is_const == 0);
    CHECK_OK(tiles_view_get_context(&view_home, whole));
    CHECK(view_home != NULL);

    const float host[6] = {0};
    const tiles_shape host_shape = shape_of(TILES_FLOAT32, 1, 6, 0, 0);
    tiles_view *readonly = NULL, *section = NULL;
    CHECK_OK(tiles_view_create_const(&readonly, &host_shape, host));
    const int origin[1] = {2}, extent[1] = {3};
    CHECK_OK(tiles_view_section(&section, readonly, origin, extent));
    CHECK_OK(tiles_view_is_const(&is_const, section));
    CHECK(is_const == 1);
    tiles_context* no_home = context; /* must be overwritten with NULL */
    CHECK_OK(tiles_view_get_context(&no_home, section));
    CHECK(no_home == NULL);
    CHECK_OK(tiles_view_get_shape(&got, section));
    CHECK(got.dtype == TILES_FLOAT32 && got.rank == 1 && got.extent[0] == 3);

    CHECK_FAILS(tiles_view_is_const(NULL, section), TILES_ERROR_INVALID_ARGUMENT, "NULL");
    CHECK_FAILS(tiles_array_get_shape(&got, NULL), TILES_ERROR_INVALID_HANDLE, "array is NULL");
    CHECK_FAILS(tiles_array_get_context(NULL, array), TILES_ERROR_INVALID_ARGUMENT, "NULL");

    CHECK_OK(tiles_view_release(section));
    CHECK_OK(tiles_view_release(readonly));
    CHECK_OK(tiles_context_release(view_home));
    CHECK_OK(tiles_view_release(whole));
    CHECK_OK(tiles_device_release(made_on));
    CHECK_OK(tiles_device_release(lives_on));
    CHECK_OK(tiles_context_release(home));
    CHECK_OK(tiles_array_release(array));
    CHECK_OK(tiles_context_release(context));
    return failed;
}
