"""A PyOpenCL pipeline runs a libtiles kernel on its own buffers, between its own kernels, ordered
by its own events, with no host transfer by libtiles."""

import numpy as np
import pyopencl as cl
import tiles

PIPELINE = """
__kernel void ramp(__global float* d) { d[get_global_id(0)] = get_global_id(0); }
__kernel void add_one(__global float* d) { d[get_global_id(0)] += 1.0f; }
"""
TWICE = "__kernel void twice(__global float* d) { tiled_index t = get_tiled_index(); d[t.global_id[0]] *= 2; }"


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
