// libtiles: C++ AMP's <amp_math.h>, for the host and, compiled with every C++ kernel, for the device
// (one text for both: the host includes <amp.h> first): concurrency::fast_math and precise_math,
// each function as Microsoft's reference lists it. They are written with OpenCL's built-ins, which
// the device has and the host is given below from <cmath> (with those C++ lacks: cospi, rsqrt,
// native_sin ...). docs/guides/from-cpp-amp.md.
#ifndef TILES_CPPAMP_AMP_MATH_H
#define TILES_CPPAMP_AMP_MATH_H

#ifdef __OPENCL_CPP_VERSION__
// OpenCL's built-ins, at the top level.
#define TILES_AMP_BUILTIN
// C's classes of fpclassify, as glibc numbers them (the host's own).
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#else
// <cmath> and <amp.h> with what it brings, as Microsoft's includes <cmath> and its runtime's header.
#include <cmath>
#include <limits>

#include "amp.h"

namespace concurrency {
namespace tiles_detail {
// The OpenCL built-ins the functions below are written with, on the host.
namespace opencl_builtins {
using std::acos, std::acosh, std::asin, std::asinh, std::atan, std::atan2, std::atanh, std::cbrt, std::ceil,
    std::copysign, std::cos, std::cosh, std::erf, std::erfc, std::exp, std::exp2, std::expm1, std::fabs, std::fdim,
    std::floor, std::fma, std::fmax, std::fmin, std::fmod, std::frexp, std::hypot, std::ilogb, std::isfinite,
    std::isinf, std::isnan, std::isnormal, std::ldexp, std::lgamma, std::log, std::log10, std::log1p, std::log2,
    std::logb, std::modf, std::nextafter, std::pow, std::remainder, std::rint, std::round, std::signbit, std::sin,
    std::sinh, std::sqrt, std::tan, std::tanh, std::tgamma, std::trunc;
// cos(pi x), sin(pi x) and tan(pi x), x first reduced to [-1, 1] exactly, so that large arguments
// keep their accuracy.
template <class T> T cospi(T x) { return std::cos(T(3.14159265358979323846) * std::remainder(x, T(2))); }
template <class T> T sinpi(T x) { return std::sin(T(3.14159265358979323846) * std::remainder(x, T(2))); }
template <class T> T tanpi(T x) { return std::tan(T(3.14159265358979323846) * std::remainder(x, T(1))); }
template <class T> T exp10(T x) { return std::pow(T(10), x); }
template <class T> T rsqrt(T x) { return T(1) / std::sqrt(x); }
// OpenCL's quiet NaNs of a tag: a float of a 32-bit one, a double of a 64-bit one.
inline float nan(unsigned int) { return std::numeric_limits<float>::quiet_NaN(); }
inline double nan(unsigned long) { return std::numeric_limits<double>::quiet_NaN(); }
// The native_ forms, as accurate as the host's own.
inline float native_cos(float x) { return std::cos(x); }
inline float native_sin(float x) { return std::sin(x); }
inline float native_tan(float x) { return std::tan(x); }
inline float native_exp(float x) { return std::exp(x); }
inline float native_exp2(float x) { return std::exp2(x); }
inline float native_exp10(float x) { return exp10(x); }
inline float native_log(float x) { return std::log(x); }
inline float native_log2(float x) { return std::log2(x); }
inline float native_log10(float x) { return std::log10(x); }
inline float native_sqrt(float x) { return std::sqrt(x); }
inline float native_rsqrt(float x) { return rsqrt(x); }
} // namespace opencl_builtins
} // namespace tiles_detail
} // namespace concurrency
#define TILES_AMP_BUILTIN ::concurrency::tiles_detail::opencl_builtins
#endif

#ifdef cl_khr_fp64
#define TILES_AMP_DOUBLE 1
#elif !defined(__OPENCL_CPP_VERSION__)
#define TILES_AMP_DOUBLE 1
#endif

namespace concurrency {

// ---- Math: amp_math.h's two namespaces on OpenCL's built-ins. precise_math's functions are
// OpenCL's own (float and double, the f-suffixed names float only); fast_math's, for float, take
// OpenCL's native_ forms where there are any, whose accuracy the device chooses. The unsuffixed
// names, which OpenCL has too, are templates, so that after `using namespace
// concurrency::precise_math;` (or fast_math) an unqualified call picks OpenCL's built-in of that
// name rather than being ambiguous with it; a qualified one (fast_math::cos) picks the namespace's.
namespace precise_math {
#define TILES_MATH_1(name)                                                                                             \
    template <class = void> inline float name(float x) { return TILES_AMP_BUILTIN::name(x); }                          \
    template <class = void> inline double name(double x) { return TILES_AMP_BUILTIN::name(x); }                        \
    inline float name##f(float x) { return TILES_AMP_BUILTIN::name(x); }
#define TILES_MATH_2(name)                                                                                             \
    template <class = void> inline float name(float x, float y) { return TILES_AMP_BUILTIN::name(x, y); }              \
    template <class = void> inline double name(double x, double y) { return TILES_AMP_BUILTIN::name(x, y); }           \
    inline float name##f(float x, float y) { return TILES_AMP_BUILTIN::name(x, y); }
TILES_MATH_1(acos)
TILES_MATH_1(acosh)
TILES_MATH_1(asin)
TILES_MATH_1(asinh)
TILES_MATH_1(atan)
TILES_MATH_2(atan2)
TILES_MATH_1(atanh)
TILES_MATH_1(cbrt)
TILES_MATH_1(ceil)
TILES_MATH_2(copysign)
TILES_MATH_1(cos)
TILES_MATH_1(cosh)
TILES_MATH_1(cospi)
TILES_MATH_1(erf)
TILES_MATH_1(erfc)
TILES_MATH_1(exp)
TILES_MATH_1(exp10)
TILES_MATH_1(exp2)
TILES_MATH_1(expm1)
TILES_MATH_1(fabs)
TILES_MATH_2(fdim)
TILES_MATH_1(floor)
TILES_MATH_2(fmax)
TILES_MATH_2(fmin)
TILES_MATH_2(fmod)
TILES_MATH_2(hypot)
TILES_MATH_1(lgamma)
TILES_MATH_1(log)
TILES_MATH_1(log10)
TILES_MATH_1(log1p)
TILES_MATH_1(log2)
TILES_MATH_1(logb)
TILES_MATH_2(nextafter)
TILES_MATH_2(pow)
TILES_MATH_2(remainder)
TILES_MATH_1(round)
TILES_MATH_1(rsqrt)
TILES_MATH_1(sin)
TILES_MATH_1(sinh)
TILES_MATH_1(sinpi)
TILES_MATH_1(sqrt)
TILES_MATH_1(tan)
TILES_MATH_1(tanh)
TILES_MATH_1(tanpi)
TILES_MATH_1(tgamma)
TILES_MATH_1(trunc)
TILES_MATH_1(rint)
#undef TILES_MATH_1
#undef TILES_MATH_2
// Those of other shapes, and those OpenCL names otherwise. Those that give a second result through
// a pointer are computed here: PoCL 3.1's built-ins for SPIR programs lack OpenCL's forms that take
// a pointer of the generic address space, which is what C++ for OpenCL declares.
#define TILES_MATH_EACH(T)                                                                                             \
    template <class = void> inline T fma(T x, T y, T z) { return TILES_AMP_BUILTIN::fma(x, y, z); }                    \
    template <class = void> inline int ilogb(T x) { return TILES_AMP_BUILTIN::ilogb(x); }                              \
    template <class = void> inline int isfinite(T x) { return TILES_AMP_BUILTIN::isfinite(x); }                        \
    template <class = void> inline int isinf(T x) { return TILES_AMP_BUILTIN::isinf(x); }                              \
    template <class = void> inline int isnan(T x) { return TILES_AMP_BUILTIN::isnan(x); }                              \
    template <class = void> inline int isnormal(T x) { return TILES_AMP_BUILTIN::isnormal(x); }                        \
    template <class = void> inline T ldexp(T x, int exp) { return TILES_AMP_BUILTIN::ldexp(x, exp); }                  \
    template <class = void> inline T nearbyint(T x) { return TILES_AMP_BUILTIN::rint(x); }                             \
    template <class = void> inline T rcbrt(T x) { return T(1) / TILES_AMP_BUILTIN::cbrt(x); }                          \
    template <class = void> inline T scalbn(T x, int exp) { return TILES_AMP_BUILTIN::ldexp(x, exp); }                 \
    template <class = void> inline int signbit(T x) { return TILES_AMP_BUILTIN::signbit(x); }                          \
    /* x = r * 2^exp with r in [0.5, 1): 0, infinities and NaN give themselves and 0 */                                \
    template <class = void> inline T frexp(T x, int* exp) {                                                            \
        *exp = x == T(0) || !TILES_AMP_BUILTIN::isfinite(x) ? 0 : TILES_AMP_BUILTIN::ilogb(x) + 1;                     \
        return TILES_AMP_BUILTIN::ldexp(x, -*exp);                                                                     \
    }                                                                                                                  \
    /* the fraction, and the whole part through ip, both of x's sign */                                                \
    template <class = void> inline T modf(T x, T* ip) {                                                                \
        *ip = TILES_AMP_BUILTIN::trunc(x);                                                                             \
        return TILES_AMP_BUILTIN::isinf(x) ? TILES_AMP_BUILTIN::copysign(T(0), x)                                      \
                                           : TILES_AMP_BUILTIN::copysign(x - *ip, x);                                  \
    }                                                                                                                  \
    /* remainder(x, y), and through quo the low bits of the quotient it rounded to, with its sign */                   \
    template <class = void> inline T remquo(T x, T y, int* quo) {                                                      \
        const T r = TILES_AMP_BUILTIN::remainder(x, y);                                                                \
        const T q = TILES_AMP_BUILTIN::rint((x - r) / y);                                                              \
        *quo = int(TILES_AMP_BUILTIN::fmod(TILES_AMP_BUILTIN::fabs(q), T(128))) * (q < 0 ? -1 : 1);                    \
        return r;                                                                                                      \
    }                                                                                                                  \
    template <class = void> inline void sincos(T x, T* s, T* c) {                                                      \
        *s = TILES_AMP_BUILTIN::sin(x);                                                                                \
        *c = TILES_AMP_BUILTIN::cos(x);                                                                                \
    }
TILES_MATH_EACH(float)
#ifdef TILES_AMP_DOUBLE
TILES_MATH_EACH(double)
#endif
#undef TILES_MATH_EACH

namespace tiles_detail {
// erf's inverse at x, from w = -log((1 - x)(1 + x)): M. Giles' approximation of single precision
// ("Approximating the erfinv function", GPU Computing Gems Jade, 2011) where x lies within single
// precision of 1 (w < 36); beyond, erfc's asymptotic form erfc(r) ~ exp(-r^2) / (r sqrt(pi)), solved
// for r by two steps from r = sqrt(-log(1 - |x|)).
template <class T> inline T erfinv_estimate(T x, T w) {
    T p;
    if (w >= T(36)) {
        const T minus_log_y = w + T(0.6931471805599453); // -log(1 - |x|), where 1 + |x| is 2
        const T r = TILES_AMP_BUILTIN::sqrt(minus_log_y);
        const T r2 = TILES_AMP_BUILTIN::sqrt(minus_log_y - TILES_AMP_BUILTIN::log(r * T(1.7724538509055159)));
        return TILES_AMP_BUILTIN::copysign(
            TILES_AMP_BUILTIN::sqrt(minus_log_y - TILES_AMP_BUILTIN::log(r2 * T(1.7724538509055159))), x);
    }
    if (w < T(5)) {
        w = w - T(2.5);
        p = T(2.81022636e-08);
        p = T(3.43273939e-07) + p * w;
        p = T(-3.5233877e-06) + p * w;
        p = T(-4.39150654e-06) + p * w;
        p = T(0.00021858087) + p * w;
        p = T(-0.00125372503) + p * w;
        p = T(-0.00417768164) + p * w;
        p = T(0.246640727) + p * w;
        p = T(1.50140941) + p * w;
    } else {
        w = TILES_AMP_BUILTIN::sqrt(w) - T(3);
        p = T(-0.000200214257);
        p = T(0.000100950558) + p * w;
        p = T(0.00134934322) + p * w;
        p = T(-0.00367342844) + p * w;
        p = T(0.00573950773) + p * w;
        p = T(-0.0076224613) + p * w;
        p = T(0.00943887047) + p * w;
        p = T(1.00167406) + p * w;
        p = T(2.83297682) + p * w;
    }
    return p * x;
}
// 2 / sqrt(pi), erf's slope at 0.
template <class T> inline T two_over_root_pi() { return T(1.1283791670955126); }
} // namespace tiles_detail

// erf's and erfc's inverses (C++ and OpenCL have neither): Giles' estimate, then Newton's steps on
// erf (on erfc for erfcinv, whose small arguments keep their digits that way) to the type's
// precision. phi, the standard normal distribution's function, and probit, its inverse.
#define TILES_MATH_INVERSES(T)                                                                                         \
    template <class = void> inline T erfinv(T x) {                                                                     \
        if (x == T(1) || x == T(-1)) return TILES_AMP_BUILTIN::copysign(T(INFINITY), x);                               \
        T r = tiles_detail::erfinv_estimate(x, -TILES_AMP_BUILTIN::log((T(1) - x) * (T(1) + x)));                      \
        for (int step = 0; step < 2; ++step)                                                                           \
            r -= (TILES_AMP_BUILTIN::erf(r) - x) /                                                                     \
                 (tiles_detail::two_over_root_pi<T>() * TILES_AMP_BUILTIN::exp(-r * r));                               \
        return r;                                                                                                      \
    }                                                                                                                  \
    template <class = void> inline T erfcinv(T y) {                                                                    \
        if (y == T(0) || y == T(2)) return y == T(0) ? T(INFINITY) : -T(INFINITY);                                     \
        T r = tiles_detail::erfinv_estimate(T(1) - y, -TILES_AMP_BUILTIN::log(y * (T(2) - y)));                        \
        for (int step = 0; step < 4; ++step)                                                                           \
            r += (TILES_AMP_BUILTIN::erfc(r) - y) /                                                                    \
                 (tiles_detail::two_over_root_pi<T>() * TILES_AMP_BUILTIN::exp(-r * r));                               \
        return r;                                                                                                      \
    }                                                                                                                  \
    template <class = void> inline T phi(T x) { return T(0.5) * TILES_AMP_BUILTIN::erfc(-x * T(0.7071067811865476)); } \
    template <class = void> inline T probit(T p) { return T(-1.4142135623730951) * erfcinv(T(2) * p); }                \
    /* C's class of x: FP_NAN, FP_INFINITE, FP_ZERO, FP_SUBNORMAL or FP_NORMAL */                                      \
    template <class = void> inline int fpclassify(T x) {                                                               \
        return TILES_AMP_BUILTIN::isnan(x)      ? FP_NAN                                                               \
               : TILES_AMP_BUILTIN::isinf(x)    ? FP_INFINITE                                                          \
               : x == T(0)                      ? FP_ZERO                                                              \
               : TILES_AMP_BUILTIN::isnormal(x) ? FP_NORMAL                                                            \
                                                : FP_SUBNORMAL;                                                        \
    }                                                                                                                  \
    /* x * 2^y */                                                                                                      \
    template <class = void> inline T scalb(T x, T y) { return x * TILES_AMP_BUILTIN::exp2(y); }
TILES_MATH_INVERSES(float)
#ifdef TILES_AMP_DOUBLE
TILES_MATH_INVERSES(double)
/// A quiet NaN of type double.
template <class = void> inline double nan(int tag) { return TILES_AMP_BUILTIN::nan((unsigned long)(unsigned)tag); }
#endif
#undef TILES_MATH_INVERSES
inline float erfinvf(float x) { return erfinv(x); }
inline float erfcinvf(float y) { return erfcinv(y); }
inline float phif(float x) { return phi(x); }
inline float probitf(float p) { return probit(p); }
inline float scalbf(float x, float y) { return scalb(x, y); }
inline float fmaf(float x, float y, float z) { return TILES_AMP_BUILTIN::fma(x, y, z); }
inline float frexpf(float x, int* exp) { return frexp(x, exp); }
inline int ilogbf(float x) { return TILES_AMP_BUILTIN::ilogb(x); }
inline float ldexpf(float x, int exp) { return TILES_AMP_BUILTIN::ldexp(x, exp); }
inline float modff(float x, float* ip) { return modf(x, ip); }
inline float nanf(int tag) { return TILES_AMP_BUILTIN::nan(unsigned(tag)); }
inline float nearbyintf(float x) { return TILES_AMP_BUILTIN::rint(x); }
inline float rcbrtf(float x) { return 1.0f / TILES_AMP_BUILTIN::cbrt(x); }
inline float remquof(float x, float y, int* quo) { return remquo(x, y, quo); }
inline float scalbnf(float x, int exp) { return TILES_AMP_BUILTIN::ldexp(x, exp); }
inline int signbitf(float x) { return TILES_AMP_BUILTIN::signbit(x); }
inline void sincosf(float x, float* s, float* c) { sincos(x, s, c); }
} // namespace precise_math

namespace fast_math {
// A launch on a CPU device is built with TILES_FAST_MATH_PRECISE (launch_options, kernel.cpp): there
// fast_math takes OpenCL's ordinary functions, since PoCL's native_sin and native_cos reduce no
// range and miss by a tenth near 2e6, past what fast_math gives up. GPUs keep the native forms.
#ifdef TILES_FAST_MATH_PRECISE
#define TILES_FAST_NATIVE(name) name
#else
#define TILES_FAST_NATIVE(name) native_##name
#endif
#define TILES_FAST_1(name, opencl)                                                                                     \
    template <class = void> inline float name(float x) { return TILES_AMP_BUILTIN::opencl(x); }                        \
    inline float name##f(float x) { return TILES_AMP_BUILTIN::opencl(x); }
#define TILES_FAST_2(name, opencl)                                                                                     \
    template <class = void> inline float name(float x, float y) { return TILES_AMP_BUILTIN::opencl(x, y); }            \
    inline float name##f(float x, float y) { return TILES_AMP_BUILTIN::opencl(x, y); }
TILES_FAST_1(acos, acos)
TILES_FAST_1(asin, asin)
TILES_FAST_1(atan, atan)
TILES_FAST_2(atan2, atan2)
TILES_FAST_1(ceil, ceil)
TILES_FAST_1(cos, TILES_FAST_NATIVE(cos))
TILES_FAST_1(cosh, cosh)
TILES_FAST_1(exp, TILES_FAST_NATIVE(exp))
TILES_FAST_1(exp2, TILES_FAST_NATIVE(exp2))
TILES_FAST_1(exp10, TILES_FAST_NATIVE(exp10))
TILES_FAST_1(fabs, fabs)
TILES_FAST_1(floor, floor)
TILES_FAST_2(fmax, fmax)
TILES_FAST_2(fmin, fmin)
TILES_FAST_2(fmod, fmod)
TILES_FAST_1(log, TILES_FAST_NATIVE(log))
TILES_FAST_1(log10, TILES_FAST_NATIVE(log10))
TILES_FAST_1(log2, TILES_FAST_NATIVE(log2))
TILES_FAST_2(pow, pow)
TILES_FAST_1(round, round)
TILES_FAST_1(rsqrt, TILES_FAST_NATIVE(rsqrt))
TILES_FAST_1(sin, TILES_FAST_NATIVE(sin))
TILES_FAST_1(sinh, sinh)
TILES_FAST_1(sqrt, TILES_FAST_NATIVE(sqrt))
// OpenCL's tan, not native_tan: NVIDIA's approximate sine over cosine misses tan by whole units near
// its poles, past what fast_math gives up (HCC's tests; test_amp_fast_math.cpp).
TILES_FAST_1(tan, tan)
TILES_FAST_1(tanh, tanh)
TILES_FAST_1(trunc, trunc)
#undef TILES_FAST_1
#undef TILES_FAST_2
template <class = void> inline float frexp(float x, int* exp) { return precise_math::frexp(x, exp); }
inline float frexpf(float x, int* exp) { return precise_math::frexp(x, exp); }
template <class = void> inline int isfinite(float x) { return TILES_AMP_BUILTIN::isfinite(x); }
template <class = void> inline int isinf(float x) { return TILES_AMP_BUILTIN::isinf(x); }
template <class = void> inline int isnan(float x) { return TILES_AMP_BUILTIN::isnan(x); }
template <class = void> inline float ldexp(float x, int exp) { return TILES_AMP_BUILTIN::ldexp(x, exp); }
inline float ldexpf(float x, int exp) { return TILES_AMP_BUILTIN::ldexp(x, exp); }
template <class = void> inline float modf(float x, float* ip) { return precise_math::modf(x, ip); }
inline float modff(float x, float* ip) { return precise_math::modf(x, ip); }
template <class = void> inline int signbit(float x) { return TILES_AMP_BUILTIN::signbit(x); }
inline int signbitf(float x) { return TILES_AMP_BUILTIN::signbit(x); }
template <class = void> inline void sincos(float x, float* s, float* c) {
    *s = TILES_AMP_BUILTIN::TILES_FAST_NATIVE(sin)(x);
    *c = TILES_AMP_BUILTIN::TILES_FAST_NATIVE(cos)(x);
}
inline void sincosf(float x, float* s, float* c) { sincos(x, s, c); }
#undef TILES_FAST_NATIVE
} // namespace fast_math

} // namespace concurrency

#undef TILES_AMP_BUILTIN
#undef TILES_AMP_DOUBLE

#endif
