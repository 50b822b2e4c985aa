/* C tests of tiles.h from several threads at once: launching and synchronizing on one context and
 * on contexts of their own, and releasing the references of one handle together. Built again
 * under ThreadSanitizer, which runs the tests tagged [threads]. */
#define _POSIX_C_SOURCE 200112L /* pthreads and their barriers */

#include <pthread.h>
#include <string.h>

#include "capi_tests.h"
#include "support.h"

enum { thread_count = 4, launches = 25, elements = 64 };

/* What each thread is given, and what it reports. */
typedef struct thread_work {
    tiles_context* context; /* shared, or NULL: the thread makes one of its own */
    tiles_kernel* add_one;
    int wrong; /* failed calls and wrong values */
} thread_work;

/* Adds 1 to the elements of a view of its own `launches` times on the given or its own context,
 * synchronizing now and then, then checks them against the count. */
static void* add_repeatedly(void* argument) {
    thread_work* work = argument;
    float host[elements] = {0};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, elements, 0, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {elements, 0, 0}, 1, {16, 0, 0}, NULL};
    tiles_context* context = work->context;
    tiles_view* view = NULL;
    if (context == NULL) work->wrong += tiles_context_create(&context, NULL) != TILES_SUCCESS;
    work->wrong += tiles_view_create(&view, &shape, host) != TILES_SUCCESS;
    const tiles_arg args[] = {tiles_arg_view(view)};
    for (int i = 1; i <= launches; i++) {
        work->wrong += tiles_launch(context, &domain, work->add_one, args, 1) != TILES_SUCCESS;
        if (i % 8 == 0) work->wrong += tiles_view_synchronize(view) != TILES_SUCCESS || host[0] != (float)i;
    }
    work->wrong += tiles_view_release(view) != TILES_SUCCESS;
    for (int i = 0; i < elements; i++) work->wrong += host[i] != (float)launches;
    if (work->context == NULL) work->wrong += tiles_context_release(context) != TILES_SUCCESS;
    return NULL;
}

/* Runs add_repeatedly on thread_count threads with `context`; returns the failures. */
static int add_on_threads(tiles_context* context) {
    int failed = 0;
    tiles_kernel* add_one = NULL;
    pthread_t threads[thread_count];
    thread_work work[thread_count];
    if (!CHECK_OK(tiles_kernel_create(&add_one, add_one_source, "add_one", NULL))) return failed;
    for (int t = 0; t < thread_count; t++) {
        work[t].context = context;
        work[t].add_one = add_one;
        work[t].wrong = 0;
        CHECK(pthread_create(&threads[t], NULL, add_repeatedly, &work[t]) == 0);
    }
    for (int t = 0; t < thread_count; t++) {
        CHECK(pthread_join(threads[t], NULL) == 0);
        CHECK(work[t].wrong == 0);
    }
    CHECK_OK(tiles_kernel_release(add_one));
    return failed;
}

int test_threads_launch_on_one_context(void) {
    int failed = 0;
    tiles_context* context = NULL;
    tiles_counters counters = TILES_COUNTERS_INIT;
    if (!CHECK_OK(tiles_context_create(&context, NULL))) return failed;
    failed += add_on_threads(context);
    if (CHECK_OK(tiles_context_get_counters(&counters, context))) {
        CHECK(counters.launches == thread_count * launches);
        CHECK(counters.kernel_builds + counters.binary_loads == 1); /* compiled, or from the disk cache */
    }
    CHECK_OK(tiles_context_release(context));
    return failed;
}

int test_threads_launch_on_contexts_of_their_own(void) { return add_on_threads(NULL); }

/* The handles whose references the threads release together, and a barrier that starts them at once. */
typedef struct shared_handles {
    pthread_barrier_t start;
    tiles_context* context;
    tiles_view* view;
    tiles_kernel* kernel;
    int wrong;
} shared_handles;

static void* release_once(void* argument) {
    shared_handles* shared = argument;
    pthread_barrier_wait(&shared->start);
    if (tiles_view_release(shared->view) != TILES_SUCCESS || tiles_kernel_release(shared->kernel) != TILES_SUCCESS ||
        tiles_context_release(shared->context) != TILES_SUCCESS)
        shared->wrong = 1;
    return NULL;
}

int test_threads_release_the_references_of_one_handle_together(void) {
    int failed = 0;
    float host[elements] = {0};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, elements, 0, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {elements, 0, 0}, 0, {0, 0, 0}, NULL};
    shared_handles shared;
    pthread_t threads[thread_count];
    memset(&shared, 0, sizeof shared);
    CHECK(pthread_barrier_init(&shared.start, NULL, thread_count) == 0);
    CHECK_OK(tiles_context_create(&shared.context, NULL));
    CHECK_OK(tiles_view_create(&shared.view, &shape, host));
    CHECK_OK(tiles_kernel_create(&shared.kernel, add_one_source, "add_one", NULL));
    const tiles_arg args[] = {tiles_arg_view(shared.view)};
    CHECK_OK(tiles_launch(shared.context, &domain, shared.kernel, args, 1));
    /* One reference per thread; the last release, on whichever thread, writes the launch back. */
    for (int t = 1; t < thread_count; t++) {
        CHECK_OK(tiles_context_retain(shared.context));
        CHECK_OK(tiles_view_retain(shared.view));
        CHECK_OK(tiles_kernel_retain(shared.kernel));
    }
    for (int t = 0; t < thread_count; t++) CHECK(pthread_create(&threads[t], NULL, release_once, &shared) == 0);
    for (int t = 0; t < thread_count; t++) CHECK(pthread_join(threads[t], NULL) == 0);
    CHECK(shared.wrong == 0);
    for (int i = 0; i < elements; i++) CHECK(host[i] == 1.0f);
    CHECK_STATUS(tiles_view_release(shared.view), TILES_ERROR_INVALID_HANDLE);
    CHECK_STATUS(tiles_kernel_release(shared.kernel), TILES_ERROR_INVALID_HANDLE);
    CHECK_STATUS(tiles_context_release(shared.context), TILES_ERROR_INVALID_HANDLE);
    CHECK_OK(tiles_take_writeback_error());
    pthread_barrier_destroy(&shared.start);
    return failed;
}
