// libtiles algorithms: the host's part of eigh, in double: the Householder reduction of a symmetric
// matrix to tridiagonal form, and the implicit QL iteration that finds the tridiagonal matrix's
// eigenvalues and eigenvectors (EISPACK's tred2 and tql2, as LAPACK's sytrd and steqr do); with
// the vectors, above divide_and_conquer_leaf, divide and conquer (eigh_divide_conquer.hpp). No
// LAPACK is linked: this is it.
#pragma once

#include <vector>

namespace tiles::algorithms {

// A = Q T Q^T: T's diagonal and subdiagonal, and Q (row-major, orthogonal; empty where not asked).
struct tridiagonal_form {
    std::vector<double> diagonal, subdiagonal, q;
};

// The tridiagonal form of the symmetric n x n matrix whose lower triangle `a` (row-major) holds;
// its upper triangle is not read.
tridiagonal_form tridiagonalized(std::vector<double> a, int n, bool with_q);

// T = Z diag(W) Z^T: the eigenvalues W ascending and, where asked, the eigenvectors Z (row-major,
// one a column). Throws invalid_argument where the iteration does not converge (NaNs in the input).
struct tridiagonal_eigen {
    std::vector<double> values, vectors;
};
tridiagonal_eigen tridiagonal_eigenproblem(const tridiagonal_form& t, bool with_vectors);

} // namespace tiles::algorithms
