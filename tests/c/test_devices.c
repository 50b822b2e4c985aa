/* C tests of tiles.h's devices and contexts: enumeration, the default device and selectors, device
 * information, contexts on devices, and the transfer and build counters. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capi_tests.h"
#include "support.h"

/* The information of the device at `index`; its strings outlive the device handle because
 * libtiles keeps every device's information for the whole process. */
static int info_of(size_t index, tiles_device_info* info) {
    int failed = 0;
    tiles_device* device = NULL;
    if (CHECK_OK(tiles_device_get(&device, index))) CHECK_OK(tiles_device_get_info(info, device));
    CHECK_OK(tiles_device_release(device));
    return failed;
}

int test_device_enumeration(void) {
    int failed = 0;
    size_t count = 0;
    CHECK_OK(tiles_device_count(&count));
    CHECK(count >= 1);
    int platform = -1, device_index = -1;
    for (size_t i = 0; i < count; i++) {
        tiles_device_info info = TILES_DEVICE_INFO_INIT;
        failed += info_of(i, &info);
        /* Platform then device order: a new platform starts at device 0. */
        const int next_device = info.platform_index == platform ? device_index + 1 : 0;
        CHECK(info.platform_index >= platform && info.device_index == next_device);
        platform = info.platform_index;
        device_index = info.device_index;
        CHECK(info.struct_size == sizeof(tiles_device_info));
        CHECK(info.name != NULL && info.name[0] != '\0');
        CHECK(info.vendor != NULL && info.platform_name != NULL && info.driver_version != NULL);
        CHECK(info.device_version != NULL && strncmp(info.device_version, "OpenCL ", 7) == 0);
        CHECK(!(info.is_gpu && info.is_cpu));
        CHECK(info.max_tile_size >= 1);
        for (int d = 0; d < 3; d++) CHECK(info.max_tile_extent[d] >= 1);
        CHECK(info.tile_static_memory > 0);
        CHECK(info.max_allocation > 0 && info.max_allocation <= info.global_memory);
    }
    tiles_device* untouched = (tiles_device*)&count;
    tiles_device* device = untouched;
    CHECK_FAILS(tiles_device_get(&device, count), TILES_ERROR_INVALID_ARGUMENT, "there is no device");
    CHECK(device == untouched);
    return failed;
}

int test_default_device_and_selectors(void) {
    int failed = 0;
    tiles_device* chosen = NULL;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    if (!CHECK_OK(tiles_device_default(&chosen)) || !CHECK_OK(tiles_device_get_info(&info, chosen))) return failed;

    /* Without TILES_DEVICE, the default is the first GPU, else the first device. */
    const char* reason = NULL;
    CHECK_OK(tiles_device_default_reason(&reason));
    CHECK(reason != NULL && reason[0] != '\0');
    const char* selector = getenv("TILES_DEVICE");
    size_t count = 0, first_gpu = 0, first_cpu = 0;
    CHECK_OK(tiles_device_count(&count));
    int any_gpu = 0, any_cpu = 0;
    for (size_t i = 0; i < count; i++) {
        tiles_device_info other = TILES_DEVICE_INFO_INIT;
        failed += info_of(i, &other);
        if (other.is_gpu && !any_gpu++) first_gpu = i;
        if (other.is_cpu && !any_cpu++) first_cpu = i;
    }
    if (selector == NULL || selector[0] == '\0') {
        tiles_device_info expected = TILES_DEVICE_INFO_INIT;
        failed += info_of(any_gpu ? first_gpu : 0, &expected);
        CHECK(info.platform_index == expected.platform_index && info.device_index == expected.device_index);
    }

    /* Selectors: P:D indices, part of the name, a device type. */
    char indices[32];
    snprintf(indices, sizeof indices, "%d:%d", info.platform_index, info.device_index);
    const char* same_device[] = {indices, info.name};
    for (int i = 0; i < 2; i++) {
        tiles_device* selected = NULL;
        tiles_device_info selected_info = TILES_DEVICE_INFO_INIT;
        if (CHECK_OK(tiles_device_select(&selected, same_device[i])) &&
            CHECK_OK(tiles_device_get_info(&selected_info, selected)))
            CHECK(selected_info.platform_index == info.platform_index &&
                  selected_info.device_index == info.device_index);
        CHECK_OK(tiles_device_release(selected));
    }
    tiles_device* cpu = NULL;
    if (any_cpu) {
        tiles_device_info cpu_info = TILES_DEVICE_INFO_INIT;
        tiles_device_info expected = TILES_DEVICE_INFO_INIT;
        failed += info_of(first_cpu, &expected);
        if (CHECK_OK(tiles_device_select(&cpu, "cpu")) && CHECK_OK(tiles_device_get_info(&cpu_info, cpu)))
            CHECK(cpu_info.is_cpu && strcmp(cpu_info.name, expected.name) == 0);
        CHECK_OK(tiles_device_release(cpu));
    } else {
        CHECK_FAILS(tiles_device_select(&cpu, "cpu"), TILES_ERROR_INVALID_ARGUMENT, "no OpenCL device matches 'cpu'");
    }
    /* An unknown selector is refused with the list of devices. */
    CHECK_FAILS(tiles_device_select(&cpu, "no such device"), TILES_ERROR_INVALID_ARGUMENT,
                "no OpenCL device matches 'no such device'");
    CHECK(strstr(tiles_last_error_message(), info.name) != NULL);
    CHECK_FAILS(tiles_device_select(&cpu, NULL), TILES_ERROR_INVALID_ARGUMENT, "selector is NULL");
    CHECK_OK(tiles_device_release(chosen));
    return failed;
}

int test_device_info_refusals(void) {
    int failed = 0;
    tiles_device* device = NULL;
    if (!CHECK_OK(tiles_device_default(&device))) return failed;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    const char* untouched = "untouched";
    info.name = untouched;
    info.struct_size = 0;
    CHECK_FAILS(tiles_device_get_info(&info, device), TILES_ERROR_INVALID_ARGUMENT,
                "the tiles_device_info's struct_size (0) is smaller than any version of it");
    info.struct_size = sizeof info - 1;
    CHECK_FAILS(tiles_device_get_info(&info, device), TILES_ERROR_INVALID_ARGUMENT, "struct_size");
    CHECK(info.name == untouched);
    info.struct_size = sizeof info;
    CHECK_FAILS(tiles_device_get_info(NULL, device), TILES_ERROR_INVALID_ARGUMENT, "tiles_device_info is NULL");
    CHECK_FAILS(tiles_device_get_info(&info, NULL), TILES_ERROR_INVALID_HANDLE, "the device is NULL");
    CHECK(info.name == untouched);
    CHECK_OK(tiles_device_release(device));
    return failed;
}

/* The backends' verdicts on each device: the CUDA backend's alone where the build has it
 * (TILES_TEST_CUDA_BACKEND), none without it. On a device that is not NVIDIA's it serves nothing,
 * naming the device. */
int test_backend_verdicts(void) {
    int failed = 0;
#ifdef TILES_TEST_CUDA_BACKEND
    const size_t expected = 1;
#else
    const size_t expected = 0;
#endif
    size_t devices = 0;
    CHECK_OK(tiles_device_count(&devices));
    for (size_t i = 0; i < devices; i++) {
        tiles_device* device = NULL;
        if (!CHECK_OK(tiles_device_get(&device, i))) continue;
        tiles_device_info info = TILES_DEVICE_INFO_INIT;
        size_t count = 99;
        CHECK_OK(tiles_device_get_info(&info, device));
        CHECK_OK(tiles_device_backend_count(&count, device));
        CHECK(count == expected);
        for (size_t b = 0; b < count; b++) {
            tiles_backend_verdict verdict = TILES_BACKEND_VERDICT_INIT;
            if (!CHECK_OK(tiles_device_backend_verdict(&verdict, device, b))) continue;
            CHECK(strcmp(verdict.name, "cuda") == 0 && verdict.probed_count >= 1);
            for (size_t line = 0; line < verdict.probed_count; line++) CHECK(verdict.probed[line][0] != '\0');
            if (strstr(info.vendor, "NVIDIA") == NULL) {
                char refusal[512];
                snprintf(refusal, sizeof refusal, "everything: '%s' is not an NVIDIA GPU", info.name);
                CHECK(!verdict.serves && verdict.refused_count == 1 && strcmp(verdict.refused[0], refusal) == 0);
            }
        }
        tiles_backend_verdict past = TILES_BACKEND_VERDICT_INIT;
        char message[64];
        snprintf(message, sizeof message, "there is no backend %u: this build links %u", (unsigned)count,
                 (unsigned)count);
        CHECK_FAILS(tiles_device_backend_verdict(&past, device, count), TILES_ERROR_INVALID_ARGUMENT, message);
        CHECK(past.name == NULL);
        CHECK_OK(tiles_device_release(device));
    }
    tiles_backend_verdict verdict = TILES_BACKEND_VERDICT_INIT;
    size_t count = 0;
    CHECK_FAILS(tiles_device_backend_count(&count, NULL), TILES_ERROR_INVALID_HANDLE, "the device is NULL");
    CHECK_FAILS(tiles_device_backend_verdict(&verdict, NULL, 0), TILES_ERROR_INVALID_HANDLE, "the device is NULL");
    return failed;
}

/* Whether two contexts are on the same device. */
static int same_device(const tiles_context* a, const tiles_context* b) {
    int failed = 0;
    tiles_device* devices[2] = {NULL, NULL};
    tiles_device_info infos[2] = {TILES_DEVICE_INFO_INIT, TILES_DEVICE_INFO_INIT};
    const tiles_context* contexts[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        CHECK_OK(tiles_context_get_device(&devices[i], contexts[i]));
        CHECK_OK(tiles_device_get_info(&infos[i], devices[i]));
        CHECK_OK(tiles_device_release(devices[i]));
    }
    return failed == 0 && infos[0].platform_index == infos[1].platform_index &&
           infos[0].device_index == infos[1].device_index;
}

int test_contexts(void) {
    int failed = 0;
    tiles_device* first = NULL;
    tiles_context *created = NULL, *on_first = NULL, *default_context = NULL, *default_again = NULL;
    CHECK_OK(tiles_device_get(&first, 0));
    CHECK_OK(tiles_context_create(&created, NULL));
    CHECK_OK(tiles_context_create(&on_first, first));
    CHECK_OK(tiles_context_default(&default_context, NULL));
    CHECK_OK(tiles_context_default(&default_again, NULL));
    CHECK(same_device(created, default_context));
    tiles_device* device_of_first = NULL;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    if (CHECK_OK(tiles_context_get_device(&device_of_first, on_first)) &&
        CHECK_OK(tiles_device_get_info(&info, device_of_first)))
        CHECK(info.platform_index == 0 && info.device_index == 0);
    CHECK_OK(tiles_device_release(device_of_first));

    /* The default context is one context: a launch there counts in both handles; a new context
     * is another. */
    float host[16] = {0};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 16, 0, 0);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {16, 0, 0}, 0, {0, 0, 0}, NULL};
    tiles_view* view = NULL;
    tiles_kernel* add_one = NULL;
    CHECK_OK(tiles_view_create(&view, &shape, host));
    CHECK_OK(tiles_kernel_create(&add_one, add_one_source, "add_one", NULL));
    CHECK_OK(tiles_context_reset_counters(default_context));
    CHECK_OK(tiles_context_reset_counters(created));
    const tiles_arg args[] = {tiles_arg_view(view)};
    CHECK_OK(tiles_launch(default_again, &domain, add_one, args, 1));
    CHECK_OK(tiles_context_wait(default_again));
    tiles_counters counters = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_get_counters(&counters, default_context));
    CHECK(counters.launches == 1);
    CHECK_OK(tiles_context_get_counters(&counters, created));
    CHECK(counters.launches == 0);

    /* A retained context needs one more release. */
    CHECK_OK(tiles_context_retain(created));
    CHECK_OK(tiles_context_release(created));
    CHECK_OK(tiles_context_wait(created));
    CHECK_OK(tiles_kernel_release(add_one));
    CHECK_OK(tiles_view_release(view));
    CHECK_OK(tiles_context_release(created));
    CHECK_OK(tiles_context_release(on_first));
    CHECK_OK(tiles_context_release(default_context));
    CHECK_OK(tiles_context_release(default_again));
    CHECK_OK(tiles_device_release(first));
    return failed;
}

/* Every counter of `c` equals the one given; `builds` counts programs compiled or loaded from the
 * disk cache alike, which depends on what earlier runs left there. */
static int counters_are(const tiles_counters* c, uint64_t uploads, uint64_t bytes_uploaded, uint64_t downloads,
                        uint64_t bytes_downloaded, uint64_t builds, uint64_t cache_hits, uint64_t launches) {
    const int same = c->uploads == uploads && c->bytes_uploaded == bytes_uploaded && c->downloads == downloads &&
                     c->bytes_downloaded == bytes_downloaded && c->kernel_builds + c->binary_loads == builds &&
                     c->cache_hits == cache_hits && c->launches == launches && c->device_copies == 0 &&
                     c->bytes_copied_on_device == 0;
    if (!same)
        printf("  counters: %llu uploads (%llu bytes), %llu downloads (%llu bytes), %llu builds, %llu cache hits, "
               "%llu launches, %llu device copies\n",
               (unsigned long long)c->uploads, (unsigned long long)c->bytes_uploaded, (unsigned long long)c->downloads,
               (unsigned long long)c->bytes_downloaded, (unsigned long long)c->kernel_builds,
               (unsigned long long)c->cache_hits, (unsigned long long)c->launches,
               (unsigned long long)c->device_copies);
    return same;
}

int test_counters(void) {
    int failed = 0;
    tiles_context* context = NULL;
    if (!CHECK_OK(tiles_context_create(&context, NULL))) return failed;
    tiles_counters counters = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.struct_size == sizeof counters);
    CHECK(counters_are(&counters, 0, 0, 0, 0, 0, 0, 0));

    /* One upload to make the array; one build for two kernels of one source and tile shape, and
     * for the second launch of the first; another for a new tile shape; one download to read. */
    float initial[16] = {0}, result[16];
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 16, 0, 0);
    tiles_array* array = NULL;
    tiles_view* view = NULL;
    tiles_kernel *add_one = NULL, *same_source = NULL;
    CHECK_OK(tiles_array_create(&array, context, &shape, initial));
    CHECK_OK(tiles_array_get_view(&view, array));
    CHECK_OK(tiles_kernel_create(&add_one, add_one_source, "add_one", NULL));
    CHECK_OK(tiles_kernel_create(&same_source, add_one_source, "add_one", NULL));
    const tiles_arg args[] = {tiles_arg_array(array)};
    const tiles_domain in_fours = {sizeof(tiles_domain), 1, {16, 0, 0}, 1, {4, 0, 0}, NULL},
                       in_eights = {sizeof(tiles_domain), 1, {16, 0, 0}, 1, {8, 0, 0}, NULL};
    CHECK_OK(tiles_launch(context, &in_fours, add_one, args, 1));
    CHECK_OK(tiles_launch(context, &in_fours, same_source, args, 1));
    CHECK_OK(tiles_launch(context, &in_fours, add_one, args, 1));
    CHECK_OK(tiles_launch(context, &in_eights, add_one, args, 1));
    CHECK_OK(tiles_view_read(view, result, sizeof result));
    CHECK(result[0] == 4.0f && result[15] == 4.0f);
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters_are(&counters, 1, sizeof initial, 1, sizeof result, 2, 2, 4));

    /* The process's totals include this context's. */
    tiles_counters totals = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_get_counters(&totals, NULL));
    CHECK(totals.launches >= 4 && totals.uploads >= 1 && totals.kernel_builds + totals.binary_loads >= 2);

    CHECK_OK(tiles_context_reset_counters(context));
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters_are(&counters, 0, 0, 0, 0, 0, 0, 0));
    CHECK_OK(tiles_context_reset_counters(NULL));
    CHECK_OK(tiles_context_get_counters(&totals, NULL));
    CHECK(totals.launches == 0);

    counters.struct_size = sizeof counters - 1;
    CHECK_FAILS(tiles_context_get_counters(&counters, context), TILES_ERROR_INVALID_ARGUMENT,
                "tiles_counters's struct_size");
    CHECK_FAILS(tiles_context_get_counters(NULL, context), TILES_ERROR_INVALID_ARGUMENT, "tiles_counters is NULL");

    CHECK_OK(tiles_kernel_release(same_source));
    CHECK_OK(tiles_kernel_release(add_one));
    CHECK_OK(tiles_view_release(view));
    CHECK_OK(tiles_array_release(array));
    CHECK_OK(tiles_context_release(context));
    return failed;
}

/* Run by CTest with TILES_DEVICE=nonsense: the refusal names the variable, its value and the
 * devices there are. */
int test_tiles_device_naming_no_device_is_refused_by_name(void) {
    int failed = 0;
    tiles_device_info first = TILES_DEVICE_INFO_INIT;
    tiles_device* device = NULL;
    const char* selector = getenv("TILES_DEVICE");
    if (selector == NULL || strcmp(selector, "nonsense") != 0) {
        printf("left out: it needs TILES_DEVICE=nonsense, which its CTest test sets\n");
        return failed;
    }
    failed += info_of(0, &first);
    CHECK_FAILS(tiles_device_default(&device), TILES_ERROR_INVALID_ARGUMENT, "TILES_DEVICE='nonsense'");
    CHECK(strstr(tiles_last_error_message(), first.name) != NULL);
    CHECK(device == NULL);
    return failed;
}

/* Run by CTest with HOME=/dev/null and neither POCL_CACHE_DIR nor XDG_CACHE_HOME: PoCL cannot make
 * its cache directory and lists no device. The message says so, not that no driver is installed.
 * A driver that needs no cache directory still lists its devices, which passes too. */
int test_driver_without_a_cache_directory_is_named(void) {
    int failed = 0;
    size_t count = 0;
    const tiles_status status = tiles_device_count(&count);
    if (status == TILES_SUCCESS) {
        printf("the OpenCL drivers here list %zu devices without a cache directory\n", count);
        CHECK(count >= 1);
        return failed;
    }
    CHECK_FAILS(status, (tiles_status)-1 /* CL_DEVICE_NOT_FOUND */, "listed none");
    const char* message = tiles_last_error_message();
    CHECK(strstr(message, "CL_DEVICE_NOT_FOUND") != NULL);
    CHECK(strstr(message, "HOME=/dev/null") != NULL);
    CHECK(strstr(message, "POCL_CACHE_DIR") != NULL);
    CHECK(strstr(message, "install an OpenCL driver") == NULL);
    return failed;
}
