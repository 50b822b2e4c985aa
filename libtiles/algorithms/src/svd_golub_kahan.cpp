// libtiles algorithms: svd's host steps (svd_golub_kahan.hpp). Row-major throughout: reflectors
// are applied row by row, along memory, and the QR sweeps keep U's and V's columns as rows, so
// each plane rotation runs over two contiguous arrays.
#include "svd_golub_kahan.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <string>

#include "householder_product.hpp"
#include "rotation_budget.hpp"
#include "scaled_length.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {
namespace {

// B, the bidiagonal matrix, and the factors of the reflectors that made it: left ones (tau_left),
// whose vectors the matrix keeps below its diagonal, and right ones (tau_right), whose vectors it
// keeps right of its superdiagonal.
struct bidiagonal_form {
    std::vector<double> diagonal, superdiagonal, tau_left, tau_right;
};

// A reflector, made in place as LAPACK's larfg, of the `count` elements x(0), x(1), ...: returns
// tau and beta (x(0) becomes 1 implied, the rest v); tau 0 and beta x(0) where x is zero below.
template <class Element> double reflector(std::size_t count, Element x, double& beta) {
    const double below = scaled_length(count - 1, [&](std::size_t i) { return x(i + 1); });
    const double alpha = x(0);
    beta = alpha;
    if (below == 0) return 0;
    beta = alpha >= 0 ? -std::hypot(alpha, below) : std::hypot(alpha, below);
    for (std::size_t i = 1; i < count; ++i) x(i) /= alpha - beta;
    return (beta - alpha) / beta;
}

// A reflector's vector as the matrix keeps it: its first element 1 (where the matrix holds B's),
// then the others, `stride` elements apart.
struct reflector_vector {
    const double* first; // where the 1 stands, then the rest
    std::size_t stride;
    double operator()(std::size_t i) const { return i == 0 ? 1.0 : first[i * stride]; }
};

// tau v^T a(k.., k + 1..) for column k's reflector v (its first element 1, the rest below a's
// diagonal): the left reflector's update of every row i >= k is v_i times it.
std::vector<double> left_products(const std::vector<double>& a, std::size_t n, std::size_t k, double tau) {
    std::vector<double> w(n - k - 1, 0.0);
    for (std::size_t i = k; i < n; ++i) {
        const double vi = i == k ? tau : tau * a[i * n + k];
        const double* row = &a[i * n + k + 1];
        for (std::size_t c = 0; c < w.size(); ++c) w[c] += vi * row[c];
    }
    return w;
}

// Applies I - tau u u^T from the right to one row's `count` elements, u's first element 1.
void reflect_row(double* row, const double* u, std::size_t count, double tau) {
    double dot = row[0];
    for (std::size_t c = 1; c < count; ++c) dot += row[c] * u[c];
    dot *= tau;
    row[0] -= dot;
    for (std::size_t c = 1; c < count; ++c) row[c] -= dot * u[c];
}

// Column k's reflector below the diagonal, and row k's right of the superdiagonal, as `a` keeps
// them.
reflector_vector left_vector(const std::vector<double>& a, std::size_t n, std::size_t k) { return {&a[k * n + k], n}; }
reflector_vector right_vector(const std::vector<double>& a, std::size_t n, std::size_t k) {
    return {&a[k * n + k + 1], 1};
}

// Step k: column k's left reflector, then row k's right one; rows below k take both updates in
// one visit (the left one needs all rows' column products first, the right one row k updated).
bidiagonal_form bidiagonalized(std::vector<double>& a, std::size_t n) {
    bidiagonal_form b{std::vector<double>(n), std::vector<double>(n, 0.0), std::vector<double>(n, 0.0),
                      std::vector<double>(n, 0.0)};
    for (std::size_t k = 0; k < n; ++k) {
        b.tau_left[k] = reflector(
            n - k, [&](std::size_t i) -> double& { return a[(k + i) * n + k]; }, b.diagonal[k]);
        if (k + 1 == n) break;
        const std::vector<double> w = left_products(a, n, k, b.tau_left[k]);
        double* row_k = &a[k * n + k + 1];
        for (std::size_t c = 0; c < w.size(); ++c) row_k[c] -= w[c];
        // superdiagonal[k + 1] couples k and k + 1, as the sweeps read it; superdiagonal[0] is 0.
        const double tau = b.tau_right[k] = reflector(
            w.size(), [&](std::size_t i) -> double& { return row_k[i]; }, b.superdiagonal[k + 1]);
        for (std::size_t i = k + 1; i < n; ++i) {
            const double vi = a[i * n + k];
            double* row = &a[i * n + k + 1];
            for (std::size_t c = 0; c < w.size(); ++c) row[c] -= vi * w[c];
            if (tau != 0) reflect_row(row, row_k, w.size(), tau);
        }
    }
    return b;
}

// U = H_0 H_1 ... of the left reflectors and V = G_0 G_1 ... of the right ones.
void accumulated(const std::vector<double>& a, const bidiagonal_form& b, std::size_t n, std::vector<double>& u,
                 std::vector<double>& v) {
    u = householder_product(
        n, n, 0, [&](std::size_t k, std::size_t i) { return left_vector(a, n, k)(i); },
        [&](std::size_t k) { return b.tau_left[k]; });
    v = householder_product(
        n, n == 0 ? 0 : n - 1, 1, [&](std::size_t k, std::size_t i) { return right_vector(a, n, k)(i); },
        [&](std::size_t k) { return b.tau_right[k]; });
}

std::vector<double> transposed_square(const std::vector<double>& m, std::size_t n) {
    std::vector<double> t(m.size());
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) t[j * n + i] = m[i * n + j];
    return t;
}

// Rotates rows x and y of a matrix whose rows are U's or V's columns: x' = c x + s y, y' = c y - s x.
void rotate(std::vector<double>& rows, std::size_t n, std::size_t x, std::size_t y, double c, double s) {
    if (rows.empty()) return;
    double* rx = &rows[x * n];
    double* ry = &rows[y * n];
    for (std::size_t i = 0; i < n; ++i) {
        const double p = rx[i], q = ry[i];
        rx[i] = p * c + q * s;
        ry[i] = q * c - p * s;
    }
}

// Zeroes e[l] where d[l - 1] is negligible (the block splits above l): rotations of rows l - 1
// and i of B, i = l..k, chase it along row l - 1, rotating U's columns alike.
void cancel(std::vector<double>& d, std::vector<double>& e, std::vector<double>& ut, std::size_t n, std::size_t l,
            std::size_t k, double norm) {
    double c = 0, s = 1;
    for (std::size_t i = l; i <= k; ++i) {
        const double f = s * e[i];
        e[i] *= c;
        if (std::abs(f) + norm == norm) break;
        const double g = d[i], h = std::hypot(f, g);
        d[i] = h;
        c = g / h;
        s = -f / h;
        rotate(ut, n, l - 1, i, c, s);
    }
}

// One implicit-shift QR sweep over the unreduced block l..k of B (diagonal d, e[i] coupling i - 1
// and i), with the shift of its trailing 2 x 2 block's singular value nearer d[k], its rotations
// applied to U's and V's columns (rows of ut and vt).
void qr_sweep(std::vector<double>& d, std::vector<double>& e, std::vector<double>& ut, std::vector<double>& vt,
              std::size_t n, std::size_t l, std::size_t k) {
    double x = d[l], y = d[k - 1], z = d[k], g = e[k - 1], h = e[k];
    double f = ((y - z) * (y + z) + (g - h) * (g + h)) / (2 * h * y);
    g = std::hypot(f, 1.0);
    f = ((x - z) * (x + z) + h * ((y / (f + std::copysign(g, f))) - h)) / x;
    double c = 1, s = 1;
    for (std::size_t j = l; j < k; ++j) {
        const std::size_t i = j + 1;
        g = e[i];
        y = d[i];
        h = s * g;
        g = c * g;
        z = std::hypot(f, h);
        e[j] = z;
        c = f / z;
        s = h / z;
        f = x * c + g * s;
        g = g * c - x * s;
        h = y * s;
        y *= c;
        rotate(vt, n, j, i, c, s);
        z = std::hypot(f, h);
        d[j] = z;
        if (z != 0) { // else the rotation may be any: keep the last
            c = f / z;
            s = h / z;
        }
        f = c * g + s * y;
        x = c * y - s * g;
        rotate(ut, n, j, i, c, s);
    }
    e[l] = 0;
    e[k] = f;
    d[k] = x;
}

// Demmel and Kahan's sweep without a shift over the block l..k, from the top, as LAPACK's dbdsqr
// makes it (dbdsqr also chases from the bottom where that end is the larger): every element keeps its relative
// accuracy, where a shifted sweep's first rotation would lose the shift against d[l].
void zero_shift_sweep(std::vector<double>& d, std::vector<double>& e, std::vector<double>& ut, std::vector<double>& vt,
                      std::size_t n, std::size_t l, std::size_t k) {
    double c = 1, s = 0, old_c = 1, old_s = 0;
    for (std::size_t i = l; i < k; ++i) {
        const double r = std::hypot(d[i] * c, e[i + 1]);
        if (r != 0) {
            s = e[i + 1] / r;
            c = d[i] * c / r;
        } else {
            c = 1;
            s = 0;
        }
        if (i > l) e[i] = old_s * r;
        const double f = old_c * r, g = d[i + 1] * s, h = std::hypot(f, g);
        old_c = h != 0 ? f / h : 1;
        old_s = h != 0 ? g / h : 0;
        d[i] = h;
        rotate(vt, n, i, i + 1, c, s);
        rotate(ut, n, i, i + 1, old_c, old_s);
    }
    const double last = d[k] * c;
    d[k] = last * old_c;
    e[k] = last * old_s;
}

// The first row l <= k from which B's block up to k is unreduced: e[l] negligible next to B's
// norm, or d[l - 1] negligible (then cancel() zeroes e[l]; `cancelled` says so).
std::size_t block_start(const std::vector<double>& d, const std::vector<double>& e, std::size_t k, double norm,
                        bool& cancelled) {
    for (std::size_t l = k + 1; l-- > 0;) {
        if (l == 0 || std::abs(e[l]) + norm == norm) return cancelled = false, l;
        if (std::abs(d[l - 1]) + norm == norm) return cancelled = true, l;
    }
    return cancelled = false, 0;
}

// B's singular values in d, from the last up: sweeps until the superdiagonal element above each
// is negligible; then a negative value made positive, with its V column.
void diagonalized(std::vector<double>& d, std::vector<double>& e, std::vector<double>& ut, std::vector<double>& vt,
                  std::size_t n) {
    double norm = 0;
    for (std::size_t i = 0; i < n; ++i) norm = std::max(norm, std::abs(d[i]) + std::abs(e[i]));
    const std::size_t most_rotations = most_rotations_per_n_squared * n * n;
    std::size_t rotations = 0;
    for (std::size_t k = n; k-- > 0;)
        for (;;) {
            bool cancelled = false;
            const std::size_t l = block_start(d, e, k, norm, cancelled);
            if (cancelled) cancel(d, e, ut, n, l, k, norm);
            if (l == k) {
                if (d[k] < 0) {
                    d[k] = -d[k];
                    if (!vt.empty())
                        for (std::size_t i = 0; i < n; ++i) vt[k * n + i] = -vt[k * n + i];
                }
                break;
            }
            rotations += k - l;
            if (rotations > most_rotations)
                throw invalid_argument("svd: the bidiagonal QR iteration did not converge: singular value " +
                                       std::to_string(k) + " was not found in " + std::to_string(most_rotations) +
                                       " rotations (" + std::to_string(most_rotations_per_n_squared) +
                                       " n^2, n = " + std::to_string(n) + ")");
            // A shift near d[k] that squared is below d[l]^2's rounding is lost in the first rotation
            // (dbdsqr's test, with d[k] for the shift).
            const double ratio = d[k] / d[l];
            if (ratio * ratio < std::numeric_limits<double>::epsilon())
                zero_shift_sweep(d, e, ut, vt, n, l, k);
            else
                qr_sweep(d, e, ut, vt, n, l, k);
        }
}

// Rows `rows` (n x n) in the order `order`, as the columns of a row-major matrix.
std::vector<double> columns_in_order(const std::vector<double>& rows, const std::vector<std::size_t>& order,
                                     std::size_t n) {
    std::vector<double> result(n * n);
    for (std::size_t j = 0; j < n; ++j)
        for (std::size_t i = 0; i < n; ++i) result[i * n + j] = rows[order[j] * n + i];
    return result;
}

} // namespace

host_svd golub_kahan_svd(std::vector<double> a, int size, bool with_vectors) {
    const std::size_t n = std::size_t(size);
    bidiagonal_form b = bidiagonalized(a, n);
    std::vector<double> ut, vt;
    if (with_vectors) {
        accumulated(a, b, n, ut, vt);
        ut = transposed_square(ut, n);
        vt = transposed_square(vt, n);
    }
    diagonalized(b.diagonal, b.superdiagonal, ut, vt, n);
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t x, std::size_t y) { return b.diagonal[x] > b.diagonal[y]; });
    host_svd result;
    for (const std::size_t j : order) result.s.push_back(b.diagonal[j]);
    if (!with_vectors) return result;
    result.u = columns_in_order(ut, order, n);
    result.v = columns_in_order(vt, order, n);
    return result;
}

} // namespace tiles::algorithms
