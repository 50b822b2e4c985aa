// libtiles: the untyped engine of the tiled algorithms. The typed functions of
// tiles/algorithms.hpp, the C API and the Python bindings all call these: operands are storages
// with their shapes, and the element type is read from the storage, so that one entry point
// serves every element type an algorithm supports. Each throws before anything runs if the
// operands do not fit, naming the numbers.
#pragma once

#include <array>
#include <memory>

#include "tiles/accelerator.hpp"
#include "tiles/detail/storage.hpp"

namespace tiles {

// What tiles::reduce computes: the sum, the least or the greatest of the elements.
enum class reduction_op { sum, min, max };

// How gemm multiplies float matrices. exact: float products added in float, as BLAS's SGEMM.
// The others run on tensor cores where the device has them (NVIDIA's, sm_80 on), with float sums:
// tf32x3 at float's accuracy, from three products of TF32 parts of each value (its TF32 rounding
// and the TF32 rounding of the rest); tf32 with the inputs rounded to TF32 (10 bits of mantissa);
// float16 and bfloat16 with the inputs rounded to half or bfloat16 (cuBLAS's
// CUBLAS_COMPUTE_32F_FAST_TF32, _16F and _16BF). A precision is the least accuracy asked for:
// on other devices every precision computes as exact does. The values are tiles_precision's.
enum class gemm_precision { exact = 0, tf32x3 = 1, tf32 = 2, float16 = 3, bfloat16 = 4 };

} // namespace tiles

namespace tiles::detail {

// One operand: `rows` x `columns` elements of `data`, row-major (a 1-D operand is one row).
struct matrix_operand {
    std::shared_ptr<storage> data;
    int rows = 0;
    int columns = 0;
};

// Writes the reduction of every element of input, float or int, combined in `accumulator`, into
// `result`: host memory for one element of that type. The accumulator is the input's type, or
// for sums a wider one: int64 for int32, float64 for float32.
void reduce(const accelerator_view& view, const std::shared_ptr<storage>& input, reduction_op op,
            element_type accumulator, void* result);
// The same into `result`, one element of the accumulator's type, written by the launch on `view`
// and left there: nothing waits for the device.
void reduce(const accelerator_view& view, const std::shared_ptr<storage>& input, reduction_op op,
            const std::shared_ptr<storage>& result);

enum class block_statistic { sum, average };

// The shape of the result of a block reduction: one element per block, blocks cut short at the
// right and bottom edges counting as whole ones. `algorithm` names the caller in messages.
std::array<int, 2> block_grid(const char* algorithm, int rows, int columns, int block_rows, int block_columns);

// output (block_grid's shape) gets the sum or the average of each block_rows x block_columns
// block of input; a block cut short averages over the elements it holds. Sums of float and int
// elements, averages of float elements.
void block_reduce(const accelerator_view& view, block_statistic statistic, const matrix_operand& input, int block_rows,
                  int block_columns, const matrix_operand& output);

// output (columns x rows) becomes the transpose of input (rows x columns). int, unsigned, float
// and double elements.
void transpose(const accelerator_view& view, const matrix_operand& input, const matrix_operand& output);

// c = alpha * a * b + beta * c; with beta == 0, c is only written. float elements, and double
// on devices with double precision; precisions other than exact for float elements only.
void gemm(const accelerator_view& view, double alpha, const matrix_operand& a, const matrix_operand& b, double beta,
          const matrix_operand& c, gemm_precision precision);

// output (input's shape) gets, at each element, the sum of the mask's weights times the input
// elements under the mask centred there, clamping positions outside the input to its edge.
// The mask has odd dimensions of at most 9. float elements.
void stencil(const accelerator_view& view, const matrix_operand& input, const matrix_operand& mask,
             const matrix_operand& output);

} // namespace tiles::detail
