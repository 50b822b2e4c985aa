"""The OpenCL C of reductions over axes (sum, prod, max, min, mean, all, any, argmax, argmin): one
kernel per operation, dtypes and ranks, in which each work-item computes one element of the result
by looping over the reduced elements. The data's dimensions come as (kept, reduced) runs with
strides in elements, so any choice of axes, and shapes, add no kernels. The combining expressions
are the elementwise kernels' own (add, multiply, maximum, ... of _elementwise_source), so a
reduction wraps, propagates NaN and multiplies complex numbers as the ufunc does.

A work-item may also take one of `groups` interleaved shares of the first reduced dimension (work
item i = o + outputs * g takes its indices g, g + groups, ...), so that a result much smaller than
the data still keeps many work-items busy, neighbouring ones reading neighbouring elements; a
second launch combines the shares.

Where the reduced elements of each result are one run of consecutive elements (a row: a reduction
over the last axes), a work-group may reduce rows instead (`rows`), as CuPy's reductions do: each
row among `width` neighbouring work-items of a tile (the tile holding TILE_DIM0 / width rows), each
work-item combining the elements width apart from its own, so that a warp reads consecutive
elements, and the tile combining its work-items' values in tile_static memory, halving, within
the same launch. Where the data's type has a vector of 4, each work-item reads 4 elements a step,
as a vector, from the row's first element at a vector's alignment on (the elements before it and
the row's tail one at a time): a warp then moves 16 bytes a work-item (of float data) a read,
where one element a read moved 1.1-1.6 TB/s on the H200 against CuPy's 2.9 (sums of the rows of
an 8192^2 float32 matrix)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Tuple
import numpy as np

from . import _elementwise_source as generated

# The elementwise ufunc that combines two values of each reduction (mean: sum's, then a division).
COMBINE = {"sum": "add", "prod": "multiply", "max": "maximum", "min": "minimum", "mean": "add", "all": "logical_and",
           "any": "logical_or"}
# The reductions to the position of the first greatest or least element, and what they compare.
POSITIONS = {"argmax": ">", "argmin": "<"}

# The type's least and greatest values, which begin max and min (OpenCL C's macros; char is signed).
_LIMITS = {"char": ("CHAR_MIN", "CHAR_MAX"), "short": ("SHRT_MIN", "SHRT_MAX"), "int": ("INT_MIN", "INT_MAX"),
           "long": ("LONG_MIN", "LONG_MAX"), "uchar": ("0", "UCHAR_MAX"), "ushort": ("0", "USHRT_MAX"),
           "uint": ("0", "UINT_MAX"), "ulong": ("0", "ULONG_MAX"), "float": ("-INFINITY", "INFINITY"),
           "double": ("-INFINITY", "INFINITY")}


@dataclass(frozen=True)
class Signature:
    """What one reduction kernel is made for."""
    op: str                  # a name of COMBINE or POSITIONS
    data: np.dtype           # the dtype the data is stored in
    accumulated: np.dtype    # the dtype values are combined (and positions compared) in
    stored: np.dtype         # the dtype of the result (int64 for positions)
    kept: int                # the rank of the kept dimensions (0: one result)
    reduced: int             # the rank of the reduced dimensions (0: each result of one element)
    rows: bool = False       # whether a tile's work-items reduce rows of consecutive elements
                             # together (rows_source), not one result each


def has_kernel(op: str, accumulated: np.dtype) -> bool:
    """Whether the kernels compute `op` in `accumulated` (complex numbers have no order)."""
    if op in POSITIONS:
        return accumulated.kind != "c"
    return generated.has_kernel(COMBINE[op], (accumulated, accumulated))


def _identity(op: str, dtype: np.dtype) -> str:
    """The value a reduction of no elements gives, as OpenCL C of `dtype`."""
    name = generated.opencl_type(dtype)
    if dtype.kind == "c":
        return f"({name})({int(op == 'prod')}, 0)"
    if op in ("max", "min"):
        if dtype.kind == "b":
            return "0" if op == "max" else "1"
        return _LIMITS[name][op == "min"]
    return f"({name}){int(op in ('prod', 'all'))}"


def _element(signature: Signature, at: str) -> str:
    """The data's element at `at`, as the dtype values are combined in."""
    value = f"vload_half({at}, in)" if signature.data == np.float16 else f"in[{at}]"
    return generated._read(value, signature.data, signature.accumulated)


def _combining(signature: Signature) -> Tuple[str, List[str]]:
    """The helper function (or "") and the statements that combine y into the accumulation a."""
    helper, expression = generated._expression(COMBINE[signature.op], (signature.accumulated,) * 2)
    return helper, [f"const {generated.opencl_type(signature.accumulated)} x = a;", f"a = {expression};"]


def _parameters(signature: Signature) -> List[str]:
    """The result, the data and, for mean, the divisor (the number of elements, in the real type of
    the accumulation)."""
    parameters = [f"__global {generated.opencl_type(signature.stored)}* out",
                  f"__global const {generated.opencl_type(signature.data)}* in"]
    if signature.op == "mean":
        parameters.append(f"const {generated.opencl_type(generated.real_part(signature.accumulated))} divisor")
    return parameters


def _stored(signature: Signature, at: str) -> str:
    """The statements that write the accumulation a as out[at]."""
    return generated._store("a / divisor" if signature.op == "mean" else "a", signature.stored, signature.accumulated,
                            at)


def _kernel(signature: Signature, parameters: List[str], body: List[str], helper: str) -> str:
    kernel = f"__kernel void tiles_reduce_{signature.op}({', '.join(parameters)}) {{\n" + "\n".join(body) + "\n}\n"
    return (generated.pragmas((signature.data, signature.accumulated, signature.stored)) + helper + "\n\n" +
            kernel)


def source(signature: Signature) -> str:
    """The OpenCL C of the kernel `tiles_reduce_<op>` of `signature` (rows_source's for rows)."""
    return rows_source(signature) if signature.rows else _results_source(signature)


def rows_source(signature: Signature) -> str:
    """The kernel that reduces rows of `count` consecutive elements, `width` (a power of two that
    divides the tile) neighbouring work-items of a tile a row: parameters as _parameters, then the
    number of rows, count and width. The row's first work-item writes its result, out[row]."""
    name = generated.opencl_type(signature.accumulated)
    helper, update = _combining(signature)
    parameters = _parameters(signature) + ["const long rows", "const long count", "const long width"]
    body = [f"    tile_static {name} shared[TILE_DIM0];",
            "    const long lane = (long)get_local_id(0), part = lane % width;",
            "    const long row = (long)get_group_id(0) * (TILE_DIM0 / width) + lane / width;",
            f"    {name} a = {_identity(signature.op, signature.accumulated)};",
            "    if (row < rows) {"]
    body += [f"        {line}" for line in _row_reads(signature, update)] + ["    }", "    shared[lane] = a;"]
    # Each step halves the values of a row: those of its first `apart` work-items take those `apart` after them.
    body += ["    for (long apart = width / 2; apart > 0; apart /= 2) {",
             "        tile_barrier_wait_with_tile_static_memory_fence();",
             "        if (part < apart) {",
             f"            const {name} y = shared[lane + apart];"]
    body += [f"            {line}" for line in update] + ["            shared[lane] = a;", "        }", "    }",
                                                         "    if (part == 0 && row < rows) {",
                                                         "        " + _stored(signature, "row"), "    }"]
    return _kernel(signature, parameters, body, helper)


def _row_reads(signature: Signature, update: List[str]) -> List[str]:
    """The statements by which a row's work-item `part` combines its elements into a: where the
    data's elements have an OpenCL C vector type of 4 (not float16 or complex data), the row's
    elements from the first at an address of a whole vector on are read as vectors, the work-item
    taking vectors part, part + width, ... (so that a warp reads consecutive vectors, 4 elements
    a read), the elements before them and the tail past the last whole vector one at a time;
    otherwise every element one at a time, elements part, part + width, ..."""
    name = generated.opencl_type(signature.accumulated)

    def combined(value: str) -> List[str]:
        return [f"const {name} y = {value};", *update]

    def scalars(first: str, end: str) -> List[str]:
        return [f"for (long at = {first} + part; at < {end}; at += width) {{",
                *(f"    {line}" for line in combined(_element(signature, "at"))), "}"]

    if signature.data == np.float16 or signature.data.kind == "c":
        return scalars("row * count", "(row + 1) * count")
    element = generated.opencl_type(signature.data)
    size = signature.data.itemsize
    vector_bytes = 4 * size
    lines = ["const long start = row * count;",
             f"const long head = min(count, (long)((({vector_bytes} - (ulong)(in + start) % {vector_bytes}) % "
             f"{vector_bytes}) / {size}));",
             "const long vectors = (count - head) / 4;",
             f"__global const {element}4* whole = (__global const {element}4*)(in + start + head);",
             "for (long k = part; k < vectors; k += width) {",
             f"    const {element}4 v = whole[k];"]
    for component in "xyzw":
        value = generated._read(f"v.{component}", signature.data, signature.accumulated)
        lines += ["    {", *(f"        {line}" for line in combined(value)), "    }"]
    lines.append("}")
    return lines + scalars("start", "start + head") + scalars("start + head + 4 * vectors", "start + count")


def _results_source(signature: Signature) -> str:
    """The kernel in which each work-item computes one result (or a share of one). Its
    parameters: _parameters', the number of results and of shares (groups); then the kept
    dimensions 1.., the kept strides, the reduced dimensions and the reduced strides. Work-item i
    writes out[i]."""
    accumulated, op = signature.accumulated, signature.op
    name = generated.opencl_type(accumulated)
    parameters = _parameters(signature) + ["const long outputs", "const long groups"]
    parameters += [f"const long n{d}" for d in range(1, signature.kept)]
    parameters += [f"const long k{d}" for d in range(signature.kept)]
    parameters += [f"const long r{d}" for d in range(signature.reduced)]
    parameters += [f"const long t{d}" for d in range(signature.reduced)]
    body = ["    const long i = (long)get_global_id(0);", "    long rest = i % outputs, base = 0;",
            "    const long share = i / outputs;"]
    for d in reversed(range(signature.kept)):
        body.append("    base += rest * k0;" if d == 0 else
                    f"    base += (rest % n{d}) * k{d}; rest /= n{d};")
    helper = ""
    if op in POSITIONS:
        better = f"y {POSITIONS[op]} best"
        if accumulated.kind == "f":  # numpy's position of the first NaN, where there is one
            better = f"!isnan(best) && (isnan(y) || {better})"
        body += [f"    {name} best = {_element(signature, 'base')};", "    long position = 0, k = 0;"]
        update = [f"if ({better}) {{ best = y; position = k; }}", "++k;"]
        result = "    out[i] = position;"
    else:
        helper, update = _combining(signature)
        body.append(f"    {name} a = {_identity(op, accumulated)};")
        result = "    " + _stored(signature, "i")
    loops = [f"{'    ' * (d + 1)}for (long j{d} = {'share' if d == 0 else 0}; j{d} < r{d}; "
             f"j{d} += {'groups' if d == 0 else 1})" for d in range(signature.reduced)]
    if loops:
        loops[-1] += " {"
    depth = max(signature.reduced, 1)
    offset = "".join(f" + j{d} * t{d}" for d in range(signature.reduced))
    inner = "    " * (depth + 1)
    body += (loops or ["    {"]) + [f"{inner}const long at = base{offset};",
                                     f"{inner}const {name} y = {_element(signature, 'at')};"]
    body += [f"{inner}{line}" for line in update] + [f"{'    ' * depth}}}", result]
    return _kernel(signature, parameters, body, helper)
