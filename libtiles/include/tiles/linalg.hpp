// libtiles: linear algebra on the device, namespace tiles::linalg, as thin typed shells over the
// algorithms on the engine's operands (tiles/algorithms/), as tiles/algorithms.hpp's are: each runs
// on the accelerator view given first, else where the first operand that is an array, or a view
// of one, lives, else on the default view. docs/guides/linalg.md says which steps run where.
#pragma once

#include <utility>

#include "tiles/algorithms.hpp"
#include "tiles/algorithms/cholesky.hpp"

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

} // namespace linalg

} // namespace tiles
