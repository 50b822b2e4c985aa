// libtiles' CUDA backend: tensor maps of Hopper's Tensor Memory Accelerator (TMA) over OpenCL buffers.
// NVIDIA's OpenCL makes none, but its driver's libcuda does (cuTensorMapEncodeTiled), from a
// buffer's device address, which a kernel can read; a kernel then copies boxes of the matrix into
// tile_static memory with cp.async.bulk.tensor, the map kept in a global buffer. libcuda is
// optional: loaded on first use, and where it is missing or refuses, the maker says why.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "tiles/element_type.hpp"

namespace tiles::cuda {

// The 128 bytes of a CUtensorMap, as a kernel reads them.
struct tensor_map {
    alignas(64) std::array<unsigned char, 128> bytes{};
};

// A row-major matrix of half, bfloat16 or float elements at `address` (a device address on an
// NVIDIA GPU, 16-byte aligned), `rows` x `columns`, its rows `columns` elements apart (whole
// 16-byte chunks), each float rounded to TF32 by the copy, ties to even (the map's type is
// TFLOAT32), copied in boxes of `box_columns` x `box_rows` elements with a swizzle of
// `swizzle_bytes` (0, 32, 64 or 128: the shared-memory layout wgmma's matrix descriptors read);
// elements outside read as zeros.
struct tensor_box {
    int box_columns = 0, box_rows = 0, swizzle_bytes = 0;
};

// Why libcuda cannot make tensor maps in this process (not loaded, no cuTensorMapEncodeTiled, no
// GPU); empty where it can.
std::string tensor_maps_missing();

// The tensor map, or throws unsupported_feature naming why libcuda could not make it (not loaded,
// no cuTensorMapEncodeTiled, or its error code).
tensor_map make_tensor_map(std::uint64_t address, element_type type, std::int64_t rows, std::int64_t columns,
                           const tensor_box& box);

} // namespace tiles::cuda
