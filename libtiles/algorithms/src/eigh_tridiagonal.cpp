// libtiles algorithms: eigh's host steps (eigh_tridiagonal.hpp). The QL iteration keeps Z's
// columns as rows, so each plane rotation runs over two contiguous arrays.
#include "eigh_tridiagonal.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <string>

#include "eigh_divide_conquer.hpp"
#include "householder_product.hpp"
#include "rotation_budget.hpp"
#include "scaled_length.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {
namespace {

// p = A v for the symmetric trailing block of `a` from row and column `first` (`size` of them),
// reading only its lower triangle, each row once: row i gives p[i] its part left of the diagonal and
// p[j] (j < i) the mirrored part.
std::vector<double> symmetric_product(const std::vector<double>& a, std::size_t n, std::size_t first, std::size_t size,
                                      const std::vector<double>& v) {
    std::vector<double> p(size, 0.0);
    for (std::size_t i = 0; i < size; ++i) {
        const double* row = &a[(first + i) * n + first];
        const double vi = v[i];
        double sum = row[i] * vi;
        for (std::size_t j = 0; j < i; ++j) {
            sum += row[j] * v[j];
            p[j] += row[j] * vi;
        }
        p[i] += sum;
    }
    return p;
}

// The unit reflector v (n - k - 1 long; empty where column k is already zero below its
// subdiagonal) with (I - 2 v v^T) zeroing column k of the symmetric `a` below the subdiagonal,
// applied to the lower triangle of a's trailing block from both sides; `subdiagonal` becomes T's
// element (k + 1, k).
std::vector<double> reflect(std::vector<double>& a, std::size_t n, std::size_t k, double& subdiagonal) {
    const std::size_t first = k + 1, size = n - first;
    const double* column = &a[first * n + k];
    const double below = scaled_length(size - 1, [&](std::size_t i) { return column[(i + 1) * n]; });
    subdiagonal = column[0];
    if (below == 0) return {};
    const double alpha = -std::copysign(std::hypot(column[0], below), column[0]);
    std::vector<double> v(size);
    for (std::size_t i = 0; i < size; ++i) v[i] = column[i * n];
    v[0] -= alpha;
    const double length = std::hypot(v[0], below);
    for (double& x : v) x /= length;
    // H A H = A - 2 (v w^T + w v^T), with p = A v and w = p - (v^T p) v.
    std::vector<double> w = symmetric_product(a, n, first, size, v);
    const double vp = std::inner_product(v.begin(), v.end(), w.begin(), 0.0);
    for (std::size_t i = 0; i < size; ++i) w[i] -= vp * v[i];
    for (std::size_t i = 0; i < size; ++i) {
        double* row = &a[(first + i) * n + first];
        const double vi = 2 * v[i], wi = 2 * w[i];
        for (std::size_t j = 0; j <= i; ++j) row[j] -= vi * w[j] + wi * v[j];
    }
    subdiagonal = alpha;
    return v;
}

// Where the unreduced block from l ends: the first m >= l whose subdiagonal element is negligible
// next to its neighbours on the diagonal or, as EISPACK's tql2 judges, next to T's norm `norm`
// (without the latter, a cluster of eigenvalues near zero can stall the iteration).
int block_end(const std::vector<double>& d, const std::vector<double>& e, int l, double norm) {
    const int n = int(d.size());
    int m = l;
    for (; m < n - 1; ++m) {
        const double scale = std::abs(d[std::size_t(m)]) + std::abs(d[std::size_t(m + 1)]);
        const double off = std::abs(e[std::size_t(m)]);
        if (off + scale == scale || off <= std::numeric_limits<double>::epsilon() * norm) break;
    }
    return m;
}

// One implicit QL step with Wilkinson's shift on the block l..m, its rotations applied to the
// rows of zt (Z's columns) where there are any.
void ql_step(std::vector<double>& d, std::vector<double>& e, std::vector<double>& zt, int l, int m) {
    const std::size_t n = d.size();
    double g = (d[std::size_t(l + 1)] - d[std::size_t(l)]) / (2 * e[std::size_t(l)]);
    double r = std::hypot(g, 1.0);
    g = d[std::size_t(m)] - d[std::size_t(l)] + e[std::size_t(l)] / (g + std::copysign(r, g));
    double s = 1, c = 1, p = 0;
    int i = m - 1;
    for (; i >= l; --i) {
        const double f = s * e[std::size_t(i)], b = c * e[std::size_t(i)];
        e[std::size_t(i + 1)] = r = std::hypot(f, g);
        if (r == 0) { // underflow: the block splits here
            d[std::size_t(i + 1)] -= p;
            e[std::size_t(m)] = 0;
            return;
        }
        s = f / r;
        c = g / r;
        g = d[std::size_t(i + 1)] - p;
        r = (d[std::size_t(i)] - g) * s + 2 * c * b;
        d[std::size_t(i + 1)] = g + (p = s * r);
        g = c * r - b;
        if (zt.empty()) continue;
        double* lower = &zt[std::size_t(i) * n];
        double* upper = &zt[std::size_t(i + 1) * n];
        for (std::size_t k = 0; k < n; ++k) {
            const double z = upper[k];
            upper[k] = s * lower[k] + c * z;
            lower[k] = c * lower[k] - s * z;
        }
    }
    d[std::size_t(l)] -= p;
    e[std::size_t(l)] = g;
    e[std::size_t(m)] = 0;
}

} // namespace

tridiagonal_form tridiagonalized(std::vector<double> a, int size, bool with_q) {
    const std::size_t n = std::size_t(size);
    tridiagonal_form t{std::vector<double>(n), std::vector<double>(n > 0 ? n - 1 : 0), {}};
    std::vector<std::vector<double>> reflectors;
    for (std::size_t k = 0; k + 1 < n; ++k) reflectors.push_back(reflect(a, n, k, t.subdiagonal[k]));
    for (std::size_t i = 0; i < n; ++i) t.diagonal[i] = a[i * n + i];
    if (!with_q) return t;
    // Q = H_0 H_1 ..., H_k = I - 2 v_k v_k^T acting from row k + 1 (the identity where v_k is empty).
    t.q = householder_product(
        n, reflectors.size(), 1,
        [&](std::size_t k, std::size_t i) { return reflectors[k].empty() ? 0.0 : reflectors[k][i]; },
        [&](std::size_t k) { return reflectors[k].empty() ? 0.0 : 2.0; });
    return t;
}

tridiagonal_eigen tridiagonal_eigenproblem(const tridiagonal_form& t, bool with_vectors) {
    if (with_vectors && t.diagonal.size() > divide_and_conquer_leaf) return divided_eigenproblem(t);
    const int n = int(t.diagonal.size());
    std::vector<double> d = t.diagonal, e = t.subdiagonal, zt;
    e.push_back(0);
    if (with_vectors) {
        zt.assign(std::size_t(n) * n, 0.0);
        for (int i = 0; i < n; ++i) zt[std::size_t(i) * n + i] = 1;
    }
    double norm = 0;
    for (int i = 0; i < n; ++i) norm = std::max(norm, std::abs(d[std::size_t(i)]) + std::abs(e[std::size_t(i)]));
    const std::size_t most_rotations = most_rotations_per_n_squared * std::size_t(n) * std::size_t(n);
    std::size_t rotations = 0;
    for (int l = 0; l < n; ++l)
        for (int m = block_end(d, e, l, norm); m != l; m = block_end(d, e, l, norm)) {
            rotations += std::size_t(m - l);
            if (rotations > most_rotations)
                throw invalid_argument("eigh: the QL iteration did not converge: eigenvalue " + std::to_string(l) +
                                       " was not found in " + std::to_string(most_rotations) + " rotations (" +
                                       std::to_string(most_rotations_per_n_squared) + " n^2, n = " + std::to_string(n) +
                                       ")");
            ql_step(d, e, zt, l, m);
        }
    std::vector<int> order(d.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return d[std::size_t(x)] < d[std::size_t(y)]; });
    tridiagonal_eigen result;
    for (const int i : order) result.values.push_back(d[std::size_t(i)]);
    if (!with_vectors) return result;
    result.vectors.resize(std::size_t(n) * n);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
            result.vectors[std::size_t(i) * n + j] = zt[std::size_t(order[std::size_t(j)]) * n + i];
    return result;
}

} // namespace tiles::algorithms
