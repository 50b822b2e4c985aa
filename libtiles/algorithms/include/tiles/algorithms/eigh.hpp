// libtiles algorithms: eigh and eigvalsh, the eigendecomposition of symmetric matrices: the
// reduction to tridiagonal form and the tridiagonal QL iteration on the host in double, the
// back-transformation of the eigenvectors by gemm on the device. Operands are the engine's
// matrices; the call throws before anything runs if they do not fit, naming the numbers.
#pragma once

#include <memory>

#include "tiles/engine/context.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles::algorithms {

// Each symmetric n x n matrix A of `input` (a stack of them: its storage's dims are count x n x n),
// of which only the lower triangle is read, of the element types eigh's description lists
// (eigh.cpp), is decomposed as A = V diag(W) V^T: the same row of `eigenvalues` (count x n, one
// vector a row) becomes W, ascending, and the same matrix of `eigenvectors` V, orthogonal, one
// eigenvector a column. A matrix holding NaN or infinity throws invalid_argument naming it.
void eigh(const std::shared_ptr<engine::context>& context, const engine::matrix_operand& input,
          const engine::matrix_operand& eigenvalues, const engine::matrix_operand& eigenvectors);

// The eigenvalues of each matrix of `input` alone, as eigh's, without the vectors.
void eigvalsh(const std::shared_ptr<engine::context>& context, const engine::matrix_operand& input,
              const engine::matrix_operand& eigenvalues);

} // namespace tiles::algorithms
