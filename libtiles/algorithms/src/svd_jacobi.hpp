// libtiles algorithms: the host's part of svd: the singular value decomposition of the small
// square triangle R that QR leaves, by one-sided Jacobi rotations (Hestenes) in double, which
// gives the small singular values to high relative accuracy. No LAPACK is linked: this is it.
#pragma once

#include <vector>

namespace tiles::algorithms {

// A = U diag(S) V^T of an n x n matrix; U and V row-major with orthonormal columns (empty where
// only the values were asked for), S non-negative and descending.
struct host_svd {
    std::vector<double> u, s, v;
};

// The singular values of `a`, n x n row-major, and where `with_vectors` their vectors. A column of
// U whose singular value is zero is completed to an orthonormal basis, as LAPACK's are.
host_svd jacobi_svd(const std::vector<double>& a, int n, bool with_vectors);

} // namespace tiles::algorithms
