/* Releases at exit, in C: a view of a file mapped MAP_SHARED, written by a kernel, released by an
 * atexit handler or by a thread's end, must reach the file (a second process checks it, as
 * release_at_exit.cmake runs them), whatever libtiles made on its first use meanwhile.
 *   release_at_exit MODE FILE   fills FILE with -1s, maps it, launches fill over it and leaves the
 *                               releases to MODE:
 *     atexit-first    a handler registered before libtiles' first use releases the kernel, the
 *                     array and the view (the view last, on the default context)
 *     atexit-later    the same, registered after the launch
 *     context         a handler registered first releases a context of its own first, then the
 *                     kernel, the array and the view, which keeps the context to write back through
 *     thread-exit     a thread that failed a call (so that it holds an error message) exits holding
 *                     the last references, released by its thread-specific data's destructor, after
 *                     the thread's C++ thread_local objects are gone; it fails a call again there
 *     async-exit      a slow kernel, then tiles_view_synchronize_async, and main returns holding
 *                     every reference: the exit itself must let the write-back land
 *     async-exit-context  the same on a context of its own
 *   release_at_exit check FILE  exits 0 if FILE holds what fill writes, computed here. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "tiles.h"

enum { count = 4096 };

/* v[i] = a[i] + i + 1, where a[i] is 2i: 3i + 1, after `spin` rounds that keep x at a[i] (exactly:
 * 2i and i are floats) but that the compiler cannot know to, so that the kernel takes its time. */
static const char fill_source[] = "__kernel void fill(__global const float* a, __global float* v, int spin) {\n"
                                  "    const size_t i = get_global_id(0);\n"
                                  "    float x = a[i];\n"
                                  "    for (int k = 0; k < spin; ++k) x = x * 0.5f + a[i] * 0.5f;\n"
                                  "    v[i] = x + (float)i + 1.0f;\n"
                                  "}\n";
/* Rounds enough for a CPU's driver to be still at it when main returns (tenths of a second). */
enum { slow = 20000 };

static float expected(int i) { return 3.0f * (float)i + 1.0f; }

static tiles_context* own_context = NULL; /* the context mode's; NULL: the default context */
static tiles_kernel* kernel = NULL;
static tiles_array* array = NULL;
static tiles_view* view = NULL;
static float* mapped = NULL;

/* Exits the process now with status 3 (from a handler or a thread, where exit() may not be
 * called) if `status` is a failure, naming the call. */
static void must(tiles_status status, const char* call) {
    if (status == TILES_SUCCESS) return;
    fprintf(stderr, "release_at_exit: %s: %s: %s\n", call, tiles_status_string(status), tiles_last_error_message());
    fflush(stderr);
    _exit(3);
}

static void release_all(void) {
    must(tiles_context_release(own_context), "tiles_context_release");
    must(tiles_kernel_release(kernel), "tiles_kernel_release");
    must(tiles_array_release(array), "tiles_array_release");
    must(tiles_view_release(view), "tiles_view_release"); /* the write-back */
    must(tiles_take_writeback_error(), "the write-back");
    if (munmap(mapped, count * sizeof(float)) != 0) _exit(4);
}

/* A call that fails, with a message longer than a string keeps in place (15 characters in
 * libstdc++), leaving it with this
 * thread; the message must be there. */
static void fail_a_call(void) {
    if (tiles_view_create(NULL, NULL, NULL) == TILES_SUCCESS || strlen(tiles_last_error_message()) < 16) {
        fprintf(stderr, "release_at_exit: a call without arguments did not fail with a message: '%s'\n",
                tiles_last_error_message());
        _exit(5);
    }
}

static pthread_key_t last_references;

static void release_at_thread_exit(void* unused) {
    (void)unused;
    fail_a_call(); /* after this thread's thread_local objects are destroyed */
    release_all();
}

static void* exit_holding_the_last_references(void* unused) {
    (void)unused;
    fail_a_call();
    if (pthread_setspecific(last_references, &last_references) != 0) _exit(6);
    return NULL;
}

/* Fills `file` with -1s and maps it. */
static float* map_file(const char* file) {
    const int fd = open(file, O_RDWR | O_CREAT | O_TRUNC, 0644);
    float* memory = NULL;
    int i;
    if (fd < 0) return NULL;
    for (i = 0; i < count; ++i) {
        const float old = -1.0f;
        if (write(fd, &old, sizeof old) != (ssize_t)sizeof old) return NULL;
    }
    memory = mmap(NULL, count * sizeof(float), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    return memory == MAP_FAILED ? NULL : memory;
}

static int check(const char* file) {
    FILE* in = fopen(file, "rb");
    static float found[count];
    int i;
    if (in == NULL || fread(found, sizeof(float), count, in) != count) {
        fprintf(stderr, "release_at_exit: cannot read %d floats from %s\n", count, file);
        return 1;
    }
    fclose(in);
    for (i = 0; i < count; ++i)
        if (found[i] != expected(i)) {
            fprintf(stderr, "release_at_exit: %s holds %g at %d where the kernel wrote %g\n", file, found[i], i,
                    expected(i));
            return 1;
        }
    printf("%s holds the %d values the kernel wrote\n", file, count);
    return 0;
}

int main(int argc, char** argv) {
    const char* mode = argc == 3 ? argv[1] : "";
    const int first = strcmp(mode, "atexit-first") == 0 || strcmp(mode, "context") == 0;
    const int async = strcmp(mode, "async-exit") == 0 || strcmp(mode, "async-exit-context") == 0;
    tiles_shape shape = TILES_SHAPE_INIT;
    tiles_domain domain = TILES_DOMAIN_INIT;
    tiles_arg args[3];
    tiles_event* write_back = NULL;
    static float initial[count];
    int i;
    if (first && atexit(release_all) != 0) return 2;
    if (strcmp(mode, "check") == 0) return check(argv[2]);
    if (!first && !async && strcmp(mode, "atexit-later") != 0 && strcmp(mode, "thread-exit") != 0) {
        fprintf(stderr, "usage: release_at_exit atexit-first|atexit-later|context|thread-exit|async-exit|"
                        "async-exit-context|check FILE\n");
        return 2;
    }
    if ((mapped = map_file(argv[2])) == NULL) return 2;
    for (i = 0; i < count; ++i) initial[i] = 2.0f * (float)i;
    shape.extent[0] = count;
    if (strcmp(mode, "context") == 0 || strcmp(mode, "async-exit-context") == 0)
        must(tiles_context_create(&own_context, NULL), "tiles_context_create");
    must(tiles_kernel_create(&kernel, fill_source, "fill", NULL), "tiles_kernel_create");
    must(tiles_array_create(&array, own_context, &shape, initial), "tiles_array_create");
    must(tiles_view_create(&view, &shape, mapped), "tiles_view_create");
    must(tiles_domain_init(&domain, 1, shape.extent, 0, NULL), "tiles_domain_init");
    args[0] = tiles_arg_array(array);
    args[1] = tiles_arg_view(view);
    args[2] = tiles_arg_int(async ? slow : 0);
    must(tiles_launch(own_context, &domain, kernel, args, 3), "tiles_launch");
    if (async) return tiles_view_synchronize_async(&write_back, view) == TILES_SUCCESS ? 0 : 3;
    if (strcmp(mode, "atexit-later") == 0 && atexit(release_all) != 0) return 2;
    if (strcmp(mode, "thread-exit") == 0) {
        pthread_t thread;
        if (pthread_key_create(&last_references, release_at_thread_exit) != 0 ||
            pthread_create(&thread, NULL, exit_holding_the_last_references, NULL) != 0 ||
            pthread_join(thread, NULL) != 0)
            return 2;
    }
    return 0; /* the releases are the handler's, or were the thread's; async-exit's are nobody's */
}
