// libtiles' CUDA backend: tensor maps from libcuda (tensor_map.hpp, libcuda.hpp). The encoder needs a
// current CUDA context, so the first GPU's primary context is pushed for it and popped after: the
// map only describes memory, which the kernel that reads it addresses through whichever context
// launches it (OpenCL's, or libcuda's own).
#include "tensor_map.hpp"

#include "engine_names.hpp"
#include "libcuda.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::cuda {
namespace {

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

} // namespace

std::string tensor_maps_missing() { return loaded_libcuda().missing; }

tensor_map make_tensor_map(std::uint64_t address, element_type type, std::int64_t rows, std::int64_t columns,
                           const tensor_box& box) {
    const libcuda& cuda = usable_libcuda();
    const primary_context_pushed primary(cuda);
    const std::uint64_t dims[2] = {std::uint64_t(columns), std::uint64_t(rows)};
    const std::uint64_t row_bytes[1] = {std::uint64_t(columns) * element_size(type)};
    const unsigned box_dims[2] = {unsigned(box.box_columns), unsigned(box.box_rows)}, element_strides[2] = {1, 1};
    tensor_map map;
    const int status = cuda.encode_tiled(map.bytes.data(), cuda_data_type(type), 2, reinterpret_cast<void*>(address),
                                         dims, row_bytes, box_dims, element_strides, no_interleave,
                                         cuda_swizzle(box.swizzle_bytes), l2_promotion_128_bytes, fill_with_zeros);
    if (status != 0)
        throw unsupported_feature("libcuda's cuTensorMapEncodeTiled refused a " + std::to_string(rows) + "x" +
                                  std::to_string(columns) + " matrix at " + std::to_string(address) + " in boxes of " +
                                  std::to_string(box.box_rows) + "x" + std::to_string(box.box_columns) + " (CUresult " +
                                  std::to_string(status) + ")");
    return map;
}

} // namespace tiles::cuda
