/* C tests of tiles.h's version, statuses and errors: the version macros and functions, the name
 * of every status, the thread-local last error message and its parts, the write-back error, the
 * element types. */
#define _POSIX_C_SOURCE 200112L /* pthreads */

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "capi_tests.h"
#include "support.h"

int test_version(void) {
    int failed = 0;
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", TILES_VERSION_MAJOR, TILES_VERSION_MINOR, TILES_VERSION_PATCH);
    CHECK(tiles_version_number() == TILES_VERSION_NUMBER);
    CHECK(strcmp(tiles_version_string(), expected) == 0);
    return failed;
}

int test_status_strings(void) {
    int failed = 0;
    static const struct {
        int status;
        const char* name;
    } names[] = {
        {TILES_SUCCESS, "TILES_SUCCESS"},
        {TILES_ERROR_INVALID_ARGUMENT, "TILES_ERROR_INVALID_ARGUMENT"},
        {TILES_ERROR_INVALID_COMPUTE_DOMAIN, "TILES_ERROR_INVALID_COMPUTE_DOMAIN"},
        {TILES_ERROR_OUT_OF_MEMORY, "TILES_ERROR_OUT_OF_MEMORY"},
        {TILES_ERROR_BUILD, "TILES_ERROR_BUILD"},
        {TILES_ERROR_UNSUPPORTED, "TILES_ERROR_UNSUPPORTED"},
        {TILES_ERROR_INVALID_HANDLE, "TILES_ERROR_INVALID_HANDLE"},
        {TILES_ERROR_INTERNAL, "TILES_ERROR_INTERNAL"},
        /* OpenCL's codes pass through with OpenCL's names (values from cl.h and cl_ext.h). */
        {-1, "CL_DEVICE_NOT_FOUND"},
        {-5, "CL_OUT_OF_RESOURCES"},
        {-11, "CL_BUILD_PROGRAM_FAILURE"},
        {-54, "CL_INVALID_WORK_GROUP_SIZE"},
        {-1001, "CL_PLATFORM_NOT_FOUND_KHR"},
        /* Anything else still has a name. */
        {1, "CL_UNKNOWN_STATUS"},
        {-2050, "CL_UNKNOWN_STATUS"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char* name = tiles_status_string((tiles_status)names[i].status);
        if (!CHECK(name != NULL && strcmp(name, names[i].name) == 0))
            printf("  tiles_status_string(%d) is \"%s\", not \"%s\"\n", names[i].status, name ? name : "(null)",
                   names[i].name);
    }
    return failed;
}

/* What a thread sees of the last error message: when it starts, and after a failure of its own. */
typedef struct thread_messages {
    char at_start[256];
    char after_failure[256];
    tiles_status failure;
} thread_messages;

static void* fail_in_a_thread(void* messages_out) {
    thread_messages* messages = messages_out;
    snprintf(messages->at_start, sizeof messages->at_start, "%s", tiles_last_error_message());
    messages->failure = tiles_view_synchronize(NULL);
    snprintf(messages->after_failure, sizeof messages->after_failure, "%s", tiles_last_error_message());
    return NULL;
}

int test_last_error_message_is_per_thread_and_kept_by_successes(void) {
    int failed = 0;
    tiles_device* device = NULL;
    CHECK_FAILS(tiles_device_get(&device, 1000000), TILES_ERROR_INVALID_ARGUMENT, "there is no device 1000000");
    char first_failure[256];
    snprintf(first_failure, sizeof first_failure, "%s", tiles_last_error_message());

    /* Calls that succeed leave the message alone. */
    size_t count = 0;
    float host[4] = {1, 2, 3, 4}, back[4];
    tiles_shape shape = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    tiles_view* view = NULL;
    CHECK_OK(tiles_device_count(&count));
    CHECK_OK(tiles_device_default(&device));
    CHECK_OK(tiles_view_create(&view, &shape, host));
    CHECK_OK(tiles_view_read(view, back, sizeof back));
    CHECK_OK(tiles_view_release(view));
    CHECK_OK(tiles_device_release(device));
    CHECK_OK(tiles_device_release(NULL));
    CHECK(strcmp(tiles_last_error_message(), first_failure) == 0);

    /* Another thread starts with "", and its failures do not touch this thread's message. */
    thread_messages messages;
    pthread_t thread;
    if (CHECK(pthread_create(&thread, NULL, fail_in_a_thread, &messages) == 0)) {
        CHECK(pthread_join(thread, NULL) == 0);
        CHECK(strcmp(messages.at_start, "") == 0);
        CHECK(messages.failure == TILES_ERROR_INVALID_HANDLE);
        CHECK(strstr(messages.after_failure, "the view is NULL") != NULL);
    }
    CHECK(strcmp(tiles_last_error_message(), first_failure) == 0);
    return failed;
}

int test_no_writeback_error_without_a_failed_writeback(void) {
    int failed = 0;
    CHECK_FAILS(tiles_view_refresh(NULL), TILES_ERROR_INVALID_HANDLE, "the view is NULL");
    /* A written view released without synchronizing: its write-back succeeds. */
    float host[8] = {0};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 8, 0, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {8, 0, 0}, 0, {0, 0, 0}, NULL};
    tiles_view* view = NULL;
    tiles_kernel* add_one = NULL;
    CHECK_OK(tiles_view_create(&view, &shape, host));
    CHECK_OK(tiles_kernel_create(&add_one, add_one_source, "add_one", NULL));
    const tiles_arg args[] = {tiles_arg_view(view)};
    CHECK_OK(tiles_launch(NULL, &domain, add_one, args, 1));
    CHECK_OK(tiles_view_release(view));
    CHECK_OK(tiles_kernel_release(add_one));
    CHECK(host[0] == 1.0f && host[7] == 1.0f);
    CHECK_OK(tiles_take_writeback_error());
    CHECK(strstr(tiles_last_error_message(), "the view is NULL") != NULL);
    return failed;
}

int test_element_types(void) {
    int failed = 0;
    static const struct {
        tiles_dtype dtype;
        size_t size;
        const char* name;
    } types[] = {
        {TILES_INT8, 1, "char"},         {TILES_UINT8, 1, "uchar"},      {TILES_INT16, 2, "short"},
        {TILES_UINT16, 2, "ushort"},     {TILES_INT32, 4, "int"},        {TILES_UINT32, 4, "uint"},
        {TILES_INT64, 8, "long"},        {TILES_UINT64, 8, "ulong"},     {TILES_FLOAT32, 4, "float"},
        {TILES_FLOAT64, 8, "double"},    {TILES_OPAQUE, 0, "struct"},    {TILES_FLOAT16, 2, "half"},
        {TILES_BFLOAT16, 2, "bfloat16"}, {TILES_COMPLEX64, 8, "float2"}, {TILES_COMPLEX128, 16, "double2"},
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        CHECK(tiles_dtype_size(types[i].dtype) == types[i].size);
        CHECK(strcmp(tiles_dtype_name(types[i].dtype), types[i].name) == 0);
    }
    /* Values out of range. */
    CHECK(tiles_dtype_size((tiles_dtype)(TILES_COMPLEX128 + 1)) == 0);
    CHECK(strcmp(tiles_dtype_name((tiles_dtype)(TILES_COMPLEX128 + 1)), "") == 0);
    CHECK(tiles_dtype_size((tiles_dtype)-1) == 0);
    CHECK(strcmp(tiles_dtype_name((tiles_dtype)-1), "") == 0);
    /* The table the bindings read: every dtype from 0 on, then an error. */
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        tiles_dtype_info info = TILES_DTYPE_INFO_INIT;
        CHECK_OK(tiles_dtype_describe(&info, (tiles_dtype)i));
        CHECK(info.dtype == (tiles_dtype)i && info.dtype == types[i].dtype && info.size == types[i].size);
        CHECK(strcmp(info.opencl_name, types[i].name) == 0);
        CHECK(info.dlpack_bits == (int)(8 * info.size) && (info.dlpack_code < 0) == (info.dtype == TILES_OPAQUE));
    }
    tiles_dtype_info info = TILES_DTYPE_INFO_INIT;
    CHECK_OK(tiles_dtype_describe(&info, TILES_BFLOAT16));
    CHECK(strcmp(info.numpy_name, "bfloat16") == 0 && info.dlpack_code == 4 && info.computed_as == TILES_FLOAT32);
    CHECK_OK(tiles_dtype_describe(&info, TILES_COMPLEX128));
    CHECK(strcmp(info.numpy_name, "complex128") == 0 && info.dlpack_code == 5 && info.computed_as == TILES_COMPLEX128);
    CHECK_OK(tiles_dtype_describe(&info, TILES_UINT16));
    CHECK(strcmp(info.numpy_name, "uint16") == 0 && info.dlpack_code == 1 && info.computed_as == TILES_UINT16);
    CHECK_FAILS(tiles_dtype_describe(&info, (tiles_dtype)(TILES_COMPLEX128 + 1)), TILES_ERROR_INVALID_ARGUMENT,
                "tiles_dtype 15 is not an element type");
    return failed;
}

/* The names of the enumerations' values, as tiles.h documents them, and "" past the last and
 * below the first: the bindings list them by asking for 0, 1, ... until "". */
int test_enumeration_names(void) {
    int failed = 0;
    const char* const levels[] = {"off", "info", "debug", "warning"};
    const char* const reductions[] = {"sum", "min", "max"};
    const char* const kinds[] = {"read_write_race",
                                 "write_write_race",
                                 "uninitialized_read",
                                 "uninitialized_write",
                                 "out_of_bounds",
                                 "barrier_divergence",
                                 "other",
                                 "host_write"};
    const char* const spaces[] = {"tile_static", "global", "constant", "private", "unknown"};
    for (int i = 0; i < 4; i++) CHECK(strcmp(tiles_log_level_name((tiles_log_level)i), levels[i]) == 0);
    CHECK(strcmp(tiles_log_level_name(TILES_LOG_WARNING), "warning") == 0);
    for (int i = 0; i < 3; i++) CHECK(strcmp(tiles_reduction_name((tiles_reduction)i), reductions[i]) == 0);
    CHECK(strcmp(tiles_reduction_name(TILES_REDUCE_MAX), "max") == 0);
    for (int i = 0; i < 8; i++) CHECK(strcmp(tiles_diagnostic_kind_name((tiles_diagnostic_kind)i), kinds[i]) == 0);
    CHECK(strcmp(tiles_diagnostic_kind_name(TILES_OTHER_PROBLEM), "other") == 0);
    for (int i = 0; i < 5; i++) CHECK(strcmp(tiles_memory_space_name((tiles_memory_space)i), spaces[i]) == 0);
    CHECK(strcmp(tiles_memory_space_name(TILES_UNKNOWN_MEMORY), "unknown") == 0);
    CHECK(strcmp(tiles_log_level_name((tiles_log_level)4), "") == 0);
    CHECK(strcmp(tiles_log_level_name((tiles_log_level)-1), "") == 0);
    CHECK(strcmp(tiles_reduction_name((tiles_reduction)3), "") == 0);
    CHECK(strcmp(tiles_reduction_name((tiles_reduction)-1), "") == 0);
    CHECK(strcmp(tiles_diagnostic_kind_name((tiles_diagnostic_kind)8), "") == 0);
    CHECK(strcmp(tiles_diagnostic_kind_name((tiles_diagnostic_kind)-1), "") == 0);
    CHECK(strcmp(tiles_memory_space_name((tiles_memory_space)5), "") == 0);
    CHECK(strcmp(tiles_memory_space_name((tiles_memory_space)-1), "") == 0);
    return failed;
}

/* The parts of each refusal of an element type, read apart from the message's sentence, and none
 * after a failure of another kind. */
int test_last_error_parts_name_a_refused_element_type(void) {
    int failed = 0;
    float floats[4] = {0}, out_floats[4] = {0};
    int ints[4] = {0};
    const tiles_shape floats_2x2 = shape_of(TILES_FLOAT32, 2, 2, 2, 0), ints_1x1 = shape_of(TILES_INT32, 2, 1, 1, 0);
    const tiles_shape ints_4 = shape_of(TILES_INT32, 1, 4, 0, 0);
    tiles_view *input = NULL, *int_mask = NULL, *output = NULL, *int_view = NULL;
    CHECK_OK(tiles_view_create_const(&input, &floats_2x2, floats));
    CHECK_OK(tiles_view_create_const(&int_mask, &ints_1x1, ints));
    CHECK_OK(tiles_view_create(&output, &floats_2x2, out_floats));
    CHECK_OK(tiles_view_create(&int_view, &ints_4, ints));
    tiles_error_parts parts = TILES_ERROR_PARTS_INIT;

    CHECK_FAILS(tiles_stencil(NULL, input, int_mask, output), TILES_ERROR_INVALID_ARGUMENT, "must be the same");
    CHECK_OK(tiles_last_error_parts(&parts));
    CHECK(parts.refusal == TILES_REFUSAL_OPERANDS_DIFFER && parts.given == TILES_INT32 &&
          parts.wanted == TILES_FLOAT32 && parts.role != NULL && strcmp(parts.role, "the mask") == 0);

    tiles_kernel* kernel = NULL;
    CHECK_OK(
        tiles_kernel_create(&kernel, "__kernel void f(__global float* v) { v[get_global_id(0)] = 1; }", "f", NULL));
    const tiles_domain four = {sizeof(tiles_domain), 1, {4, 0, 0}, 0, {0, 0, 0}, NULL};
    const tiles_arg args[] = {tiles_arg_view(int_view)};
    CHECK_FAILS(tiles_launch(NULL, &four, kernel, args, 1), TILES_ERROR_INVALID_ARGUMENT, "element types differ");
    CHECK_OK(tiles_last_error_parts(&parts));
    CHECK(parts.refusal == TILES_REFUSAL_PARAMETER && parts.given == TILES_INT32 && parts.wanted == TILES_FLOAT32 &&
          parts.role != NULL && strcmp(parts.role, "") == 0);

    /* Another failure leaves no parts of the one before. */
    CHECK_FAILS(tiles_stencil(NULL, input, NULL, output), TILES_ERROR_INVALID_HANDLE, "the mask view is NULL");
    CHECK_OK(tiles_last_error_parts(&parts));
    CHECK(parts.refusal == TILES_REFUSAL_NONE && parts.given == TILES_OPAQUE && parts.wanted == -1 &&
          parts.role != NULL && strcmp(parts.role, "") == 0);

    tiles_error_parts unsized = TILES_ERROR_PARTS_INIT;
    unsized.struct_size = 0;
    CHECK_FAILS(tiles_last_error_parts(&unsized), TILES_ERROR_INVALID_ARGUMENT, "tiles_error_parts's struct_size (0)");
    CHECK_FAILS(tiles_last_error_parts(NULL), TILES_ERROR_INVALID_ARGUMENT, "the tiles_error_parts is NULL");

    CHECK_OK(tiles_kernel_release(kernel));
    CHECK_OK(tiles_view_release(input));
    CHECK_OK(tiles_view_release(int_mask));
    CHECK_OK(tiles_view_release(output));
    CHECK_OK(tiles_view_release(int_view));
    return failed;
}

/* A message naming a C function and an element type: tiles_last_error_message() says them as C
 * does, with no mark in it, and marked_message marks each where it stands. A caller of the first
 * version of tiles_error_parts gets no marked_message and nothing written past its struct. */
int test_last_error_marks_the_names_only_in_marked_message(void) {
    int failed = 0;
    int ints[4] = {0};
    const tiles_shape ints_4 = shape_of(TILES_INT32, 1, 4, 0, 0);
    tiles_view* view = NULL;
    CHECK_OK(tiles_view_create_const(&view, &ints_4, ints));
    long long result = 0;
    CHECK_FAILS(tiles_reduce_as(&result, 2, TILES_INT64, NULL, view, TILES_REDUCE_SUM), TILES_ERROR_INVALID_ARGUMENT,
                "out_size");
    const char* plain = "tiles_reduce_as: out_size is 2 bytes, but the result is one long (int64), 8 bytes";
    CHECK(strcmp(tiles_last_error_message(), plain) == 0);
    CHECK(strchr(tiles_last_error_message(), '\x1e') == NULL && strchr(tiles_last_error_message(), '\x1f') == NULL);

    tiles_error_parts parts = TILES_ERROR_PARTS_INIT;
    CHECK_OK(tiles_last_error_parts(&parts));
    const char* marked = "\x1e"
                         "f\x1ftiles_reduce_as\x1ftiles_reduce_as\x1e: out_size is 2 bytes, but the result is one "
                         "\x1e"
                         "e\x1fint64\x1flong (int64)\x1e, 8 bytes";
    CHECK(parts.marked_message != NULL && strcmp(parts.marked_message, marked) == 0);

    /* A caller's struct of the first version, which ends where marked_message begins: nothing is
       written past its struct_size. */
    tiles_error_parts first = TILES_ERROR_PARTS_INIT;
    first.struct_size = offsetof(tiles_error_parts, marked_message);
    first.marked_message = NULL;
    CHECK_OK(tiles_last_error_parts(&first));
    CHECK(first.marked_message == NULL);

    CHECK_OK(tiles_view_release(view));
    return failed;
}

/* A message quoting the caller's own text (here a kernel's name) holds the marks' bytes as the
 * caller wrote them, even where they read as a mark: tiles_last_error_message() gives them
 * unchanged, and marked_message is NULL, the message naming no function or element type. */
int test_the_callers_text_in_a_message_is_never_read_as_marks(void) {
    int failed = 0;
    static const char name[] = "add\x1e"
                               "f\x1fkey\x1ftext\x1e_one";
    static const char expected[] = "the source has no kernel named 'add\x1e"
                                   "f\x1fkey\x1ftext\x1e_one' (its kernels: add_one)";
    tiles_context* context = NULL;
    tiles_kernel* kernel = NULL;
    CHECK_OK(tiles_context_create(&context, NULL));
    CHECK_OK(tiles_kernel_create(&kernel, "__kernel void add_one(__global int* v) { v[0] += 1; }", name, NULL));
    const tiles_domain domain = {sizeof(tiles_domain), 1, {1, 0, 0}, 0, {0, 0, 0}, NULL};
    CHECK_FAILS(tiles_kernel_build(NULL, kernel, context, &domain), TILES_ERROR_INVALID_ARGUMENT, expected);
    CHECK(strcmp(tiles_last_error_message(), expected) == 0);
    tiles_error_parts parts = TILES_ERROR_PARTS_INIT;
    CHECK_OK(tiles_last_error_parts(&parts));
    CHECK(parts.marked_message == NULL);
    CHECK_OK(tiles_kernel_release(kernel));
    CHECK_OK(tiles_context_release(context));
    return failed;
}
