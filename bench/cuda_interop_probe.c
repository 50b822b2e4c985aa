/* libtiles bench: whether memory that libcuda allocates can be imported into NVIDIA's OpenCL
 * (cl_khr_external_memory_opaque_fd), so that one allocation is reachable from an OpenCL kernel and
 * from a PTX kernel launched through libcuda, whose launch may take more than OpenCL's 48 KiB of
 * local memory a work-group (BENCHMARKS.md, "the 48 KiB wall, a third side"). Each step prints its
 * status; a failed step ends the probe with status 1, a machine without libcuda or an NVIDIA OpenCL
 * GPU ends it with status 2; semaphores that OpenCL does not export are reported, not failed. Last,
 * it times the turn between OpenCL's work and libcuda's (BENCHMARKS.md, "the turn between OpenCL's
 * context and libcuda's").
 * libcuda is loaded by name, its entry points declared here as cuda.h declares them (CUresult is
 * int, handles are pointers or integers), so no CUDA headers are needed.
 *   cuda_interop_probe [MiB]      (64 by default)
 */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char** argv);

/* libcuda's entry points (cuda.h). CUdeviceptr is a 64-bit integer, CUmemGenericAllocationHandle too. */
struct cuda {
    int (*init)(unsigned);
    int (*device_get)(int*, int);
    int (*primary_context_retain)(void**, int);
    int (*context_set_current)(void*);
    int (*granularity)(size_t*, const void* prop, int option);
    int (*create)(uint64_t* handle, size_t size, const void* prop, unsigned long long flags);
    int (*export_handle)(void* out, uint64_t handle, int handle_type, unsigned long long flags);
    int (*reserve)(uint64_t* address, size_t size, size_t alignment, uint64_t start, unsigned long long flags);
    int (*map)(uint64_t address, size_t size, size_t offset, uint64_t handle, unsigned long long flags);
    int (*set_access)(uint64_t address, size_t size, const void* descriptions, size_t count);
    int (*load_module)(void** module, const void* image);
    int (*get_function)(void** function, void* module, const char* name);
    int (*set_attribute)(void* function, int attribute, int value);
    int (*stream_create)(void** stream, unsigned flags);
    int (*launch)(void* function, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                  unsigned shared_bytes, void* stream, void** parameters, void** extra);
    int (*stream_synchronize)(void* stream);
    int (*import_semaphore)(void** semaphore, const void* description);
    int (*signal_semaphores)(void* const* semaphores, const void* parameters, unsigned count, void* stream);
    int (*wait_semaphores)(void* const* semaphores, const void* parameters, unsigned count, void* stream);
    int (*error_name)(int status, const char** name);
};

/* cuda.h's structures and enumerations, as laid out there. */
struct cu_location {
    int type; /* CU_MEM_LOCATION_TYPE_DEVICE = 1 */
    int id;
};
struct cu_allocation_prop {
    int type;                   /* CU_MEM_ALLOCATION_TYPE_PINNED = 1 */
    int requested_handle_types; /* CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR = 1 */
    struct cu_location location;
    void* win32_metadata;
    unsigned char flags[8]; /* compression, GPUDirect RDMA, usage, reserved */
};
struct cu_access_description {
    struct cu_location location;
    int flags; /* CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 3 */
};
/* CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC: the type (OPAQUE_FD = 1) at 0, the fd at 8, flags at 24; and
 * the signal and wait parameters, which binary semaphores leave zero (144 bytes each). */
struct cu_semaphore_description {
    int type;
    int padding;
    union {
        int fd;
        void* pointers[2];
    } handle;
    unsigned flags;
    unsigned reserved[17];
};
struct cu_semaphore_parameters {
    unsigned char bytes[144];
};
enum { allocation_pinned = 1, handle_posix_fd = 1, location_device = 1, access_read_write = 3 };
enum { max_dynamic_shared_bytes = 8, semaphore_opaque_fd = 1 };

static struct cuda cu;

/* Stores `symbol`, the entry point `name` of `where`, in the function pointer at `entry`. */
static int found(void* symbol, const char* where, const char* name, void* entry) {
    memcpy(entry, &symbol, sizeof symbol);
    if (!symbol) printf("%s has no %s\n", where, name);
    return symbol != NULL;
}
static int find(void* library, const char* name, void* entry) {
    return found(dlsym(library, name), "libcuda.so.1", name, entry);
}
static int find_in_opencl(cl_platform_id platform, const char* name, void* entry) {
    return found(clGetExtensionFunctionAddressForPlatform(platform, name), "OpenCL", name, entry);
}

static int load_cuda(void) {
    void* library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        printf("libcuda.so.1 could not be loaded: %s\n", dlerror());
        return 0;
    }
    return find(library, "cuInit", &cu.init) && find(library, "cuDeviceGet", &cu.device_get) &&
           find(library, "cuDevicePrimaryCtxRetain", &cu.primary_context_retain) &&
           find(library, "cuCtxSetCurrent", &cu.context_set_current) &&
           find(library, "cuMemGetAllocationGranularity", &cu.granularity) &&
           find(library, "cuMemCreate", &cu.create) &&
           find(library, "cuMemExportToShareableHandle", &cu.export_handle) &&
           find(library, "cuMemAddressReserve", &cu.reserve) && find(library, "cuMemMap", &cu.map) &&
           find(library, "cuMemSetAccess", &cu.set_access) && find(library, "cuModuleLoadData", &cu.load_module) &&
           find(library, "cuModuleGetFunction", &cu.get_function) &&
           find(library, "cuFuncSetAttribute", &cu.set_attribute) &&
           find(library, "cuStreamCreate", &cu.stream_create) && find(library, "cuLaunchKernel", &cu.launch) &&
           find(library, "cuStreamSynchronize", &cu.stream_synchronize) &&
           find(library, "cuImportExternalSemaphore", &cu.import_semaphore) &&
           find(library, "cuSignalExternalSemaphoresAsync", &cu.signal_semaphores) &&
           find(library, "cuWaitExternalSemaphoresAsync", &cu.wait_semaphores) &&
           find(library, "cuGetErrorName", &cu.error_name);
}

/* Prints a libcuda step's status; true where it succeeded. */
static int cuda_step(const char* step, int status) {
    const char* name = "?";
    cu.error_name(status, &name);
    printf("%-58s CUresult %d (%s)\n", step, status, name ? name : "?");
    return status == 0;
}
static int cl_step(const char* step, cl_int status) {
    printf("%-58s cl_int %d\n", step, status);
    return status == CL_SUCCESS;
}

/* The OpenCL kernel writes word i as 3 i + 1. */
static const char* pattern_source =
    "kernel void pattern(global uint* words) { size_t i = get_global_id(0); words[i] = 3u * (uint)i + 1u; }\n";

/* The PTX kernel adds 1 to each word, through dynamic shared memory placed `far` bytes in, where
 * OpenCL's 48 KiB do not reach: each thread writes the word of its mirror in the block, and after a
 * barrier reads its own back from its mirror's slot. */
static const char* const bump_ptx = ".version 7.8\n"
                                    ".target sm_90\n"
                                    ".address_size 64\n"
                                    ".extern .shared .align 16 .b8 dynamic_shared[];\n"
                                    ".visible .entry bump(.param .u64 words, .param .u32 far)\n"
                                    "{\n"
                                    "  .reg .b32 %r<12>;\n"
                                    "  .reg .b64 %rd<6>;\n"
                                    "  ld.param.u64 %rd1, [words];\n"
                                    "  ld.param.u32 %r1, [far];\n"
                                    "  cvta.to.global.u64 %rd1, %rd1;\n"
                                    "  mov.u32 %r2, %ctaid.x;\n"
                                    "  mov.u32 %r3, %ntid.x;\n"
                                    "  mov.u32 %r4, %tid.x;\n"
                                    "  mul.lo.u32 %r5, %r2, %r3;\n"
                                    "  sub.u32 %r6, %r3, 1;\n"
                                    "  sub.u32 %r6, %r6, %r4;\n" /* the mirror */
                                    "  add.u32 %r7, %r5, %r6;\n"
                                    "  mul.wide.u32 %rd2, %r7, 4;\n"
                                    "  add.s64 %rd2, %rd1, %rd2;\n"
                                    "  ld.global.u32 %r8, [%rd2];\n"
                                    "  add.u32 %r8, %r8, 1;\n"
                                    "  mov.u32 %r9, dynamic_shared;\n"
                                    "  add.u32 %r9, %r9, %r1;\n"
                                    "  shl.b32 %r10, %r4, 2;\n"
                                    "  add.u32 %r10, %r9, %r10;\n"
                                    "  st.shared.u32 [%r10], %r8;\n"
                                    "  bar.sync 0;\n"
                                    "  shl.b32 %r11, %r6, 2;\n"
                                    "  add.u32 %r11, %r9, %r11;\n"
                                    "  ld.shared.u32 %r8, [%r11];\n"
                                    "  add.u32 %r7, %r5, %r4;\n"
                                    "  mul.wide.u32 %rd3, %r7, 4;\n"
                                    "  add.s64 %rd3, %rd1, %rd3;\n"
                                    "  st.global.u32 [%rd3], %r8;\n"
                                    "  ret;\n"
                                    "}\n";

/* The first GPU of a platform whose name says NVIDIA. */
static cl_device_id nvidia_gpu(cl_platform_id* platform_out) {
    cl_platform_id platforms[16];
    cl_uint count = 0;
    if (clGetPlatformIDs(16, platforms, &count) != CL_SUCCESS) return NULL;
    for (cl_uint p = 0; p < count && p < 16; ++p) {
        char name[256] = "";
        cl_device_id device = NULL;
        clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (strstr(name, "NVIDIA") && clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_GPU, 1, &device, NULL) == 0) {
            *platform_out = platforms[p];
            return device;
        }
    }
    return NULL;
}

/* The words of the device's extension list that name external memory, semaphores or UUIDs. */
static void print_external(const char* extensions) {
    char copy[8192];
    snprintf(copy, sizeof copy, "%s", extensions);
    printf("external extensions:");
    for (char* word = strtok(copy, " "); word; word = strtok(NULL, " "))
        if (strstr(word, "external") || strstr(word, "semaphore") || strstr(word, "uuid")) printf(" %s", word);
    printf("\n");
}
/* The handle types (cl_uint) the device reports for `query`. */
static void print_handle_types(const char* what, cl_device_id device, cl_device_info query) {
    cl_uint types[16];
    size_t bytes = 0;
    const cl_int status = clGetDeviceInfo(device, query, sizeof types, types, &bytes);
    printf("%-58s", what);
    if (status != CL_SUCCESS) printf(" cl_int %d", status);
    for (size_t i = 0; status == CL_SUCCESS && i < bytes / sizeof(cl_uint); ++i) printf(" 0x%x", types[i]);
    printf("%s\n", status == CL_SUCCESS && bytes == 0 ? " (none)" : "");
}

/* A fresh POSIX fd of the allocation: the import may take the fd it is given. */
static int export_fd(uint64_t handle) {
    int fd = -1;
    return cuda_step("cuMemExportToShareableHandle (POSIX fd)", cu.export_handle(&fd, handle, handle_posix_fd, 0)) ? fd
                                                                                                                   : -1;
}

/* Counts the words that are not 3 i + 1 + `added`, printing the first. */
static size_t wrong_words(const cl_uint* words, size_t count, cl_uint added) {
    size_t wrong = 0;
    for (size_t i = 0; i < count; ++i)
        if (words[i] != 3u * (cl_uint)i + 1u + added && wrong++ == 0)
            printf("word %zu is %u, not %u\n", i, words[i], 3u * (cl_uint)i + 1u + added);
    return wrong;
}

static double event_seconds(cl_event event) {
    cl_ulong start = 0, end = 0;
    clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL);
    clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL);
    return (double)(end - start) * 1e-9;
}

/* The median of `runs` copies of `bytes` from `from` into `to`, in GB/s of bytes copied. */
static double copy_rate(cl_command_queue queue, cl_mem from, cl_mem to, size_t bytes) {
    enum { runs = 9 };
    double seconds[runs];
    for (int run = 0; run < runs; ++run) {
        cl_event event = NULL;
        clEnqueueCopyBuffer(queue, from, to, 0, 0, bytes, 0, NULL, &event);
        clWaitForEvents(1, &event);
        seconds[run] = event_seconds(event);
        clReleaseEvent(event);
    }
    for (int i = 1; i < runs; ++i)
        for (int j = i; j > 0 && seconds[j] < seconds[j - 1]; --j) {
            const double t = seconds[j];
            seconds[j] = seconds[j - 1];
            seconds[j - 1] = t;
        }
    return (double)bytes / seconds[runs / 2] * 1e-9;
}

/* A launch of the PTX kernel through libcuda. */
struct launch {
    void* function;
    void* stream;
    unsigned blocks, threads, shared_bytes;
    void** arguments;
};

/* OpenCL writes the pattern into `imported` and signals a semaphore; libcuda waits on it, adds 1
 * and signals another; OpenCL waits on that and reads back: the two ordered without waits on the
 * host. Returns the probe's status: 0 where the words come back right or OpenCL exports no
 * semaphore (a finding, not a failure: the probe's first round trip ordered them by clFinish and
 * cuStreamSynchronize). */
static int order_by_semaphores(cl_platform_id platform, cl_device_id device, cl_context context, cl_command_queue queue,
                               cl_kernel pattern, size_t words, const struct launch* bump, cl_mem imported,
                               cl_uint* host) {
    cl_int status = CL_SUCCESS;
    clCreateSemaphoreWithPropertiesKHR_fn create_semaphore = NULL;
    clGetSemaphoreHandleForTypeKHR_fn semaphore_handle = NULL;
    clEnqueueSignalSemaphoresKHR_fn signal = NULL;
    clEnqueueWaitSemaphoresKHR_fn wait = NULL;
    if (!find_in_opencl(platform, "clCreateSemaphoreWithPropertiesKHR", &create_semaphore) ||
        !find_in_opencl(platform, "clGetSemaphoreHandleForTypeKHR", &semaphore_handle) ||
        !find_in_opencl(platform, "clEnqueueSignalSemaphoresKHR", &signal) ||
        !find_in_opencl(platform, "clEnqueueWaitSemaphoresKHR", &wait))
        return 0;
    const cl_semaphore_properties_khr semaphore_properties[] = {CL_SEMAPHORE_TYPE_KHR,
                                                                CL_SEMAPHORE_TYPE_BINARY_KHR,
                                                                CL_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR,
                                                                CL_SEMAPHORE_HANDLE_OPAQUE_FD_KHR,
                                                                CL_SEMAPHORE_EXPORT_HANDLE_TYPES_LIST_END_KHR,
                                                                CL_DEVICE_HANDLE_LIST_KHR,
                                                                (cl_semaphore_properties_khr)(uintptr_t)device,
                                                                CL_DEVICE_HANDLE_LIST_END_KHR,
                                                                0};
    cl_semaphore_khr written = create_semaphore(context, semaphore_properties, &status);
    if (!cl_step("clCreateSemaphoreWithPropertiesKHR (exportable as an opaque fd)", status)) {
        printf("semaphores: OpenCL exports none, so libcuda can import none of its; the two order by "
               "clFinish and cuStreamSynchronize\n");
        return 0;
    }
    cl_semaphore_khr bumped = create_semaphore(context, semaphore_properties, &status);
    if (!cl_step("clCreateSemaphoreWithPropertiesKHR (bumped)", status)) return 1;
    int written_fd = -1, bumped_fd = -1;
    if (!cl_step("clGetSemaphoreHandleForTypeKHR (written)",
                 semaphore_handle(written, device, CL_SEMAPHORE_HANDLE_OPAQUE_FD_KHR, sizeof written_fd, &written_fd,
                                  NULL)) ||
        !cl_step(
            "clGetSemaphoreHandleForTypeKHR (bumped)",
            semaphore_handle(bumped, device, CL_SEMAPHORE_HANDLE_OPAQUE_FD_KHR, sizeof bumped_fd, &bumped_fd, NULL)))
        return 1;
    struct cu_semaphore_description description;
    void *cu_written = NULL, *cu_bumped = NULL;
    memset(&description, 0, sizeof description);
    description.type = semaphore_opaque_fd;
    description.handle.fd = written_fd;
    if (!cuda_step("cuImportExternalSemaphore (written)", cu.import_semaphore(&cu_written, &description))) return 1;
    description.handle.fd = bumped_fd;
    if (!cuda_step("cuImportExternalSemaphore (bumped)", cu.import_semaphore(&cu_bumped, &description))) return 1;
    struct cu_semaphore_parameters none;
    memset(&none, 0, sizeof none);
    memset(host, 0, words * sizeof *host);
    if (!cl_step("clEnqueueNDRangeKernel (pattern)",
                 clEnqueueNDRangeKernel(queue, pattern, 1, NULL, &words, NULL, 0, NULL, NULL)) ||
        !cl_step("clEnqueueSignalSemaphoresKHR", signal(queue, 1, &written, NULL, 0, NULL, NULL)) ||
        !cl_step("clFlush", clFlush(queue)) ||
        !cuda_step("cuWaitExternalSemaphoresAsync", cu.wait_semaphores(&cu_written, &none, 1, bump->stream)) ||
        !cuda_step("cuLaunchKernel (bump, 200 KiB)",
                   cu.launch(bump->function, bump->blocks, 1, 1, bump->threads, 1, 1, bump->shared_bytes, bump->stream,
                             bump->arguments, NULL)) ||
        !cuda_step("cuSignalExternalSemaphoresAsync", cu.signal_semaphores(&cu_bumped, &none, 1, bump->stream)) ||
        !cl_step("clEnqueueWaitSemaphoresKHR", wait(queue, 1, &bumped, NULL, 0, NULL, NULL)) ||
        !cl_step("clEnqueueReadBuffer (imported)",
                 clEnqueueReadBuffer(queue, imported, CL_TRUE, 0, words * sizeof *host, host, 0, NULL, NULL)))
        return 1;
    const size_t wrong = wrong_words(host, words, 1);
    printf("ordered by semaphores alone: %zu of %zu words wrong\n", wrong, words);
    return wrong == 0 ? 0 : 1;
}

static double now_microseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec * 1e6 + (double)now.tv_nsec * 1e-3;
}

/* One block's worth of work on either side, each waited for on the host as the engine waits for
 * it: the pattern kernel and clFinish, the bump kernel and cuStreamSynchronize. True where both
 * steps succeeded. */
static int opencl_work(cl_command_queue queue, cl_kernel pattern, size_t words) {
    const cl_int launched = clEnqueueNDRangeKernel(queue, pattern, 1, NULL, &words, NULL, 0, NULL, NULL);
    return launched == CL_SUCCESS && clFinish(queue) == CL_SUCCESS;
}
static int cuda_work(const struct launch* bump) {
    return cu.launch(bump->function, 1, 1, 1, bump->threads, 1, 1, bump->shared_bytes, bump->stream, bump->arguments,
                     NULL) == 0 &&
           cu.stream_synchronize(bump->stream) == 0;
}

/* The host's time for the second of two pieces of work, the first on one side and the second on
 * the same side or the other (with a pause of 1 ms between, in the last case): the median and the
 * least of 41 rounds, all cases taking turns in each round. Returns the probe's status: 1 where a
 * launch or a wait failed, whose times would mean nothing. */
static int time_turns(cl_command_queue queue, cl_kernel pattern, size_t words, const struct launch* bump) {
    enum { cases = 5, rounds = 41 };
    static const char* const names[cases] = {"libcuda's kernel after libcuda's", "libcuda's kernel after OpenCL's",
                                             "OpenCL's kernel after OpenCL's", "OpenCL's kernel after libcuda's",
                                             "libcuda's kernel after OpenCL's, 1 ms on"};
    double micros[cases][rounds];
    const struct timespec pause = {0, 1000000};
    for (int round = 0; round < rounds; ++round)
        for (int c = 0; c < cases; ++c) {
            const int first = c == 0 || c == 3 ? cuda_work(bump) : opencl_work(queue, pattern, words);
            if (c == 4) nanosleep(&pause, NULL);
            const double start = now_microseconds();
            const int second = c == 2 || c == 3 ? opencl_work(queue, pattern, words) : cuda_work(bump);
            micros[c][round] = now_microseconds() - start;
            if (!first || !second) {
                printf("the turns: a launch or its wait failed (%s, round %d)\n", names[c], round);
                return 1;
            }
        }
    for (int c = 0; c < cases; ++c) {
        double* m = micros[c];
        for (int i = 1; i < rounds; ++i)
            for (int j = i; j > 0 && m[j] < m[j - 1]; --j) {
                const double t = m[j];
                m[j] = m[j - 1];
                m[j - 1] = t;
            }
        printf("%-58s %7.1f us median, %7.1f least (one block, waited for on the host)\n", names[c], m[rounds / 2],
               m[0]);
    }
    return 0;
}

/* The allocation's size from the command line: whole MiB, 64 by default; 0 where it is no size. */
static size_t size_argument(int argc, char** argv) {
    if (argc < 2) return (size_t)64 << 20;
    char* end = NULL;
    const long mib = strtol(argv[1], &end, 10);
    if (argc > 2 || *end != '\0' || mib < 1 || mib > 65536) {
        printf("usage: cuda_interop_probe [MiB], the size a whole number from 1 to 65536, not '%s'\n",
               argv[argc > 2 ? 2 : 1]);
        return 0;
    }
    return (size_t)mib << 20;
}

int main(int argc, char** argv) {
    const size_t bytes = size_argument(argc, argv), words = bytes / 4;
    if (bytes == 0) return 1;
    const unsigned block = 256, shared_bytes = 200 << 10, far = shared_bytes - block * 4;
    cl_platform_id platform = NULL;
    const cl_device_id device = nvidia_gpu(&platform);
    if (!device) {
        printf("no NVIDIA OpenCL GPU\n");
        return 2;
    }
    if (!load_cuda()) return 2;
    char extensions[8192] = "";
    clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof extensions, extensions, NULL);
    print_external(extensions);
    print_handle_types("memory import handle types (device)", device,
                       CL_DEVICE_EXTERNAL_MEMORY_IMPORT_HANDLE_TYPES_KHR);
    print_handle_types("semaphore import handle types (device)", device, CL_DEVICE_SEMAPHORE_IMPORT_HANDLE_TYPES_KHR);
    print_handle_types("semaphore export handle types (device)", device, CL_DEVICE_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR);

    int cuda_device = 0;
    void* primary = NULL;
    if (!cuda_step("cuInit", cu.init(0)) || !cuda_step("cuDeviceGet", cu.device_get(&cuda_device, 0)) ||
        !cuda_step("cuDevicePrimaryCtxRetain", cu.primary_context_retain(&primary, cuda_device)) ||
        !cuda_step("cuCtxSetCurrent", cu.context_set_current(primary)))
        return 1;

    /* 1. The allocation, exportable as a POSIX fd, mapped and made accessible. */
    struct cu_allocation_prop prop;
    memset(&prop, 0, sizeof prop);
    prop.type = allocation_pinned;
    prop.requested_handle_types = handle_posix_fd;
    prop.location.type = location_device;
    prop.location.id = cuda_device;
    size_t granularity = 0;
    uint64_t handle = 0, address = 0;
    struct cu_access_description access = {{location_device, cuda_device}, access_read_write};
    if (!cuda_step("cuMemGetAllocationGranularity", cu.granularity(&granularity, &prop, 0))) return 1;
    if (bytes % granularity != 0) {
        printf("%zu MiB is no whole number of libcuda's granules of %zu bytes\n", bytes >> 20, granularity);
        return 1;
    }
    if (!cuda_step("cuMemCreate", cu.create(&handle, bytes, &prop, 0)) ||
        !cuda_step("cuMemAddressReserve", cu.reserve(&address, bytes, 0, 0, 0)) ||
        !cuda_step("cuMemMap", cu.map(address, bytes, 0, handle, 0)) ||
        !cuda_step("cuMemSetAccess", cu.set_access(address, bytes, &access, 1)))
        return 1;
    printf("allocation: %zu MiB at 0x%llx, granularity %zu bytes\n", bytes >> 20, (unsigned long long)address,
           granularity);

    /* 2. The import into OpenCL, with the device named and without. */
    cl_int status = CL_SUCCESS;
    const cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &status);
    if (!cl_step("clCreateContext", status)) return 1;
    const cl_queue_properties queue_properties[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    const cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, queue_properties, &status);
    if (!cl_step("clCreateCommandQueueWithProperties", status)) return 1;
    cl_mem imported = NULL;
    for (int named = 1; named >= 0 && !imported; --named) {
        const int fd = export_fd(handle);
        if (fd < 0) return 1;
        const cl_mem_properties with_device[] = {
            CL_EXTERNAL_MEMORY_HANDLE_OPAQUE_FD_KHR, (cl_mem_properties)fd,         CL_DEVICE_HANDLE_LIST_KHR,
            (cl_mem_properties)(uintptr_t)device,    CL_DEVICE_HANDLE_LIST_END_KHR, 0};
        const cl_mem_properties without_device[] = {CL_EXTERNAL_MEMORY_HANDLE_OPAQUE_FD_KHR, (cl_mem_properties)fd, 0};
        imported = clCreateBufferWithProperties(context, named ? with_device : without_device, CL_MEM_READ_WRITE, bytes,
                                                NULL, &status);
        cl_step(named ? "clCreateBufferWithProperties (opaque fd, device listed)"
                      : "clCreateBufferWithProperties (opaque fd, no device list)",
                status);
        if (!imported) close(fd);
    }
    if (!imported) return 1;

    /* 3. OpenCL writes the pattern; libcuda's kernel adds 1 through 200 KiB of shared memory. */
    const cl_program program = clCreateProgramWithSource(context, 1, &pattern_source, NULL, &status);
    if (!cl_step("clBuildProgram (pattern)", clBuildProgram(program, 1, &device, "", NULL, NULL))) return 1;
    const cl_kernel pattern = clCreateKernel(program, "pattern", &status);
    clSetKernelArg(pattern, 0, sizeof imported, &imported);
    if (!cl_step("clEnqueueNDRangeKernel (pattern)",
                 clEnqueueNDRangeKernel(queue, pattern, 1, NULL, &words, NULL, 0, NULL, NULL)) ||
        !cl_step("clFinish", clFinish(queue)))
        return 1;
    void *module = NULL, *bump = NULL, *stream = NULL;
    void* arguments[] = {&address, (void*)&far};
    if (!cuda_step("cuModuleLoadData (bump)", cu.load_module(&module, bump_ptx)) ||
        !cuda_step("cuModuleGetFunction", cu.get_function(&bump, module, "bump")) ||
        !cuda_step("cuFuncSetAttribute (200 KiB dynamic shared)",
                   cu.set_attribute(bump, max_dynamic_shared_bytes, (int)shared_bytes)) ||
        !cuda_step("cuStreamCreate", cu.stream_create(&stream, 0)) ||
        !cuda_step("cuLaunchKernel (bump, 200 KiB)", cu.launch(bump, (unsigned)(words / block), 1, 1, block, 1, 1,
                                                               shared_bytes, stream, arguments, NULL)) ||
        !cuda_step("cuStreamSynchronize", cu.stream_synchronize(stream)))
        return 1;
    cl_uint* host = malloc(bytes);
    if (!host || !cl_step("clEnqueueReadBuffer (imported)",
                          clEnqueueReadBuffer(queue, imported, CL_TRUE, 0, bytes, host, 0, NULL, NULL)))
        return 1;
    const size_t wrong = wrong_words(host, words, 1);
    printf("OpenCL wrote, libcuda added 1, OpenCL read: %zu of %zu words wrong\n", wrong, words);

    /* 4. Staging: an ordinary OpenCL buffer copied into the imported one. */
    const cl_mem ordinary = clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, NULL, &status);
    cl_mem second = clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, NULL, &status);
    clEnqueueCopyBuffer(queue, imported, ordinary, 0, 0, bytes, 0, NULL, NULL);
    clFinish(queue);
    printf("clEnqueueCopyBuffer of %zu MiB, median of 9: ordinary -> imported %.1f GB/s, imported -> ordinary "
           "%.1f GB/s, ordinary -> ordinary %.1f GB/s\n",
           bytes >> 20, copy_rate(queue, ordinary, imported, bytes), copy_rate(queue, imported, ordinary, bytes),
           copy_rate(queue, ordinary, second, bytes));

    /* 5. Ordering by semaphores OpenCL exports and libcuda imports, in place of clFinish and
     * cuStreamSynchronize. */
    const struct launch bump_launch = {bump, stream, (unsigned)(words / block), block, shared_bytes, arguments};
    const int ordered =
        order_by_semaphores(platform, device, context, queue, pattern, words, &bump_launch, imported, host);

    /* 6. What a turn from one side's work to the other's costs, beside work that follows work of
     * its own side. */
    const int turned = time_turns(queue, pattern, block, &bump_launch);
    return wrong != 0 ? 1 : ordered != 0 ? ordered : turned;
}
