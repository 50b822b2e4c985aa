// libtiles algorithms: the host's part of svd: the singular value decomposition of the small
// square triangle R that QR leaves, in double, the way of LAPACK's dgebrd and dbdsqr: Householder
// bidiagonalization, then implicit-shift QR sweeps on the bidiagonal (Golub and Kahan, Reinsch).
// No LAPACK is linked: this is it.
#pragma once

#include <vector>

namespace tiles::algorithms {

// A = U diag(S) V^T of an n x n matrix; U and V row-major with orthonormal columns (empty where
// only the values were asked for), S non-negative and descending.
struct host_svd {
    std::vector<double> u, s, v;
};

// The singular values of `a`, n x n row-major, and where `with_vectors` their vectors (U's columns
// of zero singular values complete an orthonormal basis, as LAPACK's do). invalid_argument where
// the QR sweeps do not converge, naming the singular value.
host_svd golub_kahan_svd(std::vector<double> a, int n, bool with_vectors);

} // namespace tiles::algorithms
