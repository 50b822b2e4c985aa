// libtiles algorithms: gemm, C = alpha * A * B + beta * C, on one context or several at once.
// Operands are the engine's matrices; each call throws before anything runs if they do not fit,
// naming the numbers.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "tiles/element_type.hpp"
#include "tiles/engine/context.hpp"
#include "tiles/engine/split.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles {

// How gemm multiplies float matrices. exact: float products added in float, as BLAS's SGEMM.
// The others run on tensor cores where the device has them (NVIDIA's, sm_80 on), with float sums:
// tf32x3 at float's accuracy, from three products of TF32 parts of each value (its TF32 rounding
// and the TF32 rounding of the rest); tf32 with the inputs rounded to TF32 (10 bits of mantissa);
// float16 and bfloat16 with the inputs rounded to half or bfloat16 (cuBLAS's
// CUBLAS_COMPUTE_32F_FAST_TF32, _16F and _16BF). A precision is the least accuracy asked for:
// on other devices every precision computes as exact does. The values are tiles_precision's.
enum class gemm_precision { exact = 0, tf32x3 = 1, tf32 = 2, float16 = 3, bfloat16 = 4 };

} // namespace tiles

namespace tiles::algorithms {

// gemm's precisions, one row each in gemm_precision's order: the one list the kernel's defines
// (PRECISION_TF32X3, ...), the faces' names and every message take them from.
struct precision_info {
    const char* name;       // "tf32x3": the name the faces take and messages give
    element_type inputs_as; // the 16-bit float the inputs are rounded to (float16, bfloat16); float32
                            // for the precisions that round to no element type
};
inline constexpr precision_info precision_table[] = {
    {"exact", element_type::float32},   {"tf32x3", element_type::float32},    {"tf32", element_type::float32},
    {"float16", element_type::float16}, {"bfloat16", element_type::bfloat16},
};
inline constexpr int precision_count = int(sizeof precision_table / sizeof precision_table[0]);
static_assert(precision_count == int(gemm_precision::bfloat16) + 1, "one row per precision");

// The precision gemm multiplies elements of `type` at unless told otherwise: the one that takes
// them as they are, so that half and bfloat16 matrices run on tensor cores where the device has
// them, as cuBLAS's CUBLAS_COMPUTE_32F and CuPy run them (their products are exact in float, and
// their sums float's either way); exact for every other type. exact keeps them on the CUDA cores.
constexpr gemm_precision default_precision(element_type type) {
    for (int i = 0; i < precision_count; ++i)
        if (precision_table[i].inputs_as == type) return gemm_precision(i);
    return gemm_precision::exact;
}

// The row of `precision`; throws invalid_argument naming `function` ("gemm"), marked as a function,
// and listing the precisions for a value that is none.
const precision_info& info_of(gemm_precision precision, const char* function);

// c = alpha * a * b + beta * c; with beta == 0, c is only written. Of the element types gemm's
// description lists (gemm.cpp); double only at exact, half and bfloat16 at exact or their own.
void gemm(const std::shared_ptr<engine::context>& context, double alpha, const engine::matrix_operand& a,
          const engine::matrix_operand& b, double beta, const engine::matrix_operand& c, gemm_precision precision);
// The same by bands of C's rows (and A's) over several contexts, B sent to every context once:
// the results of one context, bit for bit where they are of one kind of device.
void gemm(const std::vector<std::shared_ptr<engine::context>>& contexts, double alpha, const engine::matrix_operand& a,
          const engine::matrix_operand& b, double beta, const engine::matrix_operand& c, gemm_precision precision);
// The same on split matrices where they are: A and C split in the same bands of rows (no halos)
// over the same contexts, B held whole on each of them (split_matrix::copies). Each context
// computes its band of C from its band of A, every context at once, and nothing moves between
// them: C's bands hold one context's results, bit for bit where they are of one kind of device.
// Enqueued: returns once the work is on every context's queue.
void gemm(double alpha, const engine::split_matrix& a, const engine::split_matrix& b, double beta,
          const engine::split_matrix& c, gemm_precision precision);

} // namespace tiles::algorithms
