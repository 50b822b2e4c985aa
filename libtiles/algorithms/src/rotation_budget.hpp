// libtiles algorithms: how long the host's implicit QR and QL iterations (svd's bidiagonal sweeps,
// eigh's tridiagonal steps) may run before they report that they do not converge.
#pragma once

#include <cstddef>

namespace tiles::algorithms {

// The plane rotations for all values of an order-n problem, at most, in multiples of n^2
// (LAPACK's dbdsqr's budget): a cluster of tiny or nearly equal values converges slowly, so no one
// value has a budget of its own.
constexpr std::size_t most_rotations_per_n_squared = 6;

} // namespace tiles::algorithms
