// Complex data from C++: std::complex<float> and std::complex<double> views multiplied in kernels
// that take them as float2 and double2, against std::complex's own products; float2 parameters
// still take float pairs, and refuse complex128.
#include <complex>
#include <vector>

#include "fixture.hpp"

namespace {

const char* multiply_source = R"(
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void multiply_double(__global const double2* a, __global const double2* b, __global double2* p) {
    const int i = get_global_id(0);
    p[i] = (double2)(a[i].x * b[i].x - a[i].y * b[i].y, a[i].x * b[i].y + a[i].y * b[i].x);
}
#endif
__kernel void multiply(__global const float2* a, __global const float2* b, __global float2* p) {
    const int i = get_global_id(0);
    p[i] = (float2)(a[i].x * b[i].x - a[i].y * b[i].y, a[i].x * b[i].y + a[i].y * b[i].x);
}
)";

// Small halves and integers, whose products are exact however they are rounded.
template <class Real> std::vector<std::complex<Real>> some(Real shift) {
    return {{1 + shift, 2}, {-3, 0.5}, {0.25, -4 - shift}, {2, 0}};
}

} // namespace

TEST_CASE_METHOD(fresh_view, "std::complex data goes to float2 and double2 parameters", "[complex]") {
    STATIC_REQUIRE(tiles::element_type_of<std::complex<float>> == tiles::element_type::complex64);
    STATIC_REQUIRE(tiles::element_type_of<std::complex<double>> == tiles::element_type::complex128);
    CHECK(tiles::element_size(tiles::element_type::complex128) == sizeof(std::complex<double>));
    const tiles::kernel multiply(multiply_source, "multiply");
    std::vector<std::complex<float>> a = some(0.0f), b = some(1.0f), p(4);
    tiles::array_view<const std::complex<float>, 1> av(4, a), bv(4, b);
    tiles::array_view<std::complex<float>, 1> pv(4, p);
    tiles::parallel_for_each(view, pv.extent.tile(4), multiply, av, bv, pv);
    pv.synchronize();
    for (int i = 0; i < 4; ++i) CHECK(p[i] == a[i] * b[i]);

    std::vector<float> pairs(8);
    tiles::array_view<float, 1> pairs_view(8, pairs);
    tiles::parallel_for_each(view, pv.extent.tile(4), multiply, av, bv, pairs_view);
    pairs_view.synchronize();
    CHECK((pairs[2] == (a[1] * b[1]).real() && pairs[3] == (a[1] * b[1]).imag()));

    std::vector<std::complex<double>> wide(4);
    tiles::array_view<std::complex<double>, 1> wide_view(4, wide);
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, pv.extent.tile(4), multiply, av, bv, wide_view),
                              tiles::invalid_argument, "argument 2 of kernel 'multiply'", "element types differ");
    if (!view.get_accelerator().get_supports_double_precision()) return;
    const tiles::kernel multiply_double(multiply_source, "multiply_double");
    std::vector<std::complex<double>> c = some(0.0), d = some(1.0);
    tiles::array_view<const std::complex<double>, 1> cv(4, c), dv(4, d);
    tiles::parallel_for_each(view, pv.extent.tile(4), multiply_double, cv, dv, wide_view);
    wide_view.synchronize();
    for (int i = 0; i < 4; ++i) CHECK(wide[i] == c[i] * d[i]);
}
