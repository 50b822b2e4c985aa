// libtiles' CUDA backend: NVIDIA's libcuda, loaded by name once a process and optional: what the engine
// calls of it (tensor maps, launches of a route's PTX, memory imported into OpenCL), as cuda.h
// declares it (CUresult is int, 0 for success; CUdevice int; handles pointers).
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <string>

namespace tiles::cuda {

struct libcuda {
    // Why libcuda cannot be used at all (not loaded, no cuTensorMapEncodeTiled, no GPU); empty
    // where it can.
    std::string missing;
    // Why it cannot launch a route's PTX or allocate memory OpenCL imports (missing, or an entry
    // point of those it lacks); empty where it can.
    std::string launch_missing;
    int (*init)(unsigned) = nullptr;
    int (*device_get)(int*, int) = nullptr;
    int (*device_get_uuid)(unsigned char*, int) = nullptr; // cuDeviceGetUuid's CUuuid: 16 bytes
    int (*device_get_count)(int*) = nullptr;
    int (*primary_context_retain)(void**, int) = nullptr;
    int (*context_push_current)(void*) = nullptr;
    int (*context_pop_current)(void**) = nullptr;
    int (*encode_tiled)(void* map, int data_type, unsigned rank, void* address, const std::uint64_t* dims,
                        const std::uint64_t* strides, const unsigned* box, const unsigned* element_strides,
                        int interleave, int swizzle, int l2_promotion, int fill) = nullptr;
    int (*module_load_data)(void**, const void*) = nullptr;
    int (*module_get_function)(void**, void*, const char*) = nullptr;
    int (*module_unload)(void*) = nullptr;
    int (*function_set_attribute)(void*, int, int) = nullptr;
    int (*launch_kernel)(void*, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void*, void**,
                         void**) = nullptr;
    int (*stream_synchronize)(void*) = nullptr;
    int (*allocation_granularity)(std::size_t*, const void*, int) = nullptr;
    int (*memory_create)(std::uint64_t*, std::size_t, const void*, unsigned long long) = nullptr;
    int (*memory_export)(void*, std::uint64_t, int, unsigned long long) = nullptr;
    int (*memory_release)(std::uint64_t) = nullptr;
    int (*address_reserve)(std::uint64_t*, std::size_t, std::size_t, std::uint64_t, unsigned long long) = nullptr;
    int (*address_free)(std::uint64_t, std::size_t) = nullptr;
    int (*memory_map)(std::uint64_t, std::size_t, std::size_t, std::uint64_t, unsigned long long) = nullptr;
    int (*memory_unmap)(std::uint64_t, std::size_t) = nullptr;
    int (*memory_set_access)(std::uint64_t, std::size_t, const void*, std::size_t) = nullptr;
    void* primary_context = nullptr; // the first GPU's
};

// libcuda as loaded, once a process.
const libcuda& loaded_libcuda();

// Throws unsupported_feature "libcuda's <call> failed (CUresult <status>)" where status is not 0.
void check_cuda(int status, const char* call);

// libcuda as loaded; throws unsupported_feature saying why where it cannot be used at all.
const libcuda& usable_libcuda();

// The first GPU's primary context current on the calling thread while this lives, and what the
// thread had current before current again after it (cuCtxPushCurrent / cuCtxPopCurrent): held
// around every call of libcuda that needs a context (tensor maps, modules, launches, memory), since
// libtiles may be called on a thread whose CUDA context is its own.
class primary_context_pushed {
  public:
    // Throws unsupported_feature where libcuda refuses the push.
    explicit primary_context_pushed(const libcuda& cuda);
    // Where the push failed, pops nothing: for releases, which have nowhere to throw to.
    primary_context_pushed(const libcuda& cuda, std::nothrow_t) noexcept;
    ~primary_context_pushed();
    primary_context_pushed(const primary_context_pushed&) = delete;
    primary_context_pushed& operator=(const primary_context_pushed&) = delete;

  private:
    const libcuda& cuda_;
    bool pushed_;
};

} // namespace tiles::cuda
