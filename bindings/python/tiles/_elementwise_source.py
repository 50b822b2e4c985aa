"""The OpenCL C of the kernels that move elements in Python still: the gathers and scatters of
indexing (a kernel per dtypes and operand layouts: the same shape as the result, a scalar
argument, or broadcast or gathered through strides passed as arguments), and the combining
expressions the reductions and scans share (add, multiply, maximum, minimum, logical_and,
logical_or). numpy's arithmetic, comparisons, math functions and where are the core's
(tiles_elementwise), not made here. Integers wrap (added and multiplied as unsigned), maximum and
minimum propagate NaN, bools are 0 or 1; complex numbers are float2 and double2, multiplied as
numpy multiplies them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

import numpy as np

from . import _tiles

# OpenCL C's names of the dtypes kernels compute in, from the C API's one table of element types
# (tiles_dtype_describe): those computed in themselves, and bools, stored as uchar 0 or 1.
_OPENCL = {row["dtype"]: row["opencl"] for row in _tiles.dtypes() if not row["as_bits"] and
           row["computed"] == row["dtype"]}
_OPENCL[np.dtype(np.bool_)] = "uchar"
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


# The combining expressions of operands x and y of the loop's dtype T, by the loop's kind: "i"
# integers (signed and unsigned), "b" bool, "f" floating, "c" complex.
_BINARY: Dict[str, Dict[str, str]] = {
    "add": {"i": "(T)((W)x + (W)y)", "b": "(x | y)", "f": "x + y", "c": "x + y"},
    "multiply": {"i": "(T)((W)x * (W)y)", "b": "(x & y)", "f": "x * y", "c": "complex_multiply(x, y)"},
    "maximum": {"i": "(x > y ? x : y)", "b": "(x | y)", "f": "((isnan(x) || x >= y) ? x : y)"},
    "minimum": {"i": "(x < y ? x : y)", "b": "(x & y)", "f": "((isnan(x) || x <= y) ? x : y)"},
    "logical_and": {"i": "((x != 0) && (y != 0))", "b": "(x & y)", "f": "((x != 0) && (y != 0))",
                    "c": "(TRUTH(x) && TRUTH(y))"},
    "logical_or": {"i": "((x != 0) || (y != 0))", "b": "(x | y)", "f": "((x != 0) || (y != 0))",
                   "c": "(TRUTH(x) || TRUTH(y))"},
}

# The combinations whose results are bools, whatever their loop's dtype.
_BOOL_RESULTS = {"logical_and", "logical_or"}

# numpy's complex product, each product rounded (no recovery of infinities from NaN), in parts of R.
_COMPLEX_MULTIPLY = """
T complex_multiply(T a, T b) { return (T)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }"""


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
    ufunc: str                       # "cast" (a gather's, a scatter's)
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
    if ufunc == "cast":
        return "", "x"
    kind = _kind(loop[0])
    row = _BINARY[ufunc]
    if kind not in row:
        raise TypeError(f"libtiles has no {ufunc} of {loop[0]}")
    helper = _COMPLEX_MULTIPLY if "complex_multiply" in row[kind] else ""
    return _typed(helper, loop[0]), _typed(row[kind], loop[0])


def has_kernel(ufunc: str, loop: Tuple[np.dtype, ...]) -> bool:
    """Whether the kernels combine in `loop` by `ufunc` (a name of _BINARY)."""
    return _kind(loop[0]) in _BINARY.get(ufunc, {})


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
    """The dtype a kernel of `ufunc` computes each result in: bool for the logical combinations,
    else the loop's."""
    if ufunc in _BOOL_RESULTS:
        return np.dtype(np.bool_)
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


def broadcast_strides(shape: Tuple[int, ...], result: Tuple[int, ...]) -> List[int]:
    """The strides, in elements, that read a dense row-major `shape` broadcast to `result`: 0 along
    the dimensions it is broadcast in."""
    padded = (1,) * (len(result) - len(shape)) + tuple(shape)
    strides, step = [0] * len(result), 1
    for d in reversed(range(len(result))):
        strides[d] = 0 if padded[d] == 1 else step
        step *= padded[d]
    return strides
