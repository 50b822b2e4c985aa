// tiles::linalg::qr: float and double matrices, tall, wide and square, of sizes that are and are not
// multiples of its panel (128), one and a stack of them, reduced and complete, rank-deficient;
// each checked in double by its factors' properties: Q's columns orthonormal, R upper triangular,
// Q R = A; and a matrix on the device factored there, nothing crossing the bus.
#include <algorithm>
#include <cmath>
#include <vector>

#include "tiles/linalg.hpp"

#include "fixture.hpp"
#include "random_data.hpp"

namespace {

// The largest of |Q^T Q - I| and |Q R - A| / (1 + max |A|) over each m x n matrix of `count`, Q
// m x qc and R rc x n; a nonzero below R's diagonal counts as 1.
template <class T>
double qr_error(const std::vector<double>& a, const std::vector<T>& q, const std::vector<T>& r, int count, int m, int n,
                int qc, int rc) {
    double worst = 0, scale = 1;
    for (const double value : a) scale = std::max(scale, std::abs(value));
    for (int c = 0; c < count; ++c) {
        const auto qa = [&](int i, int j) { return double(q[(std::size_t(c) * m + i) * qc + j]); };
        const auto ra = [&](int i, int j) { return double(r[(std::size_t(c) * rc + i) * n + j]); };
        for (int i = 0; i < qc; ++i)
            for (int j = 0; j < qc; ++j) {
                double sum = i == j ? -1 : 0;
                for (int k = 0; k < m; ++k) sum += qa(k, i) * qa(k, j);
                worst = std::max(worst, std::abs(sum));
            }
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) {
                double sum = -a[(std::size_t(c) * m + i) * n + j];
                for (int k = 0; k < std::min(qc, rc); ++k) sum += qa(i, k) * ra(k, j);
                worst = std::max(worst, std::abs(sum) / scale);
            }
        for (int i = 0; i < rc; ++i)
            for (int j = 0; j < std::min(i, n); ++j)
                if (ra(i, j) != 0) worst = 1;
    }
    return worst;
}

template <class T> double factored_error(const tiles::accelerator_view& view, int m, int n, bool complete) {
    const std::vector<double> a = random_doubles(std::size_t(m) * n, unsigned(m * 1000 + n));
    const std::vector<T> values(a.begin(), a.end());
    tiles::array_view<const T, 2> matrix(tiles::extent<2>(m, n), values);
    const auto [q, r] = tiles::linalg::qr(view, matrix, complete);
    const int k = complete ? m : std::min(m, n);
    CHECK((q.extent == tiles::extent<2>(m, k) && r.extent == tiles::extent<2>(k, n)));
    return qr_error<T>(a, std::vector<T>(q), std::vector<T>(r), 1, m, n, k, k);
}

template <class T> void check_factors(const tiles::accelerator_view& view, double tolerance) {
    const int shapes[][2] = {{1, 1}, {9, 5}, {5, 9}, {128, 128}, {200, 150}, {150, 260}, {257, 130}};
    for (const auto& shape : shapes)
        for (const bool complete : {false, true}) {
            INFO("m " << shape[0] << ", n " << shape[1] << ", complete " << complete);
            CHECK(factored_error<T>(view, shape[0], shape[1], complete) <= tolerance);
        }
}

} // namespace

TEST_CASE_METHOD(fresh_view, "qr of float and double matrices has orthonormal Q and Q R = A", "[algorithms][linalg]") {
    check_factors<float>(view, 1e-4);
    if (view.get_accelerator().supports_double_precision()) check_factors<double>(view, 1e-12);
}

TEST_CASE_METHOD(fresh_view, "qr of a stack of matrices factors each", "[algorithms][linalg]") {
    const int count = 3, m = 140, n = 70;
    const std::vector<double> a = random_doubles(std::size_t(count) * m * n, 5);
    const std::vector<float> values(a.begin(), a.end());
    tiles::array<float, 3> stack(tiles::extent<3>(count, m, n), values.begin(), view);
    std::vector<float> q(std::size_t(count) * m * n), r(std::size_t(count) * n * n);
    tiles::array_view<float, 3> q_view(tiles::extent<3>(count, m, n), q), r_view(tiles::extent<3>(count, n, n), r);
    tiles::linalg::qr(view, stack, q_view, r_view);
    q_view.synchronize();
    r_view.synchronize();
    CHECK(qr_error(a, q, r, count, m, n, n, n) <= 1e-4);
}

TEST_CASE_METHOD(fresh_view, "qr of a rank-deficient matrix gives no NaNs", "[algorithms][linalg]") {
    const int m = 150, n = 140;
    std::vector<double> a(std::size_t(m) * n);
    const std::vector<double> u = random_doubles(std::size_t(m) * 2, 1), v = random_doubles(std::size_t(n) * 2, 2);
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) a[std::size_t(i) * n + j] = u[2 * i] * v[2 * j] + u[2 * i + 1] * v[2 * j + 1];
    const std::vector<float> values(a.begin(), a.end());
    tiles::array_view<const float, 2> matrix(tiles::extent<2>(m, n), values);
    const auto [q, r] = tiles::linalg::qr(view, matrix);
    const std::vector<float> qh(q), rh(r);
    CHECK(std::all_of(qh.begin(), qh.end(), [](float x) { return std::isfinite(x); }));
    CHECK(std::all_of(rh.begin(), rh.end(), [](float x) { return std::isfinite(x); }));
    CHECK(qr_error(a, qh, rh, 1, m, n, n, n) <= 1e-4);
}

TEST_CASE_METHOD(fresh_view, "qr of a matrix on the device factors its panels there, moving nothing across the bus",
                 "[algorithms][linalg]") {
    // Three panels, the last narrower than the others; complete, so R has rows of zeros. Zero
    // columns, and an upper triangle in the first, which the reflections leave as they are (tau 0).
    const int m = 300, n = 270;
    std::vector<double> a = random_doubles(std::size_t(m) * n, 11);
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j)
            if (j % 7 == 3 || (j < 40 && i > j)) a[std::size_t(i) * n + j] = 0;
    const std::vector<float> values(a.begin(), a.end());
    tiles::array<float, 2> matrix(tiles::extent<2>(m, n), values.begin(), view);
    tiles::array<float, 2> q(tiles::extent<2>(m, m), view), r(tiles::extent<2>(m, n), view);
    const tiles::transfer_counters before = view.counters();
    tiles::linalg::qr(view, matrix, q, r, true);
    const tiles::transfer_counters after = view.counters();
    CHECK(after.uploads == before.uploads);
    CHECK(after.downloads == before.downloads);
    const std::vector<float> qh(q), rh(r);
    CHECK(std::all_of(qh.begin(), qh.end(), [](float x) { return std::isfinite(x); }));
    CHECK(std::all_of(rh.begin(), rh.end(), [](float x) { return std::isfinite(x); }));
    CHECK(rh[std::size_t(3) * n + 3] == 0);
    CHECK(qr_error(a, qh, rh, 1, m, n, m, m) <= 1e-4);
}

// A 5000 x 40 matrix, past the rows one work-group factors (1024 at most): its leaves (16, 16 and 8
// columns) spread over work-groups. Column 5 zero, column 30 zero below its diagonal, and columns
// 20 to 27 copies of columns 0 to 7 (rank-deficient): their reflectors are H = I, never NaNs.
template <class T> void check_tall(const tiles::accelerator_view& view, double tolerance) {
    const int m = 5000, n = 40;
    std::vector<double> a = random_doubles(std::size_t(m) * n, 61);
    for (int i = 0; i < m; ++i) {
        a[std::size_t(i) * n + 5] = 0;
        if (i > 30) a[std::size_t(i) * n + 30] = 0;
        for (int j = 20; j < 28; ++j) a[std::size_t(i) * n + j] = a[std::size_t(i) * n + j - 20];
    }
    const std::vector<T> values(a.begin(), a.end());
    tiles::array_view<const T, 2> matrix(tiles::extent<2>(m, n), values);
    const auto [q, r] = tiles::linalg::qr(view, matrix);
    const std::vector<T> qh(q), rh(r);
    CHECK(std::all_of(qh.begin(), qh.end(), [](T x) { return std::isfinite(x); }));
    CHECK(std::all_of(rh.begin(), rh.end(), [](T x) { return std::isfinite(x); }));
    CHECK(rh[std::size_t(5) * n + 5] == 0);
    CHECK(qr_error(a, qh, rh, 1, m, n, n, n) <= tolerance);
}

TEST_CASE_METHOD(fresh_view, "qr of a tall matrix factors its leaves over many work-groups", "[algorithms][linalg]") {
    check_tall<float>(view, 1e-4);
    if (view.get_accelerator().supports_double_precision()) check_tall<double>(view, 1e-12);
}

// The kernels launched by the qr of a random m x 16 matrix: one panel of one leaf.
std::uint64_t one_leaf_launches(const tiles::accelerator_view& view, int m) {
    const std::vector<double> a = random_doubles(std::size_t(m) * 16, 7);
    const std::vector<float> values(a.begin(), a.end());
    tiles::array_view<const float, 2> matrix(tiles::extent<2>(m, 16), values);
    const std::uint64_t before = view.counters().launches;
    tiles::linalg::qr(view, matrix);
    return view.counters().launches - before;
}

TEST_CASE_METHOD(fresh_view, "qr spreads a tall leaf over work-groups, a launch a column and 1 more",
                 "[algorithms][linalg]") {
    // One work-group takes a leaf of up to 1024 rows on CPUs (emulated accelerators), 256 on GPUs,
    // in 1 launch; the spread leaf's are 16 + 1: the first column's parts first, then a step a
    // column, the last writing T.
    const int one_group = view.get_accelerator().get_is_emulated() ? 1024 : 256;
    CHECK(one_leaf_launches(view, one_group + 1) - one_leaf_launches(view, one_group) == 16 + 1 - 1);
}

TEST_CASE_METHOD(fresh_view, "qr refuses factors of the wrong shape", "[algorithms][linalg]") {
    const std::vector<float> values(20 * 10, 1.0f);
    tiles::array_view<const float, 2> matrix(tiles::extent<2>(20, 10), values);
    tiles::array<float, 2> q(tiles::extent<2>(20, 20), view), r(tiles::extent<2>(10, 10), view);
    CHECK_THROWS_WITH(tiles::linalg::qr(view, matrix, q, r), Catch::Contains("qr: the orthogonal factor"));
}
