/* The log through tiles_set_log_callback: kernel builds (with their time and the compiler's
 * warnings), program-cache misses, stores and hits, kernels' first runs, and at the debug level
 * transfers, each reaching the callback with its level. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "capi_tests.h"
#include "support.h"

/* The messages received, one after another, and the highest level among them. */
typedef struct received_log {
    char text[16384];
    size_t length;
    tiles_log_level highest;
} received_log;

static void receive(tiles_log_level level, const char* message, void* user_data) {
    received_log* log = (received_log*)user_data;
    const size_t size = strlen(message);
    if (log->length + size + 2 < sizeof log->text) {
        memcpy(log->text + log->length, message, size);
        log->length += size;
        log->text[log->length++] = '\n';
        log->text[log->length] = '\0';
    }
    if (level > log->highest) log->highest = level;
}

/* Adds one to each of 16 floats on a new context with the kernel `logged` of `source`. */
static int add_one_on_a_new_context(const char* source) {
    int failed = 0;
    float host[16] = {0};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 16, 0, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {16, 0, 0}, 0, {0, 0, 0}, NULL};
    tiles_context* context = NULL;
    tiles_view* view = NULL;
    tiles_kernel* kernel = NULL;
    CHECK_OK(tiles_context_create(&context, NULL));
    CHECK_OK(tiles_view_create(&view, &shape, host));
    CHECK_OK(tiles_kernel_create(&kernel, source, "logged", NULL));
    const tiles_arg args[] = {tiles_arg_view(view)};
    CHECK_OK(tiles_launch(context, &domain, kernel, args, 1));
    CHECK_OK(tiles_view_synchronize(view));
    CHECK(host[15] == 1.0f);
    tiles_kernel_release(kernel);
    tiles_view_release(view);
    tiles_context_release(context);
    return failed;
}

int test_log_reaches_the_callback(void) {
    int failed = 0;
    char source[256]; /* with the time in it, so that no process compiled it before */
    snprintf(source, sizeof source,
             "__kernel void logged(__global float* v) { v[get_global_id(0)] += 1; } /* %ld %ld */", (long)time(NULL),
             (long)clock());
    static received_log log;
    memset(&log, 0, sizeof log);

    /* The disk cache is on unless TILES_PROGRAM_CACHE is "off" (the tests give it a folder). */
    const char* cache_setting = getenv("TILES_PROGRAM_CACHE");
    const int disk_cache = cache_setting == NULL || strcmp(cache_setting, "off") != 0;

    CHECK_OK(tiles_set_log_callback(TILES_LOG_INFO, receive, &log));
    failed += add_one_on_a_new_context(source);
    CHECK((strstr(log.text, "program cache miss: kernel 'logged' for '") != NULL) == disk_cache);
    CHECK(strstr(log.text, "built kernel 'logged' for '") != NULL);
    /* A line says the build has started, before the one that says how long it took. */
    CHECK(strstr(log.text, "building kernel 'logged' for '") != NULL);
    CHECK(strstr(log.text, "building kernel 'logged' for '") < strstr(log.text, "built kernel 'logged' for '"));
    CHECK(strstr(log.text, " ms (options:") != NULL);
    /* The rest of the first call's time: the driver's binary for the disk cache, and the first run
     * with what the driver compiles then, each after the build. */
    CHECK((strstr(log.text, "stored kernel 'logged' for '") != NULL) == disk_cache);
    CHECK(!disk_cache || strstr(log.text, "built kernel 'logged'") < strstr(log.text, "stored kernel 'logged'"));
    CHECK(strstr(log.text, "first run of kernel 'logged' on '") != NULL);
    CHECK(strstr(log.text, "built kernel 'logged'") < strstr(log.text, "first run of kernel 'logged'"));
    CHECK(strstr(log.text, " ms from its enqueue to its end") != NULL);
    CHECK(strstr(log.text, "the compiler said") == NULL); /* nothing to warn of */
    CHECK(log.highest == TILES_LOG_INFO);                 /* no transfers at the info level */

    memset(&log, 0, sizeof log);
    CHECK_OK(tiles_set_log_callback(TILES_LOG_DEBUG, receive, &log));
    failed += add_one_on_a_new_context(source);
    /* A new context loads what the first one built from the disk cache. */
    CHECK((strstr(log.text, "program cache hit: kernel 'logged'") != NULL) == disk_cache);
    CHECK((strstr(log.text, "built kernel 'logged'") != NULL) == !disk_cache);
    CHECK(strstr(log.text, "upload of 64 bytes on '") != NULL);
    CHECK(strstr(log.text, "download of 64 bytes on '") != NULL);
    CHECK(log.highest == TILES_LOG_DEBUG);

    memset(&log, 0, sizeof log);
    CHECK_OK(tiles_set_log_callback(TILES_LOG_OFF, receive, &log));
    failed += add_one_on_a_new_context(source);
    CHECK(log.length == 0);

    CHECK_FAILS(tiles_set_log_callback((tiles_log_level)4, receive, &log), TILES_ERROR_INVALID_ARGUMENT,
                "tiles_log_level 4 is not a level");
    CHECK_OK(tiles_set_log_callback(TILES_LOG_OFF, NULL, NULL));
    return failed;
}

int test_log_carries_the_compilers_warnings(void) {
    int failed = 0;
    /* A kernel of its own: PoCL caches builds by their preprocessed text, where #warning is gone. */
    char source[256];
    snprintf(source, sizeof source,
             "#warning the log reaches the callback\n"
             "__kernel void logged(__global float* v) { v[get_global_id(0)] += 1; } /* %ld %ld */",
             (long)time(NULL), (long)clock());
    static received_log log;
    memset(&log, 0, sizeof log);
    CHECK_OK(tiles_set_log_callback(TILES_LOG_INFO, receive, &log));
    failed += add_one_on_a_new_context(source);
    CHECK(strstr(log.text, "built kernel 'logged' for '") != NULL);
    CHECK(strstr(log.text, "the compiler said:") != NULL);
    CHECK(strstr(log.text, "the log reaches the callback") != NULL);
    CHECK_OK(tiles_set_log_callback(TILES_LOG_OFF, NULL, NULL));
    return failed;
}

/* Run with TILES_LOG=loud, which the log does not take (CTest sets it): the complaint is a warning
 * of the log, given to the callback the process sets before anything else uses the log. */
int test_a_tiles_log_value_it_does_not_take_is_a_warning_of_the_log(void) {
    int failed = 0;
    static received_log log;
    memset(&log, 0, sizeof log);
    CHECK_OK(tiles_set_log_callback(TILES_LOG_WARNING, receive, &log));
    CHECK(strcmp(log.text,
                 "TILES_LOG is 'loud'; it takes off, warning, info or debug, so the log stays at warning\n") == 0);
    CHECK(log.highest == TILES_LOG_WARNING);
    CHECK_OK(tiles_set_log_callback(TILES_LOG_OFF, NULL, NULL));
    return failed;
}
