"""Sorting on the device: the array API's sort and argsort, numpy's sort and argsort, and numpy's
median, percentile and quantile (method "linear", numpy's default) of tiles data. Each is one call
of the core's stable sort (tiles_sort_new); median, percentile and quantile then gather the
elements they need along the axis and interpolate between them with elementwise kernels, as
numpy's _quantile and _median do after their partition. Where the core does not sort the dtype
(complex, float16, doubles a device lacks) or numpy's keywords ask for what is not done here
(out=, weights=, another method, several axes), these return None and the caller goes through
the host."""

from __future__ import annotations

import operator
from typing import Any, Optional, Tuple

import numpy as np
from numpy.lib.array_utils import normalize_axis_index

from . import _data, _elementwise, _statistics, _through_host, _tiles
from ._where_work_runs import context_for
from .errors import Unsupported


def ordered(x: Any, axis: int, descending: bool, values: bool, positions: bool) -> Optional[Tuple[Any, Any]]:
    """The sorted values of tiles data x along `axis` (where `values`) and their int64 positions
    along it (where `positions`), new arrays on x's device, None for the one not asked for; the
    sort is stable, NaNs last (first where descending). None where the core does not sort x's
    dtype. numpy's AxisError for an axis out of range (and for data of no dimensions)."""
    axis = normalize_axis_index(operator.index(axis), x.ndim)
    if x.size == 0:
        context = context_for([x])
        return (_data.empty(x.shape, x.dtype, context=context) if values else None,
                _data.empty(x.shape, np.int64, context=context) if positions else None)
    try:
        made = _tiles.sort_new(x._view_handle(), x._holds_bool, axis, descending, values, positions, None)
    except Unsupported:
        return None
    return tuple(None if m is None else _data.array._of_core(*m, False) for m in made)  # type: ignore[return-value]


def sort(a: Any, axis: Any = -1, kind: Any = None, order: Any = None, *, stable: Any = None) -> Optional[Any]:
    """numpy's sort of tiles data (all its elements where axis is None): stable whatever `kind`,
    which numpy allows, as the same values come out. None where the core does not sort it."""
    if order is not None or not _through_host.is_tiles(a):
        return None
    found = ordered(a.reshape(-1) if axis is None else a, 0 if axis is None else axis, False, True, False)
    return None if found is None else found[0]


def argsort(a: Any, axis: Any = -1, kind: Any = None, order: Any = None, *, stable: Any = None) -> Optional[Any]:
    """numpy's argsort of tiles data, in the stable order (kind="stable"'s) whatever `kind`."""
    if order is not None or not _through_host.is_tiles(a):
        return None
    found = ordered(a.reshape(-1) if axis is None else a, 0 if axis is None else axis, False, False, True)
    return None if found is None else found[1]


def _along(a: Any, axis: Any) -> Optional[Tuple[Any, int]]:
    """a and the axis that median and the quantiles sort along (a's elements in order, axis 0,
    where axis is None); None for several axes, data of no elements (numpy's warning and NaN) and
    data that is not the device's."""
    if not _through_host.is_tiles(a) or a.size == 0 or isinstance(axis, (tuple, list)):
        return None
    return (a.reshape(-1), 0) if axis is None else (a, normalize_axis_index(operator.index(axis), a.ndim))


def _at(sorted_data: Any, positions: Any, axis: int) -> Any:
    """The elements of sorted_data at `positions` (host ints, negative from the end) along `axis`,
    gathered on the device; the axis stays, of len(positions)."""
    return sorted_data[(slice(None),) * axis + (np.asarray(positions, dtype=np.int64),)]


def _nan_kept(sorted_data: Any, result: Any, axis: int) -> Any:
    """result, with the NaN of each line that holds one where it does, as numpy's median and
    quantiles give: after the sort, a line's NaNs are its last elements."""
    if sorted_data.dtype.kind != "f":
        return result
    last = _at(sorted_data, [-1], axis)
    return _elementwise.where(np.isnan(last), last, result)


def _reduced(result: Any, shape: Tuple[int, ...], axis: int, keepdims: bool, original: Any, whole: bool) -> Any:
    """result (axis of extent 1) in numpy's shape of a reduction of `original` over `axis`, or
    over all of it where `whole`."""
    if keepdims:
        return result.reshape((1,) * original.ndim if whole else shape[:axis] + (1,) + shape[axis + 1:])
    return result.reshape(shape[:axis] + shape[axis + 1:])


def _sorted_lines(a: Any, axis: Any) -> Optional[Tuple[Any, int, Any]]:
    """The data whose lines along `axis` median and quantile read (_along's), the axis's index, and
    those lines sorted on the device; None where not done here."""
    along = _along(a, axis)
    if along is None:
        return None
    data, axis_index = along
    found = ordered(data, axis_index, False, True, False)
    return None if found is None else (data, axis_index, found[0])


def median(a: Any, axis: Any = None, out: Any = None, overwrite_input: bool = False,
           keepdims: bool = False) -> Optional[Any]:
    """numpy's median of tiles data on the device: the sort, the middle element or two gathered,
    their mean (numpy's too), NaN where the line holds one. None where not done here."""
    lines = None if out is not None else _sorted_lines(a, axis)
    if lines is None:
        return None
    data, axis_index, sorted_data = lines
    n = data.shape[axis_index]
    middle = _at(sorted_data, [n // 2] if n % 2 else [n // 2 - 1, n // 2], axis_index)
    result = _nan_kept(sorted_data, _statistics.mean(middle, axis=axis_index, keepdims=True), axis_index)
    return _reduced(result, data.shape, axis_index, keepdims, a, axis is None)


def _neighbours(n: int, quantiles: np.ndarray) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """numpy's virtual indexes of `quantiles` in lines of n sorted elements, the positions of the
    elements below them (-1: the last) and their weights, computed on the host as numpy's
    _QuantileMethods["linear"], _get_indexes and _get_gamma do."""
    virtual = np.asanyarray((n - 1) * quantiles)  # numpy's virtual index of the method "linear"
    if np.issubdtype(virtual.dtype, np.integer):  # integer quantiles 0 and 1: no interpolation
        return virtual, virtual, virtual
    previous = np.floor(virtual, out=...)
    previous[virtual >= n - 1] = -1
    previous = previous.astype(np.intp)
    return virtual, previous, np.asanyarray(virtual - previous, dtype=virtual.dtype)


def _interpolated(sorted_data: Any, axis: int, previous: Any, gamma: Any, weak_q: bool) -> Any:
    """numpy's linear interpolation (_lerp) of each line of sorted_data between the element at
    `previous` and the next (the last where previous is -1) with weight gamma: its two formulas,
    the weight's side of 0.5 choosing one, so that the result rounds as numpy's does."""
    if np.issubdtype(np.asarray(gamma).dtype, np.integer):
        return _at(sorted_data, [int(previous)], axis)
    below = _at(sorted_data, [int(previous)], axis)
    above = _at(sorted_data, [-1 if previous == -1 else int(previous) + 1], axis)
    t = float(gamma) if weak_q else gamma
    difference = above - below
    return above - difference * (1 - t) if gamma >= 0.5 else below + difference * t


def quantile(a: Any, q: Any, axis: Any = None, out: Any = None, overwrite_input: bool = False,
             method: str = "linear", keepdims: bool = False, *, weights: Any = None,
             interpolation: Any = None) -> Optional[Any]:
    """numpy's quantile of tiles data on the device, for numpy's default method and q a scalar or
    one dimension of them: the sort, then each quantile's two neighbours gathered and interpolated
    (one small kernel each), NaN where the line holds one. None where not done here."""
    weak_q = type(q) in (int, float)  # numpy's rule: a Python number promotes weakly
    quantiles = np.asanyarray(q)
    if not (np.all(0 <= quantiles) and np.all(quantiles <= 1)):
        raise ValueError("Quantiles must be in the range [0, 1]")
    return _quantiles(a, quantiles, weak_q, axis, out, method, keepdims, weights, interpolation)


def percentile(a: Any, q: Any, axis: Any = None, out: Any = None, overwrite_input: bool = False,
               method: str = "linear", keepdims: bool = False, *, weights: Any = None,
               interpolation: Any = None) -> Optional[Any]:
    """numpy's percentile of tiles data on the device: quantile's of q / 100."""
    weak_q = type(q) in (int, float)
    quantiles = np.true_divide(q, 100, out=...)
    if not (np.all(0 <= quantiles) and np.all(quantiles <= 1)):
        raise ValueError("Percentiles must be in the range [0, 100]")
    return _quantiles(a, quantiles, weak_q, axis, out, method, keepdims, weights, interpolation)


def _quantiles(a: Any, quantiles: np.ndarray, weak_q: bool, axis: Any, out: Any, method: str, keepdims: bool,
               weights: Any, interpolation: Any) -> Optional[Any]:
    """The quantiles of tiles data `a` along `axis`, stacked along a first axis where `quantiles`
    has one, as numpy's _quantile; None where not done here."""
    if out is not None or method != "linear" or weights is not None or interpolation is not None:
        return None
    lines = None if quantiles.ndim > 1 or quantiles.size == 0 else _sorted_lines(a, axis)
    if lines is None:
        return None
    data, axis_index, sorted_data = lines
    _, previous, gamma = _neighbours(data.shape[axis_index], quantiles)
    results = [_reduced(_nan_kept(sorted_data, _interpolated(sorted_data, axis_index, p, g, weak_q), axis_index),
                        data.shape, axis_index, keepdims, a, axis is None)
               for p, g in zip(previous.reshape(-1), gamma.reshape(-1))]
    if quantiles.ndim == 0:
        return results[0]
    return _elementwise.concatenate([r.reshape((1,) + r.shape) for r in results], axis=0)
