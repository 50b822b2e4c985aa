// libtiles algorithms: cholesky's diagonal blocks on the host (cholesky_panel.hpp).
#include "cholesky_panel.hpp"

#include <cmath>
#include <cstddef>

namespace tiles::algorithms {

int factor_lower(std::vector<double>& block, int n, double& pivot) {
    const auto at = [&](int row, int column) -> double& { return block[std::size_t(row) * n + column]; };
    for (int j = 0; j < n; ++j) {
        double diagonal = at(j, j);
        for (int k = 0; k < j; ++k) diagonal -= at(j, k) * at(j, k);
        // !(> 0) also stops at NaN, which would otherwise spread through every later column.
        if (!(diagonal > 0)) {
            pivot = diagonal;
            return j;
        }
        const double root = std::sqrt(diagonal);
        at(j, j) = root;
        for (int i = j + 1; i < n; ++i) {
            double sum = at(i, j);
            for (int k = 0; k < j; ++k) sum -= at(i, k) * at(j, k);
            at(i, j) = sum / root;
        }
    }
    return -1;
}

std::vector<double> inverse_transposed(const std::vector<double>& factor, int n) {
    const auto l = [&](int row, int column) { return factor[std::size_t(row) * n + column]; };
    std::vector<double> result(std::size_t(n) * n, 0.0);
    // Column c of L^-1 solves L x = e_c; it is row c of the result.
    for (int c = 0; c < n; ++c) {
        double* x = &result[std::size_t(c) * n];
        for (int i = c; i < n; ++i) {
            double sum = i == c ? 1.0 : 0.0;
            for (int k = c; k < i; ++k) sum -= l(i, k) * x[k];
            x[i] = sum / l(i, i);
        }
    }
    return result;
}

} // namespace tiles::algorithms
