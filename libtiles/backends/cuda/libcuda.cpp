// libtiles' CUDA backend: libcuda, loaded once (libcuda.hpp). Its tensor-map encoder, its launches and its
// memory need a current CUDA context (else CUDA_ERROR_INVALID_CONTEXT): the first GPU's primary
// one, pushed for each call and popped after it (primary_context_pushed), so that a thread's own
// context is current again after libtiles has used libcuda on it.
#include "libcuda.hpp"

#include <dlfcn.h>

#include <iterator>
#include <utility>

#include "engine_names.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::cuda {
namespace {

template <class F> bool find(void* library, const char* name, F& entry) {
    entry = reinterpret_cast<F>(dlsym(library, name));
    return entry != nullptr;
}

// "libcuda.so.1 has no <name>" of the first of `entries` (its name, whether it was found) missing;
// empty where none is.
template <std::size_t N> std::string first_missing(const std::pair<const char*, bool> (&entries)[N]) {
    for (const auto& [name, found] : entries)
        if (!found) return std::string("libcuda.so.1 has no ") + name;
    return "";
}

// The entry points every use of libcuda needs (tensor maps among them).
std::string find_basic_entries(void* library, libcuda& cuda) {
    const std::pair<const char*, bool> entries[] = {
        {"cuInit", find(library, "cuInit", cuda.init)},
        {"cuDeviceGet", find(library, "cuDeviceGet", cuda.device_get)},
        {"cuDevicePrimaryCtxRetain", find(library, "cuDevicePrimaryCtxRetain", cuda.primary_context_retain)},
        {"cuCtxPushCurrent_v2", find(library, "cuCtxPushCurrent_v2", cuda.context_push_current)},
        {"cuCtxPopCurrent_v2", find(library, "cuCtxPopCurrent_v2", cuda.context_pop_current)},
        {"cuTensorMapEncodeTiled", find(library, "cuTensorMapEncodeTiled", cuda.encode_tiled)}};
    const std::string missing = first_missing(entries);
    // The one of them that drivers of CUDA 11 and older lack.
    return missing.empty() || entries[std::size(entries) - 1].second ? missing
                                                                     : missing + " (a driver older than CUDA 12)";
}

// The entry points of launches and of memory OpenCL imports.
std::string find_launch_entries(void* library, libcuda& cuda) {
    const std::pair<const char*, bool> entries[] = {
        {"cuDeviceGetUuid", find(library, "cuDeviceGetUuid", cuda.device_get_uuid)},
        {"cuDeviceGetCount", find(library, "cuDeviceGetCount", cuda.device_get_count)},
        {"cuModuleLoadData", find(library, "cuModuleLoadData", cuda.module_load_data)},
        {"cuModuleGetFunction", find(library, "cuModuleGetFunction", cuda.module_get_function)},
        {"cuModuleUnload", find(library, "cuModuleUnload", cuda.module_unload)},
        {"cuFuncSetAttribute", find(library, "cuFuncSetAttribute", cuda.function_set_attribute)},
        {"cuLaunchKernel", find(library, "cuLaunchKernel", cuda.launch_kernel)},
        {"cuStreamSynchronize", find(library, "cuStreamSynchronize", cuda.stream_synchronize)},
        {"cuMemGetAllocationGranularity", find(library, "cuMemGetAllocationGranularity", cuda.allocation_granularity)},
        {"cuMemCreate", find(library, "cuMemCreate", cuda.memory_create)},
        {"cuMemExportToShareableHandle", find(library, "cuMemExportToShareableHandle", cuda.memory_export)},
        {"cuMemRelease", find(library, "cuMemRelease", cuda.memory_release)},
        {"cuMemAddressReserve", find(library, "cuMemAddressReserve", cuda.address_reserve)},
        {"cuMemAddressFree", find(library, "cuMemAddressFree", cuda.address_free)},
        {"cuMemMap", find(library, "cuMemMap", cuda.memory_map)},
        {"cuMemUnmap", find(library, "cuMemUnmap", cuda.memory_unmap)},
        {"cuMemSetAccess", find(library, "cuMemSetAccess", cuda.memory_set_access)}};
    return first_missing(entries);
}

libcuda load() {
    libcuda cuda;
    void* const library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        const char* error = dlerror();
        cuda.missing = std::string("libcuda.so.1 could not be loaded (") + (error ? error : "no reason given") + ")";
    } else if (cuda.missing = find_basic_entries(library, cuda); cuda.missing.empty()) {
        int device = 0;
        if (const int status = cuda.init(0); status != 0)
            cuda.missing = "libcuda's cuInit failed (CUresult " + std::to_string(status) + ")";
        else if (const int got = cuda.device_get(&device, 0); got != 0)
            cuda.missing = "libcuda finds no GPU (cuDeviceGet: CUresult " + std::to_string(got) + ")";
        else if (const int retained = cuda.primary_context_retain(&cuda.primary_context, device); retained != 0)
            cuda.missing = "libcuda's cuDevicePrimaryCtxRetain failed (CUresult " + std::to_string(retained) + ")";
    }
    cuda.launch_missing = cuda.missing.empty() ? find_launch_entries(library, cuda) : cuda.missing;
    return cuda;
}

} // namespace

const libcuda& loaded_libcuda() {
    static immortal<libcuda> cuda(load());
    return *cuda;
}

void check_cuda(int status, const char* call) {
    if (status != 0)
        throw unsupported_feature(std::string("libcuda's ") + call + " failed (CUresult " + std::to_string(status) +
                                  ")");
}

const libcuda& usable_libcuda() {
    const libcuda& cuda = loaded_libcuda();
    if (!cuda.missing.empty()) throw unsupported_feature(cuda.missing);
    return cuda;
}

primary_context_pushed::primary_context_pushed(const libcuda& cuda) : cuda_(cuda), pushed_(false) {
    check_cuda(cuda.context_push_current(cuda.primary_context), "cuCtxPushCurrent");
    pushed_ = true;
}

primary_context_pushed::primary_context_pushed(const libcuda& cuda, std::nothrow_t) noexcept
    : cuda_(cuda), pushed_(cuda.context_push_current(cuda.primary_context) == 0) {}

primary_context_pushed::~primary_context_pushed() {
    void* popped = nullptr;
    if (pushed_) cuda_.context_pop_current(&popped);
}

} // namespace tiles::cuda
