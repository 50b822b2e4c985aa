"""ElementwiseKernel and ReductionKernel: users' own elementwise operations and reductions, as
PyOpenCL spells them (pyopencl.elementwise.ElementwiseKernel, pyopencl.reduction.ReductionKernel,
without the context, which is the data's or the default, as in CuPy). The core makes their OpenCL C
around the user's expressions (tiles_elementwise_kernel_create, tiles_reduction_kernel_create), so
the engine builds each once per context and caches it, in memory and on disk, as every kernel."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from . import _data, _host_writes, _no_elements, _tiles
from ._checks import text
from ._devices import Context, context_handle
from ._where_work_runs import context_for
from .errors import InvalidArgument


def _first_size(args: Any) -> Optional[int]:
    """The size of the first tiles argument, whose elements the kernel runs over; None if none."""
    return next((a.size for a in args if isinstance(a, (_data.array, _data.array_view))), None)


def _handles(args: Any, what: str) -> list:
    handles = [getattr(a, "_handle", a) for a in args]
    _no_elements.refuse_in(handles, what)
    return handles


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
        self._handle = _tiles.elementwise_kernel(text(arguments, "a kernel's arguments"),
                                                 text(operation, "an operation"), name,
                                                 text(preamble, "a preamble"), text(options, "a kernel's options"))

    def __call__(self, *args: Any, context: Optional[Context] = None) -> None:
        if _first_size(args) == 0:
            return  # no elements: nothing runs
        with _host_writes.launch("an ElementwiseKernel", args, context):
            _tiles.elementwise_kernel_launch(context_handle(context), self._handle,
                                             *_handles(args, "an ElementwiseKernel"))


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
        self.name = text(name, "a ReductionKernel's name")
        # Bools are held as uint8 0s and 1s.
        held = np.dtype(np.uint8) if self.dtype_out == np.bool_ else self.dtype_out
        self._handle = _tiles.ReductionKernel(
            held, text(neutral, "a neutral"), text(reduce_expr, "a reduce_expr"),
            None if map_expr is None else text(map_expr, "a map_expr"),
            None if arguments is None else text(arguments, "a kernel's arguments"), name,
            text(preamble, "a preamble"), text(options, "a kernel's options"))

    def __call__(self, *args: Any, context: Optional[Context] = None) -> Any:
        size = _first_size(args)
        if size is None:  # as PyOpenCL's, which reduces over its first array
            raise InvalidArgument("a ReductionKernel reduces over the elements of the first tiles.array or "
                                  f"array_view among its arguments, and there is none among its {len(args)}")
        if size == 0:
            # Data of no elements reaches the core as no arguments, whose reduction is the neutral
            # value, on the data's context.
            args, context = (), context_for(list(args), context)
        with _host_writes.launch("a ReductionKernel", args, context):
            result = self._handle.run(context_handle(context), *_handles(args, "a ReductionKernel"))
        return _data.array._of_handle(result, no_dimensions=True)
