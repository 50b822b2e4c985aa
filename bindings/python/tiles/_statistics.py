"""The array API's statistical functions (max, min, sum, prod, mean, var, std, cumulative_sum and
cumulative_prod) with results as tiles arrays: sum, prod, max, min, mean, all, any, argmax and
argmin over any axes by the core's reduction engine (_reductions), on the device, the result
staying there; and var and std of float32 (float64) data over any axes from the mean and the
squared deviations, each a kernel.

numpy's where= and initial= of sum, prod, max, min, mean, all and any (masked) are on the device
too, in the same call of the core's reduction.

cumulative_sum and cumulative_prod are scans on the device (_scan), for the dtypes its kernels
combine."""

from __future__ import annotations

import math
import warnings
from typing import Any, Optional

import numpy as np
from numpy.lib.array_utils import normalize_axis_tuple

from . import _data, _elementwise, _reductions, _scan, _through_host


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


def mean(x: Any, axis: Any = None, keepdims: bool = False, dtype: Any = None) -> Any:
    """numpy's mean over `axis` (in `dtype`), as reduction's."""
    return reduction(x, "mean", axis, keepdims, dtype)


def masked(x: Any, op: str, axis: Any = None, keepdims: bool = False, dtype: Any = None, *, initial: Any = None,
           where: Any = True) -> Any:
    """numpy's `op` (sum, prod, max, min, mean, all, any) of tiles data x with where= and
    initial= (None: not given): one call of the core's reduction, which counts the elements where=
    leaves out as the identity, combines initial with each result and divides a mean by the number
    of elements left in (numpy's warning where that is none: the mean is NaN); through numpy for
    data of no elements and dtypes the kernels lack."""
    def on_host() -> Any:
        keywords = {} if initial is None else {"initial": initial}
        return _through_host.compute(getattr(np, op), x, axis=axis, keepdims=keepdims, where=_through_host.host(where),
                                     **keywords, **({} if dtype is None else {"dtype": dtype}))
    if x.size == 0:
        return on_host()
    mask = _elementwise.where_mask(where, x.device)
    if mask is False:  # the reduction's mask is data: one False, broadcast
        mask = _data.array(np.zeros((), np.bool_), context=x.device)
    if initial is not None:  # converted as numpy converts it: its casts, OverflowError, and errors for a sequence
        start = np.empty((), getattr(np, op)(np.ones(1, x.dtype), **({} if dtype is None else {"dtype": dtype})).dtype)
        start[()] = initial
        initial = start[()]
    result = _reductions.reduce(x, op, axis, keepdims, None if dtype is None else _data._dtype(dtype), mask, initial)
    if result is None:
        return on_host()
    if op == "mean" and mask is not None and _leaves_one_empty(x, mask, axis):
        warnings.warn("Mean of empty slice", RuntimeWarning, stacklevel=4)  # from the caller of a.mean
    return result


def _leaves_one_empty(x: Any, mask: Any, axis: Any) -> bool:
    """Whether the mask leaves no element in some result of a reduction of x over `axis`: whether
    its any over the reduced axes (of the mask padded to x's rank) is false somewhere (one read)."""
    axes = tuple(range(x.ndim)) if axis is None else normalize_axis_tuple(axis, x.ndim)
    padded = (1,) * (x.ndim - mask.ndim) + tuple(mask.shape)
    mask = mask if padded == tuple(mask.shape) else mask.reshape(padded)
    return not bool(_reductions.reduce(_reductions.reduce(mask, "any", axes, True), "all"))


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
