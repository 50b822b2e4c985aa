// 16-bit floats: tiles::half and tiles::bfloat16 on the host, checked against the formats'
// definitions for every bit pattern; in kernels (vload_half/vstore_half_rte, the prelude's
// bfloat16 conversions) against the host's conversions; and in reduce, transpose and gemm
// against CPU loops in double.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "fixture.hpp"
#include "random_data.hpp"

namespace {

// What a half's bits stand for, from the format's definition: (-1)^s 2^(e-15) (1 + f/1024), or
// 2^-14 f/1024 for e = 0.
double half_value(std::uint16_t bits) {
    const int sign = bits >> 15, exponent = (bits >> 10) & 0x1f, fraction = bits & 0x3ff;
    const double magnitude = exponent == 0    ? std::ldexp(fraction, -24)
                             : exponent == 31 ? (fraction == 0 ? INFINITY : NAN)
                                              : std::ldexp(1024 + fraction, exponent - 25);
    return sign ? -magnitude : magnitude;
}

// A bfloat16's value: the float whose upper 16 bits these are.
double bfloat16_value(std::uint16_t bits) {
    const std::uint32_t f = std::uint32_t(bits) << 16;
    float value;
    std::memcpy(&value, &f, sizeof value);
    return value;
}

// Every finite value of a format in increasing order, and whether its bits are even.
template <class Value> std::vector<std::uint16_t> finite_in_order(Value value_of) {
    std::vector<std::uint16_t> all;
    for (std::uint32_t b = 0; b < 0x10000; ++b)
        if (std::isfinite(value_of(std::uint16_t(b))) && !(b == 0x8000)) all.push_back(std::uint16_t(b));
    std::sort(all.begin(), all.end(), [&](std::uint16_t x, std::uint16_t y) { return value_of(x) < value_of(y); });
    return all;
}

// float -> 16 bits rounds to the nearest, ties to even: checked at every value and every
// midpoint between neighbours (exact in float for both formats).
template <class T, class Value> void check_rounding(Value value_of) {
    const std::vector<std::uint16_t> in_order = finite_in_order(value_of);
    for (std::size_t i = 0; i < in_order.size(); ++i) {
        const std::uint16_t bits = in_order[i];
        INFO("bits " << bits);
        REQUIRE(double(float(T::from_bits(bits))) == value_of(bits));
        REQUIRE(T(float(value_of(bits))).bits() == bits);
        if (i + 1 < in_order.size()) {
            const std::uint16_t next = in_order[i + 1];
            const float midpoint = float((value_of(bits) + value_of(next)) / 2);
            REQUIRE(double(midpoint) == (value_of(bits) + value_of(next)) / 2);
            const std::uint16_t even = (bits & 1) == 0 ? bits : next;
            CHECK(double(float(T(midpoint))) == value_of(even)); // by value: the midpoint of -2^-24 and 0 is -0
        }
    }
    CHECK(std::isnan(float(T(NAN))));
    CHECK(std::isinf(float(T(INFINITY))));
    CHECK(std::signbit(float(T(-0.0f))));
}

const char* const doubling_source = R"(
__kernel void twice(__global const half* x, __global half* y, __global const bfloat16* a, __global bfloat16* b) {
    const int i = get_global_id(0);
    vstore_half_rte(2.0f * vload_half(i, x), i, y);
    b[i] = float_to_bfloat16(2.0f * bfloat16_to_float(a[i]));
})";

} // namespace

TEST_CASE("half and bfloat16 round to the nearest even and read back exactly, for every value", "[half]") {
    check_rounding<tiles::half>(half_value);
    check_rounding<tiles::bfloat16>(bfloat16_value);
    CHECK(std::isinf(float(tiles::half(65520.0f)))); // halfway to the next power: rounds up, past the largest
    CHECK(float(tiles::half(65519.0f)) == 65504.0f);
    CHECK(tiles::element_type_of<tiles::half> == tiles::element_type::float16);
    CHECK(tiles::element_description(tiles::element_type::bfloat16) == "bfloat16");
    CHECK(tiles::element_description(tiles::element_type::float16) == "half (float16)");
}

TEST_CASE_METHOD(fresh_view, "kernels read and write half and bfloat16 data as the host converts it", "[half]") {
    const std::size_t n = 1000;
    const std::vector<float> values = random_floats(n, 3, -70000.0f, 70000.0f);
    std::vector<tiles::half> x, y(n);
    std::vector<tiles::bfloat16> a, b(n);
    for (const float v : values) {
        x.emplace_back(v / 16);
        a.emplace_back(v * 1e30f);
    }
    tiles::array_view<tiles::half, 1> y_view(int(n), y);
    tiles::array_view<tiles::bfloat16, 1> b_view(int(n), b);
    tiles::parallel_for_each(view, tiles::extent<1>(int(n)), tiles::kernel(doubling_source, "twice"),
                             tiles::array_view<const tiles::half, 1>(int(n), x), y_view,
                             tiles::array_view<const tiles::bfloat16, 1>(int(n), a), b_view);
    y_view.synchronize();
    b_view.synchronize();
    for (std::size_t i = 0; i < n; ++i) {
        INFO("element " << i);
        CHECK(y[i].bits() == tiles::half(2 * float(x[i])).bits());
        CHECK(b[i].bits() == tiles::bfloat16(2 * float(a[i])).bits());
    }
    // A half view is not a float one.
    std::vector<float> floats(n);
    REQUIRE_THROWS_MENTIONING(
        tiles::parallel_for_each(view, tiles::extent<1>(int(n)), tiles::kernel(doubling_source, "twice"),
                                 tiles::array_view<float, 1>(int(n), floats), y_view, b_view, b_view),
        tiles::invalid_argument, "'x', a __global const half*", "float (float32)");
}

TEST_CASE_METHOD(fresh_view, "reduce, transpose and gemm take half and bfloat16 data, computing in float",
                 "[half][algorithms]") {
    const int rows = 37, columns = 70, n = 45;
    const std::vector<float> values = random_floats(std::size_t(rows) * columns, 5);
    const std::vector<float> b_values = random_floats(std::size_t(columns) * n, 6);
    std::vector<tiles::half> halves, b_halves;
    std::vector<tiles::bfloat16> bfloats;
    for (const float v : values) halves.emplace_back(v), bfloats.emplace_back(v);
    for (const float v : b_values) b_halves.emplace_back(v);
    tiles::array_view<const tiles::half, 2> h(rows, columns, halves), hb(columns, n, b_halves);
    tiles::array_view<const tiles::bfloat16, 2> bf(rows, columns, bfloats);

    double sum = 0, bf_max = -INFINITY;
    for (std::size_t i = 0; i < halves.size(); ++i)
        sum += float(halves[i]), bf_max = std::max(bf_max, double(float(bfloats[i])));
    const float got_sum = tiles::reduce(view, h, tiles::reduction_op::sum); // a float, of half data
    CHECK(std::abs(got_sum - sum) <= sum_tolerance<float>(halves.size(), double(halves.size())));
    CHECK(tiles::reduce(view, bf, tiles::reduction_op::max) == float(bf_max));

    const std::vector<tiles::half> transposed = tiles::transpose(view, h);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c)
            CHECK(transposed[std::size_t(c) * rows + r].bits() == halves[std::size_t(r) * columns + c].bits());

    const std::vector<float> product = tiles::matrix_multiply(view, h, hb); // float, from half operands
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < n; ++j) {
            double expected = 0;
            for (int l = 0; l < columns; ++l)
                expected +=
                    double(float(halves[std::size_t(i) * columns + l])) * float(b_halves[std::size_t(l) * n + j]);
            CHECK(std::abs(product[std::size_t(i) * n + j] - expected) <= sum_tolerance<float>(columns, columns));
        }

    tiles::array<tiles::half, 2> half_c(tiles::extent<2>(rows, n), view);
    REQUIRE_THROWS_MENTIONING(tiles::gemm(view, 1.0f, h, hb, 0.0f, half_c), tiles::invalid_argument,
                              "A and B of half (float16) elements make a C of float (float32) elements");
    tiles::array<float, 2> c(tiles::extent<2>(rows, n), view);
    REQUIRE_THROWS_MENTIONING(
        tiles::gemm(view, 1.0f, h, hb, 0.0f, c, tiles::gemm_precision::tf32), tiles::invalid_argument,
        "gemm: half (float16) elements are multiplied as they are, at the precision exact or float16; not tf32");
    REQUIRE_THROWS_MENTIONING(tiles::stencil(view, h, h), tiles::invalid_argument, "not half (float16)");
}

TEST_CASE("gemm multiplies half and bfloat16 matrices at their own precision unless told otherwise", "[half]") {
    using tiles::gemm_precision;
    STATIC_REQUIRE(tiles::detail::default_precision_of<tiles::array<tiles::half, 2>>() == gemm_precision::float16);
    STATIC_REQUIRE(tiles::detail::default_precision_of<tiles::array_view<const tiles::bfloat16, 2>>() ==
                   gemm_precision::bfloat16);
    STATIC_REQUIRE(tiles::detail::default_precision_of<tiles::array<float, 2>>() == gemm_precision::exact);
    STATIC_REQUIRE(tiles::detail::default_precision_of<tiles::array<double, 2>>() == gemm_precision::exact);
}
