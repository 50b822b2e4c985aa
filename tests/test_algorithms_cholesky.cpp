// tiles::linalg::cholesky: symmetric positive-definite matrices of float and double, of sizes that
// are and are not multiples of its block (128), one and a stack of them, lower and upper factors,
// against a CPU Cholesky in double; a matrix on the device factored there; and the error naming
// the first column whose pivot is not positive.
#include <cmath>
#include <string>
#include <vector>

#include "tiles/linalg.hpp"

#include "fixture.hpp"
#include "random_data.hpp"

namespace {

// `count` n x n SPD matrices, one after another: B B^T + n I for random B.
std::vector<double> spd_matrices(int count, int n, unsigned seed) {
    const std::vector<double> b = random_doubles(std::size_t(count) * n * n, seed);
    std::vector<double> a(b.size());
    for (int m = 0; m < count; ++m) {
        const double* bm = &b[std::size_t(m) * n * n];
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                double sum = i == j ? n : 0;
                for (int k = 0; k < n; ++k) sum += bm[i * n + k] * bm[j * n + k];
                a[(std::size_t(m) * n + i) * n + j] = sum;
            }
    }
    return a;
}

// The lower factor of each matrix, zeros above the diagonal.
std::vector<double> cpu_cholesky(const std::vector<double>& a, int n) {
    std::vector<double> l(a.size(), 0.0);
    for (std::size_t first = 0; first < a.size(); first += std::size_t(n) * n)
        for (int j = 0; j < n; ++j) {
            const auto at = [&](const std::vector<double>& m, int i, int k) -> double {
                return m[first + std::size_t(i) * n + k];
            };
            double diagonal = at(a, j, j);
            for (int k = 0; k < j; ++k) diagonal -= at(l, j, k) * at(l, j, k);
            l[first + std::size_t(j) * n + j] = std::sqrt(diagonal);
            for (int i = j + 1; i < n; ++i) {
                double sum = at(a, i, j);
                for (int k = 0; k < j; ++k) sum -= at(l, i, k) * at(l, j, k);
                l[first + std::size_t(i) * n + j] = sum / at(l, j, j);
            }
        }
    return l;
}

// The largest |got - expected| / (1 + |expected|), expected transposed within each matrix where `upper`.
template <class T>
double worst_error(const std::vector<T>& got, const std::vector<double>& expected, int n, bool upper) {
    double worst = 0;
    for (std::size_t at = 0; at < got.size(); ++at) {
        const std::size_t first = at - at % (std::size_t(n) * n), i = (at - first) / n, j = (at - first) % n;
        const double want = upper ? expected[first + j * n + i] : expected[at];
        worst = std::max(worst, std::abs(double(got[at]) - want) / (1 + std::abs(want)));
    }
    return worst;
}

template <class T> void check_factors(const tiles::accelerator_view& view, double tolerance) {
    for (const int n : {1, 9, 128, 200, 256}) {
        INFO("n " << n);
        const std::vector<double> a = spd_matrices(1, n, unsigned(n));
        const std::vector<T> values(a.begin(), a.end());
        tiles::array_view<const T, 2> matrix(tiles::extent<2>(n, n), values);
        const std::vector<T> lower = tiles::linalg::cholesky(view, matrix);
        CHECK(worst_error(lower, cpu_cholesky(a, n), n, false) <= tolerance);
        const std::vector<T> upper = tiles::linalg::cholesky(view, matrix, true);
        CHECK(worst_error(upper, cpu_cholesky(a, n), n, true) <= tolerance);
    }
}

} // namespace

TEST_CASE_METHOD(fresh_view, "cholesky of float and double SPD matrices matches a CPU Cholesky",
                 "[algorithms][linalg]") {
    check_factors<float>(view, 1e-5);
    if (view.get_accelerator().supports_double_precision()) check_factors<double>(view, 1e-12);
}

TEST_CASE_METHOD(fresh_view, "cholesky of a stack of matrices factors each", "[algorithms][linalg]") {
    const int count = 3, n = 150;
    const std::vector<double> a = spd_matrices(count, n, 7);
    const std::vector<float> values(a.begin(), a.end());
    tiles::array<float, 3> stack(tiles::extent<3>(count, n, n), values.begin(), view);
    std::vector<float> factors(values.size());
    tiles::array_view<float, 3> output(tiles::extent<3>(count, n, n), factors);
    tiles::linalg::cholesky(view, stack, output);
    output.synchronize();
    CHECK(worst_error(factors, cpu_cholesky(a, n), n, false) <= 1e-5);
}

TEST_CASE_METHOD(fresh_view, "cholesky of a matrix on the device brings only its blocks' statuses to the host",
                 "[algorithms][linalg]") {
    const int n = 300; // three block columns, the last narrower
    const std::vector<double> a = spd_matrices(1, n, 11);
    const std::vector<float> values(a.begin(), a.end());
    tiles::array<float, 2> matrix(tiles::extent<2>(n, n), values.begin(), view), factor(tiles::extent<2>(n, n), view);
    const tiles::transfer_counters before = view.counters();
    tiles::linalg::cholesky(view, matrix, factor);
    const tiles::transfer_counters after = view.counters();
    CHECK(after.uploads == before.uploads);
    CHECK(after.downloads == before.downloads + 1);
    CHECK(after.bytes_downloaded == before.bytes_downloaded + 3 * 2 * sizeof(float)); // a column and a pivot each
    CHECK(worst_error(std::vector<float>(factor), cpu_cholesky(a, n), n, false) <= 1e-5);
}

TEST_CASE_METHOD(fresh_view, "cholesky of a matrix that is not positive definite names the failing column",
                 "[algorithms][linalg]") {
    const int n = 140;
    std::vector<double> a = spd_matrices(1, n, 3);
    a[std::size_t(131) * n + 131] = -1e6;
    const std::vector<float> values(a.begin(), a.end());
    tiles::array_view<const float, 2> matrix(tiles::extent<2>(n, n), values);
    CHECK_THROWS_AS(tiles::linalg::cholesky(view, matrix), tiles::invalid_argument);
    CHECK_THROWS_WITH(tiles::linalg::cholesky(view, matrix),
                      Catch::Contains("cholesky: the input is not positive definite: the pivot of column 131 "
                                      "(counted from 0) is -") &&
                          Catch::Contains("(LAPACK's info 132)"));
}
