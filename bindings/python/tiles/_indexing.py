"""numpy's indexing of libtiles data: what a key of integers, slices (of any step), an Ellipsis,
None (numpy.newaxis) and integer arrays select in data of a shape, as the data classes need it: a
rectangle that a section or a projection views without a copy, where the key selects one, else
the place (an offset, strides, and an integer array's elements times a stride) where a gather on
the device reads the elements and a scatter writes them. Several integer arrays, broadcast
together as numpy broadcasts them, are one array of the offsets their elements pick together. A
boolean mask alone is taken as the positions of its true elements, found on the device
(select_mask); among other indices, as numpy's nonzero() of it, on the host, as integer arrays
are."""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass
from typing import Any, List, Optional, Tuple

import numpy as np

from . import _through_host
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
    indexed: bool = False  # `dim` is indexed by an integer array of the key (count None)


@dataclass(frozen=True)
class Place:
    """Where a selection's element at index (c0, c1, ...) of its shape is in the data held dense
    and row-major, in elements: offset + c0 * strides[0] + c1 * strides[1] + ..., plus, where the
    key holds an integer array, index[k] * index_stride, k being the position c0 * index_strides[0]
    + c1 * index_strides[1] + ... in that array (dense, int64, every element within its dimension
    and not negative)."""
    offset: int
    strides: List[int]
    index: Any = None  # a numpy array, or tiles data (a mask's positions, which never repeat)
    index_strides: Optional[List[int]] = None
    index_stride: int = 0
    index_bound: int = 0  # the integer array's elements are below it


@dataclass(frozen=True)
class Selection:
    """What a key selects in data of `shape`, one Axis for each dimension of the data and each new
    axis, in the key's order; with an integer array (`index`: the offsets, in `index_stride`s, of
    the elements it picks in the data held dense and row-major), whose dimensions come in the
    result at `index_at`, numpy's place for them."""
    shape_in: Tuple[int, ...]
    axes: Tuple[Axis, ...]
    index: Any = None  # a numpy array, or tiles data (a mask's positions)
    index_at: int = 0
    index_stride: int = 1
    index_bound: int = 0  # the integer array's elements are below it

    def _basic(self) -> List[Axis]:
        """The axes that make a dimension of the result: slices and new axes."""
        return [a for a in self.axes if a.dim is None or a.count is not None]

    def _with_index(self, basic: List[int], along_index: List[int]) -> List[int]:
        """Values of the result's dimensions: `basic` for the slices' and new axes', with
        `along_index` for the integer array's in their place."""
        return basic[:self.index_at] + along_index + basic[self.index_at:]

    @property
    def shape(self) -> Tuple[int, ...]:
        """The result's shape, numpy's: a slice's count, 1 for a new axis, nothing for an integer,
        an integer array's shape in numpy's place."""
        basic = [1 if a.dim is None else a.count for a in self._basic()]
        return tuple(basic if self.index is None else self._with_index(basic, list(self.index.shape)))

    @property
    def rectangle(self) -> Optional[Tuple[List[int], List[int]]]:
        """(origin, extent) in the data where the elements are a rectangle of it (integers and
        slices of step 1, no new axis, no integer array), an integer's dimension of extent 1; else
        None."""
        if self.index is not None or any(a.dim is None or a.step != 1 for a in self.axes):
            return None
        return [a.start for a in self.axes], [1 if a.count is None else a.count for a in self.axes]

    @property
    def leading_integers(self) -> int:
        """How many integers lead the key where all its integers lead it (C++ AMP's projections);
        -1 where an integer follows a slice."""
        integers = [a.count is None and a.dim is not None for a in self.axes]
        leading = integers.index(False) if False in integers else len(integers)
        return leading if not any(integers[leading:]) else -1

    def place(self) -> Place:
        """Where the selected elements are in the data (0 along a new axis and along the integer
        array's dimensions, which its elements move along instead)."""
        dense = dense_strides(self.shape_in)
        offset = sum(a.start * dense[a.dim] for a in self.axes if a.dim is not None)
        strides = [0 if a.dim is None else a.step * dense[a.dim] for a in self._basic()]
        if self.index is None:
            return Place(offset, strides)
        zeros = [0] * self.index.ndim
        return Place(offset, self._with_index(strides, zeros), self.index,
                     self._with_index([0] * len(strides), dense_strides(self.index.shape)), self.index_stride,
                     self.index_bound)


def dense_strides(shape: Tuple[int, ...]) -> List[int]:
    """The strides, in elements, of data of `shape` held dense and row-major."""
    return [math.prod(shape[d + 1:]) for d in range(len(shape))]


def select(key: Any, shape: Tuple[int, ...], context: Any = None) -> Selection:
    """The selection of `key` in data of `shape`, numpy's indexing with integer arrays (numpy
    arrays, lists, tiles data: their elements are read on the host, as numpy checks them before
    it selects anything), boolean arrays among other indices as their nonzero()'s (a mask of tiles
    data, the key's one array, as its true positions found on `context`, where one is given);
    refuses integers outside their dimension naming the index, the dimension and its length
    (tiles.IndexOutOfRange, an IndexError), and arrays that do not broadcast together as numpy
    does (IndexError)."""
    entries = list(key) if isinstance(key, tuple) else [key]
    ellipses = sum(1 for k in entries if k is Ellipsis)
    if ellipses > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    entries = [_mask_among(k) if len(entries) > 1 else k for k in entries]
    indexing = sum(k.ndim if isinstance(k, _Mask) else 1 for k in entries if k is not None and k is not Ellipsis)
    if indexing > len(shape):
        raise IndexOutOfRange(f"too many indices: {indexing} for data of {len(shape)} dimensions (shape {shape})")
    if not ellipses:
        entries.append(Ellipsis)
    axes: List[Axis] = []
    dim = 0
    arrays: List[Tuple[int, np.ndarray]] = []  # (dimension, elements counted from 0) of each integer array
    advanced: List[int] = []  # where the integers and the integer arrays are in the key
    index_at = 0
    on_device = _device_mask(entries, context)
    collapsed: Optional[Tuple[int, int, int]] = None  # (first dimension, count, axis) of the mask on the device
    for position, k in enumerate(entries):
        if not advanced:
            index_at = len(axes)
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
        elif isinstance(k, _Mask) and on_device is not None:
            _check_mask_along(k.shape, shape, dim)
            collapsed = (dim, k.ndim, len(axes))
            axes.append(Axis(dim, indexed=True))
            advanced.append(position)
            dim += k.ndim
        elif isinstance(k, _Mask):
            _check_mask_along(k.shape, shape, dim)
            for along in np.nonzero(k.values):
                arrays.append((dim, along.astype(np.int64)))
                axes.append(Axis(dim, indexed=True))
                advanced.append(position)
                dim += 1
        elif _is_array(k):
            arrays.append((dim, _index_array(k)))
            axes.append(Axis(dim, indexed=True))
            advanced.append(position)
            dim += 1
        else:
            axes.append(Axis(dim, _integer(k, dim, shape[dim])))
            advanced.append(position)
            dim += 1
    if not arrays and collapsed is None:
        return Selection(tuple(shape), tuple(axes))
    # numpy's place for the arrays' dimensions: where they (with the integers, which numpy takes
    # as arrays beside them) stand, if they stand together in the key; else first.
    positions = sorted(set(advanced))  # a mask's arrays stand at its one position
    together = positions == list(range(positions[0], positions[0] + len(positions)))
    index_at = sum(1 for a in axes[:index_at] if a.dim is None or a.count is not None) if together else 0
    if collapsed is not None:
        return _collapsed(shape, axes, collapsed, on_device, index_at, context)
    dense = dense_strides(shape)
    bound = max(0, 1 + sum((shape[dim] - 1) * dense[dim] for dim, _ in arrays))
    return Selection(tuple(shape), tuple(axes), _offsets(arrays, shape), index_at, index_bound=bound)


def _offsets(arrays: List[Tuple[int, np.ndarray]], shape: Tuple[int, ...]) -> np.ndarray:
    """The offsets, in the dense row-major elements of data of `shape`, that the integer arrays
    (dimension, elements) pick together: their elements broadcast together as numpy's, each
    times its dimension's stride, summed. Where they broadcast to no elements nothing is read,
    and, as numpy's, no element is checked against its dimension."""
    try:
        broadcast = np.broadcast_arrays(*(values for _, values in arrays))
    except ValueError:
        raise IndexError(f"shape mismatch: indexing arrays could not be broadcast together with shapes "
                         f"{' '.join(str(values.shape) for _, values in arrays)}") from None
    dense = dense_strides(shape)
    if broadcast[0].size == 0:
        return np.empty(broadcast[0].shape, np.int64)
    offsets = sum(_counted(values, dim, shape[dim]) * dense[dim] for (dim, _), values in zip(arrays, broadcast))
    return np.ascontiguousarray(offsets, dtype=np.int64)


def is_mask(key: Any) -> bool:
    """Whether `key` is a boolean mask alone (a bool array or list, or a Python or numpy bool),
    which the data classes index with as select_mask says, or, assigning one value to all its
    true elements, as _elementwise.assign_where does."""
    alone = mask_of(key)
    return isinstance(alone, (bool, np.bool_)) or getattr(alone, "dtype", None) == np.bool_


def select_mask(mask: Any, shape: Tuple[int, ...], context: Any) -> Selection:
    """What a boolean mask alone (tiles data, numpy's, a Python bool) selects in data of `shape`
    whose work runs on `context`: the positions of its true elements, found there by a scan of the
    mask (_scan.true_positions: the number of them is the one value read back), as an integer
    array into the mask's dimensions taken as one (_collapsed). A mask of no dimensions selects
    all (True) or nothing (False) along a new first dimension, as numpy's does."""
    masked = tuple(np.shape(mask))  # tiles data's shape, without a transfer
    check_mask(masked, shape)
    axes = [Axis(0, indexed=True)] + [Axis(d, 0, 1, shape[d]) for d in range(len(masked), len(shape))]
    return _collapsed(tuple(shape), axes, (0, len(masked), 0), mask, 0, context)


def check_mask(masked: Tuple[int, ...], shape: Tuple[int, ...]) -> None:
    """numpy's refusal (an IndexError) of a mask whose shape is not the data's leading one."""
    if len(masked) > len(shape) or tuple(masked) != tuple(shape[:len(masked)]):
        d = next((d for d, (m, n) in enumerate(zip(masked, shape)) if m != n), len(shape))
        raise IndexOutOfRange(f"a boolean mask of shape {tuple(masked)} does not match data of shape {tuple(shape)} "
                              f"along dimension {d}: its leading dimensions are the data's")


def mask_of(key: Any) -> Any:
    """A mask key's mask: itself, or the one entry of a tuple, a list as a numpy array."""
    alone = key[0] if isinstance(key, tuple) and len(key) == 1 else key
    if isinstance(alone, list):
        listed = np.asarray(alone)
        return listed if listed.dtype == np.bool_ else alone
    return alone


@dataclass(frozen=True)
class _Mask:
    """A boolean array among other indices (numpy's, or tiles data): numpy takes it as its
    nonzero()'s integer arrays, one for each of the dimensions it covers."""
    key: Any

    @property
    def shape(self) -> Tuple[int, ...]:
        return tuple(np.shape(self.key))  # tiles data's shape, without a transfer

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def values(self) -> np.ndarray:
        """Its elements on the host (tiles data comes down once, as integer arrays do)."""
        return _through_host.host(self.key) if _through_host.is_tiles(self.key) else np.asarray(self.key)


def _mask_among(key: Any) -> Any:
    """`key`, an entry of a key of several, as a _Mask where it is a boolean array of a dimension or
    more; else itself."""
    if isinstance(key, list):
        listed = np.asarray(key)
        return _Mask(listed) if listed.dtype == np.bool_ and listed.ndim else key
    if getattr(key, "dtype", None) == np.bool_ and getattr(key, "ndim", 0) > 0:
        return _Mask(key)
    return key


def _device_mask(entries: List[Any], context: Any) -> Any:
    """The mask of tiles data among `entries` where it is their one array and `context` is given,
    whose true positions are then found on the device; else None."""
    masks = [k for k in entries if isinstance(k, _Mask)]
    if context is None or len(masks) != 1 or not _through_host.is_tiles(masks[0].key):
        return None
    return None if any(_is_array(k) for k in entries if not isinstance(k, _Mask)) else masks[0].key


def _collapsed(shape: Tuple[int, ...], axes: List[Axis], collapsed: Tuple[int, int, int], mask: Any, index_at: int,
               context: Any) -> Selection:
    """The selection of a mask (tiles data, numpy's, a Python bool) covering `collapsed` (first
    dimension, count, its place among `axes`) of data of `shape`: those dimensions held as one
    (a new one of length 1 for a mask of no dimensions), indexed by the mask's true positions,
    found on `context` (_scan.true_positions) without the mask coming to the host."""
    from . import _scan  # which imports this module first
    first, count, at = collapsed
    joined = math.prod(shape[first:first + count])
    shape_in = tuple(shape[:first]) + (joined,) + tuple(shape[first + count:])
    moved = tuple(Axis(first, indexed=True) if i == at else
                  a if a.dim is None or a.dim < first else Axis(a.dim - count + 1, a.start, a.step, a.count, a.indexed)
                  for i, a in enumerate(axes))
    return Selection(shape_in, moved, _scan.true_positions(mask, context), index_at,
                     dense_strides(shape_in)[first], joined)


def _check_mask_along(masked: Tuple[int, ...], shape: Tuple[int, ...], dim: int) -> None:
    """numpy's refusal (an IndexError) of a mask among other indices whose shape is not that of
    the dimensions it covers from `dim`."""
    for d, m in enumerate(masked):
        n = shape[dim + d] if dim + d < len(shape) else None
        if m != n:
            raise IndexOutOfRange(f"boolean index did not match indexed array along axis {dim + d}; size of axis is "
                                  f"{n} but size of corresponding boolean axis is {m}")


def _is_array(key: Any) -> bool:
    """Whether an entry of a key is an integer array (numpy's advanced index): a list, a tuple or
    an array of one dimension or more. (A 0-d array is an integer; a bool array, a mask.)"""
    return isinstance(key, (list, tuple)) or getattr(key, "ndim", 0) > 0 and getattr(key, "dtype", None) != np.bool_


def _index_array(key: Any) -> np.ndarray:
    """An integer array index, on the host (tiles data comes down once), as int64; its bounds are
    checked once it is broadcast with the others (_offsets), as numpy checks only what it reads."""
    values = _through_host.host(key) if _through_host.is_tiles(key) else np.asarray(key)
    if values.size == 0 and values.dtype.kind == "f":  # numpy's x[[]]: a list of no integers
        values = values.astype(np.int64)
    if values.dtype.kind not in "iu":
        raise IndexOutOfRange(f"only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or "
                              f"boolean arrays are valid indices, not an array of {values.dtype} ({describe(key)})")
    return values.astype(np.int64)


def _counted(values: np.ndarray, dim: int, n: int) -> np.ndarray:
    """An integer array's elements indexing dimension `dim` of length n, counted from 0; an
    element outside the dimension is refused as numpy refuses it, naming the first such."""
    outside = (values < -n) | (values >= n)
    if outside.any():
        raise IndexOutOfRange(f"index {values[outside].flat[0]} is out of bounds for dimension {dim} of length {n}")
    return np.where(values < 0, values + n, values)


def _integer(key: Any, dim: int, n: int) -> int:
    """An integer index into dimension `dim` of length n, counted from the end where negative."""
    if isinstance(key, (bool, np.bool_)) or getattr(key, "dtype", None) == np.bool_:
        raise InvalidArgument(f"a boolean of no dimensions ({describe(key)}) among other indices: libtiles takes "
                              f"it alone (x[True])")
    if isinstance(key, (float, np.floating)):
        raise InvalidArgument(f"an index is an integer, a slice, ... or None, not the float {key!r}")
    try:
        i = operator.index(key)
    except TypeError:
        raise InvalidArgument(f"an index is an integer, a slice, ... or None, not {describe(key)}") from None
    if not -n <= i < n:
        raise IndexOutOfRange(f"index {i} is out of bounds for dimension {dim} of length {n}")
    return i + n if i < 0 else i
