"""numpy's put (np.put(a, ind, v, mode), a.put) of tiles data: the flat indices, made numpy's
by `mode`, become the integer arrays of a key, and the assignment is `a[key] = v`'s scatter on the
device, where a repeated index is written its last value, as numpy's put writes it."""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _elementwise, _through_host

MODES = ("clip", "raise", "wrap")


def put(data: Any, ind: Any, v: Any, mode: str = "raise") -> None:
    """numpy's put: data's elements at the flat indices `ind` (read on the host, as a key's
    integer arrays are, and refused as numpy refuses them: an array that does not cast 'safe' to
    intp) take the values `v`, repeated as numpy repeats them (the first
    len(ind) of v cycled); mode 'raise' refuses an index outside (numpy's IndexError), 'wrap'
    takes it modulo the size, 'clip' clips it into range (a negative index to 0). Nothing is
    written for no indices or no values."""
    if mode not in MODES:
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {mode!r})")
    indices = _through_host.argument(ind, np.intp).reshape(-1)
    values_size = v.size if _through_host.is_tiles(v) else np.size(v)
    if indices.size == 0 or values_size == 0:
        return
    if data.size == 0:
        raise IndexError("cannot replace elements of an empty array")
    if mode == "wrap":
        indices = indices % data.size
    elif mode == "clip":
        indices = np.clip(indices, 0, data.size - 1)
    elif ((indices < -data.size) | (indices >= data.size)).any():
        wrong = int(indices[(indices < -data.size) | (indices >= data.size)][0])
        raise IndexError(f"index {wrong} is out of bounds for axis 0 with size {data.size}")
    values = _cycled(v, indices.size, data.dtype)
    if data.ndim == 0:  # its one element takes the last value given it
        data[()] = values[-1]
        return
    data[np.unravel_index(indices % data.size, data.shape)] = values


def _cycled(v: Any, count: int, dtype: np.dtype) -> Any:
    """`count` values from v's elements in order, repeated as needed: tiles data gathered on the
    device where it has another number of elements (one is a scalar's broadcast), numpy data
    converted to `dtype` as numpy's put converts it (300 into int8 is numpy's OverflowError)."""
    if _through_host.is_tiles(v):
        flat = v.reshape(-1) if v.ndim != 1 else v
        if flat.size in (1, count):
            return flat
        return flat[np.arange(count) % flat.size]
    values = _elementwise.assignable(v, dtype, np.shape(v)).reshape(-1)
    return values if values.size == 1 else np.resize(values, count)
