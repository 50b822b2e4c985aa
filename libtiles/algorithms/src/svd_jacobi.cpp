// libtiles algorithms: svd's one-sided Jacobi on the host (svd_jacobi.hpp). Columns are kept
// column-major, so each rotation runs over two contiguous arrays.
#include "svd_jacobi.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <string>

#include "scaled_length.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {
namespace {

// Sweeps over all pairs of columns; they converge quadratically, in well under this many.
constexpr int most_sweeps = 60;

double dot(const double* x, const double* y, int n) {
    double sum = 0;
    for (int i = 0; i < n; ++i) sum += x[i] * y[i];
    return sum;
}

// Rotates columns x and y by (c, s): x' = c x - s y, y' = s x + c y.
void rotate(double* x, double* y, int n, double c, double s) {
    for (int i = 0; i < n; ++i) {
        const double xi = x[i], yi = y[i];
        x[i] = c * xi - s * yi;
        y[i] = s * xi + c * yi;
    }
}

// Makes columns p and q of w orthogonal, rotating v's alike; false where they already were, or
// where either is `negligible` (its squared length at most that): as LAPACK's gesvj, a column that
// is zero to working precision is left alone, since its rounding noise is orthogonal to nothing
// and would keep a rank-deficient matrix rotating sweep after sweep.
bool orthogonalize(std::vector<double>& w, std::vector<double>& v, int n, int p, int q, double negligible) {
    double* wp = &w[std::size_t(p) * n];
    double* wq = &w[std::size_t(q) * n];
    const double alpha = dot(wp, wp, n), beta = dot(wq, wq, n);
    if (alpha <= negligible || beta <= negligible) return false;
    const double gamma = dot(wp, wq, n);
    // Orthogonal to working precision, relative to the columns' lengths: what makes the small
    // singular values accurate, not only the large ones.
    if (std::abs(gamma) <= n * std::numeric_limits<double>::epsilon() * std::sqrt(alpha) * std::sqrt(beta))
        return false;
    const double zeta = (beta - alpha) / (2 * gamma);
    const double t = std::copysign(1.0, zeta) / (std::abs(zeta) + std::sqrt(1 + zeta * zeta));
    const double c = 1 / std::sqrt(1 + t * t), s = c * t;
    rotate(wp, wq, n, c, s);
    if (!v.empty()) rotate(&v[std::size_t(p) * n], &v[std::size_t(q) * n], n, c, s);
    return true;
}

// Replaces column j of u (column-major, its columns `done` orthonormal) by the unit vector
// orthogonal to them that is closest to a unit axis: the one whose residual is longest.
void complete_column(std::vector<double>& u, int n, int j, const std::vector<int>& done) {
    std::vector<double> best, residual(n);
    double best_length = -1;
    for (int axis = 0; axis < n; ++axis) {
        std::fill(residual.begin(), residual.end(), 0.0);
        residual[std::size_t(axis)] = 1;
        for (int pass = 0; pass < 2; ++pass) // twice is enough (Kahan's "twice is enough")
            for (const int k : done) {
                const double* uk = &u[std::size_t(k) * n];
                const double projection = dot(uk, residual.data(), n);
                for (int i = 0; i < n; ++i) residual[std::size_t(i)] -= projection * uk[i];
            }
        const double length = std::sqrt(dot(residual.data(), residual.data(), n));
        if (length > best_length) best_length = length, best = residual;
    }
    for (int i = 0; i < n; ++i) u[std::size_t(j) * n + i] = best[std::size_t(i)] / best_length;
}

// Column-major w's columns scaled to unit length, those of length zero completed.
std::vector<double> left_vectors(std::vector<double> w, const std::vector<double>& lengths, int n) {
    std::vector<int> done, zero;
    for (int j = 0; j < n; ++j) {
        if (lengths[std::size_t(j)] == 0) {
            zero.push_back(j);
            continue;
        }
        for (int i = 0; i < n; ++i) w[std::size_t(j) * n + i] /= lengths[std::size_t(j)];
        done.push_back(j);
    }
    for (const int j : zero) {
        complete_column(w, n, j, done);
        done.push_back(j);
    }
    return w;
}

// Column-major `columns`' columns in `order`, as a row-major matrix.
std::vector<double> row_major_in_order(const std::vector<double>& columns, const std::vector<int>& order, int n) {
    std::vector<double> result(std::size_t(n) * n);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
            result[std::size_t(i) * n + j] = columns[std::size_t(order[std::size_t(j)]) * n + i];
    return result;
}

} // namespace

host_svd jacobi_svd(const std::vector<double>& a, int n, bool with_vectors) {
    std::vector<double> w(a.size()), v;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) w[std::size_t(j) * n + i] = a[std::size_t(i) * n + j];
    if (with_vectors) {
        v.assign(std::size_t(n) * n, 0.0);
        for (int i = 0; i < n; ++i) v[std::size_t(i) * n + i] = 1;
    }
    // gesvj's threshold: n eps times the matrix's Frobenius norm, squared.
    const double norm =
        n * std::numeric_limits<double>::epsilon() * scaled_length(a.size(), [&](std::size_t i) { return a[i]; });
    const double negligible = norm * norm;
    bool rotated = true;
    for (int sweep = 0; sweep < most_sweeps && rotated; ++sweep) {
        rotated = false;
        for (int p = 0; p + 1 < n; ++p)
            for (int q = p + 1; q < n; ++q) rotated = orthogonalize(w, v, n, p, q, negligible) || rotated;
    }
    if (rotated)
        throw invalid_argument("svd: the one-sided Jacobi iteration did not converge in " +
                               std::to_string(most_sweeps) + " sweeps over the columns of the " + std::to_string(n) +
                               " x " + std::to_string(n) + " triangle of QR");
    // A negligible column was never rotated against the others: it is zero, as gesvj takes it, and
    // its left vector is completed to an orthonormal basis.
    std::vector<double> lengths(n);
    for (int j = 0; j < n; ++j) {
        const double squared = dot(&w[std::size_t(j) * n], &w[std::size_t(j) * n], n);
        lengths[std::size_t(j)] = squared <= negligible ? 0.0 : std::sqrt(squared);
    }
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int x, int y) { return lengths[std::size_t(x)] > lengths[std::size_t(y)]; });
    host_svd result;
    for (const int j : order) result.s.push_back(lengths[std::size_t(j)]);
    if (!with_vectors) return result;
    result.u = row_major_in_order(left_vectors(std::move(w), lengths, n), order, n);
    result.v = row_major_in_order(v, order, n);
    return result;
}

} // namespace tiles::algorithms
