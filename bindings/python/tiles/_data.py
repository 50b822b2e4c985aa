"""Data: array_view (a view of a numpy array's memory, or of an array) and array (data that
lives on a device), with sections and copies."""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _tiles
from ._checks import C_INT_MAX, describe, instance, integers
from ._devices import Context, Event, context_handle, int_ptr
from ._launch import extent
from .errors import InvalidArgument


class _numpy_like:
    """What numpy users reach for on any array: shape, dtype, ndim, size, nbytes, len() and get().
    Subclasses give `shape`, `dtype` and `_copy()`, a numpy array of their own."""

    shape: Tuple[int, ...]
    dtype: np.dtype

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))

    @property
    def nbytes(self) -> int:
        return self.size * self.dtype.itemsize

    def __len__(self) -> int:
        return self.shape[0]

    def get(self) -> np.ndarray:
        """A new numpy array holding the elements, current (as PyOpenCL's Array.get())."""
        return self._copy()

    def _copy(self) -> np.ndarray:
        raise NotImplementedError

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.release()  # type: ignore[attr-defined]


def _for_numpy(result: np.ndarray, dtype: Any, copy: Optional[bool], shared: bool) -> np.ndarray:
    """__array__'s answer under numpy 2's rules: `result` (the caller's own memory if `shared`,
    else a copy already) in `dtype`, copied again only if copy=True asks for memory of its own;
    copy=False, which allows no copy at all, raises ValueError where one is needed."""
    wanted = result.dtype if dtype is None else np.dtype(dtype)
    if copy is False and not shared:
        raise ValueError("numpy asked for no copy (copy=False), but the data lives on a device: "
                         "numpy can only have a copy of it (numpy.asarray(x), x.get())")
    if copy is False and wanted != result.dtype:
        raise ValueError(f"numpy asked for no copy (copy=False), but {result.dtype} data is asked for as {wanted}")
    if wanted != result.dtype:
        return result.astype(wanted)
    return result.copy() if copy and shared else result


class array_view(_numpy_like):
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

    def _of_numpy(self) -> bool:
        return isinstance(self._handle.keeps_alive(), np.ndarray)

    def _copy(self) -> np.ndarray:
        return self.numpy().copy() if self._of_numpy() else self.numpy()

    def __array__(self, dtype=None, copy=None):
        """For a view of a numpy array, that array's memory (no copy); for a view of a
        tiles.array, a copy, which copy=False refuses with ValueError (numpy 2's rule)."""
        shared = self._of_numpy()
        if copy is False and not shared:
            return _for_numpy(np.empty(0, self.dtype), dtype, copy, shared)  # refuses before any download
        return _for_numpy(self.numpy(), dtype, copy, shared)

    def release(self) -> None:
        """Gives the view back now (what launches wrote reaches the numpy array first); any later
        use raises tiles.InvalidHandle."""
        self._handle.release()

    def __repr__(self) -> str:
        of = "a numpy array" if self._of_numpy() else "a tiles.array"
        at = "" if not any(self._origin) else f" at {self._origin}"
        return f"<tiles.array_view {self.dtype} {self.shape} of {of}{at}>"


class array(_numpy_like):
    """Data that lives on one context's device, as numpy.array makes data on the host:
    tiles.array(data) copies `data` there (anything numpy.asarray takes: a numpy array, a list, a
    buffer such as array.array, a tiles.array or array_view), in `dtype` if given, else in the
    dtype numpy would choose, and in the machine's byte order. tiles.empty(shape, dtype) and
    tiles.zeros(shape, dtype) make arrays of a shape. a.get(), a.numpy() or numpy.asarray(a)
    copy it back; a.view() views it without any host copy."""

    def __init__(self, data: Any, dtype: Any = None, *, context: Optional[Context] = None):
        host = data.get() if isinstance(data, (array, array_view)) else _asarray(data, "tiles.array's data")
        if dtype is not None:
            host = host.astype(_dtype(dtype), copy=False)
        if host.ndim == 0:
            raise InvalidArgument(f"a tiles.array has 1, 2 or 3 dimensions; {describe(data)} is a scalar "
                                  f"(tiles.empty((n,), dtype) makes an array of n elements)")
        host = host.astype(host.dtype.newbyteorder("="), copy=False)
        self._init(context, host.dtype, list(host.shape), np.ascontiguousarray(host))

    def _init(self, context: Optional[Context], dtype: np.dtype, shape: List[int], initial: Optional[np.ndarray]):
        self._handle = _tiles.Array.create(context_handle(context), dtype, shape, initial)
        self._view = array_view(self)

    @classmethod
    def _of_shape(cls, shape: Any, dtype: Any, context: Optional[Context], zeroed: bool) -> "array":
        dims = integers(shape if isinstance(shape, (tuple, list)) else [shape], "an array's shape", 0, C_INT_MAX)
        dt = _dtype(dtype)
        self = cls.__new__(cls)
        self._init(context, dt, dims, np.zeros(dims, dt) if zeroed else None)
        return self

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

    @property
    def context(self) -> Context:
        """The context the array lives on."""
        return Context(_handle=self._handle.context())

    def numpy(self) -> np.ndarray:
        """A new numpy array holding the elements (one download)."""
        return self._view.numpy()

    def _copy(self) -> np.ndarray:
        return self.numpy()

    def __array__(self, dtype=None, copy=None):
        """A copy (one download); copy=False raises ValueError, as numpy 2 asks of data that
        cannot be shared."""
        if copy is False:
            return _for_numpy(np.empty(0, self.dtype), dtype, copy, False)  # refuses before any download
        return _for_numpy(self.numpy(), dtype, copy, False)

    def release(self) -> None:
        """Gives the device memory back now; any later use raises tiles.InvalidHandle."""
        self._view.release()
        self._handle.release()

    def __repr__(self) -> str:
        return f"<tiles.array {self.dtype} {self.shape} on {self.context.device.name!r}>"


def empty(shape: Any, dtype: Any = float, *, context: Optional[Context] = None) -> array:
    """A new array of `shape` (an int or a tuple of 1 to 3) and `dtype` (numpy's default,
    float64, if not given) on `context`'s device, uninitialized, as numpy.empty."""
    return array._of_shape(shape, dtype, context, zeroed=False)


def zeros(shape: Any, dtype: Any = float, *, context: Optional[Context] = None) -> array:
    """The same, filled with zeros, as numpy.zeros."""
    return array._of_shape(shape, dtype, context, zeroed=True)


def asarray(data: Any) -> Union[array, array_view]:
    """`data` as tiles data without copying: tiles arrays and views as they are, anything with the
    buffer protocol (a numpy array, array.array, memoryview, bytearray) as an array_view of its
    own memory, const if that memory is read-only. What cannot be viewed is refused: a list has
    no memory to view (tiles.array(data) copies it to a device), and a view needs C-contiguous
    memory."""
    if isinstance(data, (array, array_view)):
        return data
    if isinstance(data, np.ndarray):
        return array_view(data)
    try:
        memory = memoryview(data)
    except TypeError:
        raise InvalidArgument(f"tiles.asarray views memory without copying, and {describe(data)} does not expose "
                              f"its memory (the buffer protocol); tiles.array(data) copies it to a device") from None
    return array_view(np.asarray(memory))


def _asarray(data: Any, what: str) -> np.ndarray:
    """numpy.asarray(data), with numpy's refusals as tiles.InvalidArgument naming `what`."""
    try:
        result = np.asarray(data)
    except (TypeError, ValueError) as e:
        raise InvalidArgument(f"{what} is not an array of numbers: {e}") from None
    if result.dtype == object:
        raise InvalidArgument(f"{what} is not an array of numbers: numpy makes objects of {describe(data)}")
    return result


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


def copy(source: Any, destination: Any, *, wait_for: Sequence[Any] = (), return_event: bool = False) -> Optional[Event]:
    """Copies between arrays, views and numpy arrays of the same dtype and shape: on the device
    when both are on one context, else through the host. Between arrays and views, `wait_for`
    holds OpenCL events to wait for first, and return_event=True returns a tiles.Event that
    completes with the copy (see parallel_for_each). A numpy source in
    the other byte order is converted to the machine's on the way."""
    if wait_for or return_event:
        done = _tiles.copy_with_events(_as_view(source), _as_view(destination), [int_ptr(e) for e in wait_for],
                                       return_event)
        return None if done is None else Event(done)
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
