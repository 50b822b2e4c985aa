// libtiles engine: tensor maps from libcuda (tensor_map.hpp). libcuda is loaded by name, once; its
// encoder needs a current CUDA context (else CUDA_ERROR_INVALID_CONTEXT), so the calling thread
// makes the first GPU's primary context current: the map only describes memory, which the kernel
// that reads it addresses through OpenCL's own context.
#include "tiles/engine/tensor_map.hpp"

#include <dlfcn.h>

#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::engine {
namespace {

// libcuda's entry points, as cuda.h declares them (CUresult is int, CUdevice int, handles pointers).
using encode_tiled = int (*)(void* map, int data_type, unsigned rank, void* address, const std::uint64_t* dims,
                             const std::uint64_t* strides, const unsigned* box, const unsigned* element_strides,
                             int interleave, int swizzle, int l2_promotion, int fill);
struct libcuda {
    std::string missing; // why it cannot be used; empty where it can
    int (*init)(unsigned) = nullptr;
    int (*device_get)(int*, int) = nullptr;
    int (*primary_context_retain)(void**, int) = nullptr;
    int (*context_set_current)(void*) = nullptr;
    encode_tiled encode = nullptr;
    void* primary_context = nullptr;
};

template <class F> bool find(void* library, const char* name, F& entry) {
    entry = reinterpret_cast<F>(dlsym(library, name));
    return entry != nullptr;
}

libcuda load() {
    libcuda cuda;
    void* const library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        const char* error = dlerror();
        cuda.missing = std::string("libcuda.so.1 could not be loaded (") + (error ? error : "no reason given") + ")";
        return cuda;
    }
    if (!find(library, "cuInit", cuda.init) || !find(library, "cuDeviceGet", cuda.device_get) ||
        !find(library, "cuDevicePrimaryCtxRetain", cuda.primary_context_retain) ||
        !find(library, "cuCtxSetCurrent", cuda.context_set_current) ||
        !find(library, "cuTensorMapEncodeTiled", cuda.encode)) {
        cuda.missing = "libcuda.so.1 has no cuTensorMapEncodeTiled (a driver older than CUDA 12)";
        return cuda;
    }
    int device = 0;
    if (const int status = cuda.init(0); status != 0)
        cuda.missing = "libcuda's cuInit failed (CUresult " + std::to_string(status) + ")";
    else if (const int got = cuda.device_get(&device, 0); got != 0)
        cuda.missing = "libcuda finds no GPU (cuDeviceGet: CUresult " + std::to_string(got) + ")";
    else if (const int retained = cuda.primary_context_retain(&cuda.primary_context, device); retained != 0)
        cuda.missing = "libcuda's cuDevicePrimaryCtxRetain failed (CUresult " + std::to_string(retained) + ")";
    return cuda;
}

// cuTensorMapEncodeTiled's enumerations (cuda.h's CUtensorMapDataType, CUtensorMapSwizzle, ...).
int cuda_data_type(element_type type) {
    switch (type) {
    case element_type::float16:
        return 6; // CU_TENSOR_MAP_DATA_TYPE_FLOAT16
    case element_type::bfloat16:
        return 9; // CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
    case element_type::float32:
        return 11; // CU_TENSOR_MAP_DATA_TYPE_TFLOAT32: the copy rounds each float to TF32
    default:
        throw invalid_argument("tensor maps are made here for half, bfloat16 and float matrices, not " +
                               std::string(opencl_name(type)));
    }
}
int cuda_swizzle(int bytes) {
    switch (bytes) {
    case 0:
        return 0;
    case 32:
        return 1;
    case 64:
        return 2;
    case 128:
        return 3;
    default:
        throw invalid_argument("a tensor map's swizzle is 0, 32, 64 or 128 bytes, not " + std::to_string(bytes));
    }
}
constexpr int l2_promotion_128_bytes = 2, fill_with_zeros = 0, no_interleave = 0;

const libcuda& loaded() {
    static immortal<libcuda> cuda(load());
    return *cuda;
}

} // namespace

std::string tensor_maps_missing() { return loaded().missing; }

tensor_map make_tensor_map(std::uint64_t address, element_type type, std::int64_t rows, std::int64_t columns,
                           const tensor_box& box) {
    const libcuda& cuda = loaded();
    if (!cuda.missing.empty()) throw unsupported_feature(cuda.missing);
    // The context is current per thread; making it current again costs a call.
    if (const int status = cuda.context_set_current(cuda.primary_context); status != 0)
        throw unsupported_feature("libcuda's cuCtxSetCurrent failed (CUresult " + std::to_string(status) + ")");
    const std::uint64_t dims[2] = {std::uint64_t(columns), std::uint64_t(rows)};
    const std::uint64_t row_bytes[1] = {std::uint64_t(columns) * element_size(type)};
    const unsigned box_dims[2] = {unsigned(box.box_columns), unsigned(box.box_rows)}, element_strides[2] = {1, 1};
    tensor_map map;
    const int status = cuda.encode(map.bytes.data(), cuda_data_type(type), 2, reinterpret_cast<void*>(address), dims,
                                   row_bytes, box_dims, element_strides, no_interleave, cuda_swizzle(box.swizzle_bytes),
                                   l2_promotion_128_bytes, fill_with_zeros);
    if (status != 0)
        throw unsupported_feature("libcuda's cuTensorMapEncodeTiled refused a " + std::to_string(rows) + "x" +
                                  std::to_string(columns) + " matrix at " + std::to_string(address) + " in boxes of " +
                                  std::to_string(box.box_rows) + "x" + std::to_string(box.box_columns) + " (CUresult " +
                                  std::to_string(status) + ")");
    return map;
}

} // namespace tiles::engine
