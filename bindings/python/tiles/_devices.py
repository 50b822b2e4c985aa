"""Devices, contexts (C++ AMP's accelerator views), counters and events."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _tiles
from ._checks import describe, instance, integer, text
from .errors import InvalidArgument, InvalidHandle


class Device:
    """One OpenCL device, with the limits launches are checked against (the C API's
    tiles_device_info)."""

    name: str  #: CL_DEVICE_NAME
    vendor: str  #: CL_DEVICE_VENDOR
    platform_name: str  #: CL_PLATFORM_NAME of the device's platform
    driver_version: str  #: CL_DRIVER_VERSION
    device_version: str  #: CL_DEVICE_VERSION ("OpenCL 3.0 ...")
    is_gpu: bool  #: whether it is a GPU (CL_DEVICE_TYPE_GPU)
    is_cpu: bool  #: whether it is a CPU (CL_DEVICE_TYPE_CPU)
    platform_index: int  #: the position devices() lists it at: platform, then device within it
    device_index: int  #: its position within its platform
    max_tile_size: int  #: work-items in one tile (CL_DEVICE_MAX_WORK_GROUP_SIZE)
    max_tile_extent: Tuple[int, int, int]  #: per dimension of a rank-3 tile, AMP order
    tile_static_memory: int  #: bytes of __local memory
    global_memory: int  #: bytes
    max_allocation: int  #: bytes in one array
    supports_fp64: bool  #: whether kernels and arrays may use float64 (CL_DEVICE_DOUBLE_FP_CONFIG is not 0)
    # C++ AMP's properties, from OpenCL's device queries:
    device_path: str  #: "P:D" indices, which default_device() takes back; "" for Oclgrind's simulator
    version: Tuple[int, int]  #: the device's OpenCL version (major, minor)
    is_debug: bool  #: Oclgrind's simulator, where checked contexts run
    is_emulated: bool  #: a CPU device, or the simulator
    has_display: bool  #: a display's watchdog limits kernels (NVIDIA's drivers say; else False)
    supports_limited_fp64: bool  #: as supports_fp64: OpenCL has no partial double precision
    supports_cpu_shared_memory: bool  #: CL_DEVICE_HOST_UNIFIED_MEMORY

    def __init__(self, handle: _tiles.Device):
        self._handle = handle
        self.__dict__.update(handle.info())

    @property
    def default_view(self) -> "Context":
        """The device's default context, which launches on it without a context use (C++ AMP's
        accelerator::default_view)."""
        return Context.default(self)

    def backends(self) -> List[Dict[str, Any]]:
        """Each linked backend's verdict on the device (a vendor's path beside OpenCL, such as the
        CUDA backend's libcuda on Hopper): its ``name``, whether it ``serves`` the device, what it
        ``probed`` and what it ``refused``, a line each. An empty list in a build without backends.
        Asking may load the backend's driver, once a device."""
        return self._handle.backends()

    def create_view(self, queuing_mode: str = "automatic") -> "Context":
        """A new context and queue on the device (C++ AMP's accelerator::create_view)."""
        return Context(self, queuing_mode=queuing_mode)

    # PyOpenCL's names (pyopencl.Device) of what the device reports, in OpenCL's terms.
    @property
    def max_work_group_size(self) -> int:
        """CL_DEVICE_MAX_WORK_GROUP_SIZE: max_tile_size."""
        return self.max_tile_size

    @property
    def max_work_item_sizes(self) -> Tuple[int, ...]:
        """CL_DEVICE_MAX_WORK_ITEM_SIZES, in OpenCL's order (dimension 0 fastest): max_tile_extent
        reversed."""
        return tuple(reversed(self.max_tile_extent))

    @property
    def local_mem_size(self) -> int:
        """CL_DEVICE_LOCAL_MEM_SIZE in bytes: tile_static_memory."""
        return self.tile_static_memory

    @property
    def global_mem_size(self) -> int:
        """CL_DEVICE_GLOBAL_MEM_SIZE in bytes: global_memory."""
        return self.global_memory

    @property
    def max_mem_alloc_size(self) -> int:
        """CL_DEVICE_MAX_MEM_ALLOC_SIZE in bytes: max_allocation."""
        return self.max_allocation

    def __repr__(self) -> str:
        return f"<tiles.Device {self.platform_index}:{self.device_index} {self.name!r}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Device) and (self.platform_index, self.device_index) == (
            other.platform_index, other.device_index)

    def __hash__(self) -> int:
        return hash((self.platform_index, self.device_index))


def int_ptr(handle: Any, what: str = "an OpenCL handle is a PyOpenCL object or its int_ptr (an integer)") -> int:
    """An OpenCL handle as an integer: PyOpenCL objects give their int_ptr, integers stay. `what`
    names the parameter and what it takes, for the message that refuses anything else."""
    value = getattr(handle, "int_ptr", handle)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**64:
        raise InvalidArgument(f"{what}, not {describe(handle)}")
    return value


def event_handles(wait_for: Any, function: str) -> List[int]:
    """The events of `function`'s wait_for as integers: tiles.Event objects, PyOpenCL events, or
    their int_ptr."""
    if isinstance(wait_for, (str, bytes)) or not hasattr(wait_for, "__iter__"):
        raise InvalidArgument(f"wait_for of {function} is a sequence of tiles.Event objects or OpenCL events, "
                              f"not {describe(wait_for)}")
    return [int_ptr(event, f"wait_for[{i}] of {function} is a tiles.Event or an OpenCL event (a PyOpenCL Event "
                           f"or its int_ptr, an integer)") for i, event in enumerate(wait_for)]


def is_pyopencl_array(value: Any) -> bool:
    """Whether `value` is a pyopencl.array.Array (never, where PyOpenCL was not imported)."""
    module = sys.modules.get("pyopencl.array")
    return module is not None and isinstance(value, module.Array)


def devices() -> List[Device]:
    """Every OpenCL device of every platform, in platform then device order."""
    return [Device(_tiles.Device.get(i)) for i in range(_tiles.Device.count())]


def default_device(selector: Optional[str] = None) -> Device:
    """The device `selector` names ("gpu", "cpu", "P:D" indices, part of a name); without one,
    the default: TILES_DEVICE's choice, else the first GPU, else the first device; under
    TILES_CHECKED=1 (or strict), the Oclgrind simulator, where launches without a context run."""
    if selector is None:
        return Device(_tiles.Device.default())
    return Device(_tiles.Device.select(text(selector, "a device selector")))


default_device.reason = _tiles.Device.default_reason  # type: ignore[attr-defined]


def set_default_device(selector: str) -> bool:
    """Makes the device `selector` names (as default_device takes it) the default, as C++ AMP's
    accelerator::set_default does, and returns True; returns False, changing nothing, once the
    default has been used (by default_device(), a context, array or launch without one) or set.
    It wins over TILES_DEVICE."""
    return _tiles.Device.set_default(text(selector, "a device selector"))


@dataclass(frozen=True)
class Diagnostic:
    """One problem checked mode found: `kind` (read_write_race, write_write_race,
    uninitialized_read, uninitialized_write, out_of_bounds, barrier_divergence, other, and
    host_write: the numpy array behind a view written with no view.refresh(), found before the
    launch, whose `message` names the argument), the memory
    `space` (tile_static, global, ...), the `kernel`, the `line` and `column` in the kernel's own
    source (0 in the prelude) with that `source_line`, a race's other access (`other_line`,
    `other_column`), the global indices of the `work_items` involved (AMP order), and the
    simulator's own `message`. For a barrier_divergence, the `tiles` where it happened (AMP
    order), and how many of the `tile_size` work-items of each (`reached_barrier`) reached the
    barrier at `line` (`other_line`: the barrier the others reached, where they reached another)."""

    kind: str  #: what was found: read_write_race, write_write_race, ..., host_write
    space: str  #: the memory it is about: tile_static, global, constant, private or unknown
    kernel: str  #: the kernel's name
    line: int  #: the line in the kernel's own source, from 1; 0 in the prelude or unknown
    column: int  #: the column in that line, from 1; 0 if unknown
    source_line: str  #: the text of that line
    other_line: int  #: a race's other access's line (a barrier divergence's other barrier); 0 for the rest
    other_column: int  #: and its column
    work_items: List[Tuple[int, int, int]]  #: the global indices of the work-items involved, AMP order
    message: str  #: the simulator's own words
    text: str  #: the whole diagnostic in a sentence or two, as str() gives it
    tiles: List[Tuple[int, int, int]]  #: a barrier divergence's tiles (AMP order); empty for the rest
    reached_barrier: int  #: how many work-items of each of those tiles reached the barrier at `line`
    tile_size: int  #: the work-items of a tile (0 but for a barrier divergence)

    def __str__(self) -> str:
        return self.text


class Context:
    """An OpenCL context and in-order queue on one device (C++ AMP's accelerator_view).
    Context() makes a new one on the default device; Context(device) or Context("cpu") on another
    (a Device, or a selector as TILES_DEVICE takes: "gpu", "cpu", "P:D" indices, part of a
    name). Context.default() is the one launches without a context use. A context manager:
    `with tiles.Context("cpu") as c:` releases it at the end.

    queuing_mode is C++ AMP's: "automatic" (the default) leaves it to the OpenCL driver when to
    submit what is enqueued (blocking calls and flush() submit it); "immediate" submits each
    kernel and transfer as it is enqueued."""

    _strict: bool = False  # made by checked(strict=True), as Python's own checks need to know

    def __init__(self, device: Union[Device, str, None] = None, *, queuing_mode: str = "automatic",
                 _handle: Optional[_tiles.Context] = None):
        if _handle is None:
            if isinstance(device, str):
                device = default_device(device)
            elif device is not None and not isinstance(device, Device):
                raise InvalidArgument(f"a context's device is a tiles.Device, a selector such as 'cpu', or None, "
                                      f"not {describe(device)}")
            if queuing_mode not in ("automatic", "immediate"):
                raise InvalidArgument(f"queuing_mode is 'automatic' or 'immediate', not {describe(queuing_mode)}")
            _handle = _tiles.Context.create(device_handle(device), queuing_mode == "immediate")
        self._handle = _handle

    @classmethod
    def checked(cls, strict: bool = False) -> "Context":
        """A context on the Oclgrind simulator (checked mode): every launch on it waits for its
        kernel and records the data races, uninitialized reads, out-of-bounds accesses and
        divergent barriers the simulator finds, at the kernel's own lines; diagnostics() lists
        them. A strict one raises tiles.CheckFailed instead."""
        made = cls(_handle=_tiles.Context.create_checked(bool(strict)))
        made._strict = bool(strict)
        return made

    @property
    def is_checked(self) -> bool:
        """Whether launches on this context run on the Oclgrind simulator and record what it finds
        (Context.checked())."""
        return self._handle.is_checked()

    def diagnostics(self) -> List["Diagnostic"]:
        """What the checked launches on this context found so far (none if it is not checked)."""
        return [Diagnostic(**d) for d in self._handle.report()]

    def clear_diagnostics(self) -> None:
        """Forgets what the checked launches found so far."""
        self._handle.clear_report()

    @classmethod
    def from_opencl(cls, context: Any, queue: Any) -> "Context":
        """A context over an OpenCL context and in-order queue made elsewhere (PyOpenCL objects, or
        their int_ptr), both retained until this context is released."""
        return cls(_handle=_tiles.Context.from_opencl(int_ptr(context), int_ptr(queue)))

    @property
    def opencl(self) -> Tuple[int, int]:
        """(context, queue): the OpenCL handles as integers, borrowed; for PyOpenCL,
        pyopencl.Context.from_int_ptr(ptr) and pyopencl.CommandQueue.from_int_ptr(ptr)."""
        return self._handle.opencl()

    def __eq__(self, other: object) -> bool:
        """Whether both are one context (one OpenCL queue), as the array API compares devices; a
        released context equals only itself."""
        if not isinstance(other, Context):
            return False
        try:
            return self is other or self.opencl == other.opencl
        except InvalidHandle:
            return False

    def __hash__(self) -> int:
        try:
            return hash(self.opencl)
        except InvalidHandle:
            return id(self)

    @classmethod
    def default(cls, device: Optional[Device] = None) -> "Context":
        """The default context of `device` (or of the default device)."""
        return cls(_handle=_tiles.Context.default(device_handle(device)))

    @property
    def device(self) -> Device:
        """The device the context runs on."""
        return Device(self._handle.device())

    def wait(self) -> None:
        """Blocks until everything enqueued on the context has finished."""
        self._handle.wait()

    @property
    def queuing_mode(self) -> str:
        """"immediate" or "automatic" (C++ AMP's queuing modes)."""
        return "immediate" if self._handle.is_immediate() else "automatic"

    def flush(self) -> None:
        """Submits everything enqueued on the context to the device, without waiting for it."""
        self._handle.flush()

    def create_marker(self) -> "Event":
        """An event that completes once everything enqueued on the context before it has finished
        (C++ AMP's create_marker, an OpenCL marker); work enqueued after it is not held up."""
        return Event(self._handle.create_marker())

    def counters(self) -> Dict[str, int]:
        """Transfers and launches on this context: uploads, downloads, bytes_uploaded,
        bytes_downloaded, device_copies, bytes_copied_on_device, kernel_builds, cache_hits,
        launches, binary_loads, staged_transfers, bytes_staged, and the device buffers made for
        arrays (buffers_allocated) or taken from the context's pool instead (buffers_reused)."""
        return self._handle.counters()

    def reset_counters(self) -> None:
        """Sets this context's counters to zero."""
        self._handle.reset_counters()

    @property
    def pooled_bytes(self) -> int:
        """The bytes of device memory the context's pool keeps: the buffers of arrays released
        here, which the next arrays of the same size take instead of new ones (as CuPy's memory
        pool keeps them). Where an allocation finds no room, the device's pools are freed first."""
        return self._handle.pool()[0]

    @property
    def pool_limit(self) -> int:
        """The most bytes the pool keeps (a quarter of the device's memory at first); setting it
        frees what it keeps beyond, and 0 turns the pool off."""
        return self._handle.pool()[1]

    @pool_limit.setter
    def pool_limit(self, bytes: int) -> None:
        self._handle.set_pool_limit(integer(bytes, "the pool's limit", 0, 2**64 - 1))

    def free_pool(self) -> None:
        """Frees every buffer the pool keeps (CuPy's free_all_blocks); the pool stays on."""
        self._handle.free_pool()

    def release(self) -> None:
        """Gives the context back now rather than when it is collected."""
        self._handle.release()

    def __enter__(self) -> "Context":
        return self

    def __exit__(self, *exc) -> None:
        self.release()

    def __repr__(self) -> str:
        return f"<tiles.Context{' (checked)' if self.is_checked else ''} on {self.device.name!r}>"


def device_handle(device: Optional[Device]) -> Optional[_tiles.Device]:
    return instance(device, Device, "a device", optional=True) and device._handle


def context_handle(context: Optional[Context]) -> Optional[_tiles.Context]:
    """The handle of `context`, or None where it is None (launches then pick their context)."""
    return instance(context, Context, "a context", optional=True) and context._handle


def context_list(contexts: Any, what: str) -> List[Context]:
    """`contexts` (`what` in messages) as a list of tiles.Context, refused unless it is a sequence
    of them."""
    if isinstance(contexts, (Context, str, bytes)) or not isinstance(contexts, Sequence):
        raise InvalidArgument(f"{what} is a list of tiles.Context, not {describe(contexts)}")
    return [instance(c, Context, "a context of the list") for c in contexts]


def total_counters() -> Dict[str, int]:
    """The counters of every context of the process together."""
    return _tiles.total_counters()


def reset_total_counters() -> None:
    """Sets the process's total counters to zero (each context keeps its own)."""
    _tiles.reset_total_counters()


@dataclass(frozen=True)
class EventProfile:
    """An event's OpenCL profiling times in nanoseconds (CL_PROFILING_COMMAND_QUEUED, SUBMIT,
    START, END); submit, start and end are PyOpenCL's names for the last three. For work of several
    commands, queued, submitted and started are the first's and ended the last's."""

    queued: int  #: when the host enqueued the work
    submitted: int  #: when it was submitted to the device
    started: int  #: when it began to run
    ended: int  #: when it finished

    @property
    def submit(self) -> int:
        """PyOpenCL's name of `submitted`."""
        return self.submitted

    @property
    def start(self) -> int:
        """PyOpenCL's name of `started`."""
        return self.started

    @property
    def end(self) -> int:
        """PyOpenCL's name of `ended`."""
        return self.ended


class Event:
    """Asynchronous work (synchronize_async, copy_async, and launches and copies with
    return_event=True): wait() for it, or poll is_ready. Events of launches and copies with
    return_event=True are OpenCL events: int_ptr hands them to PyOpenCL
    (pyopencl.Event.from_int_ptr(e.int_ptr)), and the event is released when this object goes."""

    def __init__(self, handle: _tiles.Event):
        self._handle = handle

    def wait(self) -> None:
        """Blocks until the work is done; raises what made it fail, if it failed."""
        self._handle.wait()

    @property
    def is_ready(self) -> bool:
        """Whether the work is done (successfully or not), without blocking."""
        return self._handle.is_ready()

    @property
    def int_ptr(self) -> int:
        """The OpenCL event (cl_event, as an integer), borrowed: only events of launches and
        copies with return_event=True have one; others raise tiles.InvalidArgument."""
        return self._handle.opencl()

    @property
    def profile(self) -> "EventProfile":
        """When the device's driver took the work, waiting for it first: OpenCL's profiling times
        in nanoseconds on the device's clock, as PyOpenCL's event.profile gives them
        (`(e.profile.end - e.profile.start) * 1e-9` seconds of running). libtiles' queues profile
        always; tiles.Unsupported for a context over a queue made without profiling."""
        return EventProfile(*self._handle.profile())

    def __repr__(self) -> str:
        return f"<tiles.Event {'ready' if self.is_ready else 'pending'}>"
