"""Prefix sums and products on the device, and what they find: numpy's cumulative_sum (and
cumsum) and cumulative_prod (and cumprod) along any axis, one call of the core's scan each; and
the positions of a mask's true elements, which x[mask], its assignments and nonzero gather and
scatter through: one call of the core (tiles_true_positions_new), which scans the mask and
compacts the positions."""

from __future__ import annotations

from typing import Any, Optional, Tuple

import numpy as np
from numpy.lib.array_utils import normalize_axis_index

from . import _data, _elementwise, _indexing, _through_host, _tiles
from ._devices import Context
from ._where_work_runs import context_for
from .errors import Unsupported

# numpy's function of each operation, along an axis and along all the elements in order.
NUMPY = {"add": (np.cumulative_sum, np.cumsum), "multiply": (np.cumulative_prod, np.cumprod)}
# The core's reduction of each operation, by its number in the C API.
_CORE = {operation: _tiles.axis_reduction_names().index(name)
         for operation, name in (("add", "sum"), ("multiply", "prod"))}


def cumulative(x: Any, axis: Optional[int], dtype: Any, include_initial: bool, operation: str = "add") -> Optional[Any]:
    """numpy's cumulative_sum (cumulative_prod, for `operation` "multiply") of tiles data x as a
    new array on its device, one call of the core's scan (tiles_axis_scan_new); None where the core
    does not compute it (float16 results, doubles a device lacks), and for x of no dimensions.
    numpy's refusals (an axis missing or out of range) come first."""
    if not _through_host.is_tiles(x) or x.ndim == 0:
        return None
    if axis is None and x.ndim > 1:
        raise ValueError("For arrays which have more than one dimension ``axis`` argument is required.")
    return _core_scan(x, normalize_axis_index(0 if axis is None else axis, x.ndim), dtype, include_initial, operation)


def cumulative_method(x: Any, axis: Optional[int], dtype: Any, operation: str) -> Optional[Any]:
    """numpy's cumsum (`operation` "add") or cumprod ("multiply") of tiles data x (of all its
    elements in their order where axis is None) as a new array on its device, where the core
    computes it; else None."""
    if axis is not None or x.ndim <= 1:
        return cumulative(x, axis, dtype, False, operation)
    return _core_scan(x, None, dtype, False, operation)


def _core_scan(x: Any, axis: Optional[int], dtype: Any, include_initial: bool, operation: str) -> Optional[Any]:
    """The core's scan of x along `axis` (None: all its elements in order); numpy's result for data
    of no elements, which the core holds no view of."""
    dtype = None if dtype is None else _data._dtype(dtype)
    if x.size == 0:
        keywords = {} if dtype is None else {"dtype": dtype}
        empty = np.empty(x.shape, x.dtype)
        host = (NUMPY[operation][1](empty, **keywords) if axis is None else
                NUMPY[operation][0](empty, axis=axis, include_initial=include_initial, **keywords))
        return _through_host.to_device(host, context_for([x]))
    try:
        made = _tiles.scan_axis_new(_CORE[operation], x._view_handle(), x._holds_bool, axis, include_initial, dtype,
                                    None)
    except Unsupported:
        return None
    return _data.array._of_core(*made, False)


def true_positions(mask: Any, context: Context) -> Any:
    """The positions of the true elements of `mask` (tiles data, numpy's, a Python bool) among
    its elements in row-major order, as a new int64 array on `context`: one call of the core, which
    scans the mask, reads back the count (numpy's shape of x[mask] needs it) and compacts. A mask
    that is not tiles data on `context` goes there first."""
    if not _through_host.is_tiles(mask) or context_for([mask]) != context:
        mask = _data.array(np.asarray(_through_host.host(mask), dtype=np.bool_), context=context)
    made = _tiles.true_positions(mask._view_handle(), None) if mask.size else None
    return _data.empty(0, np.int64, context=context) if made is None else _data.array._of_core(*made, False)


def nonzero(x: Any) -> Optional[Tuple[Any, ...]]:
    """numpy's nonzero of tiles data x (of a dimension or more) as new int64 arrays on its device,
    one a dimension: the positions of x != 0 (computed there), unravelled; None where the
    elementwise kernels do not compare x's dtype."""
    context = context_for([x])
    if not _elementwise.computable(x.dtype) or _elementwise.lacks_doubles(context, (x.dtype,)):
        return None
    mask = x if x.dtype == np.bool_ else _elementwise.apply(np.not_equal, (x, 0))
    positions = true_positions(mask, context)
    if x.ndim == 1:
        return (positions,)
    found = []
    for d, stride in enumerate(_indexing.dense_strides(x.shape)):
        along = positions if stride == 1 else _elementwise.apply(np.floor_divide, (positions, stride))
        found.append(along if d == 0 else _elementwise.apply(np.remainder, (along, x.shape[d])))
    return tuple(found)
