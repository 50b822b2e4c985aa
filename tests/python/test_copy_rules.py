"""The copy rules, counted: data moves only when a reader's copy is stale."""

import numpy as np
import tiles

ADD = """
__kernel void add(__global const float* x, __global float* y) {
    thread_index i = get_thread_index();
    y[i.global_id[0]] += x[i.global_id[0]];
}"""


def test_an_unchanged_input_view_is_not_uploaded_again(context):
    x = tiles.array_view(np.ones(1000, np.float32))
    y_host = np.zeros(1000, np.float32)
    y = tiles.array_view(y_host)
    add = tiles.Kernel(ADD, "add")
    tiles.parallel_for_each(x.extent, add, x, y, context=context)
    tiles.parallel_for_each(x.extent, add, x, y, context=context)
    counters = context.counters()
    assert counters["uploads"] == 2  # x once, y once
    assert counters["downloads"] == 0
    assert counters["kernel_builds"] + counters["binary_loads"] == 1 and counters["cache_hits"] == 1
    y.synchronize()
    assert context.counters()["downloads"] == 1
    np.testing.assert_array_equal(y_host, 2.0)  # the caller's array holds the result


def test_discarded_output_is_not_uploaded_and_const_input_not_downloaded(context):
    x_host = np.arange(256, dtype=np.float32)
    x_host.flags.writeable = False
    out = np.full(256, -1.0, np.float32)
    fill = tiles.Kernel("""
__kernel void twice(__global const float* x, __global float* out) {
    thread_index i = get_thread_index();
    out[i.global_id[0]] = 2 * x[i.global_id[0]];
}""", "twice")
    x, y = tiles.array_view(x_host), tiles.array_view(out)
    y.discard_data()
    tiles.parallel_for_each(x.extent, fill, x, y, context=context)
    x.synchronize()
    y.synchronize()
    counters = context.counters()
    assert counters["uploads"] == 1 and counters["downloads"] == 1
    np.testing.assert_array_equal(out, 2 * x_host)


def test_a_section_moves_only_itself(context):
    host = np.zeros((256, 256), np.float32)
    view = tiles.array_view(host)
    part = view[32:48, 64:80]
    tiles.parallel_for_each(part.extent, tiles.Kernel("""
__kernel void one(__global float* d) { thread_index i = get_thread_index(); d[linear_index(i.global_id, i.extent)] = 1; }
""", "one"), part, context=context)
    result = np.asarray(part)
    counters = context.counters()
    assert counters["bytes_uploaded"] == 16 * 16 * 4 and counters["bytes_downloaded"] == 16 * 16 * 4
    assert result.shape == (16, 16) and result.sum() == 256 and host.sum() == 256


def test_refresh_uploads_the_changed_array_again(context):
    host = np.ones(64, np.float32)
    x = tiles.array_view(host)
    y_host = np.zeros(64, np.float32)
    y = tiles.array_view(y_host)
    add = tiles.Kernel(ADD, "add")
    tiles.parallel_for_each(x.extent, add, x, y, context=context)
    host[:] = 10
    x.refresh()
    tiles.parallel_for_each(x.extent, add, x, y, context=context)
    np.testing.assert_array_equal(np.asarray(y), 11.0)


def test_arrays_and_copies(context):
    a = tiles.array(np.arange(12, dtype=np.int32).reshape(3, 4), context=context)
    assert context.counters()["uploads"] == 1
    b = tiles.empty((3, 4), np.int32, context=context)
    assert context.counters()["uploads"] == 1  # an array made from a shape has nothing to upload
    context.reset_counters()
    tiles.copy(a, b)
    assert context.counters()["device_copies"] == 1 and context.counters()["uploads"] == 0
    out = np.zeros((3, 4), np.int32)
    tiles.copy(b, out)
    np.testing.assert_array_equal(out, np.arange(12).reshape(3, 4))
    tiles.copy(np.full((3, 4), 7, np.int32), b)
    event = tiles.copy_async(b, a)
    event.wait()
    assert event.is_ready
    np.testing.assert_array_equal(a.numpy(), 7)
    host = np.zeros((2, 2), np.int32)
    tiles.copy(a.section((1, 1), (2, 2)), tiles.array_view(host))
    np.testing.assert_array_equal(host, 7)


def test_synchronize_async_and_total_counters(context):
    tiles.reset_total_counters()
    host = np.zeros(4096, np.float32)
    view = tiles.array_view(host)
    ones = tiles.array_view(np.ones(4096, np.float32))
    tiles.parallel_for_each(view.extent, tiles.Kernel(ADD, "add"), ones, view, context=context)
    event = view.synchronize_async()
    event.wait()
    assert host[4095] == 1.0
    assert tiles.total_counters()["launches"] == 1
