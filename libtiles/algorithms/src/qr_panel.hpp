// libtiles algorithms: the host's part of qr: a panel's Householder reflectors and the triangular
// factor T of their compact WY form, in double. Panels are narrow (qr's panel width), so the host's
// share is about m x width x n operations of the whole's m x n^2.
#pragma once

#include <vector>

namespace tiles::algorithms {

// A panel's reflectors H_j = I - tau_j v_j v_j^T, with H_1 ... H_w = I - V T V^T.
struct householder_panel {
    std::vector<double> v; // rows x width, row-major, unit lower trapezoidal
    std::vector<double> t; // width x width, row-major, upper triangular
    std::vector<double> r; // width x width, row-major: the panel's R, upper triangular
};

// Factors `panel`, rows x width row-major with rows >= width, as LAPACK's geqr2 and larft do: a
// column already zero below its diagonal gets tau 0 (H = I), so a rank-deficient panel gives zeros
// on R's diagonal, never NaNs.
householder_panel factor_householder(std::vector<double> panel, int rows, int width);

// The transpose of a rows x columns row-major matrix.
std::vector<double> transposed(const std::vector<double>& matrix, int rows, int columns);

} // namespace tiles::algorithms
