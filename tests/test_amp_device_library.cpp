// C++ AMP's device library as the host and the device both see it (one text for both):
// concurrency::direct3d (amp_direct3d.h), concurrency::graphics' short vectors
// (amp_short_vectors.h) and amp_math.h's fast_math and precise_math. Each case is one expression, evaluated on the host
// and in a C++ kernel, against the value Microsoft's reference and HLSL's intrinsics document for it.
#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include <amp.h>
#include <amp_math.h>
#include <amp_short_vectors.h>

#include "fixture.hpp"

namespace {

using namespace concurrency::graphics;
namespace d3d = concurrency::direct3d;

// The results on the host, and the source of a kernel that writes the same expressions' values
// into `out`, in order.
struct cases {
    std::vector<double> host, expected;
    // `preamble`: the kernel source's first lines.
    explicit cases(const std::string& preamble = "")
        : kernel(preamble + "void values(array_view<float, 1> out, index<1> at) restrict(amp) {\n    int n = 0;\n") {}
    std::string kernel;
    void add(double on_host, double documented, const char* expression) {
        host.push_back(on_host);
        expected.push_back(documented);
        kernel += "    out[n++] = float(" + std::string(expression) + ");\n";
    }
};
#define TILES_CASE(c, expression, documented) c.add(double(expression), documented, #expression)

// What a kernel of `c`'s expressions writes.
std::vector<float> on_device(const tiles::accelerator_view& view, const cases& c) {
    std::vector<float> out(c.expected.size(), -12345.0f);
    tiles::array_view<float, 1> results(int(out.size()), out);
    tiles::parallel_for_each(view, tiles::extent<1>(1),
                             tiles::kernel(c.kernel + "}\n", "values", "", tiles::kernel_language::cpp), results);
    results.synchronize();
    return out;
}

// Each case's value on the host and on the device within `relative` of the documented one.
void check(const tiles::accelerator_view& view, const cases& c, double relative = 1e-6) {
    const std::vector<float> device = on_device(view, c);
    for (std::size_t i = 0; i < c.expected.size(); ++i) {
        std::size_t line = 0;
        for (std::size_t k = 0; k <= i; ++k) line = c.kernel.find("out[n++]", line + 1);
        INFO("case " << i << ": " << c.kernel.substr(line, c.kernel.find('\n', line) - line));
        const double tolerance = relative * std::max(1.0, std::fabs(c.expected[i]));
        CHECK(std::fabs(c.host[i] - c.expected[i]) <= tolerance);
        CHECK(std::fabs(device[i] - c.expected[i]) <= tolerance);
    }
}

} // namespace

TEST_CASE_METHOD(fresh_view, "concurrency::direct3d: every function on the host and the device, as documented",
                 "[amp]") {
    using namespace concurrency;
    cases c;
    TILES_CASE(c, direct3d::abs(-7), 7);
    TILES_CASE(c, direct3d::clamp(5, 0, 3), 3);
    TILES_CASE(c, direct3d::clamp(-2.5f, -1.0f, 1.0f), -1);
    TILES_CASE(c, direct3d::countbits(0xF0F0u), 8);
    TILES_CASE(c, direct3d::countbits(0xFFFFFFFFu), 32);
    TILES_CASE(c, direct3d::firstbithigh(0x10), 4);
    TILES_CASE(c, direct3d::firstbithigh(0), -1);
    TILES_CASE(c, direct3d::firstbithigh(-1), -1);
    TILES_CASE(c, direct3d::firstbithigh(-2), 0);     // the first bit from the top that differs from the sign
    TILES_CASE(c, direct3d::firstbithigh(-0x100), 7); // 0xFFFFFF00
    TILES_CASE(c, direct3d::firstbitlow(0x18), 3);
    TILES_CASE(c, direct3d::firstbitlow(0), -1);
    TILES_CASE(c, direct3d::imax(-3, 2), 2);
    TILES_CASE(c, direct3d::imin(-3, 2), -3);
    TILES_CASE(c, direct3d::umax(0xFFFFFFFFu, 1u), 4294967295.0);
    TILES_CASE(c, direct3d::umin(0xFFFFFFFFu, 1u), 1);
    TILES_CASE(c, direct3d::mad(2.0f, 3.0f, 4.0f), 10);
    TILES_CASE(c, direct3d::mad(2, -3, 4), -2);
    TILES_CASE(c, direct3d::mad(2u, 3u, 4u), 10);
    TILES_CASE(c, direct3d::noise(3.0f), 0);
    TILES_CASE(c, direct3d::noise(-2.0f), 0);
    TILES_CASE(c, direct3d::noise(0.37f) >= -1.0f && direct3d::noise(0.37f) <= 1.0f && direct3d::noise(0.37f) != 0.0f,
               1);
    TILES_CASE(c, direct3d::radians(180.0f), 3.14159265358979);
    TILES_CASE(c, direct3d::rcp(4.0f), 0.25);
    TILES_CASE(c, direct3d::reversebits(1u), 2147483648.0);
    TILES_CASE(c, direct3d::reversebits(0x0000FFF0u), 0x0FFF0000u);
    TILES_CASE(c, direct3d::saturate(1.5f), 1);
    TILES_CASE(c, direct3d::saturate(-0.5f), 0);
    TILES_CASE(c, direct3d::saturate(0.25f), 0.25);
    TILES_CASE(c, direct3d::saturate(NAN), 0);
    TILES_CASE(c, direct3d::sign(-5), -1);
    TILES_CASE(c, direct3d::sign(0), 0);
    TILES_CASE(c, direct3d::sign(9), 1);
    TILES_CASE(c, direct3d::smoothstep(0.0f, 2.0f, 0.5f), 0.15625); // t = 0.25: t * t * (3 - 2t)
    TILES_CASE(c, direct3d::smoothstep(0.0f, 2.0f, -1.0f), 0);
    TILES_CASE(c, direct3d::smoothstep(0.0f, 2.0f, 3.0f), 1);
    TILES_CASE(c, direct3d::step(1.0f, 0.5f), 0);
    TILES_CASE(c, direct3d::step(1.0f, 1.0f), 1);
    check(view, c);
}

TEST_CASE_METHOD(fresh_view,
                 "graphics' short vectors, norm and unorm: arithmetic, swizzles and clamping, host and device",
                 "[amp]") {
    static_assert(std::is_trivially_copyable_v<float_3> && sizeof(float_3) == 3 * sizeof(float) &&
                      sizeof(double_4) == 4 * sizeof(double) && sizeof(norm_2) == 2 * sizeof(float),
                  "short vectors are their components, as arrays of them are on the device");
    static_assert(std::is_same_v<short_vector<float, 3>::type, float_3> &&
                      std::is_same_v<short_vector<int, 1>::type, int> && short_vector_traits<unorm_4>::size == 4 &&
                      std::is_same_v<short_vector_traits<uint_2>::value_type, unsigned int>,
                  "short_vector and short_vector_traits");
    cases c("using namespace concurrency::graphics;\n");
    TILES_CASE(c, (float_3(1.0f, 2.0f, 3.0f) + float_3(4.0f)).z, 7);
    TILES_CASE(c, (float_3(1.0f, 2.0f, 3.0f) * 2.0f).y, 4); // the scalar made a vector, as AMP's constructor does
    TILES_CASE(c, (float_4(1.0f, 2.0f, 3.0f, 4.0f) / float_4(2.0f)).w, 2);
    TILES_CASE(c, (-double_2(1.5, -2.5)).y, 2.5);
    TILES_CASE(c, (int_3(7, 8, 9) % int_3(4)).x, 3);
    TILES_CASE(c, (uint_2(1u, 2u) << uint_2(3u)).y, 16);
    TILES_CASE(c, (int_4(12, 10, 6, 5) & int_4(6)).x + (~int_2(0, 1)).y, 4 - 2);
    TILES_CASE(c, float_4(1.0f, 2.0f, 3.0f, 4.0f).get_wzyx().y, 3);
    TILES_CASE(c, float_4(1.0f, 2.0f, 3.0f, 4.0f).get_ag().y, 2);
    TILES_CASE(c, int_3(5, 6, 7).get_zx().y, 5);
    TILES_CASE(c, float_3(1.0f, 2.0f, 3.0f).get_b() + float_3(1.0f, 2.0f, 3.0f).get_y(), 5);
    TILES_CASE(c, ([] {
                   float_3 v;
                   v.set_zx(float_2(5.0f, 6.0f));
                   return v.z + 10 * v.x + 100 * v.y;
               }()),
               65);
    TILES_CASE(c, ([] {
                   int_4 v(1, 2, 3, 4);
                   v.set_gr(int_2(7, 8));
                   v.ref_a() += 10;
                   return v.x * 1000 + v.y * 100 + v.w;
               }()),
               8714);
    TILES_CASE(c, ([] {
                   uint_3 v(1u);
                   v++;
                   ++v;
                   return v.x + v.get_y();
               }()),
               6);
    TILES_CASE(c, float_3(int_3(1, -2, 3)).y, -2);
    TILES_CASE(c, int_2(float_2(2.75f, -1.5f)).x + int_2(float_2(2.75f, -1.5f)).y, 1);
    TILES_CASE(c, (float_2(1.0f, 2.0f) == float_2(1.0f, 2.0f)) + 2 * (int_2(1, 2) != int_2(1, 3)), 3);
    // norm in [-1, 1], unorm in [0, 1]: on construction and after each operation; NaN gives 0.
    TILES_CASE(c, float(norm(2.0f)), 1);
    TILES_CASE(c, float(norm(-3)), -1);
    TILES_CASE(c, float(norm(0.25)), 0.25);
    TILES_CASE(c, float(unorm(-0.5f)), 0);
    TILES_CASE(c, float(unorm(NAN)), 0);
    TILES_CASE(c, float(norm(0.75f) + norm(0.75f)), 1);
    TILES_CASE(c, float(unorm(0.25f) - unorm(0.75f)), 0);
    TILES_CASE(c, float(-norm(unorm(0.5f))), -0.5);
    TILES_CASE(c, float(norm(0.5f) * norm(-0.5f)), -0.25);
    TILES_CASE(c, float(norm_2(-3.0f, 0.25f).x), -1);
    TILES_CASE(c, float(unorm_4(2.0f).w), 1);
    TILES_CASE(c, float((norm_3(0.5f) + norm_3(0.75f)).z), 1);
    TILES_CASE(c, float(unorm_2(float_2(0.5f, 7.0f)).y), 1);
    TILES_CASE(c, float_2(norm_2(-2.0f, 0.5f)).x, -1);
    check(view, c);
}

TEST_CASE_METHOD(fresh_view, "short vectors as array elements and in tile_static memory", "[amp]") {
    // A kernel's arrays and views of float_3 and int_2 hold what the host's do, byte for byte.
    const char* source = R"(
using namespace concurrency::graphics;
void shift(array_view<const float_3, 1> in, array_view<float_3, 1> out, array_view<int_2, 1> where, tiled_index<4> t) restrict(amp) {
    tile_static float_3 shared[4];
    shared[t.local[0]] = in[t.global];
    t.barrier.wait();
    float_3 sum = 0.0f;
    for (int i = 0; i < 4; ++i) sum += shared[i];
    out[t.global] = sum * 0.5f + in[t.global].get_zyx();
    where[t.global] = int_2(t.global[0], t.local[0]);
}
)";
    std::vector<float_3> in, out(8);
    for (int i = 0; i < 8; ++i) in.push_back(float_3(float(i), float(2 * i), float(-i)));
    std::vector<int_2> where(8);
    concurrency::array_view<const float_3, 1> vin(8, in);
    concurrency::array_view<float_3, 1> vout(8, out);
    concurrency::array_view<int_2, 1> vwhere(8, where);
    concurrency::parallel_for_each(view, vout.extent.tile<4>(),
                                   tiles::kernel(source, "shift", "", tiles::kernel_language::cpp), vin, vout, vwhere);
    vout.synchronize();
    vwhere.synchronize();
    for (int i = 0; i < 8; ++i) {
        float_3 sum;
        for (int j = i / 4 * 4; j < i / 4 * 4 + 4; ++j) sum += in[j];
        const float_3 expected = sum * 0.5f + float_3(in[i].z, in[i].y, in[i].x);
        CHECK(out[i] == expected);
        CHECK(where[i] == int_2(i, i % 4));
    }
}

TEST_CASE_METHOD(fresh_view, "precise_math's erfinv, erfcinv, phi, probit, fpclassify, nan and scalb, host and device",
                 "[amp]") {
    using namespace concurrency;
    cases c;
    TILES_CASE(c, precise_math::erfinvf(0.5f), 0.4769362762044699);
    TILES_CASE(c, precise_math::erfinv(-0.9f), -1.1630871536766743);
    TILES_CASE(c, precise_math::erfinvf(0.0f), 0);
    TILES_CASE(c, precise_math::erfinvf(0.99f), 1.8213863677184496);
    TILES_CASE(c, precise_math::erfcinvf(0.1f), 1.1630871536766743);
    TILES_CASE(c, precise_math::erfcinv(1.5f), -0.4769362762044699);
    TILES_CASE(c, precise_math::erfcinvf(1e-6f), 3.458910737279500);
    TILES_CASE(c, precise_math::phif(1.0f), 0.8413447460685429);
    TILES_CASE(c, precise_math::phi(-2.0f), 0.022750131948179195);
    TILES_CASE(c, precise_math::probitf(0.975f), 1.959963984540054);
    TILES_CASE(c, precise_math::probit(0.5f), 0);
    TILES_CASE(c, precise_math::isinf(precise_math::erfinvf(1.0f)) && precise_math::erfinvf(-1.0f) < 0, 1);
    TILES_CASE(c, precise_math::fpclassify(1.0f) == FP_NORMAL, 1);
    TILES_CASE(c, precise_math::fpclassify(0.0f) == FP_ZERO, 1);
    TILES_CASE(c, precise_math::fpclassify(1e-40f) == FP_SUBNORMAL, 1);
    TILES_CASE(c, precise_math::fpclassify(INFINITY) == FP_INFINITE, 1);
    TILES_CASE(c, precise_math::fpclassify(NAN) == FP_NAN, 1);
    TILES_CASE(c, precise_math::isnan(precise_math::nanf(0)), 1);
    TILES_CASE(c, precise_math::scalbf(3.0f, 4.0f), 48);
    TILES_CASE(c, precise_math::scalb(1.5f, -1.0f), 0.75);
    check(view, c, 1e-5); // OpenCL's erf and erfc, which the steps use, may miss by 16 ulp
    // The same, against the host's erf: erf(erfinv(x)) is x.
    for (const double x : {-0.999, -0.5, 0.1, 0.7, 0.99999})
        CHECK(std::fabs(std::erf(precise_math::erfinv(x)) - x) <= 1e-15);
    for (const double y : {1e-300, 1e-10, 0.3, 1.0, 1.9})
        CHECK(std::fabs(std::erfc(precise_math::erfcinv(y)) - y) <= 1e-14 * y);
    CHECK(std::fpclassify(1e-310) == precise_math::fpclassify(1e-310));
}

TEST_CASE_METHOD(fresh_view, "fast_math and precise_math on the host and the device, against <cmath>", "[amp]") {
    // The host's functions are the device's text (amp_math.h); each is checked against the C++
    // library's, and the device's against the same, within what OpenCL lets its built-ins miss by.
    using namespace concurrency;
    cases c;
    TILES_CASE(c, precise_math::cospif(0.25f), std::cos(3.14159265358979 / 4));
    TILES_CASE(c, precise_math::sinpi(1.5f), -1);
    TILES_CASE(c, precise_math::tanpif(0.125f), std::tan(3.14159265358979 / 8));
    TILES_CASE(c, precise_math::rsqrtf(16.0f), 0.25);
    TILES_CASE(c, precise_math::rcbrt(8.0f), 0.5);
    TILES_CASE(c, precise_math::exp10f(2.0f), 100);
    TILES_CASE(c, precise_math::expm1(1e-3f), std::expm1(1e-3));
    TILES_CASE(c, precise_math::log1pf(1e-3f), std::log1p(1e-3));
    TILES_CASE(c, precise_math::lgammaf(4.5f), std::lgamma(4.5));
    TILES_CASE(c, precise_math::tgamma(4.5f), std::tgamma(4.5));
    TILES_CASE(c, precise_math::hypotf(3.0f, 4.0f), 5);
    TILES_CASE(c, precise_math::cbrtf(-27.0f), -3);
    TILES_CASE(c, precise_math::nearbyintf(2.5f), 2);
    TILES_CASE(c, precise_math::remainderf(7.0f, 2.0f), -1);
    TILES_CASE(c, ([] {
                   int q = 0;
                   float r = precise_math::remquof(7.0f, 2.0f, &q);
                   return r * 10 + q;
               }()),
               -10 + 4);
    TILES_CASE(c, ([] {
                   int e = 0;
                   float m = precise_math::frexpf(48.0f, &e);
                   return m * 100 + e;
               }()),
               75 + 6);
    TILES_CASE(c, ([] {
                   float w = 0;
                   float f = precise_math::modff(-2.75f, &w);
                   return f * 10 + w;
               }()),
               -7.5 - 2);
    TILES_CASE(c, ([] {
                   float s = 0, k = 0;
                   precise_math::sincosf(0.5f, &s, &k);
                   return s + 10 * k;
               }()),
               std::sin(0.5) + 10 * std::cos(0.5));
    TILES_CASE(c, precise_math::ilogbf(48.0f), 5);
    TILES_CASE(c, precise_math::logbf(48.0f), 5);
    TILES_CASE(c, precise_math::copysignf(2.0f, -0.0f), -2);
    TILES_CASE(c, precise_math::fdimf(2.0f, 5.0f), 0);
    TILES_CASE(c, precise_math::nextafterf(1.0f, 2.0f) > 1.0f, 1);
    TILES_CASE(c, precise_math::scalbnf(3.0f, 2), 12);
    TILES_CASE(c, precise_math::acoshf(2.0f), std::acosh(2.0));
    TILES_CASE(c, precise_math::atanhf(0.5f), std::atanh(0.5));
    check(view, c, 1e-5);
    // fast_math's accuracy is the device's: OpenCL's native_ forms are not bound by ulps.
    cases fast;
    TILES_CASE(fast, fast_math::sqrtf(2.0f), std::sqrt(2.0));
    TILES_CASE(fast, fast_math::rsqrt(4.0f), 0.5);
    TILES_CASE(fast, fast_math::expf(1.0f), std::exp(1.0));
    TILES_CASE(fast, fast_math::log2f(10.0f), std::log2(10.0));
    TILES_CASE(fast, fast_math::sinf(0.5f), std::sin(0.5));
    TILES_CASE(fast, fast_math::tan(0.5f), std::tan(0.5));
    TILES_CASE(fast, fast_math::powf(2.0f, 0.5f), std::sqrt(2.0));
    TILES_CASE(fast, fast_math::roundf(-2.5f), -3);
    TILES_CASE(fast, ([] {
                   int e = 0;
                   float m = fast_math::frexp(0.375f, &e);
                   return m * 10 + e;
               }()),
               7.5 - 1);
    TILES_CASE(fast, ([] {
                   float s = 0, k = 0;
                   fast_math::sincos(1.0f, &s, &k);
                   return s * k;
               }()),
               std::sin(1.0) * std::cos(1.0));
    check(view, fast, 1e-3);
}

TEST_CASE_METHOD(fresh_view,
                 "every fast_math and precise_math function, by both names, compiles and agrees on both sides",
                 "[amp]") {
    // Each function of Microsoft's lists, overloaded and f-suffixed (and of double where the device
    // has it), on the host (<cmath>'s) and in a kernel, the kernel's value within what OpenCL lets its
    // built-ins (native_ ones for fast_math) miss the host's by.
    using namespace concurrency;
    const bool wide = view.get_accelerator().get_supports_double_precision();
    cases precise, fast;
#define TILES_PRECISE_1(name, x)                                                                                       \
    do {                                                                                                               \
        TILES_CASE(precise, precise_math::name(x), double(precise_math::name(x)));                                     \
        TILES_CASE(precise, precise_math::name##f(x), double(precise_math::name(x)));                                  \
        if (wide) TILES_CASE(precise, precise_math::name(double(x)), double(precise_math::name(double(x))));           \
    } while (0)
#define TILES_PRECISE_2(name)                                                                                          \
    do {                                                                                                               \
        TILES_CASE(precise, precise_math::name(1.375f, 0.625f), double(precise_math::name(1.375f, 0.625f)));           \
        TILES_CASE(precise, precise_math::name##f(1.375f, 0.625f), double(precise_math::name(1.375f, 0.625f)));        \
        if (wide) TILES_CASE(precise, precise_math::name(1.375, 0.625), double(precise_math::name(1.375, 0.625)));     \
    } while (0)
#define TILES_FAST_1(name, x)                                                                                          \
    do {                                                                                                               \
        TILES_CASE(fast, fast_math::name(x), double(precise_math::name(x)));                                           \
        TILES_CASE(fast, fast_math::name##f(x), double(precise_math::name(x)));                                        \
    } while (0)
#define TILES_FAST_2(name)                                                                                             \
    do {                                                                                                               \
        TILES_CASE(fast, fast_math::name(1.375f, 0.625f), double(precise_math::name(1.375f, 0.625f)));                 \
        TILES_CASE(fast, fast_math::name##f(1.375f, 0.625f), double(precise_math::name(1.375f, 0.625f)));              \
    } while (0)
    // Those defined for |x| < 1 at 0.375, the others at 1.375.
    TILES_PRECISE_1(acos, 0.375f);
    TILES_PRECISE_1(asin, 0.375f);
    TILES_PRECISE_1(atanh, 0.375f);
    TILES_PRECISE_1(erfinv, 0.375f);
    TILES_PRECISE_1(probit, 0.375f);
    TILES_PRECISE_1(acosh, 1.375f);
    TILES_PRECISE_1(asinh, 1.375f);
    TILES_PRECISE_1(atan, 1.375f);
    TILES_PRECISE_1(cbrt, 1.375f);
    TILES_PRECISE_1(ceil, 1.375f);
    TILES_PRECISE_1(cos, 1.375f);
    TILES_PRECISE_1(cosh, 1.375f);
    TILES_PRECISE_1(cospi, 1.375f);
    TILES_PRECISE_1(erf, 1.375f);
    TILES_PRECISE_1(erfc, 1.375f);
    TILES_PRECISE_1(erfcinv, 1.375f);
    TILES_PRECISE_1(exp, 1.375f);
    TILES_PRECISE_1(exp10, 1.375f);
    TILES_PRECISE_1(exp2, 1.375f);
    TILES_PRECISE_1(expm1, 1.375f);
    TILES_PRECISE_1(fabs, -1.375f);
    TILES_PRECISE_1(floor, 1.375f);
    TILES_PRECISE_1(lgamma, 1.375f);
    TILES_PRECISE_1(log, 1.375f);
    TILES_PRECISE_1(log10, 1.375f);
    TILES_PRECISE_1(log1p, 1.375f);
    TILES_PRECISE_1(log2, 1.375f);
    TILES_PRECISE_1(logb, 1.375f);
    TILES_PRECISE_1(nearbyint, 1.375f);
    TILES_PRECISE_1(phi, 1.375f);
    TILES_PRECISE_1(rcbrt, 1.375f);
    TILES_PRECISE_1(round, 1.375f);
    TILES_PRECISE_1(rsqrt, 1.375f);
    TILES_PRECISE_1(sin, 1.375f);
    TILES_PRECISE_1(sinh, 1.375f);
    TILES_PRECISE_1(sinpi, 1.375f);
    TILES_PRECISE_1(sqrt, 1.375f);
    TILES_PRECISE_1(tan, 1.375f);
    TILES_PRECISE_1(tanh, 1.375f);
    TILES_PRECISE_1(tanpi, 1.375f);
    TILES_PRECISE_1(tgamma, 1.375f);
    TILES_PRECISE_1(trunc, 1.375f);
    TILES_PRECISE_2(atan2);
    TILES_PRECISE_2(copysign);
    TILES_PRECISE_2(fdim);
    TILES_PRECISE_2(fmax);
    TILES_PRECISE_2(fmin);
    TILES_PRECISE_2(fmod);
    TILES_PRECISE_2(hypot);
    TILES_PRECISE_2(nextafter);
    TILES_PRECISE_2(pow);
    TILES_PRECISE_2(remainder);
    TILES_PRECISE_2(scalb);
    TILES_FAST_1(acos, 0.375f);
    TILES_FAST_1(asin, 0.375f);
    TILES_FAST_1(atan, 1.375f);
    TILES_FAST_1(ceil, 1.375f);
    TILES_FAST_1(cos, 1.375f);
    TILES_FAST_1(cosh, 1.375f);
    TILES_FAST_1(exp, 1.375f);
    TILES_FAST_1(exp2, 1.375f);
    TILES_FAST_1(fabs, -1.375f);
    TILES_FAST_1(floor, 1.375f);
    TILES_FAST_1(log, 1.375f);
    TILES_FAST_1(log10, 1.375f);
    TILES_FAST_1(log2, 1.375f);
    TILES_FAST_1(round, 1.375f);
    TILES_FAST_1(rsqrt, 1.375f);
    TILES_FAST_1(sin, 1.375f);
    TILES_FAST_1(sinh, 1.375f);
    TILES_FAST_1(sqrt, 1.375f);
    TILES_FAST_1(tan, 1.375f);
    TILES_FAST_1(tanh, 1.375f);
    TILES_FAST_1(trunc, 1.375f);
    TILES_FAST_2(atan2);
    TILES_FAST_2(fmax);
    TILES_FAST_2(fmin);
    TILES_FAST_2(fmod);
    TILES_FAST_2(pow);
#undef TILES_PRECISE_1
#undef TILES_PRECISE_2
#undef TILES_FAST_1
#undef TILES_FAST_2
    // Those of other shapes, by each name.
    TILES_CASE(precise, precise_math::fma(1.5f, 2.0f, 0.25f) + precise_math::fmaf(1.5f, 2.0f, 0.25f), 6.5);
    TILES_CASE(precise, precise_math::ilogb(48.0f) + precise_math::ilogbf(48.0f), 10);
    TILES_CASE(precise, precise_math::ldexp(1.5f, 2) + precise_math::ldexpf(1.5f, 2), 12);
    TILES_CASE(precise, precise_math::scalbn(1.5f, 2) + precise_math::scalbnf(1.5f, 2), 12);
    TILES_CASE(precise, precise_math::signbit(-1.0f) + precise_math::signbitf(-1.0f), 2);
    TILES_CASE(precise,
               precise_math::isfinite(1.0f) + precise_math::isinf(INFINITY) + precise_math::isnan(NAN) +
                   precise_math::isnormal(1.0f),
               4);
    TILES_CASE(precise, precise_math::isnan(precise_math::nanf(1)), 1);
    TILES_CASE(precise, ([] {
                   int e = 0, f = 0;
                   return precise_math::frexp(48.0f, &e) + precise_math::frexpf(48.0f, &f) + e + f;
               }()),
               1.5 + 12);
    TILES_CASE(precise, ([] {
                   float w = 0, v = 0;
                   return precise_math::modf(2.75f, &w) + precise_math::modff(2.75f, &v) + w + v;
               }()),
               1.5 + 4);
    TILES_CASE(precise, ([] {
                   int q = 0, r = 0;
                   return precise_math::remquo(7.0f, 2.0f, &q) + precise_math::remquof(7.0f, 2.0f, &r) + q + r;
               }()),
               -2 + 8);
    TILES_CASE(precise, ([] {
                   float s = 0, c = 0, t = 0, d = 0;
                   precise_math::sincos(0.5f, &s, &c);
                   precise_math::sincosf(0.5f, &t, &d);
                   return s + c + t + d;
               }()),
               2 * (std::sin(0.5) + std::cos(0.5)));
    TILES_CASE(fast, fast_math::ldexp(1.5f, 2) + fast_math::ldexpf(1.5f, 2), 12);
    TILES_CASE(fast, fast_math::signbit(-1.0f) + fast_math::signbitf(-1.0f), 2);
    TILES_CASE(fast, fast_math::isfinite(1.0f) + fast_math::isinf(INFINITY) + fast_math::isnan(NAN), 3);
    TILES_CASE(fast, ([] {
                   int e = 0, f = 0;
                   return fast_math::frexp(48.0f, &e) + fast_math::frexpf(48.0f, &f) + e + f;
               }()),
               1.5 + 12);
    TILES_CASE(fast, ([] {
                   float w = 0, v = 0;
                   return fast_math::modf(2.75f, &w) + fast_math::modff(2.75f, &v) + w + v;
               }()),
               1.5 + 4);
    TILES_CASE(fast, ([] {
                   float s = 0, c = 0, t = 0, d = 0;
                   fast_math::sincos(0.5f, &s, &c);
                   fast_math::sincosf(0.5f, &t, &d);
                   return s + c + t + d;
               }()),
               2 * (std::sin(0.5) + std::cos(0.5)));
    check(view, precise, 1e-5);
    check(view, fast, 1e-3);
}

TEST_CASE_METHOD(fresh_view, "a C++ kernel that does not name graphics keeps norm and float_3 for its own", "[amp]") {
    // The short vectors live in concurrency::graphics, which a program names to use them (as in C++
    // AMP): its own top-level norm() and float_3 are not ambiguous with them.
    const char* source = R"(
struct float_3 { float a, b, c; };
float norm(float_3 v) restrict(amp) { return v.a * v.a + v.b * v.b + v.c * v.c; }
void lengths(array_view<float, 1> out, index<1> i) restrict(amp) {
    float_3 v = {1.0f, 2.0f, float(i[0])};
    out[i] = norm(v);
}
)";
    std::vector<float> out(3);
    concurrency::array_view<float, 1> vout(3, out);
    concurrency::parallel_for_each(view, vout.extent, tiles::kernel(source, "lengths", "", tiles::kernel_language::cpp),
                                   vout);
    vout.synchronize();
    CHECK(out == std::vector<float>{5.0f, 6.0f, 9.0f});
}
