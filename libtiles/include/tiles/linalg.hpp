// libtiles: linear algebra on the device, namespace tiles::linalg, as thin typed shells over the
// algorithms on the engine's operands (tiles/algorithms/), as tiles/algorithms.hpp's are: each runs
// on the accelerator view given first, else where the first operand that is an array, or a view
// of one, lives, else on the default view. docs/guides/linalg.md says which steps run where.
#pragma once

#include <algorithm>
#include <tuple>
#include <utility>

#include "tiles/algorithms.hpp"
#include "tiles/algorithms/cholesky.hpp"
#include "tiles/algorithms/eigh.hpp"
#include "tiles/algorithms/lu.hpp"
#include "tiles/algorithms/qr.hpp"
#include "tiles/algorithms/svd.hpp"

namespace tiles {

namespace detail {

// A stack of matrices (rank 2 or more, the leading dimensions counting them) as the engine's
// matrix: all their rows, one after another.
template <class Data> engine::matrix_operand stack_of(const Data& data) {
    static_assert(traits_of<Data>::rank >= 2, "this algorithm takes matrices, or stacks of them");
    whole_storage_of(data);
    int rows = 1;
    for (int d = 0; d + 1 < traits_of<Data>::rank; ++d) rows *= data.extent[d];
    return {data.storage(), rows, data.extent[traits_of<Data>::rank - 1]};
}

template <class Data> engine::matrix_operand output_stack_of(Data&& data) {
    static_assert(traits_of<Data>::writable, "the output must be writable: an array, or an array_view of non-const T");
    return stack_of(data);
}

// A stack of vectors (rank 1 or more, the leading dimensions counting them) as the engine's
// matrix: one vector a row.
template <class Data> engine::matrix_operand output_vectors_of(Data&& data) {
    static_assert(traits_of<Data>::writable, "the output must be writable: an array, or an array_view of non-const T");
    whole_storage_of(data);
    int rows = 1;
    for (int d = 0; d + 1 < traits_of<Data>::rank; ++d) rows *= data.extent[d];
    return {data.storage(), rows, data.extent[traits_of<Data>::rank - 1]};
}

// The extent of each matrix's diagonal (its singular values, a symmetric matrix's eigenvalues): the
// matrices' extent without its last dimension, the smaller of rows and columns last.
template <int Rank> extent<Rank - 1> diagonal_extent(const extent<Rank>& matrices) {
    extent<Rank - 1> values;
    for (int d = 0; d + 2 < Rank; ++d) values[d] = matrices[d];
    values[Rank - 2] = std::min(matrices[Rank - 2], matrices[Rank - 1]);
    return values;
}

} // namespace detail

namespace linalg {

// The Cholesky factor of each symmetric positive-definite matrix of float, or of double on
// accelerators with double precision, of `matrices` (one matrix, or a stack of them: extent
// (..., n, n)), of which only the lower triangles are read: L, lower triangular with a positive
// diagonal and L * L^T = A, or where `upper`, U = L^T (zeros in the other triangle). A matrix
// that is not positive definite throws invalid_argument naming it and the first column whose
// pivot is not positive (LAPACK's info, counted from 0 here).
template <class Data, class Output>
void cholesky(const accelerator_view& view, const Data& matrices, Output&& output, bool upper = false) {
    algorithms::cholesky(view.context(), detail::stack_of(matrices), upper, detail::output_stack_of(output));
}
template <class Data>
array<detail::element_of<Data>, detail::traits_of<Data>::rank> cholesky(const accelerator_view& view,
                                                                        const Data& matrices, bool upper = false) {
    array<detail::element_of<Data>, detail::traits_of<Data>::rank> factor(matrices.extent, view);
    cholesky(view, matrices, factor, upper);
    return factor;
}
template <class Data>
array<detail::element_of<Data>, detail::traits_of<Data>::rank> cholesky(const Data& matrices, bool upper = false) {
    return cholesky(detail::view_of(matrices), matrices, upper);
}

// The QR factorization A = Q R of each m x n matrix of float, or of double on accelerators with
// double precision, of `matrices` (one matrix, or a stack of them: extent (..., m, n)), k =
// min(m, n): Q (..., m, k) with orthonormal columns and R (..., k, n) upper triangular; where
// `complete`, Q is (..., m, m) and R (..., m, n). R's diagonal has LAPACK's geqrf signs.
template <class Data, class Q, class R>
void qr(const accelerator_view& view, const Data& matrices, Q&& q, R&& r, bool complete = false) {
    algorithms::qr(view.context(), detail::stack_of(matrices), complete, detail::output_stack_of(q),
                   detail::output_stack_of(r));
}
template <class Data>
std::pair<array<detail::element_of<Data>, detail::traits_of<Data>::rank>,
          array<detail::element_of<Data>, detail::traits_of<Data>::rank>>
qr(const accelerator_view& view, const Data& matrices, bool complete = false) {
    constexpr int rank = detail::traits_of<Data>::rank;
    const int m = matrices.extent[rank - 2], n = matrices.extent[rank - 1], k = complete ? m : std::min(m, n);
    extent<rank> q_extent = matrices.extent, r_extent = matrices.extent;
    q_extent[rank - 1] = k;
    r_extent[rank - 2] = k;
    std::pair<array<detail::element_of<Data>, rank>, array<detail::element_of<Data>, rank>> factors{
        array<detail::element_of<Data>, rank>(q_extent, view), array<detail::element_of<Data>, rank>(r_extent, view)};
    qr(view, matrices, factors.first, factors.second, complete);
    return factors;
}
template <class Data>
std::pair<array<detail::element_of<Data>, detail::traits_of<Data>::rank>,
          array<detail::element_of<Data>, detail::traits_of<Data>::rank>>
qr(const Data& matrices, bool complete = false) {
    return qr(detail::view_of(matrices), matrices, complete);
}

// The singular value decomposition A = U diag(S) Vh of each m x n matrix of float, or of double on
// accelerators with double precision, of `matrices` (one matrix, or a stack of them: extent
// (..., m, n)), k = min(m, n): U (..., m, k) with orthonormal columns, S (..., k) descending and
// Vh (..., k, n) with orthonormal rows; where `full_matrices`, U is (..., m, m) and Vh (..., n, n).
template <class Data, class U, class S, class Vh>
void svd(const accelerator_view& view, const Data& matrices, U&& u, S&& s, Vh&& vh, bool full_matrices = true) {
    algorithms::svd(view.context(), detail::stack_of(matrices), full_matrices, detail::output_stack_of(u),
                    detail::output_vectors_of(s), detail::output_stack_of(vh));
}
template <class Data>
std::tuple<array<detail::element_of<Data>, detail::traits_of<Data>::rank>,
           array<detail::element_of<Data>, detail::traits_of<Data>::rank - 1>,
           array<detail::element_of<Data>, detail::traits_of<Data>::rank>>
svd(const accelerator_view& view, const Data& matrices, bool full_matrices = true) {
    constexpr int rank = detail::traits_of<Data>::rank;
    using T = detail::element_of<Data>;
    const int m = matrices.extent[rank - 2], n = matrices.extent[rank - 1], k = std::min(m, n);
    extent<rank> u_extent = matrices.extent, vh_extent = matrices.extent;
    u_extent[rank - 1] = full_matrices ? m : k;
    vh_extent[rank - 2] = full_matrices ? n : k;
    std::tuple<array<T, rank>, array<T, rank - 1>, array<T, rank>> factors{
        array<T, rank>(u_extent, view), array<T, rank - 1>(detail::diagonal_extent(matrices.extent), view),
        array<T, rank>(vh_extent, view)};
    svd(view, matrices, std::get<0>(factors), std::get<1>(factors), std::get<2>(factors), full_matrices);
    return factors;
}
template <class Data>
std::tuple<array<detail::element_of<Data>, detail::traits_of<Data>::rank>,
           array<detail::element_of<Data>, detail::traits_of<Data>::rank - 1>,
           array<detail::element_of<Data>, detail::traits_of<Data>::rank>>
svd(const Data& matrices, bool full_matrices = true) {
    return svd(detail::view_of(matrices), matrices, full_matrices);
}

// The singular values of each matrix of float, or of double on accelerators with double precision,
// of `matrices`, as svd's S, without the vectors.
template <class Data, class S> void svdvals(const accelerator_view& view, const Data& matrices, S&& s) {
    algorithms::svdvals(view.context(), detail::stack_of(matrices), detail::output_vectors_of(s));
}
template <class Data>
array<detail::element_of<Data>, detail::traits_of<Data>::rank - 1> svdvals(const accelerator_view& view,
                                                                           const Data& matrices) {
    array<detail::element_of<Data>, detail::traits_of<Data>::rank - 1> values(detail::diagonal_extent(matrices.extent),
                                                                              view);
    svdvals(view, matrices, values);
    return values;
}
template <class Data> array<detail::element_of<Data>, detail::traits_of<Data>::rank - 1> svdvals(const Data& matrices) {
    return svdvals(detail::view_of(matrices), matrices);
}

// The eigendecomposition A = V diag(W) V^T of each symmetric n x n matrix of float, or of double on
// accelerators with double precision, of `matrices` (one matrix, or a stack of them: extent
// (..., n, n)), of which only the lower triangles are read: W (..., n), ascending, and V
// (..., n, n), orthogonal, one eigenvector a column. A matrix holding NaN or infinity throws
// invalid_argument naming it.
template <class Data, class W, class V>
void eigh(const accelerator_view& view, const Data& matrices, W&& eigenvalues, V&& eigenvectors) {
    algorithms::eigh(view.context(), detail::stack_of(matrices), detail::output_vectors_of(eigenvalues),
                     detail::output_stack_of(eigenvectors));
}
template <class Data>
std::pair<array<detail::element_of<Data>, detail::traits_of<Data>::rank - 1>,
          array<detail::element_of<Data>, detail::traits_of<Data>::rank>>
eigh(const accelerator_view& view, const Data& matrices) {
    constexpr int rank = detail::traits_of<Data>::rank;
    using T = detail::element_of<Data>;
    std::pair<array<T, rank - 1>, array<T, rank>> result{
        array<T, rank - 1>(detail::diagonal_extent(matrices.extent), view), array<T, rank>(matrices.extent, view)};
    eigh(view, matrices, result.first, result.second);
    return result;
}
template <class Data>
std::pair<array<detail::element_of<Data>, detail::traits_of<Data>::rank - 1>,
          array<detail::element_of<Data>, detail::traits_of<Data>::rank>>
eigh(const Data& matrices) {
    return eigh(detail::view_of(matrices), matrices);
}

// The eigenvalues of each symmetric matrix of float, or of double on accelerators with double
// precision, of `matrices`, as eigh's W, without the vectors.
template <class Data, class W> void eigvalsh(const accelerator_view& view, const Data& matrices, W&& eigenvalues) {
    algorithms::eigvalsh(view.context(), detail::stack_of(matrices), detail::output_vectors_of(eigenvalues));
}
template <class Data>
array<detail::element_of<Data>, detail::traits_of<Data>::rank - 1> eigvalsh(const accelerator_view& view,
                                                                            const Data& matrices) {
    array<detail::element_of<Data>, detail::traits_of<Data>::rank - 1> values(detail::diagonal_extent(matrices.extent),
                                                                              view);
    eigvalsh(view, matrices, values);
    return values;
}
template <class Data>
array<detail::element_of<Data>, detail::traits_of<Data>::rank - 1> eigvalsh(const Data& matrices) {
    return eigvalsh(detail::view_of(matrices), matrices);
}

// X = A^-1 B for each n x n matrix A of float, or of double on accelerators with double precision,
// of `a` (one matrix, or a stack of them: extent (..., n, n)) and the same n x k matrix B of `b`.
// A singular matrix throws invalid_argument naming it and the first column with no nonzero pivot.
template <class A, class B, class X> void solve(const accelerator_view& view, const A& a, const B& b, X&& x) {
    algorithms::solve(view.context(), detail::stack_of(a), detail::stack_of(b), detail::output_stack_of(x));
}
template <class A, class B>
array<detail::element_of<B>, detail::traits_of<B>::rank> solve(const accelerator_view& view, const A& a, const B& b) {
    array<detail::element_of<B>, detail::traits_of<B>::rank> x(b.extent, view);
    solve(view, a, b, x);
    return x;
}
template <class A, class B> array<detail::element_of<B>, detail::traits_of<B>::rank> solve(const A& a, const B& b) {
    return solve(detail::view_of(a), a, b);
}

// The inverse of each n x n matrix of float, or of double on accelerators with double precision,
// of `matrices`; a singular matrix throws as solve does.
template <class Data, class Output> void inv(const accelerator_view& view, const Data& matrices, Output&& output) {
    algorithms::inv(view.context(), detail::stack_of(matrices), detail::output_stack_of(output));
}
template <class Data>
array<detail::element_of<Data>, detail::traits_of<Data>::rank> inv(const accelerator_view& view, const Data& matrices) {
    array<detail::element_of<Data>, detail::traits_of<Data>::rank> inverse(matrices.extent, view);
    inv(view, matrices, inverse);
    return inverse;
}
template <class Data> array<detail::element_of<Data>, detail::traits_of<Data>::rank> inv(const Data& matrices) {
    return inv(detail::view_of(matrices), matrices);
}

// The sign (1, -1, or 0 where singular) and the natural logarithm of the magnitude (-inf where
// singular) of the determinant of each n x n matrix of float, or of double on accelerators with
// double precision, of `matrices`, one value per matrix in `sign` and `logabsdet`, in the stack's order.
template <class Data, class Sign, class Logarithm>
void slogdet(const accelerator_view& view, const Data& matrices, Sign&& sign, Logarithm&& logabsdet) {
    algorithms::slogdet(view.context(), detail::stack_of(matrices), detail::output_vectors_of(sign),
                        detail::output_vectors_of(logabsdet));
}

} // namespace linalg

} // namespace tiles
