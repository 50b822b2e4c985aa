// tiles::linalg::svd and svdvals: float and double matrices, tall, wide and square, of sizes that
// are and are not multiples of qr's panel (128), one and a stack of them, reduced and full; each
// checked in double by its factors' properties (U's columns and Vh's rows orthonormal,
// U diag(S) Vh = A, S descending) and, on matrices made with known singular values (ill-conditioned
// and rank-deficient among them), S against those values.
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "tiles/linalg.hpp"

#include "fixture.hpp"
#include "random_data.hpp"

namespace {

// The largest of |U^T U - I|, |Vh Vh^T - I| and |U diag(S) Vh - A| / (1 + max |A|) over each m x n
// matrix of `count`, U m x uc and Vh vr x n; S not descending, or negative, counts as 1.
template <class T>
double svd_error(const std::vector<double>& a, const std::vector<T>& u, const std::vector<T>& s,
                 const std::vector<T>& vh, int count, int m, int n, int uc, int vr) {
    const int k = std::min(m, n);
    double worst = 0, scale = 1;
    for (const double value : a) scale = std::max(scale, std::abs(value));
    for (int c = 0; c < count; ++c) {
        const auto ua = [&](int i, int j) { return double(u[(std::size_t(c) * m + i) * uc + j]); };
        const auto sa = [&](int i) { return double(s[std::size_t(c) * k + i]); };
        const auto va = [&](int i, int j) { return double(vh[(std::size_t(c) * vr + i) * n + j]); };
        const auto unit = [&](int size, int length, const std::function<double(int, int)>& at) {
            for (int i = 0; i < size; ++i)
                for (int j = 0; j < size; ++j) {
                    double sum = i == j ? -1 : 0;
                    for (int p = 0; p < length; ++p) sum += at(p, i) * at(p, j);
                    worst = std::max(worst, std::abs(sum));
                }
        };
        unit(uc, m, ua);
        unit(vr, n, [&](int p, int i) { return va(i, p); });
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) {
                double sum = -a[(std::size_t(c) * m + i) * n + j];
                for (int p = 0; p < k; ++p) sum += ua(i, p) * sa(p) * va(p, j);
                worst = std::max(worst, std::abs(sum) / scale);
            }
        for (int p = 0; p < k; ++p)
            if (sa(p) < 0 || (p > 0 && sa(p) > sa(p - 1))) worst = 1;
    }
    return worst;
}

template <class T> double decomposed_error(const tiles::accelerator_view& view, int m, int n, bool full) {
    const std::vector<double> a = random_doubles(std::size_t(m) * n, unsigned(m * 1000 + n));
    const std::vector<T> values(a.begin(), a.end());
    tiles::array_view<const T, 2> matrix(tiles::extent<2>(m, n), values);
    const auto [u, s, vh] = tiles::linalg::svd(view, matrix, full);
    const int k = std::min(m, n), uc = full ? m : k, vr = full ? n : k;
    CHECK((u.extent == tiles::extent<2>(m, uc) && s.extent == tiles::extent<1>(k) &&
           vh.extent == tiles::extent<2>(vr, n)));
    return svd_error<T>(a, std::vector<T>(u), std::vector<T>(s), std::vector<T>(vh), 1, m, n, uc, vr);
}

template <class T> void check_decompositions(const tiles::accelerator_view& view, double tolerance) {
    const int shapes[][2] = {{1, 1}, {9, 5}, {5, 9}, {128, 128}, {200, 150}, {60, 140}, {257, 130}};
    for (const auto& shape : shapes)
        for (const bool full : {false, true}) {
            INFO("m " << shape[0] << ", n " << shape[1] << ", full " << full);
            CHECK(decomposed_error<T>(view, shape[0], shape[1], full) <= tolerance);
        }
}

// The n x n reflection I - 2 v v^T / (v^T v) of a random v: orthogonal.
std::vector<double> reflection(int n, unsigned seed) {
    const std::vector<double> v = random_doubles(std::size_t(n), seed);
    double length = 0;
    for (const double x : v) length += x * x;
    std::vector<double> h(std::size_t(n) * n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) h[std::size_t(i) * n + j] = (i == j ? 1 : 0) - 2 * v[i] * v[j] / length;
    return h;
}

// An m x n matrix with the singular values `sigma` (min(m, n) of them): H_m diag(sigma) H_n.
std::vector<double> with_singular_values(int m, int n, const std::vector<double>& sigma) {
    const std::vector<double> left = reflection(m, 7), right = reflection(n, 8);
    std::vector<double> a(std::size_t(m) * n, 0.0);
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j)
            for (std::size_t p = 0; p < sigma.size(); ++p)
                a[std::size_t(i) * n + j] += left[std::size_t(i) * m + p] * sigma[p] * right[p * n + j];
    return a;
}

// The largest difference of svdvals' values of `a` from `sigma`, sorted descending, over sigma's largest.
double values_error(const tiles::accelerator_view& view, int m, int n, std::vector<double> sigma) {
    const std::vector<double> a = with_singular_values(m, n, sigma);
    const std::vector<float> values(a.begin(), a.end());
    const std::vector<float> s(
        tiles::linalg::svdvals(view, tiles::array_view<const float, 2>(tiles::extent<2>(m, n), values)));
    std::sort(sigma.begin(), sigma.end(), std::greater<>());
    double worst = 0;
    for (std::size_t i = 0; i < sigma.size(); ++i) worst = std::max(worst, std::abs(s[i] - sigma[i]) / sigma[0]);
    return worst;
}

} // namespace

TEST_CASE_METHOD(fresh_view, "svd of float and double matrices has orthonormal vectors and U S Vh = A",
                 "[algorithms][linalg]") {
    check_decompositions<float>(view, 1e-4);
    if (view.get_accelerator().supports_double_precision()) check_decompositions<double>(view, 1e-12);
}

TEST_CASE_METHOD(fresh_view, "svd of a stack of matrices decomposes each", "[algorithms][linalg]") {
    const int count = 3, m = 40, n = 70;
    const std::vector<double> a = random_doubles(std::size_t(count) * m * n, 5);
    const std::vector<float> values(a.begin(), a.end());
    tiles::array<float, 3> stack(tiles::extent<3>(count, m, n), values.begin(), view);
    std::vector<float> u(std::size_t(count) * m * m), s(std::size_t(count) * m), vh(std::size_t(count) * m * n);
    tiles::array_view<float, 3> u_view(tiles::extent<3>(count, m, m), u), vh_view(tiles::extent<3>(count, m, n), vh);
    tiles::array_view<float, 2> s_view(tiles::extent<2>(count, m), s);
    tiles::linalg::svd(view, stack, u_view, s_view, vh_view, false);
    u_view.synchronize();
    s_view.synchronize();
    vh_view.synchronize();
    CHECK(svd_error(a, u, s, vh, count, m, n, m, m) <= 1e-4);
}

TEST_CASE_METHOD(fresh_view, "svdvals gives known singular values, ill-conditioned and rank-deficient",
                 "[algorithms][linalg]") {
    std::vector<double> graded(60), deficient(50, 0.0);
    for (std::size_t i = 0; i < graded.size(); ++i) graded[i] = std::pow(10.0, -6.0 * double(i) / 59);
    for (std::size_t i = 0; i < 5; ++i) deficient[i * 7] = double(i + 1);
    CHECK(values_error(view, 90, 60, graded) <= 1e-5);
    CHECK(values_error(view, 50, 80, deficient) <= 1e-5);
}

TEST_CASE_METHOD(fresh_view, "svd of a rank-deficient matrix gives orthonormal vectors and no NaNs",
                 "[algorithms][linalg]") {
    const int m = 150, n = 140;
    std::vector<double> sigma(std::size_t(n), 0.0);
    sigma[0] = 3, sigma[1] = 1;
    const std::vector<double> a = with_singular_values(m, n, sigma);
    const std::vector<float> values(a.begin(), a.end());
    const auto [u, s, vh] = tiles::linalg::svd(view, tiles::array_view<const float, 2>(tiles::extent<2>(m, n), values));
    CHECK(svd_error(a, std::vector<float>(u), std::vector<float>(s), std::vector<float>(vh), 1, m, n, m, n) <= 1e-4);
}

TEST_CASE_METHOD(fresh_view, "svd refuses factors of the wrong shape", "[algorithms][linalg]") {
    const std::vector<float> values(20 * 10, 1.0f);
    tiles::array_view<const float, 2> matrix(tiles::extent<2>(20, 10), values);
    tiles::array<float, 2> u(tiles::extent<2>(20, 20), view), vh(tiles::extent<2>(10, 10), view);
    tiles::array<float, 1> s(tiles::extent<1>(9), view);
    CHECK_THROWS_WITH(tiles::linalg::svd(view, matrix, u, s, vh), Catch::Contains("svd: S is 1x9 but must be 1x10"));
}
