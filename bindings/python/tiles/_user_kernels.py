"""ElementwiseKernel and ReductionKernel: users' own elementwise operations and reductions, as
PyOpenCL spells them (pyopencl.elementwise.ElementwiseKernel, pyopencl.reduction.ReductionKernel,
without the context, which is the data's or the default, as in CuPy). Each is a tiles.Kernel of
OpenCL C that libtiles generates around the user's expressions, so the engine builds it once per
context and caches it, in memory and on disk, as every kernel."""

from __future__ import annotations

import math
import re
from typing import Any, List, Optional


import numpy as np

from . import _data, _tiles
from ._checks import describe, text
from ._devices import Context
from ._launch import Kernel, extent, parallel_for_each
from ._where_work_runs import context_for
from .errors import InvalidArgument

# OpenCL C's names of the dtypes kernels compute in, from the C API's one table of element types
# (tiles_dtype_describe): those computed in themselves, and bools, stored as uchar 0 or 1.
_OPENCL = {row["dtype"]: row["opencl"] for row in _tiles.dtypes() if not row["as_bits"] and
           row["computed"] == row["dtype"]}
_OPENCL[np.dtype(np.bool_)] = "uchar"

_FP64 = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
# A reduction's work-group: a power of two every OpenCL device runs (CL_DEVICE_MAX_WORK_GROUP_SIZE
# is at least 1 for the standard, 64 and more in practice); its groups stride over the elements.
_GROUP = 64
_MOST_GROUPS = 256


def _parameters(arguments: str) -> str:
    """PyOpenCL's argument list as OpenCL C parameters: pointers without an address space are
    __global, as PyOpenCL takes them."""
    parameters = []
    for parameter in text(arguments, "a kernel's arguments").split(","):
        parameter = parameter.strip()
        if not parameter:
            raise InvalidArgument(f"the arguments {arguments!r} hold an empty parameter")
        if "*" in parameter and not re.search(r"\b(__)?(global|local|constant|private)\b", parameter):
            parameter = "__global " + parameter
        parameters.append(parameter)
    return ", ".join(parameters)


def _pragma(source: str) -> str:
    return _FP64 if re.search(r"\bdouble\b", source) else ""


def _size(args: Any, what: str) -> int:
    """The number of elements the kernel runs over: the first tiles argument's, as PyOpenCL's."""
    for a in args:
        if isinstance(a, (_data.array, _data.array_view)):
            return a.size
    raise InvalidArgument(f"{what} takes at least one tiles.array or tiles.array_view among its arguments, whose "
                          f"size it runs over; got {[describe(a) for a in args]}")


class ElementwiseKernel:
    """An elementwise operation of one's own, as PyOpenCL's: `arguments` is the C parameter list
    (``"float a, float *x, float *y, float *z"``; pointers are __global), `operation` the statement
    for element i (``"z[i] = a * x[i] + y[i]"``), which may also read n, the number of elements. A
    call, ``kernel(a, x, y, z)`` with tiles data and numbers in the arguments' order, runs i over the
    first tiles argument's elements on its context (or `context`), without waiting; results are
    written where the operation writes them."""

    def __init__(self, arguments: str, operation: str, name: str = "elwise_kernel", *, preamble: str = "",
                 options: str = ""):
        self.name = text(name, "an ElementwiseKernel's name")
        body = (f"{preamble}\n__kernel void {self.name}({_parameters(arguments)}, const long n) {{\n"
                f"    const long i = (long)get_global_id(0);\n    {text(operation, 'an operation')};\n}}\n")
        self.source = _pragma(body) + body
        self._kernel = Kernel(self.source, self.name, options)

    def __call__(self, *args: Any, context: Optional[Context] = None) -> None:
        n = _size(args, "an ElementwiseKernel")
        if n:
            parallel_for_each(extent(n), self._kernel, *args, n, context=context)


class ReductionKernel:
    """A reduction of one's own, as PyOpenCL's: the `map_expr` of each element i of the
    `arguments` (``"x[i] * y[i]"``; None: ``"in[i]"`` of one ``"const T *in"`` argument) combined by
    `reduce_expr` of a and b (``"a + b"``, ``"max(a, b)"``) from `neutral` (``"0"``), in `dtype_out`.
    A call, ``kernel(x, y)`` with tiles data and numbers in the arguments' order, gives a tiles.array of no
    dimensions holding the result on the device of the first tiles argument (or `context`): each
    work-group combines a stride of the elements and then its work-items' values in a tree, and
    one work-group combines the groups' values. reduce_expr must be associative (and is applied
    in an order of its own, as in PyOpenCL and CuPy)."""

    def __init__(self, dtype_out: Any, neutral: str, reduce_expr: str, map_expr: Optional[str] = None,
                 arguments: Optional[str] = None, name: str = "reduce_kernel", *, preamble: str = "",
                 options: str = ""):
        self.dtype_out = _data._dtype(dtype_out)
        if self.dtype_out not in _OPENCL:
            raise InvalidArgument(f"a ReductionKernel's dtype_out is one of libtiles' kernels' types (bool, int8 .. "
                                  f"uint64, float32, float64), not {self.dtype_out}")
        self.name = text(name, "a ReductionKernel's name")
        if (map_expr is None) != (arguments is None):
            raise InvalidArgument("a ReductionKernel takes map_expr and arguments together, or neither (then it "
                                  "reduces one array, `in`)")
        out = _OPENCL[self.dtype_out]
        if arguments is None:
            arguments, map_expr = f"const {out} *in", "in[i]"
        self._stages = [self._stage(f"{self.name}_groups", _parameters(arguments), map_expr, out, neutral,
                                    reduce_expr, preamble, options),
                        self._stage(f"{self.name}_total", f"__global const {out}* partial", "partial[i]", out,
                                    neutral, reduce_expr, preamble, options)]

    @staticmethod
    def _stage(name: str, parameters: str, map_expr: str, out: str, neutral: str, reduce_expr: str, preamble: str,
               options: str) -> Kernel:
        """The kernel whose work-groups each combine a stride of the n mapped elements and write
        their value to partials[group]."""
        body = f"""{preamble}
#define TILES_REDUCE(a, b) ({text(reduce_expr, "a reduce_expr")})
__kernel void {name}({parameters}, __global {out}* partials, const long n) {{
    __local {out} values[TILE_DIM0];
    const size_t lane = get_local_id(0);
    {out} a = ({out})({text(neutral, "a neutral")});
    for (long i = (long)get_global_id(0); i < n; i += (long)get_global_size(0)) {{
        const {out} b = ({out})({text(map_expr, "a map_expr")});
        a = TILES_REDUCE(a, b);
    }}
    values[lane] = a;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t stride = TILE_DIM0 / 2; stride > 0; stride >>= 1) {{
        if (lane < stride) {{
            const {out} a = values[lane], b = values[lane + stride];
            values[lane] = TILES_REDUCE(a, b);
        }}
        barrier(CLK_LOCAL_MEM_FENCE);
    }}
    if (lane == 0) partials[get_group_id(0)] = values[0];
}}
"""
        return Kernel(_pragma(body) + body, name, options)

    def __call__(self, *args: Any, context: Optional[Context] = None) -> Any:
        n = _size(args, "a ReductionKernel")
        context = context_for(list(args), context)
        result = _data.empty(1, self.dtype_out, context=context)
        if n == 0:  # no elements to read: the total of no partials is the neutral value
            total = _data.empty(1, self.dtype_out, context=context)
            self._launch(1, self._stages[1], [total], result, 0, context)
        else:
            groups = min(math.ceil(n / _GROUP), _MOST_GROUPS)
            partials = _data.empty(groups, self.dtype_out, context=context)
            self._launch(groups, self._stages[0], list(args), partials, n, context)
            self._launch(1, self._stages[1], [partials], result, groups, context)
        return _data.array._of_handle(result._handle, no_dimensions=True)

    @staticmethod
    def _launch(groups: int, kernel: Kernel, args: List[Any], partials: Any, n: int, context: Context) -> None:
        parallel_for_each(extent(groups * _GROUP).tile(_GROUP), kernel, *args, partials, n, context=context)
