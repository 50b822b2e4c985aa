"""Prefix sums and products on the device, and what they find: numpy's cumulative_sum (and
cumsum) and cumulative_prod (and cumprod) along any axis, one call of the core's scan each; and
the positions of a mask's true elements, which x[mask], its assignments and nonzero gather and
scatter through. A mask's scan is work-efficient, in three passes (the kernels of _scan_source):
each tile sums its part and writes its total, the totals are scanned the same way (recursively,
until one tile holds them), and each tile adds the totals of the tiles before it."""

from __future__ import annotations

from typing import Any, Optional, Tuple

import numpy as np
from numpy.lib.array_utils import normalize_axis_index

from . import _data, _elementwise, _indexing, _through_host, _tiles
from . import _elementwise_source as elementwise
from . import _scan_source as generated
from ._devices import Context
from ._generated_kernels import generated_kernels
from ._launch import extent, parallel_for_each
from ._where_work_runs import context_for
from .errors import Unsupported

# The longest tile along a line, where the device takes it (else its largest power of two).
_TILE = 256

_kernel = generated_kernels(generated.source)


def _tile(n: int, context: Context) -> int:
    """The tile along lines of n elements: n rounded up to a power of two (so that short lines,
    along an axis of a few elements, launch few idle work-items, and few tile shapes are built),
    at most _TILE or the device's largest."""
    largest = min(_TILE, 1 << (context.device.max_work_group_size.bit_length() - 1))
    return min(largest, 1 << max(n - 1, 0).bit_length())


def _scan(data: Any, lines: Tuple[int, int, int], result: np.dtype, shape: Tuple[int, ...], context: Context) -> Any:
    """A new array of `shape` on `context` holding the inclusive sums, in `result`, along the
    middle dimension of `data`'s elements seen as `lines` (outer, n, inner)."""
    outer, n, inner = lines
    out, scanned, tile = _tiles_scanned(data, lines, result, shape, context)
    tiles_along = scanned.shape[1]
    if tiles_along > 1:
        parallel_for_each(extent(outer, inner, (tiles_along - 1) * tile).tile(1, 1, tile),
                          _kernel(generated.Signature(data.dtype, result), "tiles_add_offsets"), out, scanned, n,
                          inner, context=context)
    return out


def _tiles_scanned(data: Any, lines: Tuple[int, int, int], result: np.dtype, shape: Tuple[int, ...],
                   context: Context) -> Tuple[Any, Any, int]:
    """The scan's first passes, for lines of n > 0 elements: a new array of `shape` holding the
    inclusive sums within each tile of a line (as _scan's), the inclusive sums of the tiles'
    totals along each line (a row of them a line, in the result's accumulator), and the tile."""
    outer, n, inner = lines
    out = _data.empty(shape, result, context=context)
    tile = _tile(n, context)
    tiles_along = -(-n // tile)
    summed = generated.accumulator(result)
    totals = _data.empty((outer * inner, tiles_along), summed, context=context)
    parallel_for_each(extent(outer, inner, tiles_along * tile).tile(1, 1, tile),
                      _kernel(generated.Signature(data.dtype, result), "tiles_scan_tiles"), out, data, totals, n, inner,
                      context=context)
    if tiles_along == 1:
        return out, totals, tile
    return out, _scan(totals, (outer * inner, tiles_along, 1), summed, totals.shape, context), tile


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
    its elements in row-major order, as a new int64 array on `context`: each true element's place
    is the number of true elements before it, from the mask's scan, whose last value, the number
    of them, is the one value read back (numpy's shape of x[mask] needs it). That scan stops
    short of adding the tiles' totals to each tile's sums: the compaction adds the one it needs.
    A mask that is not tiles data on `context` goes there first."""
    if not _through_host.is_tiles(mask) or context_for([mask]) != context:
        mask = _data.array(np.asarray(_through_host.host(mask), dtype=np.bool_), context=context)
    size = mask.size
    if size == 0:
        return _data.empty(0, np.int64, context=context)
    within, scanned, tile = _tiles_scanned(mask, (1, size, 1), np.dtype(np.int64), (size,), context)
    tiles_along = scanned.shape[1]
    count = int(scanned.reshape(-1)[tiles_along - 1:].get()[0])
    positions = _data.empty(count, np.int64, context=context)
    if count:
        parallel_for_each(extent(1, 1, tiles_along * tile).tile(1, 1, tile),
                          _kernel(generated.Signature(np.dtype(np.bool_), np.dtype(np.int64)), "tiles_true_positions"),
                          positions, mask, within, scanned, size, context=context)
    return positions


def nonzero(x: Any) -> Optional[Tuple[Any, ...]]:
    """numpy's nonzero of tiles data x (of a dimension or more) as new int64 arrays on its device,
    one a dimension: the positions of x != 0 (computed there), unravelled; None where the
    elementwise kernels do not compare x's dtype."""
    context = context_for([x])
    if not elementwise.computable(x.dtype) or _elementwise.lacks_doubles(context, (x.dtype,)):
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
