// gemm's precisions (tf32x3, tf32, float16, bfloat16) on the tensor-core kernel: on NVIDIA devices
// with tensor cores its inline PTX, elsewhere its exact emulation of the mma instruction (the
// gemm_mma sets' TENSOR_CORES 2, small shapes). Each is checked against double-precision
// references of what it must compute: the products of the inputs rounded as the precision says,
// added within float's error; tf32x3 against the exact product, no less accurate than the exact
// kernel. Sizes are not multiples of any tile.
#include <algorithm>
#include <cfenv>
#include <cmath>
#include <vector>

#include "../libtiles/algorithms/src/gemm_parameters.hpp"
#include "fixture.hpp"
#include "random_data.hpp"
#include "tiles/parameters.hpp"

namespace {

using tiles::gemm_precision;

// The tensor-core kernel for the test's duration: as the table has it on devices with tensor cores,
// else the emulation, with shapes that keep it quick and still give each warp several mma tiles
// down and across, and the tile several warps down and across.
struct tensor_core_view : fresh_view {
    tiles::accelerator accelerator = view.get_accelerator();
    bool native = accelerator.info().ptx_tensor_cores;
    tensor_core_view() {
        if (native) return;
        // The same shapes as the C and Python tests', so that PoCL compiles each kernel once.
        const tiles::parameter_values small_tiles = {{"WARPS_DOWN", 2},    {"WARPS_ACROSS", 2}, {"WARP_ROWS", 32},
                                                     {"WARP_COLUMNS", 16}, {"SLICE_STEPS", 1},  {"TENSOR_CORES", 2}};
        for (const char* set : {"gemm_mma", "gemm_mma_tf32x3", "gemm_mma_small"})
            tiles::set_parameters(accelerator, set, small_tiles);
    }
    ~tensor_core_view() { tiles::reset_parameters(accelerator); }
};

// x rounded to `bits` bits of mantissa after the leading one: to nearest, ties away from zero
// (cvt.rna, TF32) or to even (half, bfloat16), with half's subnormals below 2^-14.
double rounded(float x, int bits, bool ties_away, int least_exponent = -1000) {
    if (x == 0) return 0;
    int exponent = 0;
    std::frexp(double(x), &exponent); // x = f * 2^exponent, 0.5 <= |f| < 1
    const double ulp = std::ldexp(1.0, std::max(exponent - 1, least_exponent) - bits);
    return (ties_away ? std::round(double(x) / ulp) : std::nearbyint(double(x) / ulp)) * ulp;
}

double rounded_input(float x, gemm_precision precision) {
    switch (precision) {
    case gemm_precision::tf32:
        return rounded(x, 10, true);
    case gemm_precision::float16:
        return rounded(x, 10, false, -14);
    case gemm_precision::bfloat16:
        return rounded(x, 7, false);
    default:
        return x;
    }
}

struct product {
    int m, n, k;
    std::vector<float> a, b, c0;
};

product random_product(int m, int n, int k, unsigned seed) {
    return {m,
            n,
            k,
            random_floats(std::size_t(m) * k, seed),
            random_floats(std::size_t(k) * n, seed + 1),
            random_floats(std::size_t(m) * n, seed + 2)};
}

std::vector<float> run(const tiles::accelerator_view& view, const product& p, float alpha, float beta,
                       gemm_precision precision) {
    std::vector<float> c = p.c0;
    tiles::array_view<const float, 2> a(p.m, p.k, p.a), b(p.k, p.n, p.b);
    tiles::array_view<float, 2> c_view(p.m, p.n, c);
    tiles::gemm(view, alpha, a, b, beta, c_view, precision);
    c_view.synchronize();
    return c;
}

// The largest error of `c` against alpha * A * B + beta * C0 with A's and B's elements rounded as
// `precision` rounds them, in double, each element's error over the sum of its terms' magnitudes.
double largest_error(const std::vector<float>& c, const product& p, double alpha, double beta,
                     gemm_precision precision) {
    double largest = 0;
    for (int i = 0; i < p.m; ++i)
        for (int j = 0; j < p.n; ++j) {
            double exact = beta == 0 ? 0 : beta * p.c0[std::size_t(i) * p.n + j];
            double magnitude = std::abs(exact);
            for (int q = 0; q < p.k; ++q) {
                const double term = alpha * rounded_input(p.a[std::size_t(i) * p.k + q], precision) *
                                    rounded_input(p.b[std::size_t(q) * p.n + j], precision);
                exact += term;
                magnitude += std::abs(term);
            }
            const double error = std::abs(c[std::size_t(i) * p.n + j] - exact) / (magnitude > 0 ? magnitude : 1);
            largest = std::max(largest, error);
        }
    return largest;
}

const gemm_precision all_precisions[] = {gemm_precision::tf32x3, gemm_precision::tf32, gemm_precision::float16,
                                         gemm_precision::bfloat16};

} // namespace

TEST_CASE_METHOD(tensor_core_view, "gemm's precisions compute the products of their rounded inputs, on any shape",
                 "[algorithms][gemm][precision]") {
    REQUIRE(std::fegetround() == FE_TONEAREST);
    const int shapes[][3] = {{1, 1, 1},    {1, 37, 5},     {37, 1, 5},   {5, 7, 1},
                             {65, 33, 17}, {100, 130, 70}, {3, 41, 150}, {64, 32, 48}};
    for (const auto& shape : shapes)
        for (const gemm_precision precision : all_precisions) {
            const product p = random_product(shape[0], shape[1], shape[2], 7);
            for (const auto& [alpha, beta] : {std::pair{1.0f, 0.0f}, std::pair{1.5f, -0.5f}}) {
                INFO("M N K = " << p.m << " " << p.n << " " << p.k << ", precision " << int(precision) << ", alpha "
                                << alpha << ", beta " << beta << (native ? " (tensor cores)" : " (emulated)"));
                // Against the products of the rounded inputs (tf32x3: of the inputs), added in float:
                // each term takes part in at most 3 k + 16 roundings (three mma a step, one sum a step).
                const double error = largest_error(run(view, p, alpha, beta, precision), p, alpha, beta, precision);
                CHECK(error <= (3.0 * p.k + 16) * std::ldexp(1.0, -23));
            }
        }
}

TEST_CASE_METHOD(tensor_core_view, "gemm's precisions round their inputs as the instructions do",
                 "[algorithms][gemm][precision]") {
    // 1 + 2^-12 lies below half a TF32 or half place of 1 (2^-11), 1 + 2^-11 on it: TF32 rounds that
    // tie away from zero (cvt.rna), half and bfloat16 to even. tf32x3 keeps both exactly.
    const int m = 37, n = 29, k = 19;
    for (const double offset : {std::ldexp(1.0, -12), std::ldexp(1.0, -11)}) {
        const product p{m,
                        n,
                        k,
                        std::vector<float>(std::size_t(m) * k, float(1 + offset)),
                        std::vector<float>(std::size_t(k) * n, 1.0f),
                        std::vector<float>(std::size_t(m) * n, 0.0f)};
        const bool tie = offset == std::ldexp(1.0, -11);
        const std::pair<gemm_precision, double> expected[] = {{gemm_precision::exact, k * (1 + offset)},
                                                              {gemm_precision::tf32x3, k * (1 + offset)},
                                                              {gemm_precision::tf32, tie ? k * (1 + 2 * offset) : k},
                                                              {gemm_precision::float16, k},
                                                              {gemm_precision::bfloat16, k}};
        for (const auto& [precision, value] : expected) {
            INFO("A's elements 1 + " << offset << ", precision " << int(precision));
            const std::vector<float> c = run(view, p, 1.0f, 0.0f, precision);
            CHECK(c.front() == float(value));
            CHECK(c.back() == float(value));
        }
    }
}

TEST_CASE_METHOD(tensor_core_view, "tf32x3's largest relative error is no larger than the exact kernel's",
                 "[algorithms][gemm][precision]") {
    // Long sums, where the exact kernel's roundings add up: tf32x3 adds each mma step's products
    // apart and rounds the running sum once a step.
    const product p = random_product(70, 45, 1000, 11);
    const double exact_error =
        largest_error(run(view, p, 1.0f, 0.0f, gemm_precision::exact), p, 1, 0, gemm_precision::exact);
    const double tf32x3_error =
        largest_error(run(view, p, 1.0f, 0.0f, gemm_precision::tf32x3), p, 1, 0, gemm_precision::exact);
    const double tf32_error =
        largest_error(run(view, p, 1.0f, 0.0f, gemm_precision::tf32), p, 1, 0, gemm_precision::exact);
    INFO("largest relative errors: exact " << exact_error << ", tf32x3 " << tf32x3_error << ", tf32 " << tf32_error
                                           << (native ? " (tensor cores)" : " (emulated)"));
    CHECK(tf32x3_error <= exact_error);
    // TF32 keeps 11 bits of each input: each product is off by at most 2^-10 of its magnitude.
    CHECK(tf32_error <= std::ldexp(1.0, -10));
    CHECK(tf32_error > exact_error); // it did round
}

TEST_CASE_METHOD(fresh_view, "without tensor cores the precisions compute as exact does",
                 "[algorithms][gemm][precision]") {
    if (view.get_accelerator().info().ptx_tensor_cores) {
        WARN("'" << view.get_accelerator().name() << "' has tensor cores: not tested");
        return;
    }
    const product p = random_product(45, 37, 29, 3);
    const std::vector<float> exact = run(view, p, 1.0f, 0.5f, gemm_precision::exact);
    for (const gemm_precision precision : all_precisions) CHECK(run(view, p, 1.0f, 0.5f, precision) == exact);
}

TEST_CASE_METHOD(fresh_view, "gemm refuses precisions for double elements and unknown precisions",
                 "[algorithms][gemm][precision][refusal]") {
    std::vector<float> floats(16);
    tiles::array_view<float, 2> f(4, 4, floats);
    tiles::array<float, 2> out(tiles::extent<2>(4, 4), view);
    REQUIRE_THROWS_MENTIONING(tiles::gemm(view, 1.0f, f, f, 0.0f, out, gemm_precision(7)), tiles::invalid_argument,
                              "gemm: 7 is not a precision (exact, tf32x3, tf32, float16 or bfloat16)");
    if (view.get_accelerator().supports_double_precision()) {
        std::vector<double> doubles(16);
        tiles::array_view<double, 2> d(4, 4, doubles);
        tiles::array<double, 2> d_out(tiles::extent<2>(4, 4), view);
        REQUIRE_THROWS_MENTIONING(tiles::gemm(view, 1.0, d, d, 0.0, d_out, gemm_precision::tf32),
                                  tiles::invalid_argument,
                                  "gemm: the precision tf32 is for float elements, not double (float64)");
    }
    CHECK(view.counters().launches == 0);
}

TEST_CASE_METHOD(tensor_core_view, "the tensor-core kernel's large tiles compute as its small ones do",
                 "[algorithms][gemm][precision]") {
    // Below the table's switch to the large tiles (the H200's: n = 2048) gemm runs gemm_mma_small;
    // here it runs with gemm_mma's values too, on a product of several of their blocks.
    tiles::set_parameters(accelerator, "gemm_mma_small", tiles::get_parameters(accelerator, "gemm_mma"));
    const product p = random_product(300, 270, 100, 13);
    for (const gemm_precision precision : all_precisions) {
        INFO("precision " << int(precision) << (native ? " (tensor cores)" : " (emulated)"));
        CHECK(largest_error(run(view, p, 1.0f, 0.0f, precision), p, 1, 0, precision) <=
              (3.0 * p.k + 16) * std::ldexp(1.0, -23));
    }
}

TEST_CASE_METHOD(tensor_core_view, "tf32x3 runs with the parameters of its own set where gemm_mma's apply",
                 "[algorithms][gemm][precision]") {
    // A product at the table's switch to the large tiles (none on PoCL), where tf32x3 takes
    // gemm_mma_tf32x3 and the other precisions gemm_mma. A set's TENSOR_CORES 0 sends its products
    // to the exact kernel, whose results differ from the tensor-core kernel's in their roundings.
    const int below = tiles::algorithms::small_gemm_below(accelerator.info());
    const int side = std::max(64, int(std::ceil(std::sqrt(double(below)))));
    const product p = random_product(side, side, 100, 23);
    const std::vector<float> exact = run(view, p, 1.0f, 0.0f, gemm_precision::exact);
    tiles::set_parameters(accelerator, "gemm_mma_tf32x3", {{"TENSOR_CORES", 0}});
    CHECK(run(view, p, 1.0f, 0.0f, gemm_precision::tf32x3) == exact);
    tiles::set_parameters(accelerator, "gemm_mma_tf32x3", {{"TENSOR_CORES", 2}});
    tiles::set_parameters(accelerator, "gemm_mma", {{"TENSOR_CORES", 0}});
    CHECK(run(view, p, 1.0f, 0.0f, gemm_precision::tf32x3) != exact);
    CHECK(run(view, p, 1.0f, 0.0f, gemm_precision::float16) == exact);
}

TEST_CASE_METHOD(tensor_core_view, "gemm of half and bfloat16 matrices at their own precision takes them as they are",
                 "[algorithms][gemm][precision][half]") {
    // Rows of whole chunks of 8 elements (16 bytes), staged a chunk at a time, and rows of any length.
    for (const product& p : {random_product(64, 48, 128, 19), random_product(70, 45, 150, 19)}) {
        const auto check_type = [&](auto element, gemm_precision own) {
            using H = decltype(element);
            INFO("precision " << int(own) << (native ? " (tensor cores)" : " (emulated)") << ", k = " << p.k);
            const std::vector<H> a(p.a.begin(), p.a.end()), b(p.b.begin(), p.b.end()); // rounded as the kernel rounds
            std::vector<float> c(std::size_t(p.m) * p.n);
            tiles::array_view<const H, 2> a_view(p.m, p.k, a), b_view(p.k, p.n, b);
            tiles::array_view<float, 2> c_view(p.m, p.n, c);
            tiles::gemm(view, 1.0f, a_view, b_view, 0.0f, c_view, own);
            c_view.synchronize();
            // The products of the rounded values, against double precision ...
            CHECK(largest_error(c, p, 1, 0, own) <= (3.0 * p.k + 16) * std::ldexp(1.0, -23));
            // ... and the same words on the tensor cores as float matrices rounded in the kernel.
            CHECK(c == run(view, p, 1.0f, 0.0f, own));
            const gemm_precision other =
                own == gemm_precision::float16 ? gemm_precision::bfloat16 : gemm_precision::float16;
            REQUIRE_THROWS_MENTIONING(tiles::gemm(view, 1.0f, a_view, b_view, 0.0f, c_view, other),
                                      tiles::invalid_argument,
                                      "elements are multiplied as they are, at the precision exact or");
        };
        check_type(tiles::half(0.0f), gemm_precision::float16);
        check_type(tiles::bfloat16(0.0f), gemm_precision::bfloat16);
    }
}
