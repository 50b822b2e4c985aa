/* A stand-in for NVIDIA's libcuda.so.1, with the entry points libtiles loads (cuda.h's signatures;
 * CUresult is int, 0 for success). Its cuTensorMapEncodeTiled writes the arguments it was given
 * into the map's 128 bytes, so that a test can compare them with what CUDA documents; the
 * environment variable STAND_IN_ENCODE_STATUS makes it refuse with that CUresult instead. The
 * entry points of launches and memory write what they were given into stand_in_last_call(), the
 * modules loaded and unloaded are counted (stand_in_modules_loaded, _unloaded), and STAND_IN_FAIL="<entry
 * point>=<CUresult>" makes that one fail. Its context is current per thread, as libcuda's is
 * (cuCtxPushCurrent and cuCtxPopCurrent keep a stack per thread, stand_in_current() says what is
 * current): the tensor-map encoder, modules, functions, launches and the stream's wait refuse with
 * CUDA_ERROR_INVALID_CONTEXT (201) where the primary context is not current, so that a call libtiles
 * makes without its context pushed fails; the release of memory (unmap, release, address free) is
 * written into stand_in_releases(), each step said to come without a current context, or in
 * another than the primary one, where it does; the allocations made and most held at once are
 * counted (stand_in_memory_created, _most_held); cuDeviceGetCount says STAND_IN_DEVICE_COUNT GPUs,
 * else one; with STAND_IN_CHECK_RELEASES set, the process fails at exit where memory it made was not
 * released so.
 * Built with -DOLDER_THAN_CUDA_12, it lacks cuTensorMapEncodeTiled, as drivers before CUDA 12 do;
 * with -DWITHOUT_VIRTUAL_MEMORY, cuMemCreate. */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cuInit(unsigned flags) { return flags == 0 ? 0 : 1; }
int cuDeviceGet(int* device, int ordinal) {
    *device = ordinal;
    return 0;
}
/* As many GPUs as STAND_IN_DEVICE_COUNT says, else one. */
int cuDeviceGetCount(int* count) {
    const char* said = getenv("STAND_IN_DEVICE_COUNT");
    *count = said != NULL ? atoi(said) : 1;
    return 0;
}
static int primary;
int cuDevicePrimaryCtxRetain(void** context, int device) {
    *context = device == 0 ? &primary : NULL;
    return device == 0 ? 0 : 101;
}
static __thread void* current;
int cuCtxSetCurrent(void* context) {
    current = context;
    return context != NULL ? 0 : 201;
}
/* The calling thread's current context, which a test compares with what it made current. */
void* stand_in_current(void) { return current; }
/* 0 where the primary context is current, else CUDA_ERROR_INVALID_CONTEXT. */
static int outside_primary(void) { return current == &primary ? 0 : 201; }
/* The contexts pushed over, per thread, as libcuda's stack is (cuda.h names these _v2). */
static __thread void* pushed[16];
static __thread int depth;
int cuCtxPushCurrent_v2(void* context) {
    if (context == NULL || depth == 16) return 1;
    pushed[depth++] = current;
    current = context;
    return 0;
}
int cuCtxPopCurrent_v2(void** context) {
    if (depth == 0) return 201;
    if (context != NULL) *context = current;
    current = pushed[--depth];
    return 0;
}

#ifndef OLDER_THAN_CUDA_12
int cuTensorMapEncodeTiled(void* map, int data_type, unsigned rank, void* address, const uint64_t* dims,
                           const uint64_t* strides, const unsigned* box, const unsigned* element_strides,
                           int interleave, int swizzle, int l2_promotion, int fill) {
    const char* status = getenv("STAND_IN_ENCODE_STATUS");
    if (status != NULL) return atoi(status);
    if (outside_primary()) return outside_primary();
    const uint64_t words[16] = {(uint64_t)data_type,
                                rank,
                                (uint64_t)(uintptr_t)address,
                                dims[0],
                                dims[1],
                                strides[0],
                                box[0],
                                box[1],
                                element_strides[0],
                                element_strides[1],
                                (uint64_t)interleave,
                                (uint64_t)swizzle,
                                (uint64_t)l2_promotion,
                                (uint64_t)fill,
                                0,
                                0};
    memcpy(map, words, sizeof words);
    return 0;
}
#endif

/* What the last entry point of launches and memory was given, as text. */
static char last_call[4096];
const char* stand_in_last_call(void) { return last_call; }

/* How many modules were loaded and unloaded, so that a test can see that every one is released. */
static int modules_loaded, modules_unloaded;
int stand_in_modules_loaded(void) { return modules_loaded; }
int stand_in_modules_unloaded(void) { return modules_unloaded; }

/* The CUresult STAND_IN_FAIL names for `entry`, else 0. */
static int failure(const char* entry) {
    const char* fail = getenv("STAND_IN_FAIL");
    const size_t length = strlen(entry);
    return fail != NULL && strncmp(fail, entry, length) == 0 && fail[length] == '=' ? atoi(fail + length + 1) : 0;
}

/* The first GPU's UUID: 16 bytes of 0x5a. */
int cuDeviceGetUuid(unsigned char* uuid, int device) {
    memset(uuid, 0x5a, 16);
    return failure("cuDeviceGetUuid") ? failure("cuDeviceGetUuid") : device == 0 ? 0 : 101;
}
int cuModuleLoadData(void** module, const void* image) {
    static int loaded;
    snprintf(last_call, sizeof last_call, "cuModuleLoadData %s", (const char*)image);
    *module = &loaded;
    if (outside_primary()) return outside_primary();
    if (failure("cuModuleLoadData")) return failure("cuModuleLoadData");
    ++modules_loaded;
    return 0;
}
int cuModuleUnload(void* module) {
    modules_unloaded += module != NULL;
    return module != NULL ? 0 : 400;
}
int cuModuleGetFunction(void** function, void* module, const char* name) {
    static int found;
    snprintf(last_call, sizeof last_call, "cuModuleGetFunction %s", name);
    *function = module != NULL ? &found : NULL;
    return outside_primary() ? outside_primary() : failure("cuModuleGetFunction");
}
int cuFuncSetAttribute(void* function, int attribute, int value) {
    snprintf(last_call, sizeof last_call, "cuFuncSetAttribute %d %d", attribute, value);
    return function == NULL ? 400 : outside_primary() ? outside_primary() : failure("cuFuncSetAttribute");
}
int cuLaunchKernel(void* function, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                   unsigned shared, void* stream, void** args, void** extra) {
    snprintf(last_call, sizeof last_call, "cuLaunchKernel grid %u %u %u block %u %u %u shared %u first %d%s", gx, gy,
             gz, bx, by, bz, shared, *(int*)args[0], stream == NULL && extra == NULL ? "" : " stream or extra");
    return function == NULL ? 400 : outside_primary() ? outside_primary() : failure("cuLaunchKernel");
}
int cuStreamSynchronize(void* stream) {
    return stream != NULL ? 400 : outside_primary() ? outside_primary() : failure("cuStreamSynchronize");
}

/* Memory: a granularity of 2 MiB, and addresses that are never dereferenced; how many allocations
 * were made and released, and the most held at once since stand_in_reset_most_held. */
static int created, released, most_held;
int stand_in_memory_created(void) { return created; }
int stand_in_most_held(void) { return most_held; }
void stand_in_reset_most_held(void) { most_held = created - released; }
int cuMemGetAllocationGranularity(size_t* granularity, const void* properties, int option) {
    *granularity = (size_t)2 << 20;
    return properties != NULL && option == 0 ? failure("cuMemGetAllocationGranularity") : 1;
}
#ifndef WITHOUT_VIRTUAL_MEMORY
int cuMemCreate(uint64_t* handle, size_t bytes, const void* properties, unsigned long long flags) {
    const int* words = properties;
    snprintf(last_call, sizeof last_call, "cuMemCreate %zu type %d handles %d location %d %d", bytes, words[0],
             words[1], words[2], words[3]);
    *handle = 0x4a11;
    if (flags != 0 || failure("cuMemCreate")) return flags == 0 ? failure("cuMemCreate") : 1;
    ++created;
    if (created - released > most_held) most_held = created - released;
    return 0;
}
#endif
/* The steps of releases, in order. */
static char releases[4096];
const char* stand_in_releases(void) { return releases; }
/* Notes `step` of a release, and where the primary context is not current, what is; 0, or
 * CUDA_ERROR_INVALID_CONTEXT without a current context. */
static int release_step(const char* step) {
    const size_t length = strlen(releases);
    snprintf(releases + length, sizeof releases - length, "%s%s; ", step,
             current == NULL       ? " without a current context"
             : current != &primary ? " in another context"
                                   : "");
    return current == NULL ? 201 : 0;
}
__attribute__((destructor)) static void check_releases(void) {
    if (getenv("STAND_IN_CHECK_RELEASES") == NULL || (released == created && strstr(releases, "context") == NULL))
        return;
    fprintf(stderr, "stand-in libcuda: %d of %d allocations released at exit, so: %s\n", released, created, releases);
    _exit(1);
}
int cuMemRelease(uint64_t handle) {
    if (handle != 0x4a11) return 1;
    const int status = release_step("cuMemRelease");
    released += status == 0;
    return status;
}
int cuMemAddressReserve(uint64_t* address, size_t bytes, size_t alignment, uint64_t fixed, unsigned long long flags) {
    *address = 0x302000000;
    return bytes != 0 && alignment == 0 && fixed == 0 && flags == 0 ? failure("cuMemAddressReserve") : 1;
}
int cuMemAddressFree(uint64_t address, size_t bytes) {
    return address != 0 && bytes != 0 ? release_step("cuMemAddressFree") : 1;
}
int cuMemMap(uint64_t address, size_t bytes, size_t offset, uint64_t handle, unsigned long long flags) {
    return address != 0 && bytes != 0 && offset == 0 && handle == 0x4a11 && flags == 0 ? failure("cuMemMap") : 1;
}
int cuMemUnmap(uint64_t address, size_t bytes) { return address != 0 && bytes != 0 ? release_step("cuMemUnmap") : 1; }
int cuMemSetAccess(uint64_t address, size_t bytes, const void* access, size_t count) {
    const int* words = access;
    snprintf(last_call, sizeof last_call, "cuMemSetAccess %zu location %d %d flags %d count %zu", bytes, words[0],
             words[1], words[2], count);
    return address != 0 ? failure("cuMemSetAccess") : 1;
}
/* A real fd (of /dev/null), which the caller closes where OpenCL does not take it. */
int cuMemExportToShareableHandle(void* fd, uint64_t handle, int type, unsigned long long flags) {
    if (failure("cuMemExportToShareableHandle")) return failure("cuMemExportToShareableHandle");
    *(int*)fd = open("/dev/null", O_RDONLY);
    return handle == 0x4a11 && type == 1 && flags == 0 ? 0 : 1;
}
