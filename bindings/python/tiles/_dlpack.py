"""DLPack, the array API's exchange of tensors without copies: what __dlpack__'s keywords mean for
libtiles' data, and how tiles.from_dlpack asks a producer for its capsule. The capsules themselves
are made and taken in the extension (src/dlpack.cpp)."""

from __future__ import annotations

from typing import Any, Callable, Optional, Tuple

from . import _tiles
from ._checks import describe
from ._devices import Context, Device, int_ptr, is_pyopencl_array
from ._no_elements import NoElements
from .errors import InvalidArgument

CPU, OPENCL = 1, 4  # DLPack's kDLCPU and kDLOpenCL
CPU_DEVICE = (CPU, 0)


def device(view: _tiles.View) -> Tuple[int, int]:
    """(kDLCPU, 0) for a view of host memory; (kDLOpenCL, n) for an array on libtiles' device n."""
    if isinstance(view, NoElements):
        return CPU_DEVICE
    return _tiles.dlpack_device(view)


def export(view: _tiles.View, stream: Any, max_version: Any, dl_device: Any, copy: Any,
           copied: Callable[[], _tiles.View]) -> Any:
    """The capsule __dlpack__ returns (see _numpy_like.__dlpack__); `copied` makes a copy of the
    data on its device, a new array's view, for an OpenCL tensor that must be (copy=True) or may
    be (copy=None) of a copy."""
    versioned = _versioned(max_version)
    if copy is not None and not isinstance(copy, bool):
        raise InvalidArgument(f"__dlpack__'s copy is True, False or None, not {describe(copy)}")
    if isinstance(view, NoElements):  # no memory anywhere: numpy's empty array is the CPU tensor
        return export_values(view.read(), max_version, dl_device, "data of no elements")
    own = device(view)
    wanted = own if dl_device is None else _device_pair(dl_device)
    if wanted == (CPU, 0):
        if stream is not None:
            raise InvalidArgument(f"a CPU tensor takes stream=None (the host has no queue), not {describe(stream)}")
        if own != wanted and copy is False:
            raise BufferError(f"the data lives on OpenCL device {own[1]}: a CPU tensor of it is a copy, which "
                              f"copy=False forbids")
        return _tiles.to_dlpack_host(view, versioned, copy is True or own != wanted)
    if wanted != own:
        raise BufferError(f"libtiles exports this data to its own device {own} or to the CPU (1, 0), not to {wanted}")
    queue = _queue(stream)
    if copy:
        return _tiles.to_dlpack_opencl(copied(), queue, versioned)
    try:
        return _tiles.to_dlpack_opencl(view, queue, versioned)
    except BufferError:
        # A section or a projection of an array has no buffer of its own: the standard lets
        # copy=None export a copy (made on the array's queue, so ordered before the consumer's
        # use as the data itself would be); copy=False forbids it.
        if copy is False:
            raise
        return _tiles.to_dlpack_opencl(copied(), queue, versioned)


def export_values(values: Any, max_version: Any, dl_device: Any, what: str) -> Any:
    """The capsule of a CPU tensor of `values` (numpy's, which it keeps), for data that libtiles
    exports as a host copy (`what`): arrays of no dimensions and data of no elements."""
    if dl_device is not None and _device_pair(dl_device) != CPU_DEVICE:
        raise BufferError(f"{what} is exported as a CPU tensor (1, 0), not to {tuple(dl_device)}")
    return values.__dlpack__(max_version=max_version)


def _versioned(max_version: Any) -> bool:
    """Whether the consumer reads DLPack 1.0's versioned capsules (max_version=(1, 0) or later)."""
    if max_version is None:
        return False
    try:
        major, _minor = (int(v) for v in max_version)
    except (TypeError, ValueError):
        raise InvalidArgument(f"__dlpack__'s max_version is a (major, minor) pair, not {describe(max_version)}") from None
    return major >= 1


def _device_pair(dl_device: Any) -> Tuple[int, int]:
    try:
        device_type, device_id = (int(v) for v in dl_device)
    except (TypeError, ValueError):
        raise InvalidArgument(f"__dlpack__'s dl_device is a (device_type, device_id) pair, not "
                              f"{describe(dl_device)}") from None
    return device_type, device_id


def _queue(stream: Any) -> Optional[int]:
    """The stream of an OpenCL export: None (the host waits for libtiles' queue), -1 (no
    synchronization), or the consumer's cl_command_queue (a PyOpenCL CommandQueue or its int_ptr),
    which is made to wait for libtiles' queue on the device."""
    if stream is None or (isinstance(stream, int) and not isinstance(stream, bool) and stream == -1):
        return stream
    queue = int_ptr(stream)
    if queue == 0:
        raise InvalidArgument("an OpenCL stream is the consumer's cl_command_queue, -1 or None; 0 is no queue")
    return queue


def capsule_of(producer: Any, context: Optional[Context]) -> Tuple[Any, Optional[Context]]:
    """A DLPack capsule of `producer` (an object with __dlpack__, or a capsule already) and the
    context an OpenCL tensor is taken on: `context`, else the default context of the tensor's
    device. A producer is asked for a versioned capsule, and for one ordered for that context's
    queue (its stream), falling back to the keywords of older producers."""
    if type(producer).__name__ == "PyCapsule":
        return producer, context
    if not hasattr(producer, "__dlpack__") or not hasattr(producer, "__dlpack_device__"):
        hint = (" (a pyopencl.array.Array comes in through tiles.array.from_opencl)"
                if is_pyopencl_array(producer) else "")
        raise InvalidArgument(f"tiles.from_dlpack takes an object with __dlpack__ (numpy arrays, PyTorch tensors, "
                              f"tiles data) or a DLPack capsule, not {describe(producer)}{hint}")
    device_type, device_id = _device_pair(producer.__dlpack_device__())
    stream = None
    if device_type == OPENCL:
        if context is None:
            context = Context.default(Device(_tiles.Device.get(device_id)))
        stream = context.opencl[1]
    try:
        return producer.__dlpack__(stream=stream, max_version=(1, 0)), context
    except TypeError as e:  # a producer older than DLPack 1.0's keywords
        if "max_version" not in str(e):
            raise
        return producer.__dlpack__(stream=stream), context
