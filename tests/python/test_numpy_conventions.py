"""tiles as numpy users expect it: constructors that take data, numpy's attributes, numpy 2's
copy= rules, numpy scalars as kernel arguments, context selectors, context managers and reprs.
numpy itself is the truth each result is checked against."""

import array as pyarray

import numpy as np
import pytest
import tiles

SCALE = """
__kernel void scale(__global float* out, float factor, int offset) {
    const int i = get_thread_index().global_id[0];
    out[i] = out[i] * factor + offset;
}"""


def test_tiles_array_takes_data_as_numpy_array_does(context):
    for data in ([1, 2, 3], (4, 3), [[1.5, 2.5], [3.5, 4.5]], range(5), np.arange(6, dtype=np.int16).reshape(2, 3)):
        expected = np.array(data)
        made = tiles.array(data, context=context)
        assert made.shape == expected.shape and made.dtype == expected.dtype
        np.testing.assert_array_equal(made.get(), expected)
    assert tiles.array([1, 2, 3], np.float32, context=context).get().tolist() == [1.0, 2.0, 3.0]
    assert tiles.array(pyarray.array("i", [7, 8]), context=context).get().tolist() == [7, 8]
    on_device = tiles.array([5, 6], np.int32, context=context)
    assert tiles.array(on_device, context=context).get().tolist() == [5, 6]  # a copy of a tiles.array


def test_tiles_array_refuses_what_is_not_an_array_of_numbers(context):
    with pytest.raises(tiles.InvalidArgument, match="not an array of numbers"):
        tiles.array([[1, 2], [3]], context=context)
    with pytest.raises(tiles.InvalidArgument, match="not an array of numbers"):
        tiles.array(["a", object()], context=context)


def test_empty_and_zeros_take_shapes_with_numpys_default_dtype(context):
    zeros = tiles.zeros((3, 4), context=context)
    assert zeros.dtype == np.zeros((3, 4)).dtype and zeros.shape == (3, 4)
    np.testing.assert_array_equal(zeros.get(), np.zeros((3, 4)))
    assert context.counters()["uploads"] == 1
    empty = tiles.empty(5, np.int32, context=context)
    assert empty.shape == (5,) and empty.dtype == np.int32
    assert context.counters()["uploads"] == 1  # nothing to upload


def test_numpys_attributes_on_arrays_and_views(context):
    host = np.arange(24, dtype=np.float32).reshape(4, 6)
    for data in (tiles.array_view(host), tiles.array(host, context=context), tiles.array_view(host)[1:3, 2:5]):
        expected = np.asarray(data)
        assert (data.shape, data.dtype, data.ndim, data.size, data.nbytes, len(data)) == (
            expected.shape, expected.dtype, expected.ndim, expected.size, expected.nbytes, len(expected))
        got = data.get()
        np.testing.assert_array_equal(got, expected)
        got[...] = -1  # get() is a copy of its own
        assert np.asarray(data).min() >= 0
        transposed = data.T  # a new array, gathered on the device
        assert isinstance(transposed, tiles.array)
        np.testing.assert_array_equal(transposed.get(), expected.T)


def test_asarray_views_buffers_without_copying():
    host = np.arange(8, dtype=np.float64)
    view = tiles.asarray(host)
    assert isinstance(view, tiles.array_view) and np.shares_memory(np.asarray(view), host)
    assert tiles.asarray(view) is view
    floats = pyarray.array("f", [1.0, 2.0, 3.0])
    as_view = tiles.asarray(floats)
    assert as_view.dtype == np.float32 and as_view.shape == (3,)
    floats[0] = 9.0
    as_view.refresh()
    assert np.asarray(as_view).tolist() == [9.0, 2.0, 3.0]
    assert tiles.asarray(memoryview(bytearray(8)).cast("i")).shape == (2,)
    with pytest.raises(tiles.InvalidArgument, match="does not expose its memory"):
        tiles.asarray([1, 2, 3])
    with pytest.raises(tiles.InvalidArgument):
        tiles.asarray(np.arange(8.0)[::2])  # not contiguous: a view cannot share it


class DLPackProducer:
    """A producer known only by its DLPack methods (as a PyTorch tensor is to libtiles)."""

    def __init__(self, data):
        self.data = data

    def __dlpack__(self, **keywords):
        return self.data.__dlpack__(**keywords)

    def __dlpack_device__(self):
        return self.data.__dlpack_device__()


def test_asarray_takes_dlpack_producers_without_copying():
    host = np.arange(5, dtype=np.int32)
    view = tiles.asarray(DLPackProducer(host))
    assert isinstance(view, tiles.array_view) and np.shares_memory(np.asarray(view), host)


def test_dunder_array_follows_numpy_2s_copy_rules(context):
    host = np.arange(6, dtype=np.float32)
    view = tiles.array_view(host)
    assert np.shares_memory(np.asarray(view, copy=False), host)
    assert np.shares_memory(np.asarray(view), host)
    assert not np.shares_memory(np.array(view, copy=True), host)
    assert np.asarray(view, dtype=np.float64).dtype == np.float64
    with pytest.raises(ValueError):
        np.asarray(view, dtype=np.float64, copy=False)
    on_device = tiles.array(host, context=context)
    with pytest.raises(ValueError, match="lives on a device"):
        np.asarray(on_device, copy=False)
    with pytest.raises(ValueError, match="lives on a device"):
        np.asarray(on_device.view(), copy=False)
    assert context.counters()["downloads"] == 0  # refused before anything moved
    np.testing.assert_array_equal(np.asarray(on_device), host)


def test_numpy_scalars_are_numbers_with_pythons_range_checks():
    out = np.ones(4, np.float32)
    view = tiles.array_view(out)
    kernel = tiles.Kernel(SCALE, "scale")
    factor = np.float64(3.0)  # what numpy's arithmetic gives
    offset = np.sum(np.array([1, 1], np.int64))  # a numpy reduction's result, an int64
    tiles.parallel_for_each(view.extent, kernel, view, factor, offset)
    view.synchronize()
    np.testing.assert_array_equal(out, np.full(4, 5.0, np.float32))
    tiles.parallel_for_each(view.extent, kernel, view, np.float32(1.0), np.uint8(1))
    view.synchronize()
    np.testing.assert_array_equal(out, np.full(4, 6.0, np.float32))
    with pytest.raises(tiles.InvalidArgument, match="does not fit"):
        tiles.parallel_for_each(view.extent, kernel, view, factor, np.int64(2**40))
    with pytest.raises(tiles.InvalidArgument, match="does not fit"):
        tiles.parallel_for_each(view.extent, kernel, view, factor, 2**40)  # the same for Python's int
    with pytest.raises(tiles.InvalidArgument, match="numpy bool scalar"):
        tiles.parallel_for_each(view.extent, kernel, view, factor, np.bool_(True))


def test_contexts_take_device_selectors():
    with tiles.Context("cpu") as cpu:
        assert cpu.device.is_cpu and repr(cpu) == f"<tiles.Context on {cpu.device.name!r}>"
    with pytest.raises(tiles.InvalidHandle):
        cpu.wait()  # released at the end of the with block
    first = tiles.devices()[0]
    assert tiles.Context(f"{first.platform_index}:{first.device_index}").device == first


def test_a_view_as_a_context_manager_writes_back_at_its_end(context):
    data = np.zeros(8, np.float32)
    add_one = tiles.Kernel("__kernel void add_one(__global float* v) { v[get_global_id(0)] += 1.0f; }", "add_one")
    with tiles.array_view(data) as view:
        tiles.parallel_for_each(view.extent, add_one, view, context=context)
    np.testing.assert_array_equal(data, np.ones(8, np.float32))  # the release brought the result home
    with pytest.raises(tiles.InvalidHandle):
        view.synchronize()


def test_arrays_are_context_managers_and_say_what_they_are(context):
    with tiles.array([1.0, 2.0], np.float32, context=context) as made:
        assert repr(made) == f"tiles.array([1., 2.], dtype=float32, device={context.device.name!r})"
        assert made.context.device == context.device
    with pytest.raises(tiles.InvalidHandle):
        made.get()
    view = tiles.array_view(np.zeros((4, 4), np.int32))
    assert repr(view).startswith("tiles.array_view([[0, 0, 0, 0],") and repr(view).endswith("dtype=int32)")
    assert repr(view[1:3, 2:4]) == "tiles.array_view([[0, 0],\n                  [0, 0]], dtype=int32)"
    assert repr(tiles.array([1], np.int32, context=context).view()) == \
        f"tiles.array_view(tiles.array([1], dtype=int32, device={context.device.name!r}))"
    assert repr(tiles.local_memory(256)) == "<tiles.local_memory of 256 bytes>"


def test_a_scalar_makes_an_array_of_no_dimensions(context):
    scalar = tiles.array(3.0, context=context)
    assert scalar.shape == () and scalar.dtype == np.float64 and scalar.get() == np.array(3.0)
    assert tiles.zeros((), np.int32, context=context).get().shape == ()
