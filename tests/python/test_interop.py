"""A PyOpenCL pipeline runs a libtiles kernel on its own buffers, between its own kernels, ordered
by its own events, with no host transfer by libtiles; PyOpenCL's arrays are taken as its buffers
are; DLPack's OpenCL tensors go to PyOpenCL's queues in order and come in from other libraries.
PyOpenCL reads the results, as the independent truth."""

import ctypes
import gc
import time
import weakref

import numpy as np
import pytest
import tiles
from optional_tools import needs

cl = needs("pyopencl", "pip's pyopencl")
cl_array = needs("pyopencl.array", "pip's pyopencl")

PIPELINE = """
__kernel void ramp(__global float* d) { d[get_global_id(0)] = get_global_id(0); }
__kernel void add_one(__global float* d) { d[get_global_id(0)] += 1.0f; }
"""
TWICE = "__kernel void twice(__global float* d) { tiled_index t = get_tiled_index(); d[t.global_id[0]] *= 2; }"
TWICE_ANY_RANK = """
__kernel void twice(__global float* v) {
    thread_index i = get_thread_index();
    v[linear_index(i.global_id, i.extent)] *= 2;
}"""


def pipeline():
    device = cl.get_platforms()[0].get_devices()[0]
    context = cl.Context([device])
    queue = cl.CommandQueue(context)
    return context, queue, cl.Program(context, PIPELINE).build()


def test_pyopencl_round_trip():
    context, queue, program = pipeline()
    n = 256
    buffer = cl.Buffer(context, cl.mem_flags.READ_WRITE, n * 4)
    ramped = program.ramp(queue, (n,), None, buffer)

    ours = tiles.Context.from_opencl(context, queue)
    assert ours.opencl == (context.int_ptr, queue.int_ptr)
    data = tiles.array.from_opencl(buffer, (n,), np.float32, ours)
    event = tiles.parallel_for_each(data.extent.tile(64), tiles.Kernel(TWICE, "twice"), data, context=ours,
                                    wait_for=[ramped], return_event=True)
    assert isinstance(event, tiles.Event)
    doubled = cl.Event.from_int_ptr(event.int_ptr)  # PyOpenCL retains its own reference
    added = program.add_one(queue, (n,), None, buffer, wait_for=[doubled])
    del event  # releases libtiles' reference; PyOpenCL's keeps the event alive

    result = np.empty(n, np.float32)
    cl.enqueue_copy(queue, result, buffer, wait_for=[added])
    np.testing.assert_array_equal(result, 2 * np.arange(n, dtype=np.float32) + 1)
    counters = ours.counters()
    assert counters["uploads"] == 0 and counters["downloads"] == 0 and counters["launches"] == 1


def test_a_view_handed_to_pyopencl_and_back():
    context, queue, program = pipeline()
    ours = tiles.Context.from_opencl(context, queue)
    host = np.full(64, 5.0, np.float32)
    view = tiles.array_view(host)
    buffer = cl.Buffer.from_int_ptr(view.opencl_buffer(ours))  # uploaded now, retained by PyOpenCL
    program.add_one(queue, (64,), None, buffer)
    np.testing.assert_array_equal(np.asarray(view), 6.0)  # libtiles knows PyOpenCL may have written it
    assert ours.counters()["uploads"] == 1 and ours.counters()["downloads"] == 1


def test_a_copy_after_a_pyopencl_event():
    context, queue, program = pipeline()
    ours = tiles.Context.from_opencl(context, queue)
    buffer = cl.Buffer(context, cl.mem_flags.READ_WRITE, 16 * 4)
    ramped = program.ramp(queue, (16,), None, buffer)
    source = tiles.array.from_opencl(buffer, (16,), np.float32, ours)
    destination = tiles.empty((16,), np.float32, context=ours)
    copied = tiles.copy(source, destination, wait_for=[ramped], return_event=True)
    copied.wait()
    assert copied.is_ready and "ready" in repr(copied)
    np.testing.assert_array_equal(destination.numpy(), np.arange(16, dtype=np.float32))
    assert ours.counters()["device_copies"] == 1
    again = tiles.empty((16,), np.float32, context=ours)
    tiles.copy(destination, again, wait_for=[copied])  # libtiles' own events are waited for too
    np.testing.assert_array_equal(again.numpy(), np.arange(16, dtype=np.float32))


def test_pyopencl_arrays_are_taken_as_their_buffers_are():
    context, queue, _ = pipeline()
    host = np.arange(5 * 9, dtype=np.float32).reshape(5, 9)
    theirs = cl_array.to_device(queue, host)
    ours = tiles.array.from_opencl(theirs)  # its shape, dtype, and a context over its queue
    assert ours.shape == (5, 9) and ours.dtype == np.float32
    assert ours.context.opencl == (context.int_ptr, queue.int_ptr)
    assert ours.opencl_buffer(ours.context) == theirs.data.int_ptr
    tiles.parallel_for_each(ours.extent, tiles.Kernel(TWICE_ANY_RANK, "twice"), ours, context=ours.context)
    ours.context.wait()
    np.testing.assert_array_equal(theirs.get(), 2 * host)
    assert ours.context.counters()["uploads"] == 0

    same = tiles.array.from_opencl(theirs, (5, 9), np.float32, ours.context)
    np.testing.assert_array_equal(same.get(), 2 * host)
    # Arrays made over one PyOpenCL queue's arrays share one context while any of them lives: a
    # launch there moves neither.
    other = cl_array.to_device(queue, host)
    tiles.reset_total_counters()
    tiles.parallel_for_each(ours.extent, tiles.Kernel(TWICE_ANY_RANK, "twice"), tiles.asarray(other),
                            context=ours.context)
    assert tiles.asarray(theirs).opencl_buffer(ours.context) == theirs.data.int_ptr
    moved = tiles.total_counters()
    assert moved["launches"] == 1 and moved["uploads"] == moved["downloads"] == moved["device_copies"] == 0
    np.testing.assert_array_equal(other.get(), 2 * host)
    # The tiles array keeps the PyOpenCL array (and its pool's memory) alive.
    watched = weakref.ref(theirs)
    del theirs
    gc.collect()
    assert watched() is not None
    np.testing.assert_array_equal(same.get(), 2 * host)
    del ours, same
    gc.collect()
    assert watched() is None


def test_pyopencl_arrays_that_are_not_whole_dense_buffers_are_refused():
    _, queue, _ = pipeline()
    theirs = cl_array.to_device(queue, np.zeros((6, 8), np.float32))
    with pytest.raises(tiles.InvalidArgument, match="starts 64 bytes into its buffer"):
        tiles.array.from_opencl(theirs[2:])
    with pytest.raises(tiles.InvalidArgument, match=r"not C-contiguous \(strides \(32, 8\)"):
        tiles.array.from_opencl(theirs[:, ::2])
    with pytest.raises(tiles.InvalidArgument, match=r"shape \(8, 6\) was given .* of shape \(6, 8\)"):
        tiles.array.from_opencl(theirs, (8, 6))
    with pytest.raises(tiles.InvalidArgument, match="dtype int32 was given .* of dtype float32"):
        tiles.array.from_opencl(theirs, dtype=np.int32)
    with pytest.raises(tiles.InvalidArgument, match="needs its shape, dtype and context"):
        tiles.array.from_opencl(theirs.data)
    with pytest.raises(tiles.InvalidArgument, match="through tiles.array.from_opencl"):
        tiles.from_dlpack(theirs)


def gated_array(n):
    """An array of n ones on a context over PyOpenCL's queue, which a launch doubles once `gate`
    (a PyOpenCL user event) is set; and a second queue of the same OpenCL context."""
    context, queue, _ = pipeline()
    ours = tiles.Context.from_opencl(context, queue)
    data = tiles.array(np.ones(n, np.float32), context=ours)
    gate = cl.UserEvent(context)
    tiles.parallel_for_each(data.extent, tiles.Kernel(TWICE_ANY_RANK, "twice"), data, context=ours, wait_for=[gate])
    return data, ours, gate, cl.CommandQueue(context)


def read_on(queue, buffer, n):
    result = np.zeros(n, np.float32)
    read = cl.enqueue_copy(queue, result, buffer, is_blocking=False)
    queue.flush()
    return result, read


def test_an_opencl_export_orders_the_consumers_queue_after_libtiles_work():
    data, ours, gate, second = gated_array(29)
    capsule = data.__dlpack__(stream=second, max_version=(1, 0))  # a PyOpenCL CommandQueue as the stream
    buffer = cl.Buffer.from_int_ptr(data.opencl_buffer(ours))
    result, read = read_on(second, buffer, 29)
    time.sleep(0.1)
    assert read.command_execution_status != cl.command_execution_status.COMPLETE  # waits for the launch
    gate.set_status(cl.command_execution_status.COMPLETE)
    read.wait()
    np.testing.assert_array_equal(result, 2)
    del capsule


def test_an_opencl_export_with_stream_minus_one_does_not_synchronize():
    data, ours, gate, second = gated_array(31)
    try:
        data.__dlpack__(stream=-1)
        result, read = read_on(second, cl.Buffer.from_int_ptr(data.opencl_buffer(ours)), 31)
        deadline = time.monotonic() + 10
        while read.command_execution_status != cl.command_execution_status.COMPLETE and time.monotonic() < deadline:
            time.sleep(0.01)
        assert read.command_execution_status == cl.command_execution_status.COMPLETE  # before the launch ran
        np.testing.assert_array_equal(result, 1)
    finally:
        gate.set_status(cl.command_execution_status.COMPLETE)
    ours.wait()
    np.testing.assert_array_equal(data.get(), 2)
    other_context, other_queue, _ = pipeline()
    with pytest.raises(tiles.InvalidArgument, match="another cl_context"):
        data.__dlpack__(stream=other_queue)
    with pytest.raises(tiles.InvalidArgument, match="0 is no queue"):
        data.__dlpack__(stream=0)


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice), ("ndim", ctypes.c_int32), ("dtype", DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)), ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class DLManagedTensor(ctypes.Structure):
    pass


DELETER = ctypes.CFUNCTYPE(None, ctypes.POINTER(DLManagedTensor))
DLManagedTensor._fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", DELETER)]


class ForeignOpenCLTensor:
    """What another OpenCL library exports: a DLPack capsule ("dltensor", DLPack before 1.0) of a
    PyOpenCL buffer, written here with ctypes alone, whose deleter counts its calls."""

    def __init__(self, buffer, shape, device_id, byte_offset=0):
        self.deleted = 0
        self.shape = (ctypes.c_int64 * len(shape))(*shape)
        self.deleter = DELETER(self._delete)
        self.managed = DLManagedTensor(
            DLTensor(buffer.int_ptr, DLDevice(4, device_id), len(shape), DLDataType(2, 32, 1), self.shape, None,
                     byte_offset), None, self.deleter)
        new = ctypes.pythonapi.PyCapsule_New
        new.restype, new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        self.capsule = new(ctypes.addressof(self.managed), b"dltensor", None)

    def _delete(self, _managed):
        self.deleted += 1

    def name(self):
        get_name = ctypes.pythonapi.PyCapsule_GetName
        get_name.restype, get_name.argtypes = ctypes.c_char_p, [ctypes.py_object]
        return get_name(self.capsule)


def test_another_opencl_librarys_capsule_comes_in_without_a_copy():
    context, queue, program = pipeline()
    n = 3 * 7
    buffer = cl.Buffer(context, cl.mem_flags.READ_WRITE, n * 4)
    program.ramp(queue, (n,), None, buffer)
    device = queue.device
    number = next(i for i, d in enumerate(tiles.devices()) if d.name == device.name)
    ours = tiles.Context.from_opencl(context, queue)

    offset = ForeignOpenCLTensor(buffer, (n - 1,), number, byte_offset=4)
    with pytest.raises(tiles.InvalidArgument, match="starts 4 bytes into its cl_mem"):
        tiles.from_dlpack(offset.capsule, context=ours)
    assert offset.name() == b"dltensor" and offset.deleted == 0  # not consumed: still its producer's

    foreign = ForeignOpenCLTensor(buffer, (3, 7), number)
    data = tiles.from_dlpack(foreign.capsule, context=ours)
    assert foreign.name() == b"used_dltensor" and isinstance(data, tiles.array) and data.shape == (3, 7)
    assert data.opencl_buffer(ours) == buffer.int_ptr
    tiles.parallel_for_each(data.extent, tiles.Kernel(TWICE_ANY_RANK, "twice"), data, context=ours)
    result = np.empty(n, np.float32)
    cl.enqueue_copy(queue, result, buffer)
    np.testing.assert_array_equal(result, 2 * np.arange(n, dtype=np.float32))
    assert foreign.deleted == 0
    del data
    gc.collect()
    assert foreign.deleted == 1  # libtiles let go of the tensor once, when its array went
