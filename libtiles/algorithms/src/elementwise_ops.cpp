// libtiles algorithms: the elementwise operations, one row each: numpy's loops, the OpenCL C that
// computes one element, and the helper functions some of them call. The expressions give numpy's
// answers where C's differ: integers wrap (computed unsigned), // and % round to minus infinity
// with the divisor's sign, an integer divided by 0 is 0, shifts past the width give 0 (or -1),
// maximum and minimum propagate NaN, bools are 0 or 1. Complex numbers are float2 and double2,
// multiplied and divided as numpy does (Smith's algorithm), their sqrt, exp, expm1 and log with
// C99 Annex G's values at infinities, NaN and signed zeros.
#include <stdexcept>

#include "elementwise_table.hpp"

namespace tiles::algorithms {
namespace {

constexpr unsigned numbers = integer_loops | half_loop | float_loops | complex_loops;
constexpr unsigned floats = half_loop | float_loops;
constexpr unsigned inexact = floats | complex_loops;

// In elementwise_op's order.
const elementwise_row rows[] = {
    {"add", every_loop, "(LOOP)((WIDE)x + (WIDE)y)", "(x | y)", "x + y", "x + y", result_rule::loop},
    {"subtract", numbers, "(LOOP)((WIDE)x - (WIDE)y)", nullptr, "x - y", "x - y", result_rule::loop},
    {"multiply", every_loop, "(LOOP)((WIDE)x * (WIDE)y)", "(x & y)", "x * y", "complex_multiply(x, y)",
     result_rule::loop},
    {"true_divide", inexact, nullptr, nullptr, "x / y", "complex_divide(x, y)", result_rule::loop},
    {"floor_divide", integer_loops | floats, "floor_divide_of(x, y)", nullptr, "floor_divide_of(x, y)", nullptr,
     result_rule::loop},
    {"remainder", integer_loops | floats, "remainder_of(x, y)", nullptr, "remainder_of(x, y)", nullptr,
     result_rule::loop},
    {"power", numbers, "power_of(x, y)", nullptr, "pow(x, y)", nullptr, result_rule::loop},
    {"bitwise_and", bool_loop | integer_loops, "(LOOP)(x & y)", "(x & y)", nullptr, nullptr, result_rule::loop},
    {"bitwise_or", bool_loop | integer_loops, "(LOOP)(x | y)", "(x | y)", nullptr, nullptr, result_rule::loop},
    {"bitwise_xor", bool_loop | integer_loops, "(LOOP)(x ^ y)", "(x ^ y)", nullptr, nullptr, result_rule::loop},
    {"left_shift", integer_loops, "(((ulong)y < BITS) ? (LOOP)((WIDE)x << y) : (LOOP)0)", nullptr, nullptr, nullptr,
     result_rule::loop},
    {"right_shift", integer_loops, "(((ulong)y < BITS) ? (LOOP)(x >> y) : (LOOP)(x < 0 ? -1 : 0))", nullptr, nullptr,
     nullptr, result_rule::loop},
    {"maximum", every_loop, "(x > y ? x : y)", "(x | y)", "((isnan(x) || x >= y) ? x : y)", nullptr, result_rule::loop},
    {"minimum", every_loop, "(x < y ? x : y)", "(x & y)", "((isnan(x) || x <= y) ? x : y)", nullptr, result_rule::loop},
    {"arctan2", floats, nullptr, nullptr, "atan2(x, y)", nullptr, result_rule::loop},
    {"copysign", floats, nullptr, nullptr, "copysign(x, y)", nullptr, result_rule::loop},
    {"hypot", floats, nullptr, nullptr, "hypot(x, y)", nullptr, result_rule::loop},
    {"nextafter", floats, nullptr, nullptr, "nextafter(x, y)", nullptr, result_rule::loop},
    {"logaddexp", floats, nullptr, nullptr, "logaddexp_of(x, y)", nullptr, result_rule::loop},
    {"logical_and", every_loop, "((x != 0) && (y != 0))", "(x & y)", "((x != 0) && (y != 0))", "(TRUTH(x) && TRUTH(y))",
     result_rule::boolean},
    {"logical_or", every_loop, "((x != 0) || (y != 0))", "(x | y)", "((x != 0) || (y != 0))", "(TRUTH(x) || TRUTH(y))",
     result_rule::boolean},
    {"logical_xor", every_loop, "((x != 0) != (y != 0))", "(x ^ y)", "((x != 0) != (y != 0))", "(TRUTH(x) != TRUTH(y))",
     result_rule::boolean},
    {"equal", every_loop, "x == y", "x == y", "x == y", "(x.x == y.x && x.y == y.y)", result_rule::boolean},
    {"not_equal", every_loop, "x != y", "x != y", "x != y", "(x.x != y.x || x.y != y.y)", result_rule::boolean},
    {"less", every_loop, "x < y", "x < y", "x < y", nullptr, result_rule::boolean},
    {"less_equal", every_loop, "x <= y", "x <= y", "x <= y", nullptr, result_rule::boolean},
    {"greater", every_loop, "x > y", "x > y", "x > y", nullptr, result_rule::boolean},
    {"greater_equal", every_loop, "x >= y", "x >= y", "x >= y", nullptr, result_rule::boolean},
    {"negative", numbers, "(LOOP)(-(WIDE)x)", nullptr, "-x", "-x", result_rule::loop},
    {"positive", numbers, "x", nullptr, "x", "x", result_rule::loop},
    {"absolute", every_loop, "(LOOP)(x < 0 ? -(WIDE)x : (WIDE)x)", "x", "fabs(x)", "hypot(x.x, x.y)",
     result_rule::real},
    {"conjugate", numbers, "x", nullptr, "x", "(LOOP)(x.x, -x.y)", result_rule::loop},
    {"invert", bool_loop | integer_loops, "(LOOP)(~x)", "(uchar)!x", nullptr, nullptr, result_rule::loop},
    {"sqrt", inexact, nullptr, nullptr, "sqrt(x)", "complex_sqrt(x)", result_rule::loop},
    {"exp", inexact, nullptr, nullptr, "exp(x)", "complex_exp(x)", result_rule::loop},
    {"log", inexact, nullptr, nullptr, "log(x)", "complex_log(x)", result_rule::loop},
    {"sin", inexact, nullptr, nullptr, "sin(x)", nullptr, result_rule::loop},
    {"cos", inexact, nullptr, nullptr, "cos(x)", nullptr, result_rule::loop},
    {"tan", inexact, nullptr, nullptr, "tan(x)", nullptr, result_rule::loop},
    {"arcsin", inexact, nullptr, nullptr, "asin(x)", nullptr, result_rule::loop},
    {"arccos", inexact, nullptr, nullptr, "acos(x)", nullptr, result_rule::loop},
    {"arctan", inexact, nullptr, nullptr, "atan(x)", nullptr, result_rule::loop},
    {"sinh", inexact, nullptr, nullptr, "sinh(x)", nullptr, result_rule::loop},
    {"cosh", inexact, nullptr, nullptr, "cosh(x)", nullptr, result_rule::loop},
    {"tanh", inexact, nullptr, nullptr, "tanh(x)", nullptr, result_rule::loop},
    {"arcsinh", inexact, nullptr, nullptr, "asinh(x)", nullptr, result_rule::loop},
    {"arccosh", inexact, nullptr, nullptr, "acosh(x)", nullptr, result_rule::loop},
    {"arctanh", inexact, nullptr, nullptr, "atanh(x)", nullptr, result_rule::loop},
    {"expm1", inexact, nullptr, nullptr, "expm1(x)", "complex_expm1(x)", result_rule::loop},
    {"log1p", inexact, nullptr, nullptr, "log1p(x)", nullptr, result_rule::loop},
    {"log2", inexact, nullptr, nullptr, "log2(x)", nullptr, result_rule::loop},
    {"log10", inexact, nullptr, nullptr, "log10(x)", nullptr, result_rule::loop},
    {"cbrt", floats, nullptr, nullptr, "cbrt(x)", nullptr, result_rule::loop},
    {"floor", bool_loop | integer_loops | floats, "x", "x", "floor(x)", nullptr, result_rule::loop},
    {"ceil", bool_loop | integer_loops | floats, "x", "x", "ceil(x)", nullptr, result_rule::loop},
    {"trunc", bool_loop | integer_loops | floats, "x", "x", "trunc(x)", nullptr, result_rule::loop},
    {"rint", inexact, nullptr, nullptr, "rint(x)", nullptr, result_rule::loop}, // ties to even, as numpy's
    {"square", numbers, "(LOOP)((WIDE)x * (WIDE)x)", nullptr, "x * x", "complex_multiply(x, x)", result_rule::loop},
    {"sign", numbers, "(LOOP)((x > 0) - (x < 0))", nullptr, "(isnan(x) ? x : (LOOP)((x > 0) - (x < 0)))", nullptr,
     result_rule::loop},
    {"isnan", every_loop, "0", "0", "isnan(x)", "(isnan(x.x) || isnan(x.y))", result_rule::boolean},
    {"isinf", every_loop, "0", "0", "isinf(x)", "(isinf(x.x) || isinf(x.y))", result_rule::boolean},
    {"isfinite", every_loop, "1", "1", "isfinite(x)", "(isfinite(x.x) && isfinite(x.y))", result_rule::boolean},
    {"signbit", floats, nullptr, nullptr, "signbit(x)", nullptr, result_rule::boolean},
    {"logical_not", every_loop, "(x == 0)", "(uchar)!x", "(x == 0)", "!TRUTH(x)", result_rule::boolean},
    {"real", every_loop, "x", "x", "x", "x.x", result_rule::real},
    {"imag", every_loop, "0", "0", "0", "x.y", result_rule::real},
    {"copy", every_loop, "x", "x", "x", "x", result_rule::loop},
    {"where", every_loop, "(x ? y : z)", "(x ? y : z)", "(x ? y : z)", "(x ? y : z)", result_rule::loop},
};
static_assert(sizeof rows / sizeof rows[0] == std::size_t(elementwise_op_count), "one row per operation");

// Helper functions by name, for integer ("i"), floating ("f") and complex ("c") loops: numpy's
// integer floor division and remainder (0 for a zero divisor, MIN // -1 wrapping to MIN), its
// npy_divmod for floats, npy_logaddexp, and complex arithmetic in parts of PART.
struct helper {
    const char* name;
    char kind;
    const char* text;
};
const helper helpers[] = {
    {"floor_divide_of", 'i', R"(
LOOP floor_divide_of(LOOP x, LOOP y) {
    if (y == 0) return 0;
    if (SIGNED && y == (LOOP)-1) return (LOOP)(-(WIDE)x);
    LOOP q = x / y;
    if (SIGNED && x % y != 0 && ((x < 0) != (y < 0))) q -= 1;
    return q;
})"},
    {"remainder_of", 'i', R"(
LOOP remainder_of(LOOP x, LOOP y) {
    if (y == 0 || (SIGNED && y == (LOOP)-1)) return 0;
    LOOP r = x % y;
    if (SIGNED && r != 0 && ((r < 0) != (y < 0))) r += y;
    return r;
})"},
    {"power_of", 'i', R"(
LOOP power_of(LOOP x, LOOP y) { /* y >= 0: negative integer powers are refused before the launch */
    WIDE result = 1, base = (WIDE)x;
    for (ulong e = (ulong)y; e != 0; e >>= 1) {
        if (e & 1) result *= base;
        base *= base;
    }
    return (LOOP)result;
})"},
    {"floor_divide_of", 'f', R"(
LOOP floor_divide_of(LOOP x, LOOP y) {
    if (y == 0) return x / y;
    const LOOP mod = fmod(x, y);
    LOOP div = (x - mod) / y;
    if (mod != 0 && ((y < 0) != (mod < 0))) div -= 1;
    if (div == 0) return copysign((LOOP)0, x / y);
    LOOP floordiv = floor(div);
    if (div - floordiv > (LOOP)0.5) floordiv += 1;
    return floordiv;
})"},
    {"remainder_of", 'f', R"(
LOOP remainder_of(LOOP x, LOOP y) {
    LOOP mod = fmod(x, y);
    if (y == 0) return mod;
    if (mod != 0) {
        if ((y < 0) != (mod < 0)) mod += y;
    } else {
        mod = copysign((LOOP)0, y);
    }
    return mod;
})"},
    {"logaddexp_of", 'f', R"(
LOOP logaddexp_of(LOOP x, LOOP y) { /* exact for equal arguments, infinities included */
    if (x == y) return x + log((LOOP)2);
    const LOOP d = x - y;
    if (d > 0) return x + log1p(exp(-d));
    if (d <= 0) return y + log1p(exp(d));
    return d;
})"},
    {"complex_multiply", 'c', R"(
LOOP complex_multiply(LOOP a, LOOP b) { return (LOOP)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); })"},
    {"complex_divide", 'c', R"(
LOOP complex_divide(LOOP a, LOOP b) {
    const PART abs_real = fabs(b.x), abs_imag = fabs(b.y);
    if (abs_real >= abs_imag) {
        if (abs_real == 0 && abs_imag == 0) return (LOOP)(a.x / abs_real, a.y / abs_real);
        const PART ratio = b.y / b.x, scale = (PART)1 / (b.x + b.y * ratio);
        return (LOOP)((a.x + a.y * ratio) * scale, (a.y - a.x * ratio) * scale);
    }
    const PART ratio = b.x / b.y, scale = (PART)1 / (b.y + b.x * ratio);
    return (LOOP)((a.x * ratio + a.y) * scale, (a.y * ratio - a.x) * scale);
})"},
    {"complex_sqrt", 'c', R"(
LOOP complex_sqrt(LOOP z) {
    PART a = z.x, b = z.y;
    if (a == 0 && b == 0) return (LOOP)((PART)0, b);
    if (isinf(b)) return (LOOP)((PART)INFINITY, b);
    if (isnan(a)) return (LOOP)(a, (b - b) / (b - b));
    if (isinf(a)) return signbit(a) ? (LOOP)(fabs(b - b), copysign(-a, b)) : (LOOP)(a, copysign(b - b, b));
    /* a + |z| overflows near the largest numbers: those are scaled by 1/4 and their roots by 2 */
    const int large = fabs(a) > PART_MAX / 4 || fabs(b) > PART_MAX / 4;
    if (large) { a *= (PART)0.25; b *= (PART)0.25; }
    const PART t = sqrt((fabs(a) + hypot(a, b)) * (PART)0.5);
    const LOOP root = a >= 0 ? (LOOP)(t, b / (2 * t)) : (LOOP)(fabs(b) / (2 * t), copysign(t, b));
    return large ? root * (PART)2 : root;
})"},
    {"complex_exp", 'c', R"(
LOOP complex_exp(LOOP z) {
    const PART a = z.x, b = z.y;
    if (b == 0) return (LOOP)(exp(a), b);
    if (isfinite(a) && isfinite(b)) { const PART r = exp(a); return (LOOP)(r * cos(b), r * sin(b)); }
    if (isinf(a) && a > 0) return isfinite(b) ? (LOOP)(a * cos(b), a * sin(b)) : (LOOP)(a, b - b);
    if (isinf(a)) return isfinite(b) ? (LOOP)((PART)0 * cos(b), (PART)0 * sin(b)) : (LOOP)((PART)0, copysign((PART)0, b));
    return (LOOP)((PART)NAN, (PART)NAN);
})"},
    // exp(z) - 1 without the cancellation near 0: cos(b) - 1 as -2 sin(b/2)^2.
    {"complex_expm1", 'c', R"(
LOOP complex_expm1(LOOP z) {
    const PART a = z.x, b = z.y;
    if (a == 0 && b == 0) return (LOOP)((PART)0, b);
    if (b == 0) return (LOOP)(expm1(a), b);
    if (!isfinite(a) || !isfinite(b)) return complex_exp(z) - (LOOP)((PART)1, (PART)0);
    const PART half_sine = sin(b / 2);
    return (LOOP)(expm1(a) * cos(b) - 2 * half_sine * half_sine, exp(a) * sin(b));
})"},
    // Near |z| = 1, log|z| from log1p, since the rounding of |z| would be most of it.
    {"complex_log", 'c', R"(
LOOP complex_log(LOOP z) {
    const PART large = fmax(fabs(z.x), fabs(z.y)), small = fmin(fabs(z.x), fabs(z.y));
    const int near_one = large > (PART)0.5 && large < (PART)2 && !isnan(z.x) && !isnan(z.y);
    const PART magnitude = near_one ? (PART)0.5 * log1p((large - 1) * (large + 1) + small * small) : log(hypot(z.x, z.y));
    return (LOOP)(magnitude, atan2(z.y, z.x));
})"},
};

} // namespace

const elementwise_row& row_of(elementwise_op op) {
    if (int(op) < 0 || int(op) >= elementwise_op_count) throw std::logic_error("no such elementwise operation");
    return rows[int(op)];
}

std::string helper_source(const std::string& expression, array_dtype type) {
    const char kind = kind_of(type) == 'u' ? 'i' : kind_of(type);
    std::string needed = expression;
    if (needed.find("complex_expm1") != std::string::npos) needed += " complex_exp(";
    std::string text;
    for (const helper& h : helpers)
        if (h.kind == kind && needed.find(std::string(h.name) + "(") != std::string::npos) text += h.text;
    return text;
}

std::string with_helper_suffix(std::string text, const std::string& suffix) {
    for (const helper& h : helpers) {
        const std::string call = std::string(h.name) + "(", renamed = std::string(h.name) + "_" + suffix + "(";
        for (std::size_t at = text.find(call); at != std::string::npos; at = text.find(call, at + renamed.size()))
            text.replace(at, call.size(), renamed);
    }
    return text;
}

} // namespace tiles::algorithms

const char* tiles::to_string(elementwise_op op) {
    return int(op) < 0 || int(op) >= elementwise_op_count ? "" : algorithms::row_of(op).name;
}
