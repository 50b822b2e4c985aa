// libtiles algorithms: cholesky, the factor of symmetric positive-definite matrices, blocked
// right-looking as MAGMA's potrf, all on the device: each diagonal block factored by one
// work-group, the panel below it and the trailing matrix updated by gemm. Operands are the engine's matrices; the
// call throws before anything runs if they do not fit, naming the numbers.
#pragma once

#include <memory>

#include "tiles/engine/context.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles::algorithms {

// Each n x n matrix A of `input` (a stack of them: its storage's dims are count x n x n, so a
// matrix is a stack of one), of the element types cholesky's description lists (cholesky.cpp),
// has its lower triangle read; the same matrix of `output` becomes L, lower triangular with a
// positive diagonal and L * L^T = A, or where `upper`, U = L^T. A matrix that is not positive
// definite throws invalid_argument naming it and the first column whose pivot is not positive,
// as LAPACK's potrf reports it in info; what was written of `output` is then unspecified.
void cholesky(const std::shared_ptr<engine::context>& context, const engine::matrix_operand& input, bool upper,
              const engine::matrix_operand& output);

} // namespace tiles::algorithms
