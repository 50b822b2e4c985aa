"""Data: array_view (a view of a numpy array's memory, or of an array) and array (data that
lives on a device), with sections and copies."""

from __future__ import annotations

from typing import Any, Optional, Sequence, Tuple, Union

import numpy as np

from . import _tiles
from ._checks import C_INT_MAX, describe, instance, integers
from ._devices import Context, Event, context_handle, int_ptr
from ._launch import extent
from .errors import InvalidArgument


class array_view:
    """A view of a C-contiguous numpy array's own memory (or of a tiles.array). Launches that use
    it upload it only when their copy is stale; the host gets the results back, into the numpy
    array itself, on synchronize() or numpy.asarray(view), and only what launches wrote.
    A read-only numpy array makes a const view, which kernels may only read."""

    def __init__(self, data: Union[np.ndarray, "array"], *, _handle: Optional[_tiles.View] = None,
                 _origin: Tuple[int, ...] = ()):
        if _handle is None:
            _handle = data._handle.view() if isinstance(data, array) else _tiles.View.of_ndarray(data)
        self._handle = _handle
        self.dtype, dims = _handle.shape()
        self.extent = extent(*dims)
        self._origin = _origin or (0,) * self.extent.rank

    @property
    def shape(self) -> Tuple[int, ...]:
        return self.extent.dims

    def section(self, origin: Sequence[int], extent_: Sequence[int]) -> "array_view":
        """The view of the sub-rectangle at `origin` (relative to this view) of `extent_`; only it
        moves when it is used. view[1:3, 2:6] is the same as view.section((1, 2), (2, 4))."""
        handle = self._handle.section(integers(origin, "a section's origin", -C_INT_MAX, C_INT_MAX),
                                      integers(extent_, "a section's extent", -C_INT_MAX, C_INT_MAX))
        return array_view(None, _handle=handle, _origin=tuple(o + d for o, d in zip(self._origin, origin)))

    def __getitem__(self, key) -> "array_view":
        key = key if isinstance(key, tuple) else (key,)
        if len(key) != self.extent.rank or not all(isinstance(k, slice) for k in key):
            raise InvalidArgument(f"index a rank-{self.extent.rank} view with {self.extent.rank} slices to take a section")
        origin, size = [], []
        for k, n in zip(key, self.extent.dims):
            start, stop, step = k.indices(n)
            if step != 1:
                raise InvalidArgument("a section is a rectangle: slices with a step are not sections")
            origin.append(start)
            size.append(max(stop - start, 0))
        return self.section(origin, size)

    def synchronize(self) -> None:
        """Brings what launches wrote home now."""
        self._handle.synchronize()

    def synchronize_async(self) -> Event:
        """The same without blocking; numpy.asarray(view) waits for it where it needs to."""
        return Event(self._handle.synchronize_async())

    def synchronize_to(self, context: Context) -> None:
        """Makes the view current on `context` now."""
        self._handle.synchronize_to(instance(context, Context, "the context to synchronize to")._handle)

    def opencl_buffer(self, context: Context, write: bool = True) -> int:
        """The OpenCL buffer (cl_mem, as an integer) behind the whole view on `context`, made current
        there first; borrowed. With write=True the caller's kernels may write it, and libtiles then
        treats the host's copy as stale. For PyOpenCL: pyopencl.Buffer.from_int_ptr(ptr)."""
        return self._handle.opencl_buffer(instance(context, Context, "the context of a buffer")._handle, bool(write))

    def discard_data(self) -> None:
        """The view's contents need not be kept: the next launch uploads nothing of them."""
        self._handle.discard()

    def refresh(self) -> None:
        """The numpy array was changed directly: the next launch uploads it again."""
        self._handle.refresh()

    def numpy(self) -> np.ndarray:
        """The view's elements as a numpy array, current: for a view of a numpy array, that array
        itself (or the part a section covers); for a view of a tiles.array, a new copy."""
        owner = self._handle.keeps_alive()
        if isinstance(owner, np.ndarray):
            self.synchronize()
            return owner[tuple(slice(o, o + n) for o, n in zip(self._origin, self.extent.dims))]
        return self._handle.read()

    def __array__(self, dtype=None, copy=None):
        result = self.numpy()
        return result if dtype is None else result.astype(dtype)

    def release(self) -> None:
        """Gives the view back now (what launches wrote reaches the numpy array first); any later
        use raises tiles.InvalidHandle."""
        self._handle.release()

    def __enter__(self) -> "array_view":
        return self

    def __exit__(self, *exc) -> None:
        self.release()

    def __repr__(self) -> str:
        return f"<tiles.array_view {self.dtype} {self.extent.dims}>"


class array:
    """Data that lives on one context's device: tiles.array(ndarray) copies it there,
    tiles.array(shape, dtype) leaves it uninitialized. numpy.asarray(a) or a.numpy() copies it
    back; a.view() or array_view(a) views it without any host copy. The copy converts an ndarray
    in the other byte order to the machine's."""

    def __init__(self, data: Union[np.ndarray, Sequence[int]], dtype: Any = None, *,
                 context: Optional[Context] = None):
        handle = context_handle(context)
        if isinstance(data, np.ndarray):
            dt = _dtype(dtype) if dtype is not None else data.dtype.newbyteorder("=")
            self._handle = _tiles.Array.create(handle, dt, list(data.shape), np.ascontiguousarray(data, dtype=dt))
        else:
            dims = integers(data if isinstance(data, (tuple, list)) else [data], "an array's shape", 0, C_INT_MAX)
            self._handle = _tiles.Array.create(handle, _dtype(dtype or np.float32), dims, None)
        self._view = array_view(self)

    @property
    def extent(self) -> extent:
        return self._view.extent

    @property
    def dtype(self) -> np.dtype:
        return self._view.dtype

    @property
    def shape(self) -> Tuple[int, ...]:
        return self._view.shape

    @classmethod
    def from_opencl(cls, buffer: Any, shape: Sequence[int], dtype: Any, context: Context) -> "array":
        """An array over an OpenCL buffer made elsewhere (a PyOpenCL Buffer, or its int_ptr) on
        `context`'s OpenCL context, without copying it; retained, never freed by libtiles."""
        self = cls.__new__(cls)
        self._handle = _tiles.Array.from_opencl(instance(context, Context, "the context of a buffer")._handle,
                                                _dtype(dtype), integers(shape, "an array's shape", 0, C_INT_MAX),
                                                int_ptr(buffer))
        self._view = array_view(self)
        return self

    def opencl_buffer(self, context: Context) -> int:
        """The OpenCL buffer (cl_mem, as an integer) behind the array on its `context`, borrowed."""
        return self._view.opencl_buffer(context)

    def view(self) -> array_view:
        """A view of the whole array, without any host copy."""
        return self._view

    def section(self, origin: Sequence[int], extent_: Sequence[int]) -> array_view:
        return self._view.section(origin, extent_)

    def numpy(self) -> np.ndarray:
        """A new numpy array holding the elements (one download)."""
        return self._view.numpy()

    def __array__(self, dtype=None, copy=None):
        result = self.numpy()
        return result if dtype is None else result.astype(dtype)

    def release(self) -> None:
        """Gives the device memory back now; any later use raises tiles.InvalidHandle."""
        self._view.release()
        self._handle.release()

    def __repr__(self) -> str:
        return f"<tiles.array {self.dtype} {self.shape}>"


def _dtype(dtype: Any) -> np.dtype:
    try:
        return np.dtype(dtype)
    except (TypeError, ValueError) as e:
        raise InvalidArgument(f"{describe(dtype)} is not a numpy dtype: {e}") from None


def _as_view(value: Any) -> _tiles.View:
    if isinstance(value, array_view):
        return value._handle
    if isinstance(value, array):
        return value.view()._handle
    raise InvalidArgument(f"copy takes tiles.array, tiles.array_view or numpy arrays, not {type(value).__name__}")


def copy(source: Any, destination: Any, *, wait_for: Sequence[Any] = (), return_event: bool = False) -> Optional[int]:
    """Copies between arrays, views and numpy arrays of the same dtype and shape: on the device
    when both are on one context, else through the host. Between arrays and views, `wait_for`
    holds OpenCL events to wait for first, and return_event=True returns the int_ptr of an event
    that completes with the copy, which the caller owns (see parallel_for_each). A numpy source in
    the other byte order is converted to the machine's on the way."""
    if wait_for or return_event:
        return _tiles.copy_with_events(_as_view(source), _as_view(destination), [int_ptr(e) for e in wait_for],
                                       return_event)
    if isinstance(source, np.ndarray):
        _as_view(destination).write(source.astype(source.dtype.newbyteorder("="), copy=False))
    elif isinstance(destination, np.ndarray):
        if destination.shape != tuple(_as_view(source).shape()[1]):
            raise InvalidArgument(f"copy into a numpy array of shape {destination.shape} from data of shape "
                                  f"{tuple(_as_view(source).shape()[1])}")
        destination[...] = _as_view(source).read()
    else:
        _tiles.copy(_as_view(source), _as_view(destination))
    return None


def copy_async(source: Any, destination: Any) -> Event:
    """copy() between arrays and views, without blocking."""
    return Event(_tiles.copy_async(_as_view(source), _as_view(destination)))
