// libtiles algorithms: the host's part of cholesky: the factor of a diagonal block and its
// inverse, in double, for blocks small enough (cholesky's panel width) that the host factors one
// in less time than a launch's round trip takes.
#pragma once

#include <vector>

namespace tiles::algorithms {

// Overwrites the lower triangle of `block`, an n x n row-major matrix, with its Cholesky factor L
// (the upper triangle is left as it is). Returns the first column, counted from 0, whose pivot is
// not positive (or NaN), with its value in `pivot`, or -1 where the block is positive definite.
int factor_lower(std::vector<double>& block, int n, double& pivot);

// The transpose of L's inverse, (L^-1)^T, n x n row-major and upper triangular, for L the lower
// triangle of `factor` (by forward substitution, column by column of the inverse): the matrix by
// which a panel P right-multiplied is P * L^-T, potrf's triangular solve as one gemm.
std::vector<double> inverse_transposed(const std::vector<double>& factor, int n);

} // namespace tiles::algorithms
