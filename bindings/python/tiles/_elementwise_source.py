"""The OpenCL C of elementwise kernels: one kernel per numpy ufunc, loop dtypes, stored dtype and
operand layouts (the same shape as the result, a scalar argument, or broadcast through strides
passed as arguments, of a given rank), so that shapes and scalar values never add kernels. The
engine compiles and caches each source as it does every kernel's. (One source holding every
ufunc of a signature would build once for all of them, but PoCL's build time grows with the
kernels of a source: the first operation would wait seconds.)

The expressions give numpy's answers where C's differ: integers wrap (added, subtracted and
multiplied as unsigned), `//` and `%` round to minus infinity with the divisor's sign, an integer
divided by zero is 0 (as numpy's, without its RuntimeWarning), shifts past the width give 0 (or -1
for negative numbers shifted right), maximum and minimum propagate NaN, and bools are 0 or 1."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

import numpy as np

# OpenCL C's names of the dtypes kernels compute in; bools are stored as uchar, 0 or 1.
_OPENCL = {np.dtype(name): opencl for name, opencl in (
    ("bool", "uchar"), ("int8", "char"), ("uint8", "uchar"), ("int16", "short"), ("uint16", "ushort"), ("int32", "int"),
    ("uint32", "uint"), ("int64", "long"), ("uint64", "ulong"), ("float32", "float"), ("float64", "double"))}
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


def _wide(dtype: np.dtype) -> str:
    """The unsigned type integer arithmetic of `dtype` is done in, so that it wraps (C leaves a
    signed overflow undefined) and 16-bit products do not overflow int."""
    return "uint" if dtype.itemsize <= 4 else "ulong"


# The expressions of binary ufuncs on operands x and y of the loop's dtype T, by the loop's kind:
# "i" integers (signed and unsigned), "b" bool, "f" floating. A name not listed for a kind is a
# helper function of the source (_HELPERS) of that name.
_BINARY: Dict[str, Dict[str, str]] = {
    "add": {"i": "(T)((W)x + (W)y)", "b": "(x | y)", "f": "x + y"},
    "subtract": {"i": "(T)((W)x - (W)y)", "f": "x - y"},
    "multiply": {"i": "(T)((W)x * (W)y)", "b": "(x & y)", "f": "x * y"},
    "true_divide": {"f": "x / y"},
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
    "logical_and": {"i": "((x != 0) && (y != 0))", "b": "(x & y)", "f": "((x != 0) && (y != 0))"},
    "logical_or": {"i": "((x != 0) || (y != 0))", "b": "(x | y)", "f": "((x != 0) || (y != 0))"},
    "logical_xor": {"i": "((x != 0) != (y != 0))", "b": "(x ^ y)", "f": "((x != 0) != (y != 0))"},
}

# Comparisons, by their C operator.
_COMPARISONS = {"equal": "==", "not_equal": "!=", "less": "<", "less_equal": "<=", "greater": ">",
                "greater_equal": ">="}

# Unary ufuncs, as _BINARY's. Sources of one operand stored in a given dtype also hold "cast",
# astype's conversion, which the store does.
_UNARY: Dict[str, Dict[str, str]] = {
    "negative": {"i": "(T)(-(W)x)", "f": "-x"},
    "positive": {"i": "x", "f": "x"},
    "absolute": {"i": "(T)(x < 0 ? -(W)x : (W)x)", "b": "x", "f": "fabs(x)"},
    "invert": {"i": "(T)(~x)", "b": "(uchar)!x"},
    "sqrt": {"f": "sqrt(x)"},
    "exp": {"f": "exp(x)"},
    "log": {"f": "log(x)"},
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
    "expm1": {"f": "expm1(x)"},
    "log1p": {"f": "log1p(x)"},
    "log2": {"f": "log2(x)"},
    "log10": {"f": "log10(x)"},
    "cbrt": {"f": "cbrt(x)"},
    "floor": {"i": "x", "b": "x", "f": "floor(x)"},
    "ceil": {"i": "x", "b": "x", "f": "ceil(x)"},
    "trunc": {"i": "x", "b": "x", "f": "trunc(x)"},
    "rint": {"f": "rint(x)"},  # to the nearest, ties to even, as numpy's
    "square": {"i": "(T)((W)x * (W)x)", "f": "x * x"},
    "sign": {"i": "(T)((x > 0) - (x < 0))", "f": "(isnan(x) ? x : (T)((x > 0) - (x < 0)))"},
    "isnan": {"i": "0", "b": "0", "f": "isnan(x)"},
    "isinf": {"i": "0", "b": "0", "f": "isinf(x)"},
    "isfinite": {"i": "1", "b": "1", "f": "isfinite(x)"},
    "signbit": {"f": "signbit(x)"},
    "logical_not": {"i": "(x == 0)", "b": "(uchar)!x", "f": "(x == 0)"},
}

# The ufuncs whose results are bools, whatever their loop's dtype.
_BOOL_RESULTS = {"isnan", "isinf", "isfinite", "signbit", "logical_and", "logical_or", "logical_xor", "logical_not"}

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

# The order (-1, 0, 1) of an int64 and a uint64, or a uint64 and an int64, which numpy 2 compares
# by value (C would convert the int64 to ulong).
_MIXED_ORDER = {"int64": "(x < 0 ? -1 : (ulong)x < y ? -1 : (ulong)x > y ? 1 : 0)",
                "uint64": "(y < 0 ? 1 : x < (ulong)y ? -1 : x > (ulong)y ? 1 : 0)"}


def _kind(dtype: np.dtype) -> str:
    return {"b": "b", "i": "i", "u": "i", "f": "f"}[dtype.kind]


@dataclass(frozen=True)
class Operand:
    """How a kernel reads one input: "same" (an array of the result's shape, at the work-item's
    index), "strided" (an array broadcast to it, through strides given as arguments) or
    "scalar" (an argument), and its dtype (stored, for arrays; the loop's, for scalars)."""
    layout: str
    dtype: np.dtype


@dataclass(frozen=True)
class Signature:
    """What one kernel is made for."""
    ufunc: str                       # a name of BINARY_UFUNCS or UNARY_UFUNCS, WHERE, or "cast" (astype's)
    loop: Tuple[np.dtype, ...]       # the dtypes numpy's loop computes the inputs in
    operands: Tuple[Operand, ...]
    rank: int                        # of the result, where an operand is strided; else 0
    stored: Optional[np.dtype]       # the dtype written (astype's, an in-place target's); None: the
                                     # ufunc's own (bool for comparisons, else the loop's)


def _expression(ufunc: str, loop: Tuple[np.dtype, ...]) -> Tuple[str, str]:
    """The helper function (or "") and the expression (of x, and y) that compute one element."""
    if ufunc in _COMPARISONS:
        if loop[0] != loop[1]:  # numpy's only mixed loops compare int64 with uint64
            return "", f"{_MIXED_ORDER[loop[0].name]} {_COMPARISONS[ufunc]} 0"
        return "", f"x {_COMPARISONS[ufunc]} y"
    if ufunc == "cast":
        return "", "x"
    if ufunc == WHERE:
        return "", "(x ? y : z)"
    kind = _kind(loop[0])
    row = (_BINARY if len(loop) == 2 else _UNARY)[ufunc]
    if kind not in row:
        raise TypeError(f"libtiles has no {ufunc} of {loop[0]}")
    return _typed(_HELPERS.get((ufunc, kind), ""), loop[0]), _typed(row[kind], loop[0])


def _typed(text: str, dtype: np.dtype) -> str:
    """`text` with T, W, BITS and SIGNED spelled for the loop's `dtype`."""
    if not text:
        return text
    words = {"T": opencl_type(dtype), "W": _wide(dtype) if dtype.kind in "iu" else opencl_type(dtype),
             "BITS": str(8 * dtype.itemsize), "SIGNED": "1" if dtype.kind == "i" else "0"}
    return re.sub(r"\b(T|W|BITS|SIGNED)\b", lambda m: words[m.group(1)], text)


def _store(value: str, dtype: np.dtype, loop: np.dtype) -> str:
    """The statement that writes `value` (of the loop's dtype) as out[i] of `dtype`: bools are 0
    or 1."""
    if dtype == _HALF:
        return f"vstore_half_rte(({'double' if loop == np.float64 else 'float'})({value}), i, out);"
    if dtype.kind == "b":
        return f"out[i] = (uchar)(({value}) != 0);"
    return f"out[i] = ({opencl_type(dtype)})({value});"


def _scalar_parameter(dtype: np.dtype) -> str:
    """The parameter type a scalar of the loop's `dtype` is passed as: integers and bools as long
    (the bits of a uint64), floats as themselves."""
    return opencl_type(dtype) if dtype.kind == "f" else "long"


def result_dtype(ufunc: str, loop: Tuple[np.dtype, ...]) -> np.dtype:
    """The dtype a kernel of `ufunc` computes each result in: bool for comparisons and predicates,
    the choices' for where, else the loop's."""
    if ufunc in _COMPARISONS or ufunc in _BOOL_RESULTS:
        return np.dtype(np.bool_)
    return loop[-1]


def source(signature: Signature) -> str:
    """The OpenCL C of the kernel `tiles_<ufunc>` for `signature`. Its parameters: the output,
    then each input (a pointer or a scalar), then where an input is strided, the result's
    dimensions 1.. and each strided input's strides (in elements, 0 where it is broadcast)."""
    inputs = []
    for k, operand in enumerate(signature.operands):
        if operand.layout == "scalar":
            inputs.append(f"const {_scalar_parameter(operand.dtype)} in{k}")
        else:
            inputs.append(f"__global const {opencl_type(operand.dtype)}* in{k}")
    strided = [k for k, operand in enumerate(signature.operands) if operand.layout == "strided"]
    body: List[str] = ["    const size_t i = get_global_id(0);"]
    if strided:
        inputs += [f"const long n{d}" for d in range(1, signature.rank)]
        inputs += [f"const long s{k}_{d}" for k in strided for d in range(signature.rank)]
        body.append("    long rest = (long)i;")
        body += [f"    long at{k} = 0;" for k in strided]
        for d in reversed(range(signature.rank)):
            index = "rest" if d == 0 else f"rest % n{d}"
            body.append(f"    {{ const long c = {index};" + "".join(f" at{k} += c * s{k}_{d};" for k in strided) +
                        ("" if d == 0 else f" rest /= n{d};") + " }")
    for k, (operand, loop) in enumerate(zip(signature.operands, signature.loop)):
        index = {"scalar": "", "same": "i", "strided": f"at{k}"}[operand.layout]
        value = (f"in{k}" if not index else f"vload_half({index}, in{k})" if operand.dtype == _HALF else
                 f"in{k}[{index}]")
        if loop.kind == "b" and operand.dtype.kind != "b":  # a truth value, as numpy's cast to bool
            value = f"({value} != 0)"
        body.append(f"    const {opencl_type(loop)} {'xyz'[k]} = ({opencl_type(loop)}){value};")
    helper, expression = _expression(signature.ufunc, signature.loop)
    stored = signature.stored or result_dtype(signature.ufunc, signature.loop)
    kernel = (f"__kernel void tiles_{signature.ufunc}(__global {opencl_type(stored)}* out, {', '.join(inputs)}) {{\n" +
              "\n".join(body) + f"\n    {_store(expression, stored, signature.loop[-1])}\n}}\n")
    uses_double = any(d is not None and d.name == "float64" for d in (*signature.loop, signature.stored) +
                      tuple(o.dtype for o in signature.operands))
    pragma = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" if uses_double else ""
    return pragma + helper + "\n\n" + kernel


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
