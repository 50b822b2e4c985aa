"""Reductions over axes on the device (sum, prod, max, min, mean, all, any over any axes; argmax
and argmin over one axis or all), in the kernels of _reduction_source, with numpy's result dtypes,
keepdims and empty reductions; results are new tiles.array that stay on the device."""

from __future__ import annotations

import dataclasses
import functools
import math
import operator
from typing import Any, Dict, List, Optional, Tuple

import numpy as np
from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple

from . import _data, _elementwise, _through_host
from . import _elementwise_source as generated
from . import _reduction_source as source
from ._generated_kernels import generated_kernels
from ._launch import Kernel, extent, parallel_for_each
from ._plans import plan_cache
from ._where_work_runs import context_for

_kernels = generated_kernels(source.source, generated.OPTIONS)

# A result of fewer elements than BUSY has the first reduced dimension shared among several
# work-items each (a second launch combines their shares), so that about BUSY work-items run,
# each over at least _LEAST_SHARE elements: a GPU would idle with a work-item for each of a few
# results. A CPU's few cores run a work-group's work-items as a loop, and there the sharing cost
# more than it gained (BENCHMARKS.md: a sum over the rows of a (262144, 4) matrix took 4.0 ms
# shared, 1.4 ms not), so on CPUs the limit is BUSY_ON_CPUS, 1: no sharing.
BUSY = 16384
BUSY_ON_CPUS = 1
_LEAST_SHARE = 64
# Where each result reduces a row of consecutive elements (over the last axes) of at least
# 2 * _LEAST_SHARE, and there are rows enough for BUSY work-items, a GPU reduces rows in tiles of
# ROW_TILE work-items (the tile's largest power of two where the device's work-groups are smaller),
# each row among neighbouring work-items that each combine ROW_ELEMENTS elements or more, so that
# a warp reads consecutive elements, combined in tile_static memory in the same launch. Rows
# shared among 32 work-items, their shares combined by a second launch, ran at 0.41x CuPy's sums
# of the rows of an 8192^2 float32 matrix on the H200, whatever the number of shares (32 to 512).
# 32 elements a work-item ran a little faster than 8 on the H200 in every shape timed (BENCHMARKS.md:
# 0.43x CuPy's against 0.40x at 8192^2, 0.64x against 0.54x at (65536, 1024)); tiles of 256, 512
# and 1024 work-items were within noise of each other. Rows shorter than 2 * _LEAST_SHARE take the
# rows kernel too, however many there are, each among as many work-items as give each 4 elements
# (a vector): one work-item a row had a warp read elements a row apart (not yet timed on a GPU).
ROW_TILE = 256
ROW_ELEMENTS = 32


def _runs(shape: Tuple[int, ...], axes: Tuple[int, ...]) -> Tuple[List[Tuple[int, int]], List[Tuple[int, int]]]:
    """The (dimension, stride in elements) of the kept and of the reduced dimensions of a dense
    row-major `shape`, each in order, neighbours that are one run merged and dimensions of 1
    left out."""
    strides = [math.prod(shape[d + 1:]) for d in range(len(shape))]
    kept: List[Tuple[int, int]] = []
    reduced: List[Tuple[int, int]] = []
    for d, (n, stride) in enumerate(zip(shape, strides)):
        if n == 1:
            continue
        runs = reduced if d in axes else kept
        if runs and runs[-1][1] == n * stride:
            runs[-1] = (runs[-1][0] * n, stride)
        else:
            runs.append((n, stride))
    return kept, reduced


def _result_shape(shape: Tuple[int, ...], axes: Tuple[int, ...], keepdims: bool) -> Tuple[int, ...]:
    return tuple(1 if d in axes else n for d, n in enumerate(shape) if keepdims or d not in axes)


@functools.lru_cache(maxsize=256)
def result_dtype(op: str, elements: np.dtype, dtype: Optional[np.dtype]) -> np.dtype:
    """numpy's result dtype of `op` of `elements` with `dtype=` (None where not given), which
    asking numpy costs more than a small reduction's launch: kept per (op, dtypes)."""
    return getattr(np, op)(np.ones(1, elements), **({} if dtype is None else {"dtype": dtype})).dtype


def _dtypes(elements: np.dtype, op: str, dtype: Optional[np.dtype], doubles: bool) -> Tuple[np.dtype, np.dtype]:
    """numpy's result dtype of `op` of `elements` (with `dtype=`), and the dtype the kernel
    combines them in: the result's, but float for float16 (as numpy's float16 loops add in
    float, rounding the result once), and double for sums and means of floats where the device
    has `doubles`: a work-item adds its elements one after another, whose float sum would stop
    growing at 2^24 ones where numpy's pairwise sum loses a few bits."""
    if op in source.POSITIONS:
        result = np.dtype(np.int64)
        accumulated = elements
    else:
        result = result_dtype(op, elements, dtype)
        accumulated = elements if op in ("max", "min") else result
    if accumulated == np.float16:
        accumulated = np.dtype(np.float32)
    if op in ("sum", "mean") and accumulated == np.float32 and doubles:
        accumulated = np.dtype(np.float64)
    return result, accumulated


@dataclasses.dataclass(frozen=True)
class _launch_plan:
    """One launch of a reduction: its kernel over `domain`, with the arguments after its output and
    input."""

    kernel: Kernel
    domain: extent
    arguments: Tuple[Any, ...]


@dataclasses.dataclass(frozen=True)
class _plan:
    """What reduce decides from x's dtype and shape, the axes, dtype= and the device: the result's
    dtype and shape, and the launch into it; where each result is combined from shares, the
    shares' array (shape, dtype) and the launch that fills it first."""

    result: np.dtype
    shape: Tuple[int, ...]
    launch: _launch_plan
    shares: Optional[Tuple[Tuple[int, int], np.dtype]] = None
    shares_launch: Optional[_launch_plan] = None


_plans = plan_cache()


def reduce(x: Any, op: str, axis: Any = None, keepdims: bool = False, dtype: Optional[np.dtype] = None) -> Any:
    """numpy's `op` (a name of _reduction_source's COMBINE or POSITIONS) of tiles data x over
    `axis` (None, an int or a tuple; argmax and argmin take None or one int) as a new tiles.array,
    on the device; None where the kernels lack the dtypes (complex data's order, a real result of
    complex data, doubles on a device without them), for the host to compute. Data of no elements
    gives numpy's result (its identity, NaN) or numpy's error. What is decided from the dtypes,
    shapes and device is kept as a plan (_plans) for the next call with the same ones."""
    context = context_for([x])
    if axis is None:
        axes = tuple(range(x.ndim))
    elif op in source.POSITIONS:  # one axis, as numpy's argmax takes (a tuple is its TypeError)
        axes = (normalize_axis_index(operator.index(axis), x.ndim),)
    else:
        axes = normalize_axis_tuple(axis, x.ndim)
    keywords: Dict[str, Any] = {} if dtype is None else {"dtype": dtype}
    if x.size == 0:
        return _through_host.to_device(getattr(np, op)(np.empty(x.shape, x.dtype), axis=axis, keepdims=keepdims,
                                                       **keywords), context)
    device = context.device  # each call of context.device asks the C API for its info
    facts = (device.supports_fp64, BUSY_ON_CPUS if device.is_cpu else BUSY, device.max_work_group_size)
    shape = tuple(x.shape)
    keep = bool(keepdims)
    plan = _plans.get((op, x.dtype, shape, axes, keep, dtype, facts),
                      lambda: _plan_of(op, x.dtype, shape, axes, keep, dtype, *facts))
    if plan is None:
        return None
    out = _data.array._of_checked(plan.shape, plan.result, context)
    if plan.shares is None:
        parallel_for_each(plan.launch.domain, plan.launch.kernel, out, x, *plan.launch.arguments)
        return out
    shares = _data.array._of_checked(*plan.shares, context)
    first, second = plan.shares_launch, plan.launch
    parallel_for_each(first.domain, first.kernel, shares, x, *first.arguments)
    parallel_for_each(second.domain, second.kernel, out, shares, *second.arguments)
    return out


def _plan_of(op: str, elements: np.dtype, shape: Tuple[int, ...], axes: Tuple[int, ...], keepdims: bool,
             dtype: Optional[np.dtype], doubles: bool, busy: int, max_tile_size: int) -> Optional[_plan]:
    """reduce's plan for data of `elements` in `shape` on a device with (or without) `doubles`
    whose work-groups hold `max_tile_size` work-items, where about `busy` work-items keep it busy;
    None where the kernels lack the dtypes."""
    result, accumulated = _dtypes(elements, op, dtype, doubles)
    if (not generated.storable(elements) or not generated.storable(result) or
            (elements.kind == "c" and accumulated.kind not in "cb") or not source.has_kernel(op, accumulated) or
            (op == "mean" and accumulated.kind not in "fc") or
            (not doubles and _elementwise.holds_doubles((elements, result, accumulated)))):
        return None
    out_shape = _result_shape(shape, axes, keepdims)
    kept, reduced = _runs(shape, axes)
    outputs, count = math.prod(n for n, _ in kept), math.prod(n for n, _ in reduced)
    groups = 1
    divisor = [float(count)] if op == "mean" else []
    if op not in source.POSITIONS and reduced and busy > 1:
        rows = len(reduced) == 1 and reduced[0][1] == 1
        short_rows = rows and count < 2 * _LEAST_SHARE
        if short_rows or (rows and outputs * ROW_TILE >= busy):
            return _plan(result, out_shape, _rows_launch(source.Signature(op, elements, accumulated, result, 0, 1,
                                                                          rows=True), divisor, outputs, count,
                                                         max_tile_size))
        if outputs < busy:
            groups = max(1, min(reduced[0][0], busy // outputs, count // _LEAST_SHARE))
    if groups == 1:
        return _plan(result, out_shape, _launch(source.Signature(op, elements, accumulated, result, len(kept),
                                                                 len(reduced)), divisor, outputs, 1, kept, reduced))
    # The shares of each result, a row of each share's results.
    first = "sum" if op == "mean" else op
    return _plan(result, out_shape,
                 _launch(source.Signature(op, accumulated, accumulated, result, 1, 1), divisor, outputs, 1,
                         [(outputs, 1)], [(groups, outputs)]),
                 ((groups, outputs), accumulated),
                 _launch(source.Signature(first, elements, accumulated, accumulated, len(kept), len(reduced)), [],
                         outputs, groups, kept, reduced))


def _rows_launch(signature: source.Signature, divisor: List[float], rows: int, count: int,
                 max_tile_size: int) -> _launch_plan:
    """The rows kernel of `signature` over `rows` rows of `count` consecutive elements: each row
    among `width` work-items, a power of two, at most the tile: as few as give each ROW_ELEMENTS
    elements or more, and for rows shorter than 2 * _LEAST_SHARE as many as give each one vector
    of 4, so that a warp reads a few short rows' consecutive elements, where one work-item a row
    would read elements a row apart."""
    tile = min(ROW_TILE, 1 << (max_tile_size.bit_length() - 1))
    share = 4 if count < 2 * _LEAST_SHARE else ROW_ELEMENTS
    width = min(tile, 1 << (-(-count // share) - 1).bit_length())
    tiles_needed = -(-rows // (tile // width))
    return _launch_plan(_kernels(signature, "tiles_reduce_" + signature.op), extent(tiles_needed * tile).tile(tile),
                        (*divisor, rows, count, width))



def _launch(signature: source.Signature, divisor: List[float], outputs: int, groups: int,
            kept: List[Tuple[int, int]], reduced: List[Tuple[int, int]]) -> _launch_plan:
    """The kernel of `signature` over outputs * groups work-items."""
    kernel = _kernels(signature, "tiles_reduce_" + signature.op)
    arguments = (*divisor, outputs, groups, *(n for n, _ in kept[1:]), *(s for _, s in kept),
                 *(n for n, _ in reduced), *(s for _, s in reduced))
    return _launch_plan(kernel, extent(outputs * groups), arguments)
