"""The OpenCL C of elementwise kernels: one kernel per numpy ufunc, loop dtypes, stored dtype and
operand layouts (the same shape as the result, a scalar argument, or broadcast through strides
passed as arguments, of a given rank), so that shapes and scalar values never add kernels. The
engine compiles and caches each source as it does every kernel's. (One source holding every
ufunc of a signature would build once for all of them, but PoCL's build time grows with the
kernels of a source: the first operation would wait seconds.)

The expressions give numpy's answers where C's differ: integers wrap (added, subtracted and
multiplied as unsigned), `//` and `%` round to minus infinity with the divisor's sign, an integer
divided by zero is 0 (as numpy's, without its RuntimeWarning), shifts past the width give 0 (or -1
for negative numbers shifted right), maximum and minimum propagate NaN, and bools are 0 or 1.

Complex numbers are float2 and double2 (.x the real part, .y the imaginary), multiplied as numpy
multiplies them (no recovery of infinities from NaN, C99's Annex G's), divided by Smith's algorithm
as numpy divides them, their square root, exponential and logarithm with Annex G's values at
infinities, NaN and signed zeros, as the C library numpy calls gives them (expm1 too, with the array
API's values there, which numpy's differ from); the other complex functions numpy has (power, the
trigonometric ones) have no kernels here."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

import numpy as np

# OpenCL C's names of the dtypes kernels compute in; bools are stored as uchar, 0 or 1.
_OPENCL = {np.dtype(name): opencl for name, opencl in (
    ("bool", "uchar"), ("int8", "char"), ("uint8", "uchar"), ("int16", "short"), ("uint16", "ushort"), ("int32", "int"),
    ("uint32", "uint"), ("int64", "long"), ("uint64", "ulong"), ("float32", "float"), ("float64", "double"),
    ("complex64", "float2"), ("complex128", "double2"))}
# float16 is only stored: read as float with vload_half, written with vstore_half_rte (rounding
# to the nearest, as numpy's conversion does), since devices need not compute in half.
_HALF = np.dtype(np.float16)


def opencl_type(dtype: np.dtype) -> str:
    return "half" if dtype == _HALF else _OPENCL[dtype]


def computable(dtype: np.dtype) -> bool:
    """Whether elementwise kernels compute in `dtype`."""
    return dtype in _OPENCL


def storable(dtype: np.dtype) -> bool:
    """Whether elementwise kernels read and write `dtype`: float16 too."""
    return dtype in _OPENCL or dtype == _HALF


def real_part(dtype: np.dtype) -> np.dtype:
    """The real dtype of a complex `dtype`'s parts; `dtype` itself for the others."""
    return np.dtype(np.float32 if dtype == np.complex64 else np.float64) if dtype.kind == "c" else dtype


def _wide(dtype: np.dtype) -> str:
    """The unsigned type integer arithmetic of `dtype` is done in, so that it wraps (C leaves a
    signed overflow undefined) and 16-bit products do not overflow int."""
    return "uint" if dtype.itemsize <= 4 else "ulong"


# The expressions of binary ufuncs on operands x and y of the loop's dtype T, by the loop's kind:
# "i" integers (signed and unsigned), "b" bool, "f" floating, "c" complex. A name not listed for a
# kind is a helper function of the source (_HELPERS, or for complex _COMPLEX_HELPERS) of that name.
_BINARY: Dict[str, Dict[str, str]] = {
    "add": {"i": "(T)((W)x + (W)y)", "b": "(x | y)", "f": "x + y", "c": "x + y"},
    "subtract": {"i": "(T)((W)x - (W)y)", "f": "x - y", "c": "x - y"},
    "multiply": {"i": "(T)((W)x * (W)y)", "b": "(x & y)", "f": "x * y", "c": "complex_multiply(x, y)"},
    "true_divide": {"f": "x / y", "c": "complex_divide(x, y)"},
    "floor_divide": {"i": "floor_divide_of(x, y)", "f": "floor_divide_of(x, y)"},
    "remainder": {"i": "remainder_of(x, y)", "f": "remainder_of(x, y)"},
    "power": {"i": "power_of(x, y)", "f": "pow(x, y)"},
    "bitwise_and": {"i": "(T)(x & y)", "b": "(x & y)"},
    "bitwise_or": {"i": "(T)(x | y)", "b": "(x | y)"},
    "bitwise_xor": {"i": "(T)(x ^ y)", "b": "(x ^ y)"},
    "left_shift": {"i": "(((ulong)y < BITS) ? (T)((W)x << y) : (T)0)"},
    "right_shift": {"i": "(((ulong)y < BITS) ? (T)(x >> y) : (T)(x < 0 ? -1 : 0))"},
    "maximum": {"i": "(x > y ? x : y)", "b": "(x | y)", "f": "((isnan(x) || x >= y) ? x : y)"},
    "minimum": {"i": "(x < y ? x : y)", "b": "(x & y)", "f": "((isnan(x) || x <= y) ? x : y)"},
    "arctan2": {"f": "atan2(x, y)"},
    "copysign": {"f": "copysign(x, y)"},
    "hypot": {"f": "hypot(x, y)"},
    "nextafter": {"f": "nextafter(x, y)"},
    "logaddexp": {"f": "logaddexp_of(x, y)"},
    "logical_and": {"i": "((x != 0) && (y != 0))", "b": "(x & y)", "f": "((x != 0) && (y != 0))",
                    "c": "(TRUTH(x) && TRUTH(y))"},
    "logical_or": {"i": "((x != 0) || (y != 0))", "b": "(x | y)", "f": "((x != 0) || (y != 0))",
                   "c": "(TRUTH(x) || TRUTH(y))"},
    "logical_xor": {"i": "((x != 0) != (y != 0))", "b": "(x ^ y)", "f": "((x != 0) != (y != 0))",
                    "c": "(TRUTH(x) != TRUTH(y))"},
}

# Comparisons, by their C operator; complex numbers are equal where both parts are (the array API's
# only comparisons of them: numpy's ordering of complex numbers has no kernels here).
_COMPARISONS = {"equal": "==", "not_equal": "!=", "less": "<", "less_equal": "<=", "greater": ">",
                "greater_equal": ">="}
_COMPLEX_COMPARISONS = {"equal": "(x.x == y.x && x.y == y.y)", "not_equal": "(x.x != y.x || x.y != y.y)"}

# Unary ufuncs, as _BINARY's. Sources of one operand stored in a given dtype also hold "cast",
# astype's conversion, which the store does.
_UNARY: Dict[str, Dict[str, str]] = {
    "negative": {"i": "(T)(-(W)x)", "f": "-x", "c": "-x"},
    "positive": {"i": "x", "f": "x", "c": "x"},
    "absolute": {"i": "(T)(x < 0 ? -(W)x : (W)x)", "b": "x", "f": "fabs(x)", "c": "hypot(x.x, x.y)"},
    "conjugate": {"i": "x", "b": "x", "f": "x", "c": "(T)(x.x, -x.y)"},
    "invert": {"i": "(T)(~x)", "b": "(uchar)!x"},
    "sqrt": {"f": "sqrt(x)", "c": "complex_sqrt(x)"},
    "exp": {"f": "exp(x)", "c": "complex_exp(x)"},
    "log": {"f": "log(x)", "c": "complex_log(x)"},
    "sin": {"f": "sin(x)"},
    "cos": {"f": "cos(x)"},
    "tan": {"f": "tan(x)"},
    "arcsin": {"f": "asin(x)"},
    "arccos": {"f": "acos(x)"},
    "arctan": {"f": "atan(x)"},
    "sinh": {"f": "sinh(x)"},
    "cosh": {"f": "cosh(x)"},
    "tanh": {"f": "tanh(x)"},
    "arcsinh": {"f": "asinh(x)"},
    "arccosh": {"f": "acosh(x)"},
    "arctanh": {"f": "atanh(x)"},
    "expm1": {"f": "expm1(x)", "c": "complex_expm1(x)"},
    "log1p": {"f": "log1p(x)"},
    "log2": {"f": "log2(x)"},
    "log10": {"f": "log10(x)"},
    "cbrt": {"f": "cbrt(x)"},
    "floor": {"i": "x", "b": "x", "f": "floor(x)"},
    "ceil": {"i": "x", "b": "x", "f": "ceil(x)"},
    "trunc": {"i": "x", "b": "x", "f": "trunc(x)"},
    "rint": {"f": "rint(x)"},  # to the nearest, ties to even, as numpy's
    "square": {"i": "(T)((W)x * (W)x)", "f": "x * x", "c": "complex_multiply(x, x)"},
    "sign": {"i": "(T)((x > 0) - (x < 0))", "f": "(isnan(x) ? x : (T)((x > 0) - (x < 0)))"},
    "isnan": {"i": "0", "b": "0", "f": "isnan(x)", "c": "(isnan(x.x) || isnan(x.y))"},
    "isinf": {"i": "0", "b": "0", "f": "isinf(x)", "c": "(isinf(x.x) || isinf(x.y))"},
    "isfinite": {"i": "1", "b": "1", "f": "isfinite(x)", "c": "(isfinite(x.x) && isfinite(x.y))"},
    "signbit": {"f": "signbit(x)"},
    "logical_not": {"i": "(x == 0)", "b": "(uchar)!x", "f": "(x == 0)", "c": "!TRUTH(x)"},
}

# The parts of complex numbers (numpy's real and imag, which are no ufuncs), as unary kernels.
PARTS = {"real": {"c": "x.x"}, "imag": {"c": "x.y"}}

# The ufuncs whose results are bools, whatever their loop's dtype, and those whose results are real
# where their loop's dtype is complex.
_BOOL_RESULTS = {"isnan", "isinf", "isfinite", "signbit", "logical_and", "logical_or", "logical_xor", "logical_not"}
_REAL_RESULTS = {"absolute", *PARTS}

BINARY_UFUNCS = tuple(_BINARY) + tuple(_COMPARISONS)
UNARY_UFUNCS = tuple(_UNARY)
# numpy.where's choice, the one kernel of three inputs (a condition, then the two choices), which
# is no ufunc: its loop is (bool, T, T).
WHERE = "where"

# numpy's integer floor division and remainder (floor, the divisor's sign; 0 for a zero divisor,
# and MIN // -1 wraps to MIN), and floating ones as numpy's npy_divmod computes them.
_HELPERS = {
    ("floor_divide", "i"): """
T floor_divide_of(T x, T y) {
    if (y == 0) return 0;
    if (SIGNED && y == (T)-1) return (T)(-(W)x);
    T q = x / y;
    if (SIGNED && x % y != 0 && ((x < 0) != (y < 0))) q -= 1;
    return q;
}""",
    ("remainder", "i"): """
T remainder_of(T x, T y) {
    if (y == 0 || (SIGNED && y == (T)-1)) return 0;
    T r = x % y;
    if (SIGNED && r != 0 && ((r < 0) != (y < 0))) r += y;
    return r;
}""",
    ("power", "i"): """
T power_of(T x, T y) { /* y >= 0: numpy refuses negative integer powers, and so does apply() */
    W result = 1, base = (W)x;
    for (ulong e = (ulong)y; e != 0; e >>= 1) {
        if (e & 1) result *= base;
        base *= base;
    }
    return (T)result;
}""",
    ("floor_divide", "f"): """
T floor_divide_of(T x, T y) {
    if (y == 0) return x / y;
    const T mod = fmod(x, y);
    T div = (x - mod) / y;
    if (mod != 0 && ((y < 0) != (mod < 0))) div -= 1;
    if (div == 0) return copysign((T)0, x / y);
    T floordiv = floor(div);
    if (div - floordiv > (T)0.5) floordiv += 1;
    return floordiv;
}""",
    ("logaddexp", "f"): """
T logaddexp_of(T x, T y) { /* numpy's npy_logaddexp: exact for equal arguments, infinities included */
    if (x == y) return x + log((T)2);
    const T d = x - y;
    if (d > 0) return x + log1p(exp(-d));
    if (d <= 0) return y + log1p(exp(d));
    return d;
}""",
    ("remainder", "f"): """
T remainder_of(T x, T y) {
    T mod = fmod(x, y);
    if (y == 0) return mod;
    if (mod != 0) {
        if ((y < 0) != (mod < 0)) mod += y;
    } else {
        mod = copysign((T)0, y);
    }
    return mod;
}""",
}

# Complex arithmetic of T (float2, double2) in parts of R (float, double), each included in the
# sources whose expression names it (with complex_exp where complex_expm1 calls it). Division is numpy's (Smith's algorithm; a zero divisor gives
# infinities or NaN as numpy's does); the square root, exponential and logarithm give C99's
# Annex G values, as glibc's csqrt, cexp and clog that numpy calls, at infinities and NaN.
_COMPLEX_HELPERS = {
    "complex_multiply": """
T complex_multiply(T a, T b) { return (T)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }""",
    "complex_divide": """
T complex_divide(T a, T b) {
    const R abs_real = fabs(b.x), abs_imag = fabs(b.y);
    if (abs_real >= abs_imag) {
        if (abs_real == 0 && abs_imag == 0) return (T)(a.x / abs_real, a.y / abs_real);
        const R ratio = b.y / b.x, scale = (R)1 / (b.x + b.y * ratio);
        return (T)((a.x + a.y * ratio) * scale, (a.y - a.x * ratio) * scale);
    }
    const R ratio = b.x / b.y, scale = (R)1 / (b.y + b.x * ratio);
    return (T)((a.x * ratio + a.y) * scale, (a.y * ratio - a.x) * scale);
}""",
    "complex_sqrt": """
T complex_sqrt(T z) {
    R a = z.x, b = z.y;
    if (a == 0 && b == 0) return (T)((R)0, b);
    if (isinf(b)) return (T)((R)INFINITY, b);
    if (isnan(a)) return (T)(a, (b - b) / (b - b));
    if (isinf(a)) return signbit(a) ? (T)(fabs(b - b), copysign(-a, b)) : (T)(a, copysign(b - b, b));
    /* a + |z| overflows near the largest numbers: those are scaled by 1/4 and their roots by 2 */
    const int large = fabs(a) > RMAX / 4 || fabs(b) > RMAX / 4;
    if (large) { a *= (R)0.25; b *= (R)0.25; }
    const R t = sqrt((fabs(a) + hypot(a, b)) * (R)0.5);
    const T root = a >= 0 ? (T)(t, b / (2 * t)) : (T)(fabs(b) / (2 * t), copysign(t, b));
    return large ? root * (R)2 : root;
}""",
    "complex_exp": """
T complex_exp(T z) {
    const R a = z.x, b = z.y;
    if (b == 0) return (T)(exp(a), b);
    if (isfinite(a) && isfinite(b)) { const R r = exp(a); return (T)(r * cos(b), r * sin(b)); }
    if (isinf(a) && a > 0) return isfinite(b) ? (T)(a * cos(b), a * sin(b)) : (T)(a, b - b);
    if (isinf(a)) return isfinite(b) ? (T)((R)0 * cos(b), (R)0 * sin(b)) : (T)((R)0, copysign((R)0, b));
    return (T)((R)NAN, (R)NAN);
}""",
    # exp(z) - 1 without the cancellation near 0: cos(b) - 1 as -2 sin(b/2)^2 (after complex_exp,
    # which it calls at infinities and NaN)
    "complex_expm1": """
T complex_expm1(T z) {
    const R a = z.x, b = z.y;
    if (a == 0 && b == 0) return (T)((R)0, b); /* +0 for -0 too, as the standard has it */
    if (b == 0) return (T)(expm1(a), b);
    if (!isfinite(a) || !isfinite(b)) return complex_exp(z) - (T)((R)1, (R)0);
    const R half_sine = sin(b / 2);
    return (T)(expm1(a) * cos(b) - 2 * half_sine * half_sine, exp(a) * sin(b));
}""",
    "complex_log": """
T complex_log(T z) {
    const R large = fmax(fabs(z.x), fabs(z.y)), small = fmin(fabs(z.x), fabs(z.y)); /* both NaN-blind */
    /* near |z| = 1, log|z| from log1p, since the rounding of |z| would be most of it */
    const int near_one = large > (R)0.5 && large < (R)2 && !isnan(z.x) && !isnan(z.y);
    const R magnitude = near_one ? (R)0.5 * log1p((large - 1) * (large + 1) + small * small) : log(hypot(z.x, z.y));
    return (T)(magnitude, atan2(z.y, z.x));
}""",
}

# The order (-1, 0, 1) of an int64 and a uint64, or a uint64 and an int64, which numpy 2 compares
# by value (C would convert the int64 to ulong).
_MIXED_ORDER = {"int64": "(x < 0 ? -1 : (ulong)x < y ? -1 : (ulong)x > y ? 1 : 0)",
                "uint64": "(y < 0 ? 1 : x < (ulong)y ? -1 : x > (ulong)y ? 1 : 0)"}


def _kind(dtype: np.dtype) -> str:
    return {"b": "b", "i": "i", "u": "i", "f": "f", "c": "c"}[dtype.kind]


@dataclass(frozen=True)
class Operand:
    """How a kernel reads one input: "same" (an array of the result's shape, at the work-item's
    index), "strided" (an array broadcast to it, through strides given as arguments), "gathered"
    (strided from an offset given as an argument: an index's elements, _indexing.Place) or
    "scalar" (an argument), and its dtype (stored, for arrays; the loop's, for scalars)."""
    layout: str
    dtype: np.dtype


@dataclass(frozen=True)
class Signature:
    """What one kernel is made for."""
    ufunc: str                       # a name of BINARY_UFUNCS, UNARY_UFUNCS or PARTS, WHERE, or "cast" (astype's)
    loop: Tuple[np.dtype, ...]       # the dtypes numpy's loop computes the inputs in
    operands: Tuple[Operand, ...]
    rank: int                        # of the result, where an operand is strided; else 0
    stored: Optional[np.dtype]       # the dtype written (astype's, an in-place target's); None: the
                                     # ufunc's own (bool for comparisons, else the loop's)
    written: str = "same"            # where: "same" (out[i]), or "gathered" (at an index's place in
                                     # out, an assignment through the index)
    indexed: bool = False            # whether the gathered place (an input's or out's) adds an integer
                                     # array's elements (_indexing.Place's index)
    narrow: bool = False             # whether strided places are found by 32-bit division (a launch
                                     # of fewer than 2^32 work-items), which GPUs do in a few
                                     # instructions where 64-bit division is a long routine


def _expression(ufunc: str, loop: Tuple[np.dtype, ...]) -> Tuple[str, str]:
    """The helper function (or "") and the expression (of x, and y) that compute one element."""
    if ufunc in _COMPARISONS and loop[0].kind == "c":
        if ufunc not in _COMPLEX_COMPARISONS:
            raise TypeError(f"libtiles has no {ufunc} of {loop[0]}")
        return "", _COMPLEX_COMPARISONS[ufunc]
    if ufunc in _COMPARISONS:
        if loop[0] != loop[1]:  # numpy's only mixed loops compare int64 with uint64
            return "", f"{_MIXED_ORDER[loop[0].name]} {_COMPARISONS[ufunc]} 0"
        return "", f"x {_COMPARISONS[ufunc]} y"
    if ufunc == "cast":
        return "", "x"
    if ufunc == WHERE:
        return "", "(x ? y : z)"
    kind = _kind(loop[0])
    row = PARTS[ufunc] if ufunc in PARTS else (_BINARY if len(loop) == 2 else _UNARY)[ufunc]
    if kind not in row:
        raise TypeError(f"libtiles has no {ufunc} of {loop[0]}")
    helper = _HELPERS.get((ufunc, kind), "")
    if kind == "c":
        names = set(re.findall(r"\b(complex_\w+)\(", row[kind]))
        if "complex_expm1" in names:
            names.add("complex_exp")  # which it calls
        helper = "".join(text for name, text in _COMPLEX_HELPERS.items() if name in names)
    return _typed(helper, loop[0]), _typed(row[kind], loop[0])


def has_kernel(ufunc: str, loop: Tuple[np.dtype, ...]) -> bool:
    """Whether the kernels compute `ufunc` in `loop` (else numpy's refusal, or the host, answers)."""
    if ufunc in _COMPARISONS:
        return loop[0].kind != "c" or ufunc in _COMPLEX_COMPARISONS
    row = (_BINARY if len(loop) == 2 else _UNARY).get(ufunc, {})
    return _kind(loop[0]) in row


def _typed(text: str, dtype: np.dtype) -> str:
    """`text` with T, W, BITS and SIGNED spelled for the loop's `dtype`, and for complex ones R (the
    parts' type), RMAX (its largest number) and TRUTH(x) (numpy's truth of a complex number: a
    part not 0)."""
    if not text:
        return text
    words = {"T": opencl_type(dtype), "W": _wide(dtype) if dtype.kind in "iu" else opencl_type(dtype),
             "BITS": str(8 * dtype.itemsize), "SIGNED": "1" if dtype.kind == "i" else "0",
             "R": opencl_type(real_part(dtype)), "RMAX": "DBL_MAX" if real_part(dtype) == np.float64 else "FLT_MAX"}
    text = re.sub(r"\bTRUTH\((\w+)\)", r"(\1.x != 0 || \1.y != 0)", text)
    return re.sub(r"\b(T|W|R|RMAX|BITS|SIGNED)\b", lambda m: words[m.group(1)], text)


def _read(value: str, stored: np.dtype, loop: np.dtype) -> str:
    """`value`, an element of dtype `stored`, as the loop's dtype: a truth value (0 or 1) for bool,
    as numpy's cast to bool; a real number as a complex one of imaginary part 0."""
    if loop.kind == "c":
        if stored == loop:
            return value
        if stored.kind == "c":
            return f"convert_{opencl_type(loop)}({value})"
        return f"({opencl_type(loop)})(({opencl_type(real_part(loop))})({value}), 0)"
    if loop.kind == "b" and stored.kind == "c":
        return f"(({value}).x != 0 || ({value}).y != 0)"
    if loop.kind == "b" and stored.kind != "b":
        return f"(({value}) != 0)"
    return f"({opencl_type(loop)}){value}"


def _store(value: str, dtype: np.dtype, computed: np.dtype, at: str) -> str:
    """The statements that write `value` (of dtype `computed`) as out[at] of `dtype`: bools are 0 or
    1, a complex number stored as a real one is its real part (astype's conversion, as numpy's)."""
    if computed.kind == "c" and dtype.kind != "c":
        return f"const {opencl_type(computed)} r = {value};\n    " + _store("r.x" if dtype.kind != "b" else
                                                                           "(r.x != 0 || r.y != 0)",
                                                                           dtype, real_part(computed), at)
    if dtype == _HALF:
        return f"vstore_half_rte(({'double' if computed == np.float64 else 'float'})({value}), {at}, out);"
    if dtype.kind == "b":
        return f"out[{at}] = (uchar)(({value}) != 0);"
    if dtype.kind == "c":
        return f"out[{at}] = {_read(f'({value})', computed, dtype)};"
    return f"out[{at}] = ({opencl_type(dtype)})({value});"


def _scalar_parameters(dtype: np.dtype, k: int) -> List[str]:
    """The parameters a scalar of the loop's `dtype` is passed as: integers and bools as long (the
    bits of a uint64), floats as themselves, complex numbers as their two parts."""
    if dtype.kind == "c":
        return [f"const {opencl_type(real_part(dtype))} in{k}_{part}" for part in ("real", "imag")]
    return [f"const {opencl_type(dtype) if dtype.kind == 'f' else 'long'} in{k}"]


def result_dtype(ufunc: str, loop: Tuple[np.dtype, ...]) -> np.dtype:
    """The dtype a kernel of `ufunc` computes each result in: bool for comparisons and predicates,
    the choices' for where, the parts' for absolute values and parts of complex numbers, else the
    loop's."""
    if ufunc in _COMPARISONS or ufunc in _BOOL_RESULTS:
        return np.dtype(np.bool_)
    if ufunc in _REAL_RESULTS:
        return real_part(loop[-1])
    return loop[-1]


def source(signature: Signature) -> str:
    """The OpenCL C of the kernel `tiles_<ufunc>` for `signature`. Its parameters: the output,
    then each input (a pointer or a scalar, a complex scalar as its two parts), then the integer
    array of an indexed place; then where an input is strided or a place gathered, the result's
    dimensions 1.., the strides of each strided input, of each gathered place (the inputs', then
    out's) and of the integer array (in elements, 0 where there is no step), each gathered
    place's offset, and the integer array's stride in the data. An element of the integer array
    below 0 writes nothing (an assignment's repeated index that a later one overrides)."""
    inputs = []
    for k, operand in enumerate(signature.operands):
        if operand.layout == "scalar":
            inputs += _scalar_parameters(operand.dtype, k)
        else:
            inputs.append(f"__global const {opencl_type(operand.dtype)}* in{k}")
    gathered = [str(k) for k, operand in enumerate(signature.operands) if operand.layout == "gathered"]
    gathered += ["_out"] if signature.written == "gathered" else []
    strided = [str(k) for k, operand in enumerate(signature.operands) if operand.layout == "strided"] + gathered
    strided += ["_index"] if signature.indexed else []
    body: List[str] = ["    const size_t i = get_global_id(0);"]
    if signature.indexed:
        inputs.append("__global const long* in_index")
    if strided:
        inputs += [f"const long n{d}" for d in range(1, signature.rank)]
        inputs += [f"const long s{k}_{d}" for k in strided for d in range(signature.rank)]
        inputs += [f"const long o{k}" for k in gathered]
        place = "uint" if signature.narrow else "long"
        body.append(f"    {place} rest = ({place})i;")
        body += [f"    long at{k} = {f'o{k}' if k in gathered else 0};" for k in strided]
        for d in reversed(range(signature.rank)):
            index = "rest" if d == 0 else f"rest % ({place})n{d}"
            body.append(f"    {{ const {place} c = {index};" + "".join(f" at{k} += c * s{k}_{d};" for k in strided) +
                        ("" if d == 0 else f" rest /= ({place})n{d};") + " }")
    if signature.indexed:
        inputs.append("const long index_stride")
        body += ["    const long j = in_index[at_index];", "    if (j < 0) return;",
                 f"    at{gathered[0]} += j * index_stride;"]
    for k, (operand, loop) in enumerate(zip(signature.operands, signature.loop)):
        index = {"scalar": "", "same": "i", "strided": f"at{k}", "gathered": f"at{k}"}[operand.layout]
        if not index and operand.dtype.kind == "c":
            value = f"({opencl_type(operand.dtype)})(in{k}_real, in{k}_imag)"
        else:
            value = (f"in{k}" if not index else f"vload_half({index}, in{k})" if operand.dtype == _HALF else
                     f"in{k}[{index}]")
        body.append(f"    const {opencl_type(loop)} {'xyz'[k]} = {_read(value, operand.dtype, loop)};")
    helper, expression = _expression(signature.ufunc, signature.loop)
    computed = result_dtype(signature.ufunc, signature.loop)
    stored = signature.stored or computed
    at = "at_out" if signature.written == "gathered" else "i"
    kernel = (f"__kernel void tiles_{signature.ufunc}(__global {opencl_type(stored)}* out, {', '.join(inputs)}) {{\n" +
              "\n".join(body) + f"\n    {_store(expression, stored, computed, at)}\n}}\n")
    return pragmas((*signature.loop, signature.stored) + tuple(o.dtype for o in signature.operands)) + helper + \
        "\n\n" + kernel


def pragmas(dtypes: Tuple[Optional[np.dtype], ...]) -> str:
    """The pragmas a source computing in `dtypes` (None: no dtype) starts with."""
    pragma = ""
    if any(d is not None and d.name in ("float64", "complex128") for d in dtypes):
        pragma += "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
    if any(d is not None and d.kind == "c" for d in dtypes):
        # numpy's complex arithmetic rounds each product: fused multiply-adds would differ from it
        pragma += "#pragma OPENCL FP_CONTRACT OFF\n"
    return pragma


# Build options: float32 division and square roots correctly rounded, as numpy's are.
OPTIONS = "-cl-fp32-correctly-rounded-divide-sqrt"


def layouts_rank(shapes: List[Optional[Tuple[int, ...]]], result: Tuple[int, ...]) -> Tuple[List[str], int]:
    """Each input's layout (None for a scalar) against the result's shape, and the rank the
    kernel unravels indices in (0 where no input is strided)."""
    layouts = ["scalar" if s is None else "same" if tuple(s) == tuple(result) else "strided" for s in shapes]
    return layouts, (len(result) if "strided" in layouts else 0)


def broadcast_strides(shape: Tuple[int, ...], result: Tuple[int, ...]) -> List[int]:
    """The strides, in elements, that read a dense row-major `shape` broadcast to `result`: 0 along
    the dimensions it is broadcast in."""
    padded = (1,) * (len(result) - len(shape)) + tuple(shape)
    strides, step = [0] * len(result), 1
    for d in reversed(range(len(result))):
        strides[d] = 0 if padded[d] == 1 else step
        step *= padded[d]
    return strides
