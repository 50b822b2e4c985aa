// tiles::linalg::solve, inv and slogdet: float and double matrices of sizes that are and are not
// multiples of the panel (128), one and a stack of them; solve and inv checked in double by their
// residuals, slogdet against matrices of known determinant (L U with a chosen diagonal, rows
// swapped), and a singular matrix's error, which names its column.
#include <algorithm>
#include <cmath>
#include <vector>

#include "tiles/linalg.hpp"

#include "fixture.hpp"
#include "random_data.hpp"

namespace {

// The largest |A X - B| / (1 + max |B|) over each n x n A and n x k X and B of `count`.
template <class T>
double residual(const std::vector<double>& a, const std::vector<T>& x, const std::vector<double>& b, int count, int n,
                int k) {
    double worst = 0, scale = 1;
    for (const double value : b) scale = std::max(scale, std::abs(value));
    for (int c = 0; c < count; ++c)
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < k; ++j) {
                double sum = -b[(std::size_t(c) * n + i) * k + j];
                for (int p = 0; p < n; ++p)
                    sum += a[(std::size_t(c) * n + i) * n + p] * double(x[(std::size_t(c) * n + p) * k + j]);
                worst = std::max(worst, std::abs(sum) / scale);
            }
    return worst;
}

// Random matrices with n added to the diagonal: well conditioned, so that residuals are small.
std::vector<double> diagonally_dominant(int count, int n, unsigned seed) {
    std::vector<double> a = random_doubles(std::size_t(count) * n * n, seed);
    for (int c = 0; c < count; ++c)
        for (int i = 0; i < n; ++i) a[(std::size_t(c) * n + i) * n + i] += n / 4.0;
    return a;
}

template <class T> void check_solve(const tiles::accelerator_view& view, int count, int n, double tolerance) {
    const int k = 3;
    const std::vector<double> a = diagonally_dominant(count, n, unsigned(n)),
                              b = random_doubles(std::size_t(count) * n * k, 9);
    const std::vector<T> a_values(a.begin(), a.end()), b_values(b.begin(), b.end());
    tiles::array_view<const T, 3> a_view(tiles::extent<3>(count, n, n), a_values),
        b_view(tiles::extent<3>(count, n, k), b_values);
    INFO("count " << count << ", n " << n);
    CHECK(residual(a, std::vector<T>(tiles::linalg::solve(view, a_view, b_view)), b, count, n, k) <= tolerance);
    std::vector<double> identity(std::size_t(count) * n * n, 0.0);
    for (int c = 0; c < count; ++c)
        for (int i = 0; i < n; ++i) identity[(std::size_t(c) * n + i) * n + i] = 1;
    CHECK(residual(a, std::vector<T>(tiles::linalg::inv(view, a_view)), identity, count, n, n) <= tolerance);
}

} // namespace

TEST_CASE_METHOD(fresh_view, "solve and inv of float and double matrices leave small residuals",
                 "[algorithms][linalg]") {
    for (const int n : {1, 9, 128, 200, 300}) {
        check_solve<float>(view, 1, n, 1e-4);
        if (view.get_accelerator().supports_double_precision()) check_solve<double>(view, 1, n, 1e-12);
    }
    check_solve<float>(view, 3, 40, 1e-4);
}

TEST_CASE_METHOD(fresh_view, "slogdet gives the sign and logarithm of known determinants", "[algorithms][linalg]") {
    // A = L U, L unit lower and U upper with diagonal d, two rows then swapped: det = -prod d.
    const int n = 150;
    const std::vector<double> r = random_doubles(std::size_t(n) * n, 4);
    std::vector<double> d(r.begin(), r.begin() + n), a(std::size_t(n) * n, 0.0);
    double log_magnitude = 0;
    int negative = 1; // the swap
    for (int i = 0; i < n; ++i) {
        d[std::size_t(i)] = (i % 3 == 0 ? -1 : 1) * (0.5 + std::abs(r[std::size_t(i) * n + i]));
        log_magnitude += std::log(std::abs(d[std::size_t(i)]));
        negative += d[std::size_t(i)] < 0;
    }
    const auto l = [&](int i, int j) { return i == j ? 1.0 : i > j ? r[std::size_t(i) * n + j] / 4 : 0.0; };
    const auto u = [&](int i, int j) {
        return i == j ? d[std::size_t(i)] : i < j ? r[std::size_t(i) * n + j] / 4 : 0.0;
    };
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            for (int p = 0; p <= std::min(i, j); ++p) a[std::size_t(i) * n + j] += l(i, p) * u(p, j);
    std::swap_ranges(a.begin(), a.begin() + n, a.begin() + std::ptrdiff_t(5) * n);
    const std::vector<double> values = a;
    std::vector<double> sign(1), logarithm(1);
    tiles::array_view<double, 1> sign_view(tiles::extent<1>(1), sign), logarithm_view(tiles::extent<1>(1), logarithm);
    if (!view.get_accelerator().supports_double_precision()) return;
    tiles::linalg::slogdet(view, tiles::array_view<const double, 2>(tiles::extent<2>(n, n), values), sign_view,
                           logarithm_view);
    sign_view.synchronize();
    logarithm_view.synchronize();
    CHECK(sign[0] == (negative % 2 ? -1 : 1));
    CHECK(std::abs(logarithm[0] - log_magnitude) <= 1e-9 * std::abs(log_magnitude));
}

// A zero column stays exactly zero through every update, whatever the rounding, so that its column
// is the one with no pivot (a column that only depends on others would leave rounding errors there).
TEST_CASE_METHOD(fresh_view, "solve of a singular matrix names the column with no pivot", "[algorithms][linalg]") {
    const int n = 140;
    std::vector<double> a = random_doubles(std::size_t(n) * n, 6);
    for (int i = 0; i < n; ++i) a[std::size_t(i) * n + 130] = 0;
    const std::vector<float> values(a.begin(), a.end()), b(std::size_t(n), 1.0f);
    tiles::array_view<const float, 2> matrix(tiles::extent<2>(n, n), values), rhs(tiles::extent<2>(n, 1), b);
    CHECK_THROWS_WITH(tiles::linalg::solve(view, matrix, rhs),
                      Catch::Contains("solve: the input is singular: column 130 has no nonzero pivot"));
}

// Three panels, the last 44 columns wide (a leaf of 12): the panels are factored on the device, so
// only the statuses cross the bus, one int up and one down; slogdet moves nothing.
TEST_CASE_METHOD(fresh_view, "solve of a matrix on the device factors its panels there, moving only the status",
                 "[algorithms][linalg]") {
    const int n = 300, k = 2;
    const std::vector<double> a = diagonally_dominant(1, n, 12), b = random_doubles(std::size_t(n) * k, 13);
    const std::vector<float> a_values(a.begin(), a.end()), b_values(b.begin(), b.end());
    tiles::array<float, 2> matrix(tiles::extent<2>(n, n), a_values.begin(), view);
    tiles::array<float, 2> rhs(tiles::extent<2>(n, k), b_values.begin(), view), x(tiles::extent<2>(n, k), view);
    tiles::array<float, 1> sign(tiles::extent<1>(1), view), logarithm(tiles::extent<1>(1), view);
    const tiles::transfer_counters before = view.counters();
    tiles::linalg::solve(view, matrix, rhs, x);
    const tiles::transfer_counters solved = view.counters();
    CHECK(solved.uploads == before.uploads + 1);
    CHECK(solved.downloads == before.downloads + 1);
    tiles::linalg::slogdet(view, matrix, sign, logarithm);
    CHECK(view.counters().downloads == solved.downloads);
    CHECK(residual(a, std::vector<float>(x), b, 1, n, k) <= 1e-4);
}

// A scaled cyclic shift, a[i][i + 1] and a[n - 1][0]: every column's one nonzero is below its
// diagonal once the rows above are swapped, so every column but the last swaps, across leaves and
// panels. The elimination is exact, and so is the inverse, the transpose with reciprocals.
TEST_CASE_METHOD(fresh_view, "inv of a cyclic shift swaps in every column and is exact", "[algorithms][linalg]") {
    for (const int n : {5, 20, 300}) {
        std::vector<float> a(std::size_t(n) * n, 0.0f);
        for (int i = 0; i < n; ++i) a[std::size_t(i) * n + (i + 1) % n] = float(1 << (i % 4));
        tiles::array_view<const float, 2> matrix(tiles::extent<2>(n, n), a);
        const std::vector<float> inverse(tiles::linalg::inv(view, matrix));
        INFO("n " << n);
        int wrong = 0;
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                const float a_ji = a[std::size_t(j) * n + i];
                wrong += inverse[std::size_t(i) * n + j] != (a_ji == 0 ? 0.0f : 1 / a_ji);
            }
        CHECK(wrong == 0);
    }
}
