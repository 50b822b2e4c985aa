"""numpy's basic indexing of libtiles data (the array API's): what a key of integers, slices (of
any step), an Ellipsis and None (numpy.newaxis) selects in data of a shape, as the data classes
need it: a rectangle that a section or a projection views without a copy, where the key selects
one, else the offset and strides a gather on the device reads the elements at. A boolean mask,
taken alone, is numpy's on the host (see is_mask)."""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass
from typing import Any, List, Optional, Tuple

import numpy as np

from ._checks import describe
from .errors import IndexOutOfRange, InvalidArgument


@dataclass(frozen=True)
class Axis:
    """One entry of a key as it applies: an integer (`dim` indexed at `start`, `count` None), a
    slice (`count` elements of `dim` from `start`, `step` apart), or a new axis of length 1 (`dim`
    None)."""
    dim: Optional[int]
    start: int = 0
    step: int = 1
    count: Optional[int] = None


@dataclass(frozen=True)
class Selection:
    """What a key selects in data of `shape`, one Axis for each dimension of the data and each new
    axis, in the key's order."""
    shape_in: Tuple[int, ...]
    axes: Tuple[Axis, ...]

    @property
    def shape(self) -> Tuple[int, ...]:
        """The result's shape, numpy's: a slice's count, 1 for a new axis, nothing for an integer."""
        return tuple(1 if a.dim is None else a.count for a in self.axes if a.dim is None or a.count is not None)

    @property
    def rectangle(self) -> Optional[Tuple[List[int], List[int]]]:
        """(origin, extent) in the data where the elements are a rectangle of it (integers and
        slices of step 1, no new axis), an integer's dimension of extent 1; else None."""
        if any(a.dim is None or a.step != 1 for a in self.axes):
            return None
        return [a.start for a in self.axes], [1 if a.count is None else a.count for a in self.axes]

    @property
    def leading_integers(self) -> int:
        """How many integers lead the key where all its integers lead it (C++ AMP's projections);
        -1 where an integer follows a slice."""
        integers = [a.count is None and a.dim is not None for a in self.axes]
        leading = integers.index(False) if False in integers else len(integers)
        return leading if not any(integers[leading:]) else -1

    def gather(self) -> Tuple[int, List[int]]:
        """The offset of the first element and the strides of the result's dimensions, in
        elements of the data held dense and row-major (0 along a new axis)."""
        dense = dense_strides(self.shape_in)
        offset = sum(a.start * dense[a.dim] for a in self.axes if a.dim is not None)
        strides = [0 if a.dim is None else a.step * dense[a.dim] for a in self.axes
                   if a.dim is None or a.count is not None]
        return offset, strides


def dense_strides(shape: Tuple[int, ...]) -> List[int]:
    """The strides, in elements, of data of `shape` held dense and row-major."""
    return [math.prod(shape[d + 1:]) for d in range(len(shape))]


def select(key: Any, shape: Tuple[int, ...]) -> Selection:
    """The selection of `key` in data of `shape`, numpy's basic indexing; refuses what libtiles has
    not (boolean masks, integer arrays) by name, and integers outside their dimension naming the
    index, the dimension and its length (tiles.IndexOutOfRange, an IndexError)."""
    entries = list(key) if isinstance(key, tuple) else [key]
    ellipses = sum(1 for k in entries if k is Ellipsis)
    if ellipses > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    indexing = sum(1 for k in entries if k is not None and k is not Ellipsis)
    if indexing > len(shape):
        raise IndexOutOfRange(f"too many indices: {indexing} for data of {len(shape)} dimensions (shape {shape})")
    if not ellipses:
        entries.append(Ellipsis)
    axes: List[Axis] = []
    dim = 0
    for k in entries:
        if k is None:
            axes.append(Axis(None))
        elif k is Ellipsis:
            for _ in range(len(shape) - indexing):
                axes.append(Axis(dim, 0, 1, shape[dim]))
                dim += 1
        elif isinstance(k, slice):
            start, stop, step = k.indices(shape[dim])
            axes.append(Axis(dim, start, step, len(range(start, stop, step))))
            dim += 1
        else:
            axes.append(Axis(dim, _integer(k, dim, shape[dim])))
            dim += 1
    return Selection(tuple(shape), tuple(axes))


def is_mask(key: Any) -> bool:
    """Whether `key` is a boolean mask alone (a bool array, or a Python or numpy bool), which the
    data classes index with through the host: the result's shape depends on the mask's values."""
    alone = key[0] if isinstance(key, tuple) and len(key) == 1 else key
    return isinstance(alone, (bool, np.bool_)) or getattr(alone, "dtype", None) == np.bool_


def _integer(key: Any, dim: int, n: int) -> int:
    """An integer index into dimension `dim` of length n, counted from the end where negative."""
    if isinstance(key, (bool, np.bool_)) or getattr(key, "dtype", None) == np.bool_:
        raise InvalidArgument(f"a boolean mask ({describe(key)}) among other indices: libtiles takes a mask alone "
                              f"(x[mask])")
    if isinstance(key, (float, np.floating)):
        raise InvalidArgument(f"an index is an integer, a slice, ... or None, not the float {key!r}")
    if getattr(key, "ndim", 0) != 0 or isinstance(key, (list, tuple)):
        raise InvalidArgument(f"integer-array (fancy) indexing ({describe(key)}): libtiles has none; xp.take(x, "
                              f"indices, axis=...) gathers elements")
    try:
        i = operator.index(key)
    except TypeError:
        raise InvalidArgument(f"an index is an integer, a slice, ... or None, not {describe(key)}") from None
    if not -n <= i < n:
        raise IndexOutOfRange(f"index {i} is out of bounds for dimension {dim} of length {n}")
    return i + n if i < 0 else i
