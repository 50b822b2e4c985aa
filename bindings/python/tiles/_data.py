"""Data: array_view (a view of a numpy array's memory, or of an array) and array (data that
lives on a device), with sections and copies."""

from __future__ import annotations

import math
import weakref
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _dlpack, _indexing, _through_host, _tiles
from ._no_elements import NoElements, check_section, has_no_elements
from ._checks import C_INT_MAX, describe, instance, integers
from ._devices import Context, Event, context_handle, event_handles, int_ptr, is_pyopencl_array
from ._launch import extent
from ._operators import operators
from .errors import InvalidArgument, InvalidHandle


class _numpy_like(operators):
    """What numpy users reach for on any array: shape, dtype, ndim, size, nbytes, len() and get(),
    and numpy's operators and reductions (_operators).
    Subclasses give `shape`, `dtype` and `_copy()`, a numpy array of their own."""

    shape: Tuple[int, ...]
    dtype: np.dtype

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return int(math.prod(self.shape))

    @property
    def nbytes(self) -> int:
        return self.size * self.dtype.itemsize

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __iter__(self) -> Iterator[Any]:
        """As numpy's: the elements of one dimension (one download), else the projections
        self[0], self[1], ..."""
        if self.ndim == 0:
            raise TypeError("iteration over a 0-d array")
        if self.ndim == 1:
            return iter(self._copy())
        return (self[i] for i in range(self.shape[0]))  # type: ignore[index]

    def get(self) -> np.ndarray:
        """A new numpy array holding the elements, current (as PyOpenCL's Array.get())."""
        return self._copy()

    @property
    def T(self) -> Any:
        """The transpose of a matrix, a new array gathered on the device (the array API's .T, which
        is of two dimensions only: mT transposes the last two of more)."""
        if self.ndim != 2:
            raise ValueError(f".T is the transpose of a matrix, not of data of shape {self.shape}: x.mT transposes "
                             f"the last two dimensions, xp.permute_dims(x, axes) any")
        from . import _elementwise  # which imports this module first
        return _elementwise.permuted(self, (1, 0))

    def _copy(self) -> np.ndarray:
        raise NotImplementedError

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.release()  # type: ignore[attr-defined]

    def _view_handle(self) -> _tiles.View:
        raise NotImplementedError

    def __dlpack__(self, *, stream: Any = None, max_version: Any = None, dl_device: Any = None,
                   copy: Optional[bool] = None) -> Any:
        """A DLPack capsule of the data, without a copy, for numpy.from_dlpack, torch.from_dlpack,
        tiles.from_dlpack and any other consumer. A view of host memory is a CPU tensor of that
        memory, current: what launches wrote comes home first (host writes through the consumer's
        array then need view.refresh() before the next launch, as writes to the numpy array do).
        An array, or a view of one, is an OpenCL tensor (device type 4, its cl_mem as the data
        pointer, its device's index in tiles.devices() as device_id), or with dl_device=(1, 0) a
        CPU tensor of a copy. copy=True exports a copy made on the device; so does copy=None for
        a section or projection of an array, which has no buffer of its own (copy=False refuses
        it with BufferError, as it refuses a CPU tensor of device data). For OpenCL, `stream` is
        None (the host waits until libtiles' work on the data is done), -1 (no synchronization)
        or the consumer's cl_command_queue (a PyOpenCL CommandQueue or its int_ptr, of the same
        OpenCL context), made to wait for that work on the device. Versioned capsules (max_version=(1, 0)) mark const views read-only; older ones
        cannot, so const views are refused there with BufferError."""
        if not self.shape:  # held as one element: its CPU tensor is of a copy of shape ()
            return _dlpack.export_values(self.get(), max_version, dl_device, "an array of no dimensions")
        return _dlpack.export(self._view_handle(), stream, max_version, dl_device, copy,
                              lambda: self.copy()._view_handle())  # type: ignore[attr-defined]

    def __dlpack_device__(self) -> Tuple[int, int]:
        """(1, 0), the CPU, for a view of host memory; (4, n), OpenCL device n of tiles.devices(),
        for an array or a view of one."""
        return _dlpack.CPU_DEVICE if not self.shape else _dlpack.device(self._view_handle())


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
    """A view of a C-contiguous numpy array's own memory (or of a tiles.array), or, made of a
    tiles.extent, of data with no source (C++ AMP's array_view(extent)): tiles.array_view(
    tiles.extent(4, 6), dtype=np.float32) has uninitialized elements that take memory only where
    they are used and reach the host only when it reads them. Launches upload a view only when
    their copy is stale; the host gets the results back, into the numpy array itself, on
    synchronize() or numpy.asarray(view), and only what launches wrote. A read-only numpy array
    makes a const view, which kernels may only read. view[i] is C++ AMP's projection (a view of
    one dimension less) or, on one dimension, the element; view[1:3, 2:6] is a section; both
    take assignments (view[1, 2] = 5).

    Writing into the numpy array itself after the view was used needs view.refresh() before the
    next launch: launches reuse the copy a device holds, and would read the old values (checked
    mode warns of such writes). Assignments through the view need nothing."""

    def __init__(self, data: Union[np.ndarray, "array", extent], dtype: Any = None, *,
                 _handle: Optional[_tiles.View] = None):
        if _handle is None and isinstance(data, extent):
            # The shape and dtype are the ones passed down: no need to ask the view for them.
            self.dtype, self.extent = _dtype(float if dtype is None else dtype), extent(*data.dims)
            self._handle = (NoElements(self.dtype, data.dims) if has_no_elements(data.dims) else
                            _tiles.View.without_source(self.dtype, list(data.dims)))
            return
        if _handle is None:
            if dtype is not None:
                raise InvalidArgument("an array_view has the dtype of the data it views; dtype= goes with a "
                                      "tiles.extent, for a view without a data source")
            if isinstance(data, array):
                _handle = data._handle.view()
            elif isinstance(data, np.ndarray) and data.size == 0:
                _handle = NoElements(data.dtype.newbyteorder("="), data.shape, data)
            else:
                _handle = _tiles.View.of_ndarray(data)
        self._handle = _handle
        self.dtype, dims = _handle.shape()
        self.extent = extent(*dims)

    @property
    def shape(self) -> Tuple[int, ...]:
        """The view's extent as a tuple, as numpy's shape."""
        return self.extent.dims

    def _view_handle(self) -> _tiles.View:
        return self._handle

    @property
    def __array_interface__(self) -> Dict[str, Any]:
        """numpy's array interface, which numpy, and what reads numpy's protocols, use to take a
        view of host memory without a copy: that memory (a section's part of it), current, since
        reading the interface synchronizes the view. A view of a tiles.array has none (numpy then
        copies it through __array__)."""
        if not self._of_numpy():
            raise AttributeError("a view of a tiles.array has no host memory to share; numpy.asarray(view) copies it")
        return self.numpy().__array_interface__

    def section(self, origin: Sequence[int], extent_: Sequence[int]) -> "array_view":
        """The view of the sub-rectangle at `origin` (relative to this view) of `extent_`; only it
        moves when it is used. view[1:3, 2:6] is the same as view.section((1, 2), (2, 4))."""
        origin = integers(origin, "a section's origin", -C_INT_MAX, C_INT_MAX)
        extent_ = integers(extent_, "a section's extent", -C_INT_MAX, C_INT_MAX)
        if has_no_elements(extent_) and not isinstance(self._handle, NoElements):
            # The C API's sections have elements: one of none is numpy's a[2:2], checked here.
            check_section(self.shape, origin, extent_)
            owner = self._handle.keeps_alive()
            handle = NoElements(self.dtype, extent_, owner if isinstance(owner, np.ndarray) else None,
                                owner.context() if isinstance(owner, _tiles.Array) else None)
        else:
            handle = self._handle.section(origin, extent_)
        return self._tagged(handle)

    def view_as(self, shape: Sequence[int]) -> "array_view":
        """C++ AMP's view_as: the view's first elements in `shape`, which may have any number of
        dimensions (numpy's reshape, without a copy: the view's elements must lie next to each
        other, row after row, which a section of part of its rows does not)."""
        dims = integers(shape, "view_as's shape", -C_INT_MAX, C_INT_MAX)
        if not dims:
            raise InvalidArgument("view_as's shape has 1 or more dimensions, not 0 (libtiles data has no scalars)")
        if has_no_elements(dims) and not isinstance(self._handle, NoElements):
            raise InvalidArgument(f"view_as's shape {tuple(dims)} has no elements, and the data of shape "
                                  f"{self.shape} has {self.size}")
        view = array_view(None, _handle=self._handle.view_as(dims))
        view._reshaped = True
        return view

    def reinterpret_as(self, dtype: Any) -> "array_view":
        """C++ AMP's reinterpret_as: the view's bytes as one dimension of `dtype` elements (numpy's
        view(dtype)), whose size must divide them; launches see the new element type."""
        return array_view(None, _handle=self._handle.reinterpret_as(_dtype(dtype)))

    def __getitem__(self, key) -> Any:
        """numpy's indexing: integers (negative ones count from the end), slices, ... and None,
        and integer arrays (numpy's fancy indexing: lists, numpy arrays or tiles data, of any
        shapes that broadcast together). Leading integers and slices of step 1 give a view without a copy (C++
        AMP's projection, a section); other keys (an integer past a slice, a step, None, every
        dimension indexed, an integer array) give a new tiles.array of the elements, gathered on
        the device where work on the view runs; an element of a view of a numpy array is numpy's
        scalar, read from that memory. A boolean mask alone gathers there too, at the positions of
        its true elements, found there by a scan of the mask (their number, which the result's
        shape is, is the one value read back)."""
        from . import _elementwise  # which imports this module first
        if _indexing.is_mask(key):
            return _elementwise.gathered(self, _indexing.select_mask(_indexing.mask_of(key), self.shape, self.device))
        selection = _indexing.select(key, self.shape, self.device)
        view = self._viewed(selection)
        if view is not None:
            return view
        if not selection.shape and self._of_numpy():
            origin, extent_ = selection.rectangle  # type: ignore[misc]  # every dimension indexed
            return self.section(origin, extent_).numpy()[(0,) * self.ndim]
        return _elementwise.gathered(self, selection)

    def __setitem__(self, key, value: Any) -> None:
        """view[1, 2] = 5, view[0] = row, view[::2, 1] = 0, view[[0, 2]] = rows, view[mask] = 0: as
        numpy assigns, with `value` (a scalar, numpy data, tiles data) broadcast to the selected
        elements and converted to the view's dtype as numpy converts it (2.7 to an int is 2, 300
        to an int8 numpy's OverflowError). A rectangle of the view (integers and slices of step 1)
        takes numpy data where the view's data is current (on a device, one upload of the
        values); other keys, and tiles data, are written on the device, as is a boolean mask's
        assignment (of one value, a scalar or one broadcast along the dimensions the mask leaves,
        as numpy.where; of a value for each true element, at their positions, found on the device
        as for view[mask]). An integer array that repeats an index writes the last value for it,
        as numpy does. No refresh() is needed after any of them."""
        from . import _elementwise  # which imports this module first
        if _elementwise.moves_doubles_without_them(self, value):
            # Such a device holds float64 and complex128 elements but computes nothing in them:
            # numpy assigns on the host, and the view takes its elements back.
            host = self.get()
            host[_through_host.host(key)] = _through_host.host(value)
            self._handle.write(host.view(np.uint8) if self._holds_bool else host)
            return
        if _indexing.is_mask(key):
            mask = _indexing.mask_of(key)
            if not _elementwise.assign_where(self, mask, value):
                _elementwise.scatter(self, _indexing.select_mask(mask, self.shape, self.device), value)
            return
        selection = _indexing.select(key, self.shape, self.device)
        rectangle = selection.rectangle
        if rectangle is None or _through_host.is_tiles(value):
            _elementwise.scatter(self, selection, value)
            return
        view = self.section(*rectangle)
        values = np.broadcast_to(_elementwise.assignable(value, view.dtype, selection.shape), selection.shape)
        values = np.ascontiguousarray(values).reshape(view.shape)
        view._handle.write(values.view(np.uint8) if view._holds_bool else values)

    def _viewed(self, selection: _indexing.Selection) -> Optional["array_view"]:
        """The view of what `selection` picks, where it is one: leading integers project (C++
        AMP's view[i]), slices of step 1 make a section; None where it is not a view (the result
        would have no dimensions, or its elements are no rectangle of this view's)."""
        rectangle, leading = selection.rectangle, selection.leading_integers
        if rectangle is None or leading < 0 or not selection.shape:
            return None
        origin, extent_ = rectangle
        view = self
        for i in origin[:leading]:
            view = view._tagged(view._handle.project(i))
        origin, extent_ = origin[leading:], extent_[leading:]
        if not any(origin) and tuple(extent_) == view.shape:
            return view
        return view.section(origin, extent_)

    def _tagged(self, handle: Any) -> "array_view":
        """A view over `handle`, a part of this view's elements: of bools where these are."""
        view = array_view(None, _handle=handle)
        return view._of_bools() if self._holds_bool else view

    # Whether view_as made the view: its shape is not its data's, by which the C API's stacked
    # factorizations find a stack's matrices.
    _reshaped = False

    # Whether the view's elements are a bool array's, held as uint8: dtype and numpy() say bool, as
    # the array's do, while launches take the uint8 the device holds.
    _holds_bool = False

    def _of_bools(self) -> "array_view":
        self._holds_bool, self.dtype = True, np.dtype(np.bool_)
        return self

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
        buffer = self._handle.opencl_buffer(instance(context, Context, "the context of a buffer")._handle,
                                            bool(write))
        return buffer

    def discard_data(self) -> None:
        """The view's contents need not be kept: the next launch uploads nothing of them."""
        self._handle.discard()

    def refresh(self) -> None:
        """The numpy array was changed directly: the next launch uploads it again. Launches
        otherwise reuse the copy a device already holds (C++ AMP's rule): writes into the numpy
        array behind a view, or into the array numpy.asarray(view) returned, after the view was
        last used, need refresh() before the next launch, or the launch reads the old values.
        Checked mode (TILES_CHECKED=1, tiles.Context.checked()) reports such writes."""
        self._handle.refresh()

    def numpy(self) -> np.ndarray:
        """The view's elements as a numpy array, current: for a view of a numpy array, that array's
        own memory (the part of it the view covers); otherwise a new copy."""
        owner = self._handle.keeps_alive()
        if isinstance(owner, np.ndarray) and not isinstance(self._handle, NoElements):
            first = self._handle.address(False)  # brings what launches wrote home first
            return np.ndarray(self.shape, self.dtype, buffer=owner, offset=first - owner.ctypes.data,
                              strides=tuple(self._handle.strides()))
        values = self._handle.read()
        return values.view(np.bool_) if self._holds_bool else values

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
        """numpy's repr, values and all (summarized past numpy's threshold), which brings what
        launches wrote home first: tiles.array_view([1., 2.], dtype=float32) for a view of a numpy
        array, tiles.array_view(tiles.array(...)) for one of an array; a view without a source
        shows its extent, its elements being undefined until a launch writes them."""
        try:
            owner = self._handle.keeps_alive()
            if owner is None:
                return f"tiles.array_view({self.extent!r}, dtype={self.dtype})"
            values = _values_repr(self._copy(), "tiles.array_view(" + ("" if self._of_numpy() else "tiles.array("))
            if self._of_numpy():
                return values + ")"
            return values + f", device={Context(_handle=owner.context()).device.name!r}))"
        except InvalidHandle:
            return "<tiles.array_view, released>"


class array(_numpy_like):
    """Data that lives on one context's device, as numpy.array makes data on the host:
    tiles.array(data) copies `data` there (anything numpy.asarray takes: a numpy array, a list, a
    buffer such as array.array, a tiles.array or array_view), in `dtype` if given, else in the
    dtype numpy would choose, and in the machine's byte order. tiles.empty(shape, dtype) and
    tiles.zeros(shape, dtype) make arrays of a shape. a.get(), a.numpy() or numpy.asarray(a)
    copy it back; a.view() views it without any host copy.

    staging=True makes C++ AMP's staging array instead: its elements stay in host memory that the
    driver of `context` pins, so that copies between it and arrays on `context` run at the bus's
    full speed; its numpy() and numpy.asarray() are that memory itself, without a copy."""

    def __init__(self, data: Any, dtype: Any = None, *, context: Optional[Context] = None, staging: bool = False):
        host = data.get() if isinstance(data, (array, array_view)) else _asarray(data, "tiles.array's data")
        if dtype is not None:
            host = host.astype(_dtype(dtype), copy=False)
        host = host.astype(host.dtype.newbyteorder("="), copy=False)
        self._init(context, host.dtype, list(host.shape), np.ascontiguousarray(host), staging)

    # Whether the elements are bools, which the device holds as uint8 0s and 1s (libtiles has no
    # bool element type): dtype and numpy() say bool; views and sections of the array see uint8.
    _holds_bool = False
    # Whether the array has no dimensions (numpy's shape (), a reduction's result in the array
    # API): it is held as one element, which views, sections and launches see.
    _no_dimensions = False
    # What the array is a copy of, where numpy's result would be a view of other data (an index
    # with steps, a transpose): writes to it are refused as numpy refuses writes to read-only data,
    # since they would not reach that data.
    _copy_of: Optional[str] = None
    # For such a copy of a transpose or of steps: the data and the place (_indexing.Place) its
    # elements came from. numpy's in-place arithmetic on it (v *= s, out=v) writes through to
    # that data at that place, as on numpy's view, and then takes the data's elements again.
    _through: Optional[Tuple[Any, Any]] = None

    def _check_writable(self) -> None:
        if self._copy_of is not None:
            through = (" (in-place arithmetic, v *= s, and assignments through keys do reach it)"
                       if self._through is not None else "")
            raise ValueError(f"assignment destination is read-only: it is {self._copy_of}, a new array where "
                             f"numpy's would be a view of the data it came from, so a write to it would not reach "
                             f"that data{through}; assign through that data (a[:, 1] = ...), or take .copy() for an "
                             f"array of its own")

    def _init(self, context: Optional[Context], dtype: np.dtype, shape: List[int], initial: Optional[np.ndarray],
              staging: bool = False):
        if not shape:
            self._no_dimensions, shape = True, [1]
            initial = None if initial is None else initial.reshape(1)
        if dtype == np.bool_:
            self._holds_bool, dtype = True, np.dtype(np.uint8)
            initial = None if initial is None else initial.view(np.uint8)
        if has_no_elements(shape):
            context = context_handle(context) or Context.default()._handle
            self._handle = NoElements(dtype, shape, None, context, bool(staging))
        else:
            self._handle = _tiles.Array.create(context_handle(context), dtype, shape, initial, bool(staging))
        self._view = array_view(self)

    @classmethod
    def _of_shape(cls, shape: Any, dtype: Any, context: Optional[Context], fill: Any, staging: bool) -> "array":
        """A new array of `shape` and `dtype`, uninitialized where `fill` is None, else filled with it."""
        dims = integers(shape if isinstance(shape, (tuple, list)) else [shape], "an array's shape", 0, C_INT_MAX)
        dt = _dtype(dtype)
        initial = None
        if fill is not None:
            try:
                initial = np.full(dims, fill, dt)
            except (TypeError, ValueError, OverflowError) as e:
                raise InvalidArgument(f"{describe(fill)} cannot fill an array of {dt}: {e}") from None
        return cls._of_checked(dims, dt, context, initial, staging)

    @classmethod
    def _of_checked(cls, shape: Sequence[int], dtype: np.dtype, context: Optional[Context],
                    initial: Optional[np.ndarray] = None, staging: bool = False) -> "array":
        """A new array of `shape` and `dtype` known good (checked by _of_shape, or the shape of
        existing data's result), uninitialized where `initial` is None."""
        self = cls.__new__(cls)
        self._init(context, dtype, list(shape), initial, staging)
        return self

    @property
    def is_staging(self) -> bool:
        """Whether this is a staging array, whose elements are in pinned host memory."""
        return self._handle.is_staging()

    @property
    def extent(self) -> extent:
        """The array's extent (a tiles.extent), which launches over the whole array take."""
        return self._view.extent

    @property
    def dtype(self) -> np.dtype:
        """The elements' numpy dtype (bool for comparisons' results, held as uint8 0s and 1s)."""
        return np.dtype(np.bool_) if self._holds_bool else self._view.dtype

    @property
    def shape(self) -> Tuple[int, ...]:
        """The array's extent as a tuple, as numpy's shape (() for an array of no dimensions)."""
        return () if self._no_dimensions else self._view.shape

    @classmethod
    def _of_core(cls, handle: _tiles.Array, view: _tiles.View, dtype: np.dtype, dims: Tuple[int, ...],
                 holds_bool: bool, no_dimensions: bool) -> "array":
        """A new array the core made (_tiles.elementwise_new), of its handle, its view's, its
        dtype and dimensions, without asking the C API for them again."""
        self = cls.__new__(cls)
        self._handle = handle
        self._view = view_of_core = array_view.__new__(array_view)
        view_of_core._handle, view_of_core.dtype, view_of_core.extent = view, dtype, extent._of_checked(dims)
        self._holds_bool, self._no_dimensions = holds_bool, no_dimensions
        return self

    @classmethod
    def _of_handle(cls, handle: _tiles.Array, no_dimensions: bool = False) -> "array":
        self = cls.__new__(cls)
        self._handle = handle
        self._view = array_view(self)
        self._no_dimensions = no_dimensions
        return self

    @classmethod
    def from_opencl(cls, buffer: Any, shape: Optional[Sequence[int]] = None, dtype: Any = None,
                    context: Optional[Context] = None) -> "array":
        """An array over OpenCL memory made elsewhere, without copying it: a buffer (a PyOpenCL
        Buffer, or its int_ptr) of `shape` and `dtype` on `context`'s OpenCL context, or a
        pyopencl.array.Array, whose shape and dtype are the defaults (and must match those given)
        and whose queue makes the context if none is given. The buffer is retained, and a PyOpenCL
        array kept alive, for as long as the array lives; libtiles never frees either. A PyOpenCL
        array that starts inside its buffer (a non-zero offset, as slices do) or is not
        C-contiguous is refused: libtiles arrays are whole, dense buffers."""
        owner = None
        if is_pyopencl_array(buffer):
            pyopencl_array = buffer
            buffer, shape, dtype, context = _of_pyopencl_array(pyopencl_array, shape, dtype, context)
            owner = (pyopencl_array, context)
        if shape is None or dtype is None or context is None:
            raise InvalidArgument("an array over an OpenCL buffer needs its shape, dtype and context (a "
                                  "pyopencl.array.Array brings its own)")
        return cls._of_handle(_tiles.Array.from_opencl(
            instance(context, Context, "the context of a buffer")._handle, _dtype(dtype),
            integers(shape, "an array's shape", 0, C_INT_MAX), int_ptr(buffer), owner))

    def opencl_buffer(self, context: Context) -> int:
        """The OpenCL buffer (cl_mem, as an integer) behind the array on its `context`, borrowed."""
        return self._view.opencl_buffer(context)

    def view(self) -> array_view:
        """A view of the whole array, without any host copy."""
        return self._view

    def _view_handle(self) -> _tiles.View:
        return self._view._handle

    def section(self, origin: Sequence[int], extent_: Sequence[int]) -> array_view:
        """The view of the sub-rectangle at `origin` of `extent_`; only it moves when it is used.
        a[1:3, 2:6] is the same as a.section((1, 2), (2, 4))."""
        return self._view.section(origin, extent_)

    def view_as(self, shape: Sequence[int]) -> array_view:
        """The array's first elements in `shape`, of any number of dimensions (C++ AMP's view_as)."""
        return self._view.view_as(shape)

    def reinterpret_as(self, dtype: Any) -> array_view:
        """The array's bytes as one dimension of `dtype` elements (C++ AMP's reinterpret_as)."""
        return self._view.reinterpret_as(dtype)

    def __getitem__(self, key) -> Any:
        """As an array_view's: a projection or a section (views of the array, of bools for a bool
        array), else a new array on the same device, gathered there (an integer array's too): an
        element is an array of no dimensions (the array API's rule), as is a[()] of an array of no
        dimensions. A boolean mask alone gathers at its true elements, as an array_view's."""
        from . import _elementwise  # which imports this module first
        if _indexing.is_mask(key):
            return _elementwise.gathered(self, _indexing.select_mask(_indexing.mask_of(key), self.shape, self.device))
        selection = _indexing.select(key, self.shape, self.device)
        if self._no_dimensions:
            return self if key is Ellipsis else _elementwise.gathered(self, selection)
        view = self._elements()._viewed(selection)
        return _elementwise.gathered(self, selection) if view is None else view

    def __setitem__(self, key, value: Any) -> None:
        """As an array_view's: arr[0, 1] = 9, arr[:, 2] = column, arr[::2] = 0, arr[[1, 3]] = 5,
        arr[mask] = 0 write the elements on the device. On a gathered copy of other data (arr[:, 1],
        arr.T), every key writes through to that data, as numpy's view does: integers, slices and
        new axes at their places there; integer arrays and masks into the copy, written back whole."""
        if self._through is not None:
            from . import _elementwise  # which imports this module first
            if not _elementwise.assign_through(self, key, value):
                self._elements()[key] = value
                _elementwise.written_back(self)
            return
        self._check_writable()
        if self._no_dimensions:
            from . import _elementwise  # which imports this module first
            if _indexing.is_mask(key) and _elementwise.moves_doubles_without_them(self, value):
                host = self.get()  # as array_view's assignments of doubles there: numpy's, on the host
                host[_through_host.host(key)] = _through_host.host(value)
                self._elements()[0] = host[()]
                return
            if _indexing.is_mask(key):  # numpy's: a mask of no dimensions, along a new first one
                _elementwise.scatter(self, _indexing.select_mask(_indexing.mask_of(key), (), self.device), value)
                return
            _indexing.select(key, ())  # numpy's IndexError for an index of a dimension
            self._elements()[0] = value
            return
        self._elements()[key] = value

    def _elements(self) -> array_view:
        """The whole array's view as indexing sees it: of bools for a bool array."""
        return array_view(self)._of_bools() if self._holds_bool else self._view

    @property
    def context(self) -> Context:
        """The context the array lives on (a staging array: the one it is associated with)."""
        return Context(_handle=self._handle.context())

    def numpy(self) -> np.ndarray:
        """A new numpy array holding the elements (one download). For a staging array, its own
        host memory, current, without a copy: writes through it reach the array (the next launch
        uploads them), and after launches or copies write the array, numpy() again brings their
        results there."""
        values = self._view._handle.host_memory() if self.is_staging else self._view.numpy()
        if self._no_dimensions:
            values = values.reshape(())
        return values.view(np.bool_) if self._holds_bool else values

    def _copy(self) -> np.ndarray:
        return self.numpy()

    def __array__(self, dtype=None, copy=None):
        """A copy (one download); copy=False raises ValueError, as numpy 2 asks of data that
        cannot be shared. A staging array's own memory, shared."""
        if self.is_staging:
            return _for_numpy(self.numpy(), dtype, copy, True)
        if copy is False:
            return _for_numpy(np.empty(0, self.dtype), dtype, copy, False)  # refuses before any download
        return _for_numpy(self.numpy(), dtype, copy, False)

    def release(self) -> None:
        """Gives the device memory back now; any later use raises tiles.InvalidHandle."""
        self._view.release()
        self._handle.release()

    def __repr__(self) -> str:
        """numpy's repr, values and all (one download; summarized past numpy's threshold), with the
        device: tiles.array([1., 2.], dtype=float32, device='...'), and staging=True for a
        staging array."""
        try:
            staging = ", staging=True" if self.is_staging else ""
            return _values_repr(self.numpy(), "tiles.array(") + f", device={self.context.device.name!r}{staging})"
        except InvalidHandle:
            return "<tiles.array, released>"


def empty(shape: Any, dtype: Any = float, *, context: Optional[Context] = None, staging: bool = False) -> array:
    """A new array of `shape` (an int or a tuple of any length) and `dtype` (numpy's default,
    float64, if not given) on `context`'s device, uninitialized, as numpy.empty; with
    staging=True, a staging array for `context` (see tiles.array)."""
    return array._of_shape(shape, dtype, context, None, staging)


def zeros(shape: Any, dtype: Any = float, *, context: Optional[Context] = None, staging: bool = False) -> array:
    """The same, filled with zeros, as numpy.zeros."""
    return array._of_shape(shape, dtype, context, 0, staging)


def ones(shape: Any, dtype: Any = float, *, context: Optional[Context] = None, staging: bool = False) -> array:
    """The same, filled with ones, as numpy.ones (float64 by default, as numpy's, though many
    devices compute in float32: pass dtype=np.float32 for them)."""
    return array._of_shape(shape, dtype, context, 1, staging)


def full(shape: Any, fill_value: Any, dtype: Any = None, *, context: Optional[Context] = None,
         staging: bool = False) -> array:
    """The same, filled with `fill_value`, as numpy.full: of `dtype`, else of the dtype numpy
    gives fill_value (int64 for a Python int, float64 for a float)."""
    if dtype is None:
        dtype = _asarray(fill_value, "full's fill_value").dtype
    return array._of_shape(shape, dtype, context, fill_value, staging)


def _like(prototype: Any, dtype: Any, shape: Any, context: Optional[Context], staging: bool, fill: Any) -> array:
    """An array of prototype's shape and dtype (or those given), on the prototype's context where
    it is an array (or a view of one) and no context is given."""
    if isinstance(prototype, (array, array_view)):
        like_dtype, like_shape = prototype.dtype, prototype.shape
        owner = prototype._view_handle().keeps_alive()
        if context is None and isinstance(owner, _tiles.Array):
            context = Context(_handle=owner.context())
    else:
        host = _asarray(prototype, "the prototype")
        like_dtype, like_shape = host.dtype, host.shape
    return array._of_shape(like_shape if shape is None else shape, like_dtype if dtype is None else dtype, context,
                           fill, staging)


def empty_like(prototype: Any, dtype: Any = None, *, shape: Any = None, context: Optional[Context] = None,
               staging: bool = False) -> array:
    """A new uninitialized array of prototype's shape and dtype (or `shape` and `dtype`), as
    numpy.empty_like: `prototype` is a tiles.array, an array_view or anything numpy.asarray
    takes; the array is on `context`, else on the prototype's context where it is tiles data on
    a device, else on the default context."""
    return _like(prototype, dtype, shape, context, staging, None)


def zeros_like(prototype: Any, dtype: Any = None, *, shape: Any = None, context: Optional[Context] = None,
               staging: bool = False) -> array:
    """The same, filled with zeros, as numpy.zeros_like."""
    return _like(prototype, dtype, shape, context, staging, 0)


def ones_like(prototype: Any, dtype: Any = None, *, shape: Any = None, context: Optional[Context] = None,
              staging: bool = False) -> array:
    """The same, filled with ones, as numpy.ones_like."""
    return _like(prototype, dtype, shape, context, staging, 1)


def full_like(prototype: Any, fill_value: Any, dtype: Any = None, *, shape: Any = None,
              context: Optional[Context] = None, staging: bool = False) -> array:
    """The same, filled with `fill_value`, as numpy.full_like (in the prototype's dtype, not
    fill_value's)."""
    return _like(prototype, dtype, shape, context, staging, fill_value)


def pinned_empty(shape: Any, dtype: Any = float, *, context: Optional[Context] = None) -> np.ndarray:
    """A new numpy array of `shape` (an int or a tuple) and `dtype` (float64 if not given),
    uninitialized as numpy.empty's, in host memory that the driver of `context`'s device (None: the
    default context's) pins. Views of it (tiles.array_view, the algorithms' numpy arguments) and
    copies from and to it move straight at the bus's full rate, where copies of other host memory
    of the device's staging threshold or more go through the context's staging buffers. The memory
    is the array's: it is freed when the array, and every numpy view of it, is gone."""
    dims = integers(shape if isinstance(shape, (tuple, list)) else [shape], "a shape", 0, None)
    return _tiles.pinned_empty(context_handle(context), _dtype(dtype), dims)


def asarray(data: Any) -> Union[array, array_view]:
    """`data` as tiles data without copying: tiles arrays and views as they are, anything with the
    buffer protocol (a numpy array, array.array, memoryview, bytearray) as an array_view of its
    own memory, const if that memory is read-only; objects with __dlpack__ (a PyTorch tensor) as
    tiles.from_dlpack takes them, and a pyopencl.array.Array as array.from_opencl does. What
    cannot be viewed is refused: a list has no memory to view (tiles.array(data) copies it to a
    device), and a view needs C-contiguous memory."""
    if isinstance(data, (array, array_view)):
        return data
    if isinstance(data, np.ndarray):
        return array_view(data)
    if is_pyopencl_array(data):
        return array.from_opencl(data)
    if hasattr(data, "__dlpack__"):
        return from_dlpack(data)
    try:
        memory = memoryview(data)
    except TypeError:
        raise InvalidArgument(f"tiles.asarray views memory without copying, and {describe(data)} does not expose "
                              f"its memory (the buffer protocol); tiles.array(data) copies it to a device") from None
    return array_view(np.asarray(memory))


def from_dlpack(x: Any, *, context: Optional[Context] = None) -> Union[array, array_view]:
    """`x`'s data without a copy, through DLPack (numpy.from_dlpack's counterpart): `x` is an object
    with __dlpack__ (a numpy array, a PyTorch CPU tensor, tiles data, another library's OpenCL
    array) or a DLPack capsule. A CPU tensor becomes an array_view of its memory (const if the
    tensor is read-only), an OpenCL tensor a tiles.array over its cl_mem on `context` (which must
    be on the tensor's device and share its OpenCL context; None: the default context of the
    tensor's device), whose queue the producer is asked to order its work before. Either keeps
    the producer's tensor until libtiles lets go of it. Refused, with the capsule left to its
    producer: strides that are not C-contiguous, element types libtiles lacks, tensors of no
    dimensions, tensors on other devices, and OpenCL tensors that start inside their buffer."""
    capsule, context = _dlpack.capsule_of(x, instance(context, Context, "from_dlpack's context", optional=True))
    taken = _tiles.from_dlpack(capsule, context_handle(context))
    if isinstance(taken, np.ndarray):
        return array_view(taken)
    return array._of_handle(taken)


def _of_pyopencl_array(a: Any, shape: Any, dtype: Any, context: Optional[Context]) -> Tuple[Any, Any, Any, Context]:
    """The buffer, shape, dtype and context of a pyopencl.array.Array, checked against those given."""
    if a.offset != 0:
        raise InvalidArgument(f"the pyopencl.array.Array starts {a.offset} bytes into its buffer (a slice of another "
                              f"array, say); a libtiles array is a whole buffer: pass a.copy()")
    if not a.flags.c_contiguous:
        raise InvalidArgument(f"the pyopencl.array.Array is not C-contiguous (strides {a.strides} for shape {a.shape}); "
                              f"a libtiles array is dense and row-major: pass a copy in C order")
    if shape is not None and tuple(integers(shape, "an array's shape")) != tuple(a.shape):
        raise InvalidArgument(f"shape {tuple(shape)} was given for a pyopencl.array.Array of shape {a.shape}")
    if dtype is not None and _dtype(dtype) != a.dtype:
        raise InvalidArgument(f"dtype {_dtype(dtype)} was given for a pyopencl.array.Array of dtype {a.dtype}")
    if a.base_data is None:
        raise InvalidArgument("the pyopencl.array.Array has no buffer (it has no elements)")
    if context is None:
        if a.queue is None:
            raise InvalidArgument("the pyopencl.array.Array has no queue to make a context of: pass context=")
        context = _contexts_of_queues.get(a.queue.int_ptr)
        if context is None:
            context = _contexts_of_queues[a.queue.int_ptr] = Context.from_opencl(a.context, a.queue)
    return a.base_data, a.shape, a.dtype, context


# The context made over a PyOpenCL queue, shared by the arrays made over that queue's arrays while
# any of them lives (each keeps it), so that they are on one context rather than copied between
# several. It retains the queue, whose int_ptr no other queue can have meanwhile.
_contexts_of_queues: "weakref.WeakValueDictionary[int, Context]" = weakref.WeakValueDictionary()
def _values_repr(values: np.ndarray, prefix: str) -> str:
    """numpy's repr of `values` after `prefix` in place of "array(", without its closing
    parenthesis, its lines aligned under the prefix."""
    text = np.array_repr(values)[len("array("):-1]
    return prefix + text.replace("\n" + " " * len("array("), "\n" + " " * len(prefix))


def _asarray(data: Any, what: str) -> np.ndarray:
    """numpy.asarray(data), with numpy's refusals as tiles.InvalidArgument naming `what`."""
    try:
        result = np.asarray(data)
    except (TypeError, ValueError) as e:
        raise InvalidArgument(f"{what} is not an array of numbers: {e}") from None
    if result.dtype == object:
        raise InvalidArgument(f"{what} is not an array of numbers: numpy makes objects of {describe(data)}")
    return result


# The element types numpy knows only through ml_dtypes, which is not installed: libtiles gives
# their data as the unsigned integers of their size, their bits (the extension's table).
_AS_BITS = {element["name"]: element["dtype"] for element in _tiles.dtypes() if element["as_bits"]}


def _dtype(dtype: Any) -> np.dtype:
    """numpy's dtype of `dtype`; "bfloat16" is ml_dtypes' bfloat16, which numpy knows by that name
    once ml_dtypes is imported (the extension imports it where it is installed)."""
    if isinstance(dtype, str) and dtype in _AS_BITS:
        raise InvalidArgument(f"{dtype} data is numpy's through ml_dtypes (pip install ml-dtypes), which is not "
                              f"installed; without it libtiles gives {dtype} data as {_AS_BITS[dtype]}, its bits")
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
    source_view, destination_view = (None if isinstance(d, np.ndarray) else _as_view(d) for d in (source, destination))
    if isinstance(source_view, NoElements) or isinstance(destination_view, NoElements):
        _copy_of_no_elements(source, destination)
        return None
    if wait_for or return_event:
        done = _tiles.copy_with_events(_as_view(source), _as_view(destination), event_handles(wait_for, "copy"),
                                       return_event)
        return None if done is None else Event(done)
    if isinstance(source, np.ndarray):
        if source.shape != tuple(_as_view(destination).shape()[1]):
            raise InvalidArgument(f"copy from a numpy array of shape {source.shape} into data of shape "
                                  f"{tuple(_as_view(destination).shape()[1])}")
        _as_view(destination).write(source.astype(source.dtype.newbyteorder("="), copy=False))
    elif isinstance(destination, np.ndarray):
        view = _as_view(source)
        dtype, shape = view.shape()
        if destination.shape != tuple(shape):
            raise InvalidArgument(f"copy into a numpy array of shape {destination.shape} from data of shape "
                                  f"{tuple(shape)}")
        if (destination.size and destination.dtype == dtype and destination.dtype.isnative and
                destination.flags.c_contiguous and destination.flags.writeable):
            # Straight into the array's memory, through a view of it that lives for the copy.
            with array_view(destination) as into:
                _tiles.copy(view, into._handle)
        else:
            destination[...] = view.read()
    else:
        _tiles.copy(_as_view(source), _as_view(destination))
    return None


def _copy_of_no_elements(source: Any, destination: Any) -> None:
    """copy() where either side has no elements: nothing moves, once the shapes agree."""
    if tuple(source.shape) != tuple(destination.shape):
        raise InvalidArgument(f"copy from data of shape {tuple(source.shape)} into data of shape "
                              f"{tuple(destination.shape)}")


def copy_async(source: Any, destination: Any) -> Event:
    """copy() between arrays and views, without blocking: the copy is enqueued in order on the
    destination's context, and the returned tiles.Event completes with it."""
    return Event(_tiles.copy_async(_as_view(source), _as_view(destination)))
