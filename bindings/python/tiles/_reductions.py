"""Reductions over axes on the device: numpy's sum, prod, max, min, mean, all, any, argmax and
argmin over any axes, with keepdims and dtype=, one call of the core's reduction engine each
(tiles_axis_reduction_new), which decides numpy's result dtype, the kernel and its launches. Results
are new tiles.array that stay on the device."""

from __future__ import annotations

import operator
from typing import Any, Optional, Tuple

import numpy as np
from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple

from . import _data, _through_host, _tiles
from ._where_work_runs import context_for
from .errors import Unsupported

# The core's reductions, by their numbers in the C API.
_OPERATIONS = {name: op for op, name in enumerate(_tiles.axis_reduction_names())}
# The reductions to the position of the first greatest or least element, which take one axis or all.
POSITIONS = ("argmax", "argmin")
# The elementwise ufunc that combines two values of each reduction, as numpy's messages name it.
COMBINE = {"sum": "add", "prod": "multiply", "max": "maximum", "min": "minimum", "mean": "add", "all": "logical_and",
           "any": "logical_or"}


def result_shape(shape: Tuple[int, ...], axes: Tuple[int, ...], keepdims: bool) -> Tuple[int, ...]:
    return tuple(1 if d in axes else n for d, n in enumerate(shape) if keepdims or d not in axes)


def reduce(x: Any, op: str, axis: Any = None, keepdims: bool = False, dtype: Optional[np.dtype] = None,
           where: Any = None, initial: Any = None) -> Any:
    """numpy's `op` of tiles data x over `axis` (None, an int or a tuple; argmax and argmin take
    None or one int) as a new tiles.array on the device, with where= (tiles bool data; None: every
    element) and initial= (a number; None: none) in the same call; None where the core lacks the
    dtypes (complex data's order, doubles on a device without them), for the host to compute. Data
    of no elements gives numpy's result (its identity, NaN) or numpy's error."""
    shape = x.shape
    rank = len(shape)
    if axis is None:
        axes = None
    elif type(axis) is int and -rank <= axis < rank:  # the common case: the core makes a negative axis positive
        axes = (axis,)
    elif op in POSITIONS:  # one axis, as numpy's argmax takes (a tuple is its TypeError)
        axes = (normalize_axis_index(operator.index(axis), rank),)
    else:
        axes = normalize_axis_tuple(axis, rank)  # numpy's AxisError for an axis out of range
    if 0 in shape:
        keywords = {} if dtype is None else {"dtype": dtype}
        return _through_host.to_device(getattr(np, op)(np.empty(shape, x.dtype), axis=axis, keepdims=keepdims,
                                                       **keywords), context_for([x]))
    no_dimensions = rank == 0 or (not keepdims and (axes is None or len(axes) == rank))
    try:
        made = _tiles.reduce_axes_new(_OPERATIONS[op], x._view_handle(), x._holds_bool, None if rank == 0 else axes,
                                      bool(keepdims), dtype, None, None if where is None else where._view_handle(),
                                      initial)
    except Unsupported:
        return None
    return _data.array._of_core(*made, no_dimensions)
