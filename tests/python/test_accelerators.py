"""C++ AMP's accelerators, views, staging arrays and extents inside kernels, from Python: device
properties against PyOpenCL's own queries, the default device set before and after its first use,
queuing modes and markers, staging arrays sharing their pinned memory with numpy, and extent_of."""

import subprocess
import sys

import numpy as np
import pytest
import tiles

TWICE = """
__kernel void twice(__global float* v) {
    thread_index idx = get_thread_index();
    v[linear_index(idx.global_id, idx.extent)] *= 2.0f;
}
"""


def test_device_properties_are_opencls_answers(cl):
    for device in tiles.devices():
        theirs = cl.get_platforms()[device.platform_index].get_devices()[device.device_index]
        assert theirs.name == device.name
        major, minor = theirs.version.split()[1].split(".")[:2]
        assert device.version == (int(major), int(minor))
        assert device.supports_limited_fp64 == device.supports_fp64 == (theirs.double_fp_config != 0)
        assert device.supports_cpu_shared_memory == bool(theirs.host_unified_memory)
        assert device.is_emulated == bool(theirs.type & cl.device_type.CPU)
        assert not device.is_debug
        assert device.device_path == f"{device.platform_index}:{device.device_index}"
        assert tiles.default_device(device.device_path) == device


def test_device_has_pyopencls_names_for_what_it_reports(cl):
    for device in tiles.devices():
        theirs = cl.get_platforms()[device.platform_index].get_devices()[device.device_index]
        assert device.max_work_group_size == theirs.max_work_group_size
        assert device.max_work_item_sizes == tuple(theirs.max_work_item_sizes)
        assert device.local_mem_size == theirs.local_mem_size
        assert device.global_mem_size == theirs.global_mem_size
        assert device.max_mem_alloc_size == theirs.max_mem_alloc_size


def test_is_emulated_and_default_view_are_properties_as_in_cpp_amp():
    device = tiles.default_device()
    assert device.is_emulated is (device.is_cpu or device.is_debug)
    view = device.default_view
    assert isinstance(view, tiles.Context) and view.device == device
    data = tiles.array(np.ones(4, np.float32), context=view)
    tiles.parallel_for_each(tiles.extent(4), tiles.Kernel(TWICE, "twice"), data)
    np.testing.assert_array_equal(data.get(), np.full(4, 2, np.float32))
    with device.create_view(queuing_mode="immediate") as created:
        assert created.device == device and created.queuing_mode == "immediate"


def test_set_default_device_after_use_changes_nothing():
    used = tiles.default_device()
    for device in tiles.devices():
        assert tiles.set_default_device(device.device_path) is False
    with pytest.raises(tiles.InvalidArgument, match="no OpenCL device matches"):
        tiles.set_default_device("no such device")
    assert tiles.default_device() == used


def test_set_default_device_before_use():
    # A process of its own, where nothing has used the default device yet.
    script = """
import tiles
last = tiles.devices()[-1]
assert tiles.set_default_device(last.device_path) is True
assert tiles.set_default_device("0:0") is False
assert tiles.default_device() == last
assert "set_default" in tiles.default_device.reason()
assert tiles.Context.default().device == last
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_queuing_modes_flush_and_markers():
    assert tiles.Context().queuing_mode == "automatic"
    assert tiles.Context.default().queuing_mode == "automatic"
    with pytest.raises(tiles.InvalidArgument, match="queuing_mode is 'automatic' or 'immediate'"):
        tiles.Context(queuing_mode="eager")
    for mode in ("immediate", "automatic"):
        with tiles.Context(queuing_mode=mode) as context:
            assert context.queuing_mode == mode
            data = tiles.array(np.arange(301, dtype=np.float32), context=context)
            tiles.parallel_for_each(data.extent, tiles.Kernel(TWICE, "twice"), data)
            context.flush()
            marker = context.create_marker()
            marker.wait()
            assert marker.is_ready
            np.testing.assert_array_equal(data.numpy(), 2 * np.arange(301, dtype=np.float32))


def test_a_marker_waits_for_the_work_before_it(cl):
    context = tiles.Context()
    theirs = cl.Context.from_int_ptr(context.opencl[0])
    gate = cl.UserEvent(theirs)
    data = tiles.array(np.arange(50, dtype=np.float32), context=context)
    tiles.parallel_for_each(data.extent, tiles.Kernel(TWICE, "twice"), data, context=context, wait_for=[gate])
    marker = context.create_marker()
    assert not marker.is_ready  # the launch before it waits for the gate
    gate.set_status(cl.command_execution_status.COMPLETE)
    marker.wait()
    np.testing.assert_array_equal(data.numpy(), 2 * np.arange(50, dtype=np.float32))


def test_staging_arrays_share_their_pinned_memory_with_numpy():
    context = tiles.Context()
    staging = tiles.empty((37, 53), np.float32, context=context, staging=True)
    assert staging.is_staging and not tiles.zeros(4, context=context).is_staging
    context.reset_counters()
    host = np.asarray(staging)
    assert np.shares_memory(host, staging.numpy())
    host[...] = np.arange(37 * 53, dtype=np.float32).reshape(37, 53)
    device = tiles.empty((37, 53), np.float32, context=context)
    tiles.copy(staging, device)
    assert context.counters()["uploads"] == 1 and context.counters()["downloads"] == 0
    tiles.parallel_for_each(device.extent, tiles.Kernel(TWICE, "twice"), device)
    tiles.copy(device, staging)
    assert context.counters()["downloads"] == 1
    np.testing.assert_array_equal(staging.numpy(), 2 * np.arange(37 * 53, dtype=np.float32).reshape(37, 53))
    assert context.counters()["downloads"] == 1  # already home
    assert staging.context.device == context.device
    assert repr(staging).endswith("staging=True)")
    from_data = tiles.array([1.0, 2.0, 3.0], np.float32, context=context, staging=True)
    np.testing.assert_array_equal(np.asarray(from_data), [1.0, 2.0, 3.0])
    assert context.counters()["uploads"] == 1  # made in host memory: nothing moved


EXTENTS = """
__kernel void twice(__global float* v) {
    thread_index idx = get_thread_index();
    v[linear_index(idx.global_id, extent_of(v))] *= 2.0f;
}
__kernel void shape(__global const float* v, __global int* out) {
    for (int d = 0; d < 3; d++) out[d] = extent_of(v)[d];
}
"""


def test_extent_of_in_kernels_of_views_and_sections():
    values = np.arange(10 * 12, dtype=np.float32).reshape(10, 12)
    expected = values.copy()
    view = tiles.array_view(values)
    part = view[2:7, 3:10]
    shape = tiles.array_view(np.zeros(3, np.int32))
    tiles.parallel_for_each(part.extent, tiles.Kernel(EXTENTS, "twice"), part)
    tiles.parallel_for_each(tiles.extent(1), tiles.Kernel(EXTENTS, "shape"), part, shape)
    expected[2:7, 3:10] *= 2
    np.testing.assert_array_equal(np.asarray(view), expected)
    np.testing.assert_array_equal(np.asarray(shape), [5, 7, 1])
