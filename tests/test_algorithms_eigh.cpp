// tiles::linalg::eigh and eigvalsh: float and double symmetric matrices of sizes that are and are
// not multiples of 128, one and a stack of them; each checked in double by its factors' properties
// (V orthogonal, V diag(W) V^T = A, W ascending) and, where the eigenvalues are known in closed
// form (the second-difference matrix) or by construction (ill-conditioned and rank-deficient
// spectra), W against them; and the secular equation divide and conquer solves, beside a pole of
// tiny weight.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "tiles/linalg.hpp"

#include "secular_equation.hpp"

#include "fixture.hpp"
#include "random_data.hpp"

namespace {

// The largest of |V^T V - I| and |V diag(W) V^T - A| / (1 + max |A|) over each n x n matrix of
// `count`; W not ascending counts as 1.
template <class T>
double eigh_error(const std::vector<double>& a, const std::vector<T>& w, const std::vector<T>& v, int count, int n) {
    double worst = 0, scale = 1;
    for (const double value : a) scale = std::max(scale, std::abs(value));
    for (int c = 0; c < count; ++c) {
        const auto va = [&](int i, int j) { return double(v[(std::size_t(c) * n + i) * n + j]); };
        const auto wa = [&](int i) { return double(w[std::size_t(c) * n + i]); };
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                double orthogonal = i == j ? -1 : 0, product = -a[(std::size_t(c) * n + i) * n + j];
                for (int p = 0; p < n; ++p) {
                    orthogonal += va(p, i) * va(p, j);
                    product += va(i, p) * wa(p) * va(j, p);
                }
                worst = std::max({worst, std::abs(orthogonal), std::abs(product) / scale});
            }
        for (int p = 1; p < n; ++p)
            if (wa(p) < wa(p - 1)) worst = 1;
    }
    return worst;
}

// `count` random symmetric n x n matrices.
std::vector<double> symmetric_matrices(int count, int n, unsigned seed) {
    std::vector<double> a = random_doubles(std::size_t(count) * n * n, seed);
    for (int c = 0; c < count; ++c)
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < i; ++j) a[(std::size_t(c) * n + j) * n + i] = a[(std::size_t(c) * n + i) * n + j];
    return a;
}

template <class T> double decomposed_error(const tiles::accelerator_view& view, int count, int n) {
    const std::vector<double> a = symmetric_matrices(count, n, unsigned(n));
    const std::vector<T> values(a.begin(), a.end());
    tiles::array_view<const T, 3> matrices(tiles::extent<3>(count, n, n), values);
    const auto [w, v] = tiles::linalg::eigh(view, matrices);
    CHECK((w.extent == tiles::extent<2>(count, n) && v.extent == tiles::extent<3>(count, n, n)));
    return eigh_error<T>(a, std::vector<T>(w), std::vector<T>(v), count, n);
}

// The largest difference of eigvalsh's values of the symmetric `a` from `expected`, ascending,
// over the largest magnitude among them.
double values_error(const tiles::accelerator_view& view, const std::vector<double>& a, std::vector<double> expected) {
    const int n = int(expected.size());
    const std::vector<float> values(a.begin(), a.end());
    const std::vector<float> w(
        tiles::linalg::eigvalsh(view, tiles::array_view<const float, 2>(tiles::extent<2>(n, n), values)));
    std::sort(expected.begin(), expected.end());
    const double scale = std::max(std::abs(expected.front()), std::abs(expected.back()));
    double worst = 0;
    for (int i = 0; i < n; ++i) worst = std::max(worst, std::abs(w[std::size_t(i)] - expected[std::size_t(i)]) / scale);
    return worst;
}

// H diag(lambda) H, H the reflection I - 2 u u^T / (u^T u) of a random u: symmetric, with the
// eigenvalues lambda.
std::vector<double> with_eigenvalues(const std::vector<double>& lambda) {
    const int n = int(lambda.size());
    const std::vector<double> u = random_doubles(std::size_t(n), 3);
    double length = 0;
    for (const double x : u) length += x * x;
    const auto h = [&](int i, int j) { return (i == j ? 1 : 0) - 2 * u[std::size_t(i)] * u[std::size_t(j)] / length; };
    std::vector<double> a(std::size_t(n) * n, 0.0);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            for (int p = 0; p < n; ++p) a[std::size_t(i) * n + j] += h(i, p) * lambda[std::size_t(p)] * h(p, j);
    return a;
}

} // namespace

TEST_CASE_METHOD(fresh_view, "eigh of float and double symmetric matrices has orthogonal V and V W V^T = A",
                 "[algorithms][linalg]") {
    for (const int n : {1, 2, 9, 128, 150}) {
        INFO("n " << n);
        CHECK(decomposed_error<float>(view, 1, n) <= 1e-4);
        if (view.get_accelerator().supports_double_precision()) CHECK(decomposed_error<double>(view, 1, n) <= 1e-12);
    }
    CHECK(decomposed_error<float>(view, 3, 40) <= 1e-4);
}

TEST_CASE_METHOD(fresh_view, "eigvalsh gives known eigenvalues, ill-conditioned and rank-deficient",
                 "[algorithms][linalg]") {
    // The second-difference matrix (2 on the diagonal, -1 beside it): 2 - 2 cos(k pi / (n + 1)).
    const int n = 100;
    const double pi = std::acos(-1.0);
    std::vector<double> difference(std::size_t(n) * n, 0.0), expected;
    for (int i = 0; i < n; ++i) {
        difference[std::size_t(i) * n + i] = 2;
        if (i > 0) difference[std::size_t(i) * n + i - 1] = difference[std::size_t(i - 1) * n + i] = -1;
        expected.push_back(2 - 2 * std::cos((i + 1) * pi / (n + 1)));
    }
    CHECK(values_error(view, difference, expected) <= 1e-5);
    std::vector<double> graded(60), deficient(50, 0.0);
    for (std::size_t i = 0; i < graded.size(); ++i)
        graded[i] = (i % 2 ? -1 : 1) * std::pow(10.0, -6.0 * double(i) / 59);
    for (std::size_t i = 0; i < 5; ++i) deficient[i * 7] = double(i + 1);
    CHECK(values_error(view, with_eigenvalues(graded), graded) <= 1e-5);
    CHECK(values_error(view, with_eigenvalues(deficient), deficient) <= 1e-5);
}

TEST_CASE_METHOD(fresh_view, "eigh refuses matrices that are not square, and names NaN", "[algorithms][linalg]") {
    std::vector<float> values(16, 0.0f);
    tiles::array_view<const float, 2> wide(tiles::extent<2>(2, 8), values);
    CHECK_THROWS_WITH(tiles::linalg::eigh(view, wide), Catch::Contains("eigh: the input's matrices are 2x8"));
    values[1 * 4 + 0] = std::numeric_limits<float>::quiet_NaN();
    tiles::array_view<const float, 2> square(tiles::extent<2>(4, 4), values);
    CHECK_THROWS_WITH(tiles::linalg::eigvalsh(view, square),
                      Catch::Contains("eigvalsh: the input holds nan at (1, 0)"));
}

// D + z z^T with D = diag(0, 1) and z = (w, 1): the characteristic polynomial
// lambda^2 - (2 + w^2) lambda + w^2, whose small root w^2 / large lies a pole's tiny weight from
// pole 0. The model's steps reach no such root; the bisection after them must.
TEST_CASE("the secular equation's roots converge beside a pole of tiny weight", "[algorithms][linalg]") {
    for (const double w : {1e-20, 1e-60, 1e-100, 1e-150}) {
        CAPTURE(w);
        const tiles::algorithms::secular_roots found = tiles::algorithms::secular_equation_roots({0, 1}, {w, 1}, 1);
        const double sum = 2 + w * w, large = (sum + std::sqrt(sum * sum - 4 * w * w)) / 2;
        CHECK(std::abs(found.roots[0] / (w * w / large) - 1) <= 1e-13);
        CHECK(std::abs(found.roots[1] / large - 1) <= 1e-13);
        CHECK(std::abs(found.differences[0] / -found.roots[0] - 1) <= 1e-13);
    }
}
