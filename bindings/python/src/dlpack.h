// The DLPack ABI, version 1.0 (github.com/dmlc/dlpack, include/dlpack/dlpack.h), as far as the
// extension's __dlpack__ and from_dlpack use it: pybind11 has none of DLPack's structs. Layouts,
// values and capsule names are DLPack's own; nothing here may be reordered or renumbered.
#pragma once

#include <cstdint>

namespace tiles_python::dlpack {

constexpr std::uint32_t major_version = 1; // the version libtiles exports and reads
constexpr std::uint32_t minor_version = 0;

struct DLPackVersion {
    std::uint32_t major;
    std::uint32_t minor;
};

// DLDeviceType, of which libtiles exports and takes these two; the others are named in messages.
enum DLDeviceType : std::int32_t {
    kDLCPU = 1,
    kDLCUDA = 2,
    kDLCUDAHost = 3,
    kDLOpenCL = 4, // data is a cl_mem
    kDLVulkan = 7,
    kDLMetal = 8,
    kDLVPI = 9,
    kDLROCM = 10,
    kDLROCMHost = 11,
    kDLExtDev = 12,
    kDLCUDAManaged = 13,
    kDLOneAPI = 14,
    kDLWebGPU = 15,
    kDLHexagon = 16,
};

struct DLDevice {
    DLDeviceType device_type;
    std::int32_t device_id;
};

enum DLDataTypeCode : std::uint8_t {
    kDLInt = 0,
    kDLUInt = 1,
    kDLFloat = 2,
    kDLOpaqueHandle = 3,
    kDLBfloat = 4,
    kDLComplex = 5,
    kDLBool = 6,
};

struct DLDataType {
    std::uint8_t code; // a DLDataTypeCode
    std::uint8_t bits;
    std::uint16_t lanes;
};

struct DLTensor {
    void* data; // for kDLOpenCL, the cl_mem
    DLDevice device;
    std::int32_t ndim;
    DLDataType dtype;
    std::int64_t* shape;
    std::int64_t* strides; // in elements; NULL: compact and row-major
    std::uint64_t byte_offset;
};

// The tensor of a "dltensor" capsule (DLPack before 1.0).
struct DLManagedTensor {
    DLTensor dl_tensor;
    void* manager_ctx;
    void (*deleter)(DLManagedTensor* self);
};

constexpr std::uint64_t flag_read_only = 1u << 0; // DLPACK_FLAG_BITMASK_READ_ONLY
constexpr std::uint64_t flag_is_copied = 1u << 1; // DLPACK_FLAG_BITMASK_IS_COPIED

// The tensor of a "dltensor_versioned" capsule (DLPack 1.0 on).
struct DLManagedTensorVersioned {
    DLPackVersion version;
    void* manager_ctx;
    void (*deleter)(DLManagedTensorVersioned* self);
    std::uint64_t flags;
    DLTensor dl_tensor;
};

// A capsule's name says what it holds and whether a consumer has taken it (and will call the
// deleter); a capsule destroyed under its first name was never taken, and frees its tensor.
constexpr const char* capsule_name = "dltensor";
constexpr const char* used_capsule_name = "used_dltensor";
constexpr const char* versioned_capsule_name = "dltensor_versioned";
constexpr const char* used_versioned_capsule_name = "used_dltensor_versioned";

} // namespace tiles_python::dlpack
