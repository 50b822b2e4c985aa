// libtiles algorithms: svd and svdvals, the singular value decomposition: QR on the device (qr),
// the SVD of the small triangle R on the host in double (Golub-Kahan), and U = Q U_R by gemm
// on the device; a wide matrix through its transpose. Operands are the engine's matrices; the call
// throws before anything runs if they do not fit, naming the numbers.
#pragma once

#include <memory>

#include "tiles/engine/context.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles::algorithms {

// Each m x n matrix A of `input` (a stack of them: its storage's dims are count x m x n), of the
// element types svd's description lists (svd.cpp), is decomposed as A = U diag(S) Vh with
// k = min(m, n): the same matrix of `u` becomes U, m x k with orthonormal columns, the same row of
// `s` (count x k, one vector a row) the singular values, descending, and the same matrix of `vh`
// Vh, k x n with orthonormal rows. Where `full_matrices`, U is m x m and Vh n x n. A matrix
// holding NaN or infinity throws invalid_argument naming it.
void svd(const std::shared_ptr<engine::context>& context, const engine::matrix_operand& input, bool full_matrices,
         const engine::matrix_operand& u, const engine::matrix_operand& s, const engine::matrix_operand& vh);

// The singular values of each matrix of `input` alone, as svd's `s`, without its vectors.
void svdvals(const std::shared_ptr<engine::context>& context, const engine::matrix_operand& input,
             const engine::matrix_operand& s);

} // namespace tiles::algorithms
