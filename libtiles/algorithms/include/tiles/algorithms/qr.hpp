// libtiles algorithms: qr, the Householder QR factorization, blocked in the compact WY form as
// MAGMA's geqrf and orgqr, all on the device: each panel factored recursively, the trailing
// matrix and Q formed by gemm. Operands are the engine's matrices; the call throws before anything runs if
// they do not fit, naming the numbers.
#pragma once

#include <memory>

#include "tiles/engine/context.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles::algorithms {

// Each m x n matrix A of `input` (a stack of them: its storage's dims are count x m x n), of the
// element types qr's description lists (qr.cpp), is factored as A = Q R with k = min(m, n): Q's
// columns orthonormal and R upper triangular. The same matrix of `q` becomes Q, m x k, and of
// `r` R, k x n; where `complete`, Q is m x m and R m x n (zero rows below the k-th). R's diagonal
// has LAPACK's geqrf signs; a rank-deficient matrix gives zeros there, never NaNs.
void qr(const std::shared_ptr<engine::context>& context, const engine::matrix_operand& input, bool complete,
        const engine::matrix_operand& q, const engine::matrix_operand& r);

} // namespace tiles::algorithms
