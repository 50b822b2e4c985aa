// Matrix multiply: C = alpha * A * B + beta * C for shapes that are not multiples of any tile,
// degenerate ones, and the BLAS rule that beta == 0 never reads C, against a CPU loop in double.
#include <cmath>
#include <thread>
#include <vector>

#include "fixture.hpp"
#include "random_data.hpp"

namespace {

struct gemm_shape {
    int m, n, k;
};

// The last two: rows of whole vectors of 8 and of 4 elements (aligned loads), ending inside blocks
// of C and inside slices of the depth.
const gemm_shape shapes[] = {{1, 1, 1},    {1, 37, 5},     {37, 1, 5},    {5, 7, 1},     {64, 64, 64},
                             {65, 33, 17}, {100, 130, 70}, {3, 200, 150}, {72, 136, 40}, {36, 132, 44}};

// Compares C with alpha * A * B + beta * C0 computed in double; each element may differ by the
// rounding of a sum of k + 1 terms of its own magnitudes.
template <class T>
void check_gemm(const std::vector<T>& c, const gemm_shape& s, double alpha, const std::vector<T>& a,
                const std::vector<T>& b, double beta, const std::vector<T>& c0) {
    for (int i = 0; i < s.m; ++i)
        for (int j = 0; j < s.n; ++j) {
            double exact = beta == 0 ? 0 : beta * c0[std::size_t(i) * s.n + j];
            double magnitude = std::abs(exact);
            for (int p = 0; p < s.k; ++p) {
                const double product = alpha * double(a[std::size_t(i) * s.k + p]) * b[std::size_t(p) * s.n + j];
                exact += product;
                magnitude += std::abs(product);
            }
            INFO("C(" << i << ", " << j << ")");
            CHECK(std::abs(c[std::size_t(i) * s.n + j] - exact) <= sum_tolerance<T>(std::size_t(s.k) + 2, magnitude));
        }
}

template <class T>
void check_shapes(const tiles::accelerator_view& view, double alpha, double beta,
                  std::vector<T> (*random)(std::size_t, unsigned)) {
    for (const gemm_shape& s : shapes) {
        INFO("M N K = " << s.m << " " << s.n << " " << s.k << " alpha " << alpha << " beta " << beta);
        const std::vector<T> a = random(std::size_t(s.m) * s.k, 1), b = random(std::size_t(s.k) * s.n, 2);
        const std::vector<T> c0 = random(std::size_t(s.m) * s.n, 3);
        std::vector<T> c = c0;
        tiles::array_view<const T, 2> a_view(s.m, s.k, a), b_view(s.k, s.n, b);
        tiles::array_view<T, 2> c_view(s.m, s.n, c);
        tiles::gemm(view, T(alpha), a_view, b_view, T(beta), c_view);
        c_view.synchronize();
        check_gemm(c, s, alpha, a, b, beta, c0);
    }
}

std::vector<float> floats(std::size_t count, unsigned seed) { return random_floats(count, seed); }

} // namespace

TEST_CASE_METHOD(fresh_view, "gemm of float matrices of any shape matches a CPU loop", "[algorithms][gemm]") {
    check_shapes<float>(view, 1.0, 0.0, floats);
    check_shapes<float>(view, 1.5, -0.5, floats);
}

TEST_CASE_METHOD(fresh_view, "gemm of double matrices on a device with double precision", "[algorithms][gemm][fp64]") {
    if (!view.get_accelerator().supports_double_precision()) {
        WARN("'" << view.get_accelerator().name() << "' has no double precision: not tested");
        return;
    }
    check_shapes<double>(view, 0.75, 2.0, random_doubles);
}

TEST_CASE("gemm of double matrices is refused where the device has no double precision",
          "[algorithms][gemm][fp64][refusal]") {
    int devices_without = 0;
    for (const tiles::accelerator& acc : tiles::accelerator::get_all()) {
        if (acc.supports_double_precision()) continue;
        ++devices_without;
        const tiles::accelerator_view view = acc.create_view();
        std::vector<double> values(4);
        tiles::array_view<double, 2> matrix(2, 2, values);
        REQUIRE_THROWS_MENTIONING(
            tiles::gemm(view, 1.0, matrix, matrix, 0.0, tiles::array<double, 2>(matrix.extent, view)),
            tiles::unsupported_feature, "gemm of double elements needs double precision");
    }
    if (devices_without == 0) WARN("every OpenCL device here has double precision: the refusal was not exercised");
}

TEST_CASE_METHOD(fresh_view, "gemm with beta 0 never reads C", "[algorithms][gemm]") {
    const std::vector<float> a = random_floats(33 * 20, 1), b = random_floats(20 * 41, 2);
    std::vector<float> c(33 * 41, std::nanf(""));
    tiles::array_view<const float, 2> a_view(33, 20, a), b_view(20, 41, b);
    tiles::array_view<float, 2> c_view(33, 41, c);
    tiles::gemm(view, 2.0f, a_view, b_view, 0.0f, c_view);
    c_view.synchronize();
    check_gemm(c, {33, 41, 20}, 2.0, a, b, 0.0, c);
    CHECK(view.counters().uploads == 2); // A and B: C's NaNs were never sent
}

TEST_CASE_METHOD(fresh_view, "matrix_multiply returns the product in a new array on the view of its operands",
                 "[algorithms][gemm]") {
    const std::vector<float> a = random_floats(19 * 23, 5), b = random_floats(23 * 29, 6);
    tiles::array<float, 2> a_array(tiles::extent<2>(19, 23), a, view), b_array(tiles::extent<2>(23, 29), b, view);
    tiles::array<float, 2> product = tiles::matrix_multiply(a_array, b_array);
    CHECK(product.get_accelerator_view() == view);
    CHECK(product.extent == tiles::extent<2>(19, 29));
    check_gemm(std::vector<float>(product), {19, 29, 23}, 1.0, a, b, 0.0, std::vector<float>());
}

TEST_CASE_METHOD(fresh_view, "gemm refuses mismatched shapes and element types", "[algorithms][gemm][refusal]") {
    std::vector<float> a(3 * 4), b(5 * 6), c(3 * 6);
    tiles::array_view<float, 2> a_view(3, 4, a), b_view(5, 6, b), c_view(3, 6, c);
    REQUIRE_THROWS_MENTIONING(tiles::gemm(view, 1.0f, a_view, b_view, 0.0f, c_view), tiles::invalid_argument,
                              "gemm: A is 3x4 and B is 5x6", "A's 4 columns must match B's 5 rows");
    tiles::array_view<float, 2> b_fit(4, 5, b);
    REQUIRE_THROWS_MENTIONING(tiles::gemm(view, 1.0f, a_view, b_fit, 0.0f, c_view), tiles::invalid_argument,
                              "gemm: C is 3x6 but must be 3x5, the shape of A * B");
    std::vector<int> ints(12);
    tiles::array_view<int, 2> int_matrix(3, 4, ints);
    REQUIRE_THROWS_MENTIONING(tiles::matrix_multiply(view, int_matrix, tiles::array_view<int, 2>(4, 3, ints)),
                              tiles::invalid_argument,
                              "gemm supports float (float32), double (float64), half (float16) and bfloat16 "
                              "elements, not int (int32)");
    std::vector<float> square(16);
    tiles::array_view<float, 2> s(4, 4, square);
    REQUIRE_THROWS_MENTIONING(tiles::gemm(view, 1.0f, s, s, 1.0f, s), tiles::invalid_argument,
                              "gemm: C and A are the same data");
    CHECK(view.counters().launches == 0);
}

namespace {

// Deep products of a small C, which split their depth, and ones that do not: C of one block
// (16 x 16, 5 x 3) or a few, 100000 deep, an odd depth, a depth that ends inside a slice.
const gemm_shape deep_shapes[] = {{16, 16, 100000}, {18, 256, 4099}, {128, 128, 4096}, {5, 3, 2051}, {7, 9, 300}};

// Each deep product twice: within the rounding of its sum, and the same bits both times (the
// partial products are added in a fixed order).
template <class T>
void check_deep_shapes(const tiles::accelerator_view& view, double alpha, double beta,
                       std::vector<T> (*random)(std::size_t, unsigned)) {
    for (const gemm_shape& s : deep_shapes) {
        INFO("M N K = " << s.m << " " << s.n << " " << s.k << " alpha " << alpha << " beta " << beta);
        const std::vector<T> a = random(std::size_t(s.m) * s.k, 7), b = random(std::size_t(s.k) * s.n, 8);
        const std::vector<T> c0 = random(std::size_t(s.m) * s.n, 9);
        std::vector<T> first = c0, second = c0;
        tiles::array_view<const T, 2> a_view(s.m, s.k, a), b_view(s.k, s.n, b);
        for (std::vector<T>* c : {&first, &second}) {
            tiles::array_view<T, 2> c_view(s.m, s.n, *c);
            tiles::gemm(view, T(alpha), a_view, b_view, T(beta), c_view);
            c_view.synchronize();
        }
        check_gemm(first, s, alpha, a, b, beta, c0);
        CHECK(first == second);
    }
}

} // namespace

TEST_CASE_METHOD(fresh_view, "gemm of a deep product of a small C splits its depth and adds the slices",
                 "[algorithms][gemm][split_k]") {
    check_deep_shapes<float>(view, 1.0, 0.0, floats);
    check_deep_shapes<float>(view, -0.5, 1.25, floats);
    if (view.get_accelerator().supports_double_precision())
        check_deep_shapes<double>(view, 0.75, 2.0, random_doubles);
    else
        WARN("'" << view.get_accelerator().name() << "' has no double precision: double not tested");
    // One block of C, 100000 deep, leaves every compute unit but one idle (PoCL has one a core):
    // the product and the sum of its slices are two launches.
    const std::vector<float> a = random_floats(16 * 100000, 1), b = random_floats(100000 * 16, 2);
    std::vector<float> c(16 * 16);
    tiles::array_view<const float, 2> a_view(16, 100000, a), b_view(100000, 16, b);
    tiles::array_view<float, 2> c_view(16, 16, c);
    const auto launches = view.counters().launches;
    tiles::gemm(view, 1.0f, a_view, b_view, 0.0f, c_view);
    // A CPU device of one core has one compute unit, which one block fills: nothing to split.
    const bool one_unit = view.get_accelerator().is_cpu() && std::thread::hardware_concurrency() == 1;
    CHECK(view.counters().launches - launches == (one_unit ? 1 : 2));
}
