// libtiles algorithms: qr's panels on the host (qr_panel.hpp).
#include "qr_panel.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "scaled_length.hpp"

namespace tiles::algorithms {
namespace {

// Column j's reflector, made in place as LAPACK's larfg: returns tau, leaves beta (R's diagonal
// element) at (j, j) and v (its first element 1, implied) below it.
double reflect_column(std::vector<double>& a, int rows, int width, int j) {
    const auto at = [&](int row) -> double& { return a[std::size_t(row) * width + j]; };
    const double below = scaled_length(std::size_t(rows - j - 1), [&](std::size_t i) { return at(j + 1 + int(i)); });
    if (below == 0) return 0;
    const double alpha = at(j);
    const double beta = alpha >= 0 ? -std::hypot(alpha, below) : std::hypot(alpha, below);
    for (int i = j + 1; i < rows; ++i) at(i) /= alpha - beta;
    at(j) = beta;
    return (beta - alpha) / beta;
}

// Applies H = I - tau v v^T, v column j's reflector, to the columns right of j. Row by row, so
// that the inner loops run along memory: first every column's v^T a(:, c) at once, then the update.
void apply_reflector(std::vector<double>& a, int rows, int width, int j, double tau) {
    const auto row = [&](int i) { return a.data() + std::size_t(i) * width; };
    std::vector<double> dots(row(j) + j + 1, row(j) + width); // v's first element is 1
    for (int i = j + 1; i < rows; ++i)
        for (int c = j + 1; c < width; ++c) dots[c - j - 1] += row(i)[j] * row(i)[c];
    for (double& dot : dots) dot *= tau;
    for (int i = j; i < rows; ++i) {
        const double v = i == j ? 1.0 : row(i)[j];
        for (int c = j + 1; c < width; ++c) row(i)[c] -= dots[c - j - 1] * v;
    }
}

// larft's forward, columnwise recurrence: T(0:j, j) = -tau_j T(0:j, 0:j) V(:, 0:j)^T v_j, the
// products V(:, 0:j)^T v_j taken row by row, along memory.
std::vector<double> triangular_factor(const std::vector<double>& v, const std::vector<double>& tau, int rows,
                                      int width) {
    std::vector<double> t(std::size_t(width) * width, 0.0);
    std::vector<double> products(width);
    for (int j = 0; j < width; ++j) {
        std::fill(products.begin(), products.begin() + j, 0.0);
        for (int i = j; i < rows; ++i) {
            const double* v_row = v.data() + std::size_t(i) * width;
            for (int c = 0; c < j; ++c) products[c] += v_row[c] * v_row[j];
        }
        for (int c = 0; c < j; ++c) products[c] *= -tau[j];
        for (int row = 0; row < j; ++row) {
            double sum = 0;
            for (int c = row; c < j; ++c) sum += t[std::size_t(row) * width + c] * products[c];
            t[std::size_t(row) * width + j] = sum;
        }
        t[std::size_t(j) * width + j] = tau[j];
    }
    return t;
}

} // namespace

householder_panel factor_householder(std::vector<double> panel, int rows, int width) {
    std::vector<double> tau(width);
    for (int j = 0; j < width; ++j) {
        tau[j] = reflect_column(panel, rows, width, j);
        apply_reflector(panel, rows, width, j, tau[j]);
    }
    householder_panel result{
        std::vector<double>(std::size_t(rows) * width, 0.0), {}, std::vector<double>(std::size_t(width) * width, 0.0)};
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < width; ++j) {
            const double value = panel[std::size_t(i) * width + j];
            if (i > j)
                result.v[std::size_t(i) * width + j] = value;
            else if (i == j)
                result.v[std::size_t(i) * width + j] = 1;
            if (i <= j) result.r[std::size_t(i) * width + j] = value;
        }
    result.t = triangular_factor(result.v, tau, rows, width);
    return result;
}

std::vector<double> transposed(const std::vector<double>& matrix, int rows, int columns) {
    std::vector<double> result(matrix.size());
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < columns; ++j) result[std::size_t(j) * rows + i] = matrix[std::size_t(i) * columns + j];
    return result;
}

} // namespace tiles::algorithms
