// libtiles algorithms: gemm's parameter sets. The register-blocked kernel (kernels/gemm.cl) takes
// gemm_float, gemm_float_small or gemm_double; the tensor-core kernel (kernels/gemm_mma.cl), which
// gemm's precisions other than exact run, gemm_mma, gemm_mma_tf32x3 or gemm_mma_small. Products
// whose C has fewer elements than the device's small_gemm_below take the _small sets.
#pragma once

#include <memory>
#include <vector>

#include "catalog.hpp"

namespace tiles::algorithms {

struct gemm_parameters {
    int tile_rows, tile_columns; // work-items of a tile
    int work_rows, work_columns; // elements of C each work-item computes
    int vector_width;            // 1, 2, 4 or 8; divides work_columns and slice
    int slice;                   // depth of the slices of A and B a tile stages at a time
};

struct mma_gemm_parameters {
    int warps_down, warps_across; // warps of 32 work-items in a tile
    int warp_rows, warp_columns;  // the part of C each warp computes: multiples of 16 and of 8
    int slice_steps;              // steps of the mma instruction's depth in one staged slice
    // 0: the precisions other than exact compute as exact does, on the float kernel; 1: on tensor
    // cores where the device has them (NVIDIA's, sm_80 on), else as 0; 2: on tensor cores, or on
    // their exact emulation where the device has none (slow: for checking the kernel).
    int tensor_cores;
};

const typed_set<gemm_parameters>& gemm_float_set();
const typed_set<gemm_parameters>& gemm_float_small_set();
const typed_set<gemm_parameters>& gemm_double_set();
const typed_set<mma_gemm_parameters>& gemm_mma_set();
// tf32x3's products at gemm_mma's sizes: it holds two parts of each fragment, so that registers
// may call for other shapes (shorter slices) than the other precisions'.
const typed_set<mma_gemm_parameters>& gemm_mma_tf32x3_set();
const typed_set<mma_gemm_parameters>& gemm_mma_small_set();

// The products whose C has fewer elements than this take the _small sets: a property of the
// device's row (TILES_CHECKED_AS's on a checked context), not a parameter of any kernel.
int small_gemm_below(const device_info& device);
int small_gemm_below(const std::shared_ptr<engine::context>& context);

} // namespace tiles::algorithms
