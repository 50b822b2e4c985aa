// libtiles algorithms: the eigenvalues of D + rho z z^T (D diagonal, rho > 0), the roots of the
// secular equation 1 + rho sum_j z_j^2 / (d_j - lambda) = 0, one root at a time as LAPACK's dlaed4
// finds them, for eigh's divide and conquer (eigh_divide_conquer.hpp).
#pragma once

#include <cstddef>
#include <vector>

namespace tiles::algorithms {

// The roots, ascending, and for each root lambda_i the row of differences d_j - lambda_i (row-major
// k x k). The differences come from d_j minus the pole nearest the root, less the root's distance
// from that pole, so that each is accurate to its own size, not to the root's: Gu and Eisenstat's
// recomputed z needs them so (dlaed4's DELTA).
struct secular_roots {
    std::vector<double> roots, differences;
};

// d strictly ascending, every z_j nonzero, rho > 0.
secular_roots secular_equation_roots(const std::vector<double>& d, const std::vector<double>& z, double rho);

} // namespace tiles::algorithms
