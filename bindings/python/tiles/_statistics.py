"""The array API's statistical functions (max, min, sum, prod, mean, var, std, cumulative_sum and
cumulative_prod) with results as tiles arrays: sum, prod, max, min, mean, all, any, argmax and
argmin over any axes by the core's reduction engine (_reductions), on the device, the result
staying there; and var and std of float32 (float64) data over any axes from the mean and the
squared deviations, each a kernel.

numpy's where= and initial= of sum, prod, max, min, mean, all and any (masked) are on the device
too: the elements where= leaves out are replaced by the reduction's identity (by initial for max
and min) in one elementwise launch, and initial is combined with the result in another.

cumulative_sum and cumulative_prod are scans on the device (_scan), for the dtypes its kernels
combine."""

from __future__ import annotations

import math
import warnings
from typing import Any, Optional

import numpy as np
from numpy.lib.array_utils import normalize_axis_tuple

from . import _data, _elementwise, _reductions, _scan, _through_host
from ._reductions import COMBINE


def reduction(x: Any, op: str, axis: Any = None, keepdims: bool = False, dtype: Any = None) -> Any:
    """numpy's `op` (sum, prod, max, min, mean, all, any, argmax, argmin) of x over `axis` as a
    tiles array: by the core's reduction engine (_reductions), else (complex data's order, doubles
    a device lacks) through the host."""
    dtype = None if dtype is None else _data._dtype(dtype)
    if _through_host.is_tiles(x):
        result = _reductions.reduce(x, op, axis, keepdims, dtype)
        if result is not None:
            return result
    keywords = dict(axis=axis, keepdims=keepdims, **({} if dtype is None else {"dtype": dtype}))
    return _through_host.compute(getattr(np, op), x, **keywords)


def total(x: Any, op: str, dtype: Any = None) -> Optional[np.generic]:
    """The sum, max or min of all of x's elements as numpy's scalar, read back from the core's
    reduction (one launch and one read: the methods' common case); None where it lacks the dtypes."""
    if not _through_host.is_tiles(x) or x.size == 0:
        return None
    result = _reductions.reduce(x, op, None, False, None if dtype is None else _data._dtype(dtype))
    return None if result is None else result.get()[()]


def mean(x: Any, axis: Any = None, keepdims: bool = False, dtype: Any = None) -> Any:
    """numpy's mean over `axis` (in `dtype`), as reduction's."""
    return reduction(x, "mean", axis, keepdims, dtype)


# The value that leaves each reduction's result as it is: what where= puts in place of the elements it
# leaves out (max and min have none: numpy asks for initial= there).
_IDENTITY = {"sum": 0, "prod": 1, "mean": 0, "all": True, "any": False}


def _mask(where: Any, shape: Any, context: Any) -> Any:
    """where= as a bool mask that broadcasts to the data's `shape` (tiles data as it is, anything
    else uploaded to `context`), or None for where=True: converted as numpy converts it (None is
    False; numpy's TypeError for an array that does not cast 'safe' to bool), a ValueError naming
    both shapes for one that does not broadcast."""
    if _through_host.is_tiles(where):
        _through_host.refuse_unsafe_cast(where.dtype, where.ndim, np.bool_)
    else:
        where = _through_host.argument(where, np.bool_)
        if where.ndim == 0 and where:
            return None
        where = _data.array(where, context=context)
    if len(where.shape) > len(shape) or np.broadcast_shapes(tuple(where.shape), tuple(shape)) != tuple(shape):
        raise ValueError(f"where= of shape {tuple(where.shape)} does not broadcast to the data's {tuple(shape)}")
    return where


def masked(x: Any, op: str, axis: Any = None, keepdims: bool = False, dtype: Any = None, *, initial: Any = None,
           where: Any = True) -> Any:
    """numpy's `op` (sum, prod, max, min, mean, all, any) of tiles data x with where= and
    initial= (None: not given), as reduction's and mean's on the device: the elements left out
    replaced by the identity (initial for max and min, which numpy requires with where=), initial
    combined with each result, the mean over the number of elements where= leaves in (numpy's
    warning where that is none: the mean is NaN); data of no elements through numpy."""
    if x.size == 0:
        keywords = {} if initial is None else {"initial": initial}
        return _through_host.compute(getattr(np, op), x, axis=axis, keepdims=keepdims, where=_through_host.host(where),
                                     **keywords, **({} if dtype is None else {"dtype": dtype}))
    mask = _mask(where, x.shape, x.device)
    if op in ("max", "min") and mask is not None and initial is None:
        raise ValueError(f"reduction operation '{COMBINE[op]}' does not have an identity, so to use a where "
                         "mask one has to specify 'initial'")
    result = getattr(np, op)(np.ones(1, x.dtype), **({} if dtype is None else {"dtype": dtype})).dtype
    start = None
    if initial is not None:  # stored as numpy stores it: its casts, OverflowError, and errors for a sequence
        start = np.empty((), result)
        start[()] = initial
    if mask is not None:
        fill = np.array(initial if op in ("max", "min") else _IDENTITY[op], dtype=x.dtype)
        if x.dtype == np.float16:  # which elementwise kernels move through float32, exactly
            x = _elementwise.astype(x, np.float32)
        x = _elementwise.where(mask, x, fill.astype(x.dtype))
    if op == "mean":
        total = mean(x, axis, keepdims, dtype) if mask is None else _masked_mean(x, mask, axis, keepdims, result)
    else:
        total = reduction(x, op, axis, keepdims, dtype)
        if start is not None:
            total = total if total.dtype != np.float16 else _elementwise.astype(total, np.float32)
            total = _elementwise.apply(getattr(np, COMBINE[op]), (total, start.astype(total.dtype)[()]))
    return total if total.dtype == result else _elementwise.astype(total, result, False)


def _masked_mean(x: Any, mask: Any, axis: Any, keepdims: bool, result: np.dtype) -> Any:
    """numpy's mean (of dtype `result`) of x with its left-out elements already 0: the sum in
    `result` (float16's in float32, rounded once by the caller, as numpy's) over the number of
    elements the mask leaves in, counted in its real dtype (exact: sums of float32 ones are added
    in double, or in float up to 2^24) from the mask itself, times the length of each reduced
    dimension it broadcasts along; numpy's warning where that number is 0 (the mean is NaN)."""
    summed = np.dtype(np.float32) if result == np.float16 else result
    real = np.empty(0, summed).real.dtype
    axes = tuple(range(x.ndim)) if axis is None else normalize_axis_tuple(axis, x.ndim)
    padded = (1,) * (x.ndim - mask.ndim) + tuple(mask.shape)
    mask = mask if padded == tuple(mask.shape) else mask.reshape(padded)
    count = reduction(mask, "sum", axes, True, real)
    broadcast = math.prod(x.shape[a] for a in axes if padded[a] == 1)
    if broadcast != 1:
        count = _elementwise.apply(np.multiply, (count, real.type(broadcast)))
    if bool(reduction(_elementwise.apply(np.equal, (count, real.type(0))), "any")):
        warnings.warn("Mean of empty slice", RuntimeWarning, stacklevel=5)  # from the caller of a.mean
    total = _elementwise.apply(np.true_divide, (reduction(x, "sum", axes, True, summed), count))
    if not keepdims:
        total = _elementwise.reshaped_copy(total, _reductions.result_shape(tuple(x.shape), axes, False))
    return total


def _result_dtype(x: Any, dtype: Any) -> np.dtype:
    """numpy's dtype of the var (and std) of x's elements in `dtype`."""
    return np.var(np.zeros(1, x.dtype), **({} if dtype is None else {"dtype": _data._dtype(dtype)})).dtype


def var(x: Any, axis: Any = None, correction: float = 0.0, keepdims: bool = False, dtype: Any = None) -> Any:
    """numpy's var (ddof=correction, in `dtype`): on the device for float32 data (float64 where the
    device has doubles, and bools and integers, which numpy computes in float64), as the sum over
    `axis` of squared deviations from the mean, over the number of elements summed less
    `correction`; a float16 result computed so in float32 and rounded once, as numpy's float16
    loops compute in float; through the host for other dtypes, and where that number is not above
    `correction` (numpy's warning and infinities)."""
    result = _result_dtype(x, dtype)
    if result == np.float16:
        return _elementwise.astype(var(x, axis, correction, keepdims, np.float32), np.float16, False)
    floats = (np.float32, np.float64) if _elementwise._has_doubles(x) else (np.float32,)
    if _through_host.is_tiles(x) and x.dtype.kind in "biuf" and result in floats:
        axes = range(x.ndim) if axis is None else normalize_axis_tuple(axis, x.ndim)
        count = math.prod(x.shape[a] for a in axes)
        if count > correction:
            x = x if x.dtype == result else _elementwise.astype(x, result, True)
            deviations = _elementwise.apply(np.subtract, (x, mean(x, axis, keepdims=True)))
            total = reduction(_elementwise.apply(np.multiply, (deviations, deviations)), "sum", axis, keepdims)
            return _elementwise.apply(np.true_divide, (total, result.type(count - correction)))
    return _through_host.compute(np.var, x, axis=axis, ddof=correction, keepdims=keepdims, dtype=dtype)


def std(x: Any, axis: Any = None, correction: float = 0.0, keepdims: bool = False, dtype: Any = None) -> Any:
    """The square root of var, on the device where var is; of a float16 result, the root of the
    float32 var, rounded once to float16, as numpy's."""
    half = _result_dtype(x, dtype) == np.float16
    variance = var(x, axis=axis, correction=correction, keepdims=keepdims, dtype=np.float32 if half else dtype)
    root = _elementwise.apply(np.sqrt, (variance,))
    return _elementwise.astype(root, np.float16, False) if half else root


def cumulative(operation: str, x: Any, axis: Optional[int] = None, dtype: Any = None,
               include_initial: bool = False) -> Any:
    """numpy's cumulative_sum (`operation` "add") or cumulative_prod ("multiply"): by a scan on the
    device (_scan) where its kernels combine x's dtype into the result's, else through the host."""
    found = _scan.cumulative(x, axis, dtype, include_initial, operation)
    if found is not None:
        return found
    return _through_host.compute(_scan.NUMPY[operation][0], x, axis=axis, dtype=dtype, include_initial=include_initial)
