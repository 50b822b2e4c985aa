// libtiles algorithms: divide and conquer for the symmetric tridiagonal eigenproblem
// (eigh_divide_conquer.hpp). Eigenvectors are kept as rows, so that a deflating rotation runs over
// two contiguous arrays and the merge's product reads each row of the halves' vectors in turn.
#include "eigh_divide_conquer.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <utility>
#include <vector>

#include "host_product.hpp"
#include "secular_equation.hpp"

namespace tiles::algorithms {
namespace {

// Values ascending, and row j of the row-major `rows` value j's unit eigenvector.
struct eigen_rows {
    std::vector<double> values, rows;
};

// The candidates of a merge (dlaed2's workspace): the halves' eigenpairs, each vector a full row of
// the merged order, z = the rank-one vector in their basis, and which half each row is nonzero
// in (bit 1 the top, bit 2 the bottom) so the merge's product skips the zeros, as dlaed3's COLTYP.
struct merge_candidates {
    std::size_t n, top;
    std::vector<double> values, rows, z;
    std::vector<unsigned> halves;
};

eigen_rows solved(const double* diagonal, const double* subdiagonal, std::size_t n);

eigen_rows by_ql(const double* diagonal, const double* subdiagonal, std::size_t n) {
    const tridiagonal_form t{{diagonal, diagonal + n}, {subdiagonal, subdiagonal + (n - 1)}, {}};
    tridiagonal_eigen eigen = tridiagonal_eigenproblem(t, true);
    eigen_rows result{std::move(eigen.values), std::vector<double>(n * n)};
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) result.rows[j * n + i] = eigen.vectors[i * n + j];
    return result;
}

// T = diag(T1 - |rho| e_last e_last^T, T2 - |rho| e_first e_first^T) + |rho| u u^T with
// u = e_last + sign(rho) e_first (dlaed0's cut); z = u in the halves' eigenvectors, scaled to unit
// length (rho doubled).
merge_candidates candidates(const eigen_rows& top, const eigen_rows& bottom, double rho, std::size_t n) {
    const std::size_t m = top.values.size(), rest = n - m;
    merge_candidates c{n, m, top.values, std::vector<double>(n * n, 0.0), std::vector<double>(n), {}};
    c.values.insert(c.values.end(), bottom.values.begin(), bottom.values.end());
    c.halves.assign(n, 1u);
    std::fill(c.halves.begin() + std::ptrdiff_t(m), c.halves.end(), 2u);
    const double unit = 1 / std::sqrt(2.0);
    for (std::size_t j = 0; j < m; ++j) {
        std::copy_n(&top.rows[j * m], m, &c.rows[j * n]);
        c.z[j] = unit * top.rows[j * m + m - 1];
    }
    for (std::size_t j = 0; j < rest; ++j) {
        std::copy_n(&bottom.rows[j * rest], rest, &c.rows[(m + j) * n + m]);
        c.z[m + j] = std::copysign(unit, rho) * bottom.rows[j * rest];
    }
    return c;
}

// Deflation (dlaed2): a candidate whose z is negligible keeps its pair. Where two neighbours in value
// are so close that a rotation moving all their z onto one changes the pairs less than the
// tolerance, the other keeps its rotated pair. Returns the candidates the secular equation needs,
// ascending; `deflated` gets the others.
std::vector<std::size_t> deflated_from(merge_candidates& c, double rho, std::vector<std::size_t>& deflated) {
    std::vector<std::size_t> order(c.n);
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::inplace_merge(order.begin(), order.begin() + std::ptrdiff_t(c.top), order.end(),
                       [&](std::size_t x, std::size_t y) { return c.values[x] < c.values[y]; });
    double largest = 0;
    for (std::size_t j = 0; j < c.n; ++j) largest = std::max({largest, std::abs(c.values[j]), std::abs(c.z[j])});
    const double tolerance = 8 * std::numeric_limits<double>::epsilon() * largest;
    std::vector<std::size_t> kept;
    bool open = false;
    std::size_t previous = 0;
    for (const std::size_t j : order) {
        if (rho * std::abs(c.z[j]) <= tolerance) {
            deflated.push_back(j);
            continue;
        }
        if (open) {
            const double length = std::hypot(c.z[previous], c.z[j]);
            const double cosine = c.z[previous] / length, sine = c.z[j] / length;
            if (std::abs((c.values[j] - c.values[previous]) * cosine * sine) <= tolerance) {
                // previous <- sine previous - cosine j (no z left), j <- cosine previous + sine j.
                double* x = &c.rows[previous * c.n];
                double* y = &c.rows[j * c.n];
                for (std::size_t i = 0; i < c.n; ++i) {
                    const double xi = x[i];
                    x[i] = sine * xi - cosine * y[i];
                    y[i] = cosine * xi + sine * y[i];
                }
                c.halves[previous] = c.halves[j] = c.halves[previous] | c.halves[j];
                const double a = c.values[previous], b = c.values[j];
                c.values[previous] = sine * sine * a + cosine * cosine * b;
                c.values[j] = cosine * cosine * a + sine * sine * b;
                c.z[previous] = 0;
                c.z[j] = length;
                deflated.push_back(previous);
            } else {
                kept.push_back(previous);
            }
        }
        open = true;
        previous = j;
    }
    if (open) kept.push_back(previous);
    std::stable_sort(kept.begin(), kept.end(), [&](std::size_t x, std::size_t y) { return c.values[x] < c.values[y]; });
    return kept;
}

// The secular problem's eigenvectors as rows (dlaed3): z recomputed from the roots by Löwner's
// formula (Gu and Eisenstat), so that the vectors are orthogonal however close the roots.
std::vector<double> secular_vectors(const std::vector<double>& d, const std::vector<double>& z,
                                    const secular_roots& roots) {
    const std::size_t k = d.size();
    std::vector<double> vectors(k * k);
    std::vector<double> recomputed(k);
    for (std::size_t j = 0; j < k; ++j) {
        double w = roots.differences[j * k + j];
        for (std::size_t i = 0; i < k; ++i)
            if (i != j) w *= roots.differences[i * k + j] / (d[j] - d[i]);
        recomputed[j] = std::copysign(std::sqrt(std::max(-w, 0.0)), z[j]);
    }
    for (std::size_t i = 0; i < k; ++i) {
        double* row = &vectors[i * k];
        for (std::size_t j = 0; j < k; ++j) row[j] = recomputed[j] / roots.differences[i * k + j];
        const double length = std::sqrt(std::inner_product(row, row + k, row, 0.0));
        for (std::size_t j = 0; j < k; ++j) row[j] /= length;
    }
    return vectors;
}

// merged rows [0, k) x (columns of one half) = vectors' columns of the kept rows nonzero there,
// times those rows (dlaed3's dgemm, one per half).
void multiply_half(const merge_candidates& c, const std::vector<std::size_t>& kept, const std::vector<double>& vectors,
                   unsigned half, std::vector<double>& merged) {
    const std::size_t k = kept.size(), from = half == 1 ? 0 : c.top, width = half == 1 ? c.top : c.n - c.top;
    std::vector<std::size_t> inside;
    for (std::size_t i = 0; i < k; ++i)
        if (c.halves[kept[i]] & half) inside.push_back(i);
    std::vector<double> left(k * inside.size()), right(inside.size() * width);
    for (std::size_t r = 0; r < inside.size(); ++r) {
        std::copy_n(&c.rows[kept[inside[r]] * c.n + from], width, &right[r * width]);
        for (std::size_t i = 0; i < k; ++i) left[i * inside.size() + r] = vectors[i * k + inside[r]];
    }
    host_product(k, inside.size(), width, {left.data(), inside.size()}, {right.data(), width},
                 {merged.data() + from, c.n});
}

eigen_rows merged(merge_candidates c, double rho) {
    const double scaled_rho = 2 * std::abs(rho);
    std::vector<std::size_t> deflated;
    const std::vector<std::size_t> kept = deflated_from(c, scaled_rho, deflated);
    const std::size_t k = kept.size(), n = c.n;
    std::vector<double> d(k), z(k);
    for (std::size_t i = 0; i < k; ++i) d[i] = c.values[kept[i]], z[i] = c.z[kept[i]];
    const secular_roots roots = secular_equation_roots(d, z, scaled_rho);
    const std::vector<double> vectors = secular_vectors(d, z, roots);
    std::vector<double> fresh(k * n);
    multiply_half(c, kept, vectors, 1, fresh);
    multiply_half(c, kept, vectors, 2, fresh);
    // All pairs ascending: the roots' from `fresh`, the deflated ones' from the candidates.
    std::vector<std::pair<double, const double*>> pairs;
    for (std::size_t i = 0; i < k; ++i) pairs.emplace_back(roots.roots[i], &fresh[i * n]);
    for (const std::size_t j : deflated) pairs.emplace_back(c.values[j], &c.rows[j * n]);
    std::stable_sort(pairs.begin(), pairs.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    eigen_rows result{std::vector<double>(n), std::vector<double>(n * n)};
    for (std::size_t i = 0; i < n; ++i) {
        result.values[i] = pairs[i].first;
        std::copy_n(pairs[i].second, n, &result.rows[i * n]);
    }
    return result;
}

eigen_rows solved(const double* diagonal, const double* subdiagonal, std::size_t n) {
    if (n <= divide_and_conquer_leaf) return by_ql(diagonal, subdiagonal, n);
    const std::size_t m = n / 2;
    const double rho = subdiagonal[m - 1];
    std::vector<double> top(diagonal, diagonal + m), bottom(diagonal + m, diagonal + n);
    top.back() -= std::abs(rho);
    bottom.front() -= std::abs(rho);
    return merged(candidates(solved(top.data(), subdiagonal, m), solved(bottom.data(), subdiagonal + m, n - m), rho, n),
                  rho);
}

} // namespace

tridiagonal_eigen divided_eigenproblem(const tridiagonal_form& t) {
    const std::size_t n = t.diagonal.size();
    // Scaled to a largest element of one (dstedc's dlascl), so no product of the merges overflows.
    double scale = 0;
    for (const double x : t.diagonal) scale = std::max(scale, std::abs(x));
    for (const double x : t.subdiagonal) scale = std::max(scale, std::abs(x));
    scale = scale == 0 ? 1 : std::exp2(std::ilogb(scale)); // a power of two: scaling is exact
    std::vector<double> d(t.diagonal), e(t.subdiagonal);
    for (double& x : d) x /= scale;
    for (double& x : e) x /= scale;
    const eigen_rows solution = solved(d.data(), e.data(), n);
    tridiagonal_eigen result{solution.values, std::vector<double>(n * n)};
    for (double& x : result.values) x *= scale;
    for (std::size_t j = 0; j < n; ++j)
        for (std::size_t i = 0; i < n; ++i) result.vectors[i * n + j] = solution.rows[j * n + i];
    return result;
}

} // namespace tiles::algorithms
