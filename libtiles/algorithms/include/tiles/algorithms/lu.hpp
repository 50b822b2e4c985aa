// libtiles algorithms: solve, inv and slogdet, by Gaussian elimination with partial pivoting, as
// LAPACK's getrf: each panel pivoted and factored on the device (lu_panel.hpp), gemm updating the
// rest. Operands are the engine's matrices; the call throws before anything runs if they do not
// fit, naming the numbers.
#pragma once

#include <memory>

#include "tiles/engine/context.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles::algorithms {

// X = A^-1 B for each n x n matrix A of `a` (a stack of them: its storage's dims are count x n x n)
// and the same n x k matrix B of `b`, into the same matrix of `x`; of the element types solve's
// description lists (lu.cpp). A singular matrix throws invalid_argument naming it and the first
// column with no nonzero pivot, once the whole stack is solved: x then holds nothing of use.
void solve(const std::shared_ptr<engine::context>& context, const engine::matrix_operand& a,
           const engine::matrix_operand& b, const engine::matrix_operand& x);

// The inverse of each n x n matrix of `input` into the same matrix of `output`; a singular matrix
// throws as solve does.
void inv(const std::shared_ptr<engine::context>& context, const engine::matrix_operand& input,
         const engine::matrix_operand& output);

// The sign (1, -1, or 0 for a singular matrix) and the logarithm of the magnitude (-inf for a
// singular matrix) of each n x n matrix's determinant, one value per matrix in `sign` and
// `logabsdet`, in the stack's order.
void slogdet(const std::shared_ptr<engine::context>& context, const engine::matrix_operand& input,
             const engine::matrix_operand& sign, const engine::matrix_operand& logabsdet);

} // namespace tiles::algorithms
