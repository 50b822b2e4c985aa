// libtiles algorithms: the eigenvalues and eigenvectors of a symmetric tridiagonal matrix by
// Cuppen's divide and conquer, as LAPACK's dstedc (dlaed0 to dlaed4): T splits into two halves and a
// rank-one correction; each half is solved in turn, and their eigenpairs merge through the secular
// equation, with deflation where a value or a pair of values needs none of it. Blocks up to
// divide_and_conquer_leaf go to the QL iteration (eigh_tridiagonal.hpp).
#pragma once

#include <cstddef>

#include "eigh_tridiagonal.hpp"

namespace tiles::algorithms {

// The largest block solved by the QL iteration (LAPACK's SMLSIZ): below it, the merges' overhead
// costs more than the QL rotations they save.
constexpr std::size_t divide_and_conquer_leaf = 25;

// T = Z diag(W) Z^T as tridiagonal_eigenproblem gives it, with the vectors.
tridiagonal_eigen divided_eigenproblem(const tridiagonal_form& t);

} // namespace tiles::algorithms
