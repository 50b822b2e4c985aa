// libtiles algorithms: the host's part of the LU algorithms (solve, inv, slogdet): one panel's
// partial pivoting, as LAPACK's getf2, in double. Panels are narrow (lu.cpp's panel width), so the
// host's share is about n x width^2 operations per panel of the whole's n^3.
#pragma once

#include <vector>

namespace tiles::algorithms {

// A panel's pivoting and factors: row j of the panel swapped with row swaps[j] (>= j), in order,
// then P A = L U as getf2 leaves it; the inverses of its unit lower triangle L11 and of its upper
// triangle U11 (width x width, row-major), and the multipliers L21 below them ((rows - width) x
// width). Where a column has no nonzero pivot, singular_column is its index (and the rest is what
// was found before it); else -1.
struct pivoted_panel {
    std::vector<int> swaps;
    std::vector<double> lower_inverse, upper_inverse, multipliers;
    int singular_column = -1;
    int sign = 1;             // the sign of U11's determinant, the swaps' included
    double log_magnitude = 0; // the logarithm of |det U11|
};

// Pivots `panel`, rows x width row-major with rows >= width, choosing in each column the row of
// the largest magnitude among those not yet chosen.
pivoted_panel pivot_panel(std::vector<double> panel, int rows, int width);

} // namespace tiles::algorithms
