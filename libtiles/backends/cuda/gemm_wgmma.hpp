// libtiles' CUDA backend: gemm of half and bfloat16 matrices, and of float matrices at tf32 and tf32x3,
// on Hopper's wgmma (kernels/gemm_wgmma.cl),
// built through the engine's sm_90a route, its operands brought by tensor maps that libcuda makes,
// where it beats the mma.sync kernel (gemm_mma.cl): NVIDIA devices of compute capability 9.0 whose
// driver takes the sm_90a program and whose libcuda makes tensor maps, and large products.
#pragma once

#include <cstdint>
#include <memory>

#include "gemm_provider.hpp"
#include "tiles/algorithms/gemm.hpp"
#include "tiles/element_type.hpp"
#include "tiles/engine/context.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles::cuda {

// Whether a product of A (m x k) and B (k x n) of `type` elements at `precision` suits the wgmma
// kernel on a device of `compute_capability` (device_info's): half or bfloat16 matrices at their
// own precision with rows of whole 16-byte chunks (k and n multiples of 8), float matrices at tf32
// with k a multiple of 4 (B's transpose's rows whole chunks), or at tf32x3, and C of at least
// 2048 x 2048 elements (below, its blocks of 128 rows are too few for the device's multiprocessors,
// and the mma.sync kernel is faster).
bool wgmma_gemm_suits(int compute_capability, element_type type, gemm_precision precision, int m, int n, int k);

// Enqueues C = alpha * A * B + beta * C at `precision` (one wgmma_gemm_suits takes) on the wgmma
// kernel and returns true where the context's driver builds it. Where it does not (no sm_90a
// device, the driver's compiler refused the text for sm_90 or the rewritten one for sm_90a, or
// libcuda makes no tensor maps), returns false, enqueuing nothing, and logs why (at the info
// level), once a device and precision; later calls there return false at once. For float, gemm
// keeps beside B's buffer (and for tf32x3, A's) the matrix the kernel reads in its place, as large
// as B (twice as large, for tf32x3, and B's split besides, as large again), for as long as that
// buffer holds the operand's data (until the buffer goes back to its pool, with them, or OpenCL
// destroys it), through OpenCL and libcuda alike; each product fills them from A and B as they are.
//
// Products take the wide kernel (wider slabs of k, or more stages, in shared memory past 48 KiB)
// through libcuda, on its operands (for float, the matrices made from them) in place where they
// are memory libcuda allocates, else staged through such memory (cuda_launch.hpp), where `launch`
// says so: where the product is large enough to gain (the default), or always (tests); where
// libcuda or the import fails, the OpenCL launch runs instead and the log (info) says why, once a
// device and slab. A failure once the kernel was launched (it may have written part of C) is
// thrown as the run's error (runtime_exception), never followed by the OpenCL launch.
// Whether the wide kernel through libcuda gains on the OpenCL launch for a product of m x n x k at
// `precision`: where the product takes long enough that the host's waits around the launch (and
// staging what is not in memory libcuda allocates) cost less than the wider kernel gains. As
// measured, on squares (gemm_wgmma.cpp's table says each precision's).
bool wide_wgmma_gains(gemm_precision precision, std::int64_t m, std::int64_t n, std::int64_t k);

enum class wgmma_launch { through_libcuda_where_it_gains, through_libcuda_always };
bool enqueue_wgmma_gemm(const std::shared_ptr<engine::context>& context, gemm_precision precision, double alpha,
                        const engine::matrix_operand& a, const engine::matrix_operand& b, double beta,
                        const engine::matrix_operand& c,
                        wgmma_launch launch = wgmma_launch::through_libcuda_where_it_gains);

// The wgmma kernel as gemm's provider (gemm_provider.hpp), which the backend offers: the products
// wgmma_gemm_suits takes on the context's device, enqueued by enqueue_wgmma_gemm.
const algorithms::gemm_provider& wgmma_gemm_provider();

} // namespace tiles::cuda
