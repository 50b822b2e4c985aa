/* C tests of tiles.h's handle rules for every kind of handle: releasing NULL, retaining and
 * releasing, double releases, released and wrong kinds of handles (also after new objects took
 * the released ones' addresses), NULL handles, NULL out pointers and descriptor structs too small,
 * all refused without a crash. */
#include <stdio.h>
#include <string.h>

#include "capi_tests.h"
#include "support.h"

/* One handle of every kind, made on the default device. */
typedef struct every_kind {
    tiles_device* device;
    tiles_context* context;
    tiles_array* array;
    tiles_view* view;
    tiles_kernel* kernel;
    tiles_event* event;
} every_kind;

static float every_kind_memory[4];

static int make_every_kind(every_kind* h) {
    int failed = 0;
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    memset(h, 0, sizeof *h);
    CHECK_OK(tiles_device_default(&h->device));
    CHECK_OK(tiles_context_create(&h->context, h->device));
    CHECK_OK(tiles_array_create(&h->array, h->context, &shape, NULL));
    CHECK_OK(tiles_view_create(&h->view, &shape, every_kind_memory));
    CHECK_OK(tiles_kernel_create(&h->kernel, add_one_source, "add_one", NULL));
    CHECK_OK(tiles_view_synchronize_async(&h->event, h->view));
    return failed;
}

static int release_every_kind(const every_kind* h, tiles_status expected) {
    int failed = 0;
    CHECK_STATUS(tiles_event_release(h->event), expected);
    CHECK_STATUS(tiles_kernel_release(h->kernel), expected);
    CHECK_STATUS(tiles_view_release(h->view), expected);
    CHECK_STATUS(tiles_array_release(h->array), expected);
    CHECK_STATUS(tiles_context_release(h->context), expected);
    CHECK_STATUS(tiles_device_release(h->device), expected);
    return failed;
}

int test_releasing_null_succeeds(void) {
    int failed = 0;
    const every_kind none = {NULL, NULL, NULL, NULL, NULL, NULL};
    failed += release_every_kind(&none, TILES_SUCCESS);
    return failed;
}

int test_retain_and_release(void) {
    int failed = 0;
    every_kind h;
    failed += make_every_kind(&h);
    /* Retained once, every handle takes two releases; the third is refused. */
    CHECK_OK(tiles_device_retain(h.device));
    CHECK_OK(tiles_context_retain(h.context));
    CHECK_OK(tiles_array_retain(h.array));
    CHECK_OK(tiles_view_retain(h.view));
    CHECK_OK(tiles_kernel_retain(h.kernel));
    CHECK_OK(tiles_event_retain(h.event));
    failed += release_every_kind(&h, TILES_SUCCESS);
    CHECK_OK(tiles_event_wait(h.event));
    CHECK_OK(tiles_view_synchronize(h.view));
    CHECK_OK(tiles_context_wait(h.context));
    failed += release_every_kind(&h, TILES_SUCCESS);
    failed += release_every_kind(&h, TILES_ERROR_INVALID_HANDLE);
    return failed;
}

int test_double_release_is_refused(void) {
    int failed = 0;
    every_kind h;
    failed += make_every_kind(&h);
    failed += release_every_kind(&h, TILES_SUCCESS);
    CHECK_FAILS(tiles_device_release(h.device), TILES_ERROR_INVALID_HANDLE,
                "the device is not a live tiles_device handle (released already, or another kind of handle)");
    CHECK_FAILS(tiles_context_release(h.context), TILES_ERROR_INVALID_HANDLE, "not a live tiles_context handle");
    CHECK_FAILS(tiles_array_release(h.array), TILES_ERROR_INVALID_HANDLE, "not a live tiles_array handle");
    CHECK_FAILS(tiles_view_release(h.view), TILES_ERROR_INVALID_HANDLE, "not a live tiles_view handle");
    CHECK_FAILS(tiles_kernel_release(h.kernel), TILES_ERROR_INVALID_HANDLE, "not a live tiles_kernel handle");
    CHECK_FAILS(tiles_event_release(h.event), TILES_ERROR_INVALID_HANDLE, "not a live tiles_event handle");
    return failed;
}

int test_released_handles_are_refused(void) {
    int failed = 0;
    every_kind h;
    failed += make_every_kind(&h);
    failed += release_every_kind(&h, TILES_SUCCESS);
    const tiles_status invalid = TILES_ERROR_INVALID_HANDLE;
    float back[4];
    void* data = NULL;
    tiles_view* section = NULL;
    tiles_context* context = NULL;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    const int origin[1] = {0}, extent[1] = {2};
    const tiles_domain domain = {sizeof(tiles_domain), 1, {4, 0, 0}, 0, {0, 0, 0}, NULL};
    const tiles_arg args[] = {tiles_arg_view(h.view)};
    CHECK_FAILS(tiles_view_read(h.view, back, sizeof back), invalid, "the view is not a live tiles_view handle");
    CHECK_FAILS(tiles_view_data(&data, h.view, TILES_ACCESS_READ), invalid, "not a live tiles_view handle");
    CHECK_FAILS(tiles_view_section(&section, h.view, origin, extent), invalid, "not a live tiles_view handle");
    CHECK_FAILS(tiles_view_synchronize(h.view), invalid, "not a live tiles_view handle");
    CHECK_FAILS(tiles_device_get_info(&info, h.device), invalid, "not a live tiles_device handle");
    CHECK_FAILS(tiles_context_create(&context, h.device), invalid, "not a live tiles_device handle");
    CHECK_FAILS(tiles_context_wait(h.context), invalid, "not a live tiles_context handle");
    CHECK_FAILS(tiles_array_get_view(&section, h.array), invalid, "not a live tiles_array handle");
    CHECK_FAILS(tiles_launch(NULL, &domain, h.kernel, args, 1), invalid, "not a live tiles_kernel handle");
    CHECK_FAILS(tiles_event_wait(h.event), invalid, "not a live tiles_event handle");
    CHECK_FAILS(tiles_view_retain(h.view), invalid, "not a live tiles_view handle");
    CHECK(section == NULL && context == NULL && data == NULL);
    return failed;
}

int test_handles_of_the_wrong_kind_are_refused(void) {
    int failed = 0;
    every_kind h;
    failed += make_every_kind(&h);
    const tiles_status invalid = TILES_ERROR_INVALID_HANDLE;
    float back[4];
    tiles_view* view = NULL;
    tiles_device* device = NULL;
    tiles_context* context = NULL;
    int not_a_handle = 0;
    CHECK_FAILS(tiles_view_read((tiles_view*)h.array, back, sizeof back), invalid,
                "the view is not a live tiles_view handle (released already, or another kind of handle)");
    CHECK_FAILS(tiles_array_get_view(&view, (tiles_array*)h.view), invalid, "not a live tiles_array handle");
    CHECK_FAILS(tiles_context_get_device(&device, (tiles_context*)h.device), invalid, "not a live tiles_context");
    CHECK_FAILS(tiles_context_create(&context, (tiles_device*)h.context), invalid, "not a live tiles_device");
    CHECK_FAILS(tiles_event_wait((tiles_event*)h.kernel), invalid, "not a live tiles_event handle");
    CHECK_FAILS(tiles_view_synchronize((tiles_view*)&not_a_handle), invalid, "not a live tiles_view handle");
    const tiles_domain domain = {sizeof(tiles_domain), 1, {4, 0, 0}, 0, {0, 0, 0}, NULL};
    const tiles_arg array_as_view[] = {tiles_arg_view((tiles_view*)h.array)};
    CHECK_FAILS(tiles_launch(NULL, &domain, (tiles_kernel*)h.event, array_as_view, 1), invalid,
                "not a live tiles_kernel handle");
    CHECK_FAILS(tiles_launch(NULL, &domain, h.kernel, array_as_view, 1), invalid,
                "argument 0's view is not a live tiles_view handle");
    /* Releasing a handle as another kind does not release it. */
    CHECK_FAILS(tiles_view_release((tiles_view*)h.array), invalid, "not a live tiles_view handle");
    CHECK_FAILS(tiles_array_release((tiles_array*)h.view), invalid, "not a live tiles_array handle");
    CHECK_OK(tiles_array_get_view(&view, h.array));
    CHECK_OK(tiles_view_release(view));
    CHECK(device == NULL && context == NULL);
    failed += release_every_kind(&h, TILES_SUCCESS);
    return failed;
}

int test_null_handles_are_refused(void) {
    int failed = 0;
    const tiles_status invalid = TILES_ERROR_INVALID_HANDLE;
    float memory[4];
    void* data = NULL;
    int ready = 0;
    tiles_view* view = NULL;
    tiles_device* device = NULL;
    tiles_event* event = NULL;
    tiles_shape shape = TILES_SHAPE_INIT;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    const int origin[1] = {0}, extent[1] = {1};
    const tiles_domain domain = {sizeof(tiles_domain), 1, {4, 0, 0}, 0, {0, 0, 0}, NULL};
    CHECK_FAILS(tiles_device_get_info(&info, NULL), invalid, "the device is NULL");
    CHECK_FAILS(tiles_device_retain(NULL), invalid, "the device is NULL");
    CHECK_FAILS(tiles_context_get_device(&device, NULL), invalid, "the context is NULL");
    CHECK_FAILS(tiles_context_wait(NULL), invalid, "the context is NULL");
    CHECK_FAILS(tiles_context_retain(NULL), invalid, "the context is NULL");
    CHECK_FAILS(tiles_array_get_view(&view, NULL), invalid, "the array is NULL");
    CHECK_FAILS(tiles_array_retain(NULL), invalid, "the array is NULL");
    CHECK_FAILS(tiles_view_section(&view, NULL, origin, extent), invalid, "the view is NULL");
    CHECK_FAILS(tiles_view_get_shape(&shape, NULL), invalid, "the view is NULL");
    CHECK_FAILS(tiles_view_data(&data, NULL, TILES_ACCESS_READ), invalid, "the view is NULL");
    CHECK_FAILS(tiles_view_synchronize(NULL), invalid, "the view is NULL");
    CHECK_FAILS(tiles_view_synchronize_async(&event, NULL), invalid, "the view is NULL");
    CHECK_FAILS(tiles_view_synchronize_to(NULL, NULL), invalid, "the view is NULL");
    CHECK_FAILS(tiles_view_discard(NULL), invalid, "the view is NULL");
    CHECK_FAILS(tiles_view_refresh(NULL), invalid, "the view is NULL");
    CHECK_FAILS(tiles_view_read(NULL, memory, sizeof memory), invalid, "the view is NULL");
    CHECK_FAILS(tiles_view_write(NULL, memory, sizeof memory), invalid, "the view is NULL");
    CHECK_FAILS(tiles_view_retain(NULL), invalid, "the view is NULL");
    CHECK_FAILS(tiles_kernel_retain(NULL), invalid, "the kernel is NULL");
    CHECK_FAILS(tiles_launch(NULL, &domain, NULL, NULL, 0), invalid, "the kernel is NULL");
    CHECK_FAILS(tiles_event_wait(NULL), invalid, "the event is NULL");
    CHECK_FAILS(tiles_event_is_ready(&ready, NULL), invalid, "the event is NULL");
    CHECK_FAILS(tiles_event_retain(NULL), invalid, "the event is NULL");
    CHECK(data == NULL && view == NULL && device == NULL && event == NULL && ready == 0);
    return failed;
}

int test_null_out_pointers_are_refused(void) {
    int failed = 0;
    every_kind h;
    failed += make_every_kind(&h);
    const tiles_status invalid = TILES_ERROR_INVALID_ARGUMENT;
    const char* out_is_null = "the output pointer 'out' is NULL";
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    const int origin[1] = {0}, extent[1] = {1};
    CHECK_FAILS(tiles_device_count(NULL), invalid, out_is_null);
    CHECK_FAILS(tiles_device_get(NULL, 0), invalid, out_is_null);
    CHECK_FAILS(tiles_device_default(NULL), invalid, out_is_null);
    CHECK_FAILS(tiles_device_default_reason(NULL), invalid, out_is_null);
    CHECK_FAILS(tiles_device_select(NULL, "cpu"), invalid, out_is_null);
    CHECK_FAILS(tiles_context_create(NULL, h.device), invalid, out_is_null);
    CHECK_FAILS(tiles_context_default(NULL, h.device), invalid, out_is_null);
    CHECK_FAILS(tiles_context_get_device(NULL, h.context), invalid, out_is_null);
    CHECK_FAILS(tiles_array_create(NULL, h.context, &shape, NULL), invalid, out_is_null);
    CHECK_FAILS(tiles_array_get_view(NULL, h.array), invalid, out_is_null);
    CHECK_FAILS(tiles_view_create(NULL, &shape, every_kind_memory), invalid, out_is_null);
    CHECK_FAILS(tiles_view_create_const(NULL, &shape, every_kind_memory), invalid, out_is_null);
    CHECK_FAILS(tiles_view_section(NULL, h.view, origin, extent), invalid, out_is_null);
    CHECK_FAILS(tiles_view_data(NULL, h.view, TILES_ACCESS_READ), invalid, out_is_null);
    CHECK_FAILS(tiles_view_synchronize_async(NULL, h.view), invalid, out_is_null);
    CHECK_FAILS(tiles_copy_async(NULL, h.view, h.view), invalid, out_is_null);
    CHECK_FAILS(tiles_kernel_create(NULL, add_one_source, "add_one", NULL), invalid, out_is_null);
    CHECK_FAILS(tiles_event_is_ready(NULL, h.event), invalid, out_is_null);
    /* Structs filled in say which one is missing. */
    CHECK_FAILS(tiles_device_get_info(NULL, h.device), invalid, "the tiles_device_info is NULL");
    CHECK_FAILS(tiles_context_get_counters(NULL, h.context), invalid, "the tiles_counters is NULL");
    CHECK_FAILS(tiles_view_get_shape(NULL, h.view), invalid, "the tiles_shape is NULL");
    CHECK_OK(tiles_event_wait(h.event));
    failed += release_every_kind(&h, TILES_SUCCESS);
    return failed;
}

int test_descriptor_structs_too_small_are_refused(void) {
    int failed = 0;
    every_kind h;
    failed += make_every_kind(&h);
    const tiles_status invalid = TILES_ERROR_INVALID_ARGUMENT;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    tiles_counters counters = TILES_COUNTERS_INIT;
    tiles_shape shape = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    tiles_array* array = NULL;
    const size_t too_small[] = {0, sizeof(size_t), 1};
    for (size_t i = 0; i < sizeof too_small / sizeof too_small[0]; i++) {
        info.struct_size = too_small[i];
        counters.struct_size = too_small[i];
        shape.struct_size = too_small[i];
        CHECK_FAILS(tiles_device_get_info(&info, h.device), invalid, "the tiles_device_info's struct_size");
        CHECK_FAILS(tiles_context_get_counters(&counters, h.context), invalid, "the tiles_counters's struct_size");
        CHECK_FAILS(tiles_view_get_shape(&shape, h.view), invalid, "the tiles_shape's struct_size");
        CHECK_FAILS(tiles_array_create(&array, h.context, &shape, NULL), invalid, "the tiles_shape's struct_size");
    }
    CHECK(array == NULL && shape.rank == 1 && shape.extent[0] == 4);
    CHECK_OK(tiles_event_wait(h.event));
    failed += release_every_kind(&h, TILES_SUCCESS);
    return failed;
}

/* ---- Stale handles whose objects' addresses were taken again ----------------------------------
 * A released handle stays refused after libtiles has made new objects of its kind, which the
 * allocator puts where the released object was. Each kind as the test uses it: a call that makes
 * one (on stale_test_context, where it needs one), a call that uses it, and its release. */
typedef struct handle_calls {
    const char* type_name;
    tiles_status (*make)(void** out);
    tiles_status (*use)(void* handle);
    tiles_status (*release)(void* handle);
} handle_calls;

static tiles_context* stale_test_context;
static float stale_test_memory[4];

static tiles_status make_device(void** out) {
    tiles_device* device = NULL;
    const tiles_status status = tiles_device_default(&device);
    *out = device;
    return status;
}
static tiles_status use_device(void* device) {
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    return tiles_device_get_info(&info, device);
}
static tiles_status release_device(void* device) { return tiles_device_release(device); }

static tiles_status make_context(void** out) {
    tiles_context* context = NULL;
    const tiles_status status = tiles_context_create(&context, NULL);
    *out = context;
    return status;
}
static tiles_status use_context(void* context) { return tiles_context_wait(context); }
static tiles_status release_context(void* context) { return tiles_context_release(context); }

static tiles_status make_array(void** out) {
    tiles_array* array = NULL;
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    const tiles_status status = tiles_array_create(&array, stale_test_context, &shape, NULL);
    *out = array;
    return status;
}
static tiles_status use_array(void* array) {
    tiles_shape shape = TILES_SHAPE_INIT;
    return tiles_array_get_shape(&shape, array);
}
static tiles_status release_array(void* array) { return tiles_array_release(array); }

static tiles_status make_view(void** out) {
    tiles_view* view = NULL;
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    const tiles_status status = tiles_view_create(&view, &shape, stale_test_memory);
    *out = view;
    return status;
}
static tiles_status use_view(void* view) { return tiles_view_synchronize(view); }
static tiles_status release_view(void* view) { return tiles_view_release(view); }

static tiles_status make_kernel(void** out) {
    tiles_kernel* kernel = NULL;
    const tiles_status status = tiles_kernel_create(&kernel, add_one_source, "add_one", NULL);
    *out = kernel;
    return status;
}
static tiles_status use_kernel(void* kernel) {
    const tiles_domain domain = {sizeof(tiles_domain), 1, {4, 0, 0}, 0, {0, 0, 0}, NULL};
    return tiles_kernel_build(NULL, kernel, stale_test_context, &domain);
}
static tiles_status release_kernel(void* kernel) { return tiles_kernel_release(kernel); }

static tiles_status make_event(void** out) {
    tiles_event* event = NULL;
    const tiles_status status = tiles_context_create_marker(&event, stale_test_context);
    *out = event;
    return status;
}
static tiles_status use_event(void* event) { return tiles_event_wait(event); }
static tiles_status release_event(void* event) { return tiles_event_release(event); }

static tiles_status make_split(void** out) {
    tiles_split* split = NULL;
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, 4, 4, 0);
    const tiles_status status = tiles_split_create(&split, &stale_test_context, 1, &shape, 0, 1);
    *out = split;
    return status;
}
static tiles_status use_split(void* split) {
    size_t count = 0;
    return tiles_split_get_count(&count, split);
}
static tiles_status release_split(void* split) { return tiles_split_release(split); }

static tiles_status make_report(void** out) {
    tiles_report* report = NULL;
    const tiles_status status = tiles_context_get_report(&report, stale_test_context);
    *out = report;
    return status;
}
static tiles_status use_report(void* report) {
    size_t count = 0;
    return tiles_report_count(&count, report);
}
static tiles_status release_report(void* report) { return tiles_report_release(report); }

/* Makes a handle of `kind`, uses it and releases it; then makes new ones until one is equal to
 * the released one (where a handle is its object's address, the first usually is) or 16 are
 * made, and uses the released one: refused, naming its type, while every new one works. */
static int check_stale_handle_is_refused(const handle_calls* kind) {
    int failed = 0, made = 0, i;
    void* stale = NULL;
    void* fresh[16];
    char refusal[64];
    snprintf(refusal, sizeof refusal, "is not a live %s handle", kind->type_name);
    if (!CHECK_OK(kind->make(&stale))) return failed;
    CHECK_OK(kind->use(stale));
    CHECK_OK(kind->release(stale));
    do {
        fresh[made] = NULL;
        CHECK_OK(kind->make(&fresh[made]));
    } while (fresh[made++] != stale && made < 16);
    CHECK_FAILS(kind->use(stale), TILES_ERROR_INVALID_HANDLE, refusal);
    CHECK_FAILS(kind->release(stale), TILES_ERROR_INVALID_HANDLE, refusal);
    for (i = 0; i < made; ++i) {
        CHECK_OK(kind->use(fresh[i]));
        CHECK_OK(kind->release(fresh[i]));
    }
    return failed;
}

int test_stale_handles_are_refused_after_their_address_is_reused(void) {
    static const handle_calls kinds[] = {
        {"tiles_device", make_device, use_device, release_device},
        {"tiles_context", make_context, use_context, release_context},
        {"tiles_array", make_array, use_array, release_array},
        {"tiles_view", make_view, use_view, release_view},
        {"tiles_kernel", make_kernel, use_kernel, release_kernel},
        {"tiles_event", make_event, use_event, release_event},
        {"tiles_split", make_split, use_split, release_split},
    };
    int failed = 0;
    size_t i;
    if (!CHECK_OK(tiles_context_create(&stale_test_context, NULL))) return failed;
    for (i = 0; i < sizeof kinds / sizeof kinds[0]; ++i) failed += check_stale_handle_is_refused(&kinds[i]);
    CHECK_OK(tiles_context_release(stale_test_context));
    return failed;
}

int test_stale_report_handles_are_refused_after_their_address_is_reused(void) {
    static const handle_calls report = {"tiles_report", make_report, use_report, release_report};
    int failed = 0;
    if (!CHECK_OK(tiles_context_create_checked(&stale_test_context, 0))) return failed;
    failed += check_stale_handle_is_refused(&report);
    CHECK_OK(tiles_context_release(stale_test_context));
    return failed;
}

/* A launch through a released view whose address a new view took leaves the new view's data
 * alone: only the new view's own launch adds its 1. */
int test_a_launch_through_a_stale_view_is_refused(void) {
    int failed = 0, made = 0, i;
    float released_memory[4] = {0, 0, 0, 0}, memory[16][4];
    const float once[4] = {11, 12, 13, 14};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {4, 0, 0}, 0, {0, 0, 0}, NULL};
    tiles_view *stale = NULL, *fresh[16];
    tiles_kernel* kernel = NULL;
    tiles_arg args[1];
    if (!CHECK_OK(tiles_kernel_create(&kernel, add_one_source, "add_one", NULL))) return failed;
    CHECK_OK(tiles_view_create(&stale, &shape, released_memory));
    CHECK_OK(tiles_view_release(stale));
    do {
        for (i = 0; i < 4; ++i) memory[made][i] = (float)(10 + i);
        fresh[made] = NULL;
        CHECK_OK(tiles_view_create(&fresh[made], &shape, memory[made]));
    } while (fresh[made++] != stale && made < 16);
    args[0] = tiles_arg_view(stale);
    CHECK_FAILS(tiles_launch(NULL, &domain, kernel, args, 1), TILES_ERROR_INVALID_HANDLE,
                "argument 0's view is not a live tiles_view handle");
    for (i = 0; i < made; ++i) {
        args[0] = tiles_arg_view(fresh[i]);
        CHECK_OK(tiles_launch(NULL, &domain, kernel, args, 1));
        CHECK_OK(tiles_view_release(fresh[i]));
        CHECK_FLOATS(memory[i], once, 4);
    }
    CHECK_OK(tiles_kernel_release(kernel));
    return failed;
}
