"""Data of no elements (a dimension of 0: numpy's shapes (0,) and (3, 0)), which the C API does
not hold, since an OpenCL buffer has at least one byte and a launch at least one work-item:
tiles.array and tiles.array_view hold a NoElements where others hold the extension's handle. With
no elements, nothing is ever to move: reading gives numpy's empty array, writes and
synchronizations do nothing, and what would hand the data to a kernel (launches, the algorithms,
OpenCL buffers) refuses it by name."""

from __future__ import annotations

import math
from typing import Any, List, Optional, Sequence, Tuple

import numpy as np

from .errors import IndexOutOfRange, InvalidArgument


def has_no_elements(dims: Sequence[int]) -> bool:
    return any(int(d) == 0 for d in dims)


class NoElements:
    """Stands for the extension's Array and View handles of data of shape `dims` (one of them 0).
    `owner` is what a view keeps alive (the numpy array viewed, or None), `context` the handle of
    an array's context (arrays of no elements still belong to a context, as numpy's empty arrays
    to a device in CuPy)."""

    def __init__(self, dtype: np.dtype, dims: Sequence[int], owner: Any = None, context: Any = None,
                 staging: bool = False):
        self._dtype, self._dims = np.dtype(dtype), tuple(int(d) for d in dims)
        self._owner, self._context, self._staging = owner, context, staging

    # What the data classes ask of any handle.
    def shape(self) -> Tuple[np.dtype, List[int]]:
        return self._dtype, list(self._dims)

    def keeps_alive(self) -> Any:
        return self._owner

    def context(self) -> Any:
        return self._context

    def is_staging(self) -> bool:
        return self._staging

    def view(self) -> "NoElements":
        return self

    def read(self) -> np.ndarray:
        return np.empty(self._dims, self._dtype)

    host_memory = read

    def write(self, values: np.ndarray) -> None:
        pass

    def synchronize(self) -> None:
        pass

    def refresh(self) -> None:
        pass

    def discard(self) -> None:
        pass

    def release(self) -> None:
        pass

    def strides(self) -> List[int]:
        return list(np.empty(self._dims, self._dtype).strides)

    def section(self, origin: Sequence[int], extent: Sequence[int]) -> "NoElements":
        check_section(self._dims, origin, extent)
        return NoElements(self._dtype, extent, self._owner, self._context)

    def project(self, i: int) -> "NoElements":
        return NoElements(self._dtype, self._dims[1:], self._owner, self._context)

    def view_as(self, dims: Sequence[int]) -> "NoElements":
        if math.prod(dims) != 0 or any(d < 0 for d in dims):
            raise InvalidArgument(f"view_as's shape {tuple(dims)} has elements, and data of shape {self._dims} has "
                                  f"none")
        return NoElements(self._dtype, dims, self._owner, self._context)

    def reinterpret_as(self, dtype: np.dtype) -> "NoElements":
        return NoElements(dtype, (0,), self._owner, self._context)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # Python's own probes (copy, pickle) are told it has none
            raise AttributeError(name)
        raise InvalidArgument(f"data of shape {self._dims} has no elements, so no memory on a device: "
                              f"{name.strip('_')} needs data of 1 element or more")


def check_section(whole: Sequence[int], origin: Sequence[int], extent: Sequence[int]) -> None:
    """A section of `extent` at `origin` lies within `whole`, as the C API checks sections; a
    section of no elements may start at the end of a dimension (numpy's a[3:3])."""
    if len(origin) != len(whole) or len(extent) != len(whole):
        raise InvalidArgument(f"a section of data of rank {len(whole)} has an origin and an extent of "
                              f"{len(whole)} components, not {len(origin)} and {len(extent)}")
    for d, (o, e, n) in enumerate(zip(origin, extent, whole)):
        if o < 0 or e < 0 or o + e > n:
            raise IndexOutOfRange(f"a section of dimension {d} from {o} to {o + e} does not lie within the "
                                  f"data's extent ({n}) there")


def refuse_in(values: Sequence[Any], what: str) -> None:
    """Refuses data of no elements among `values` (handles), which `what` hands to a kernel."""
    for k, value in enumerate(values):
        if isinstance(value, NoElements):
            raise InvalidArgument(f"argument {k} of {what} has shape {value._dims}, no elements: kernels take data "
                                  f"of 1 element or more (an OpenCL buffer has at least one byte)")


def of_view(view: Any) -> Optional[NoElements]:
    """The NoElements a tiles array or view holds, or None where it has elements."""
    handle = view._view_handle()
    return handle if isinstance(handle, NoElements) else None
