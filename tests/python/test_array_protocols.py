"""DLPack: views of host memory as CPU tensors and arrays as OpenCL tensors, out to numpy (and
PyTorch, where it is installed) and back in with tiles.from_dlpack, without copies; capsules freed
whether consumed or not; refusals. numpy's own arrays are the truth, and addresses show that
nothing was copied."""

import ctypes
import gc
import sys

import numpy as np
import pytest
import tiles

TWICE = """
__kernel void twice(__global float* v) {
    thread_index i = get_thread_index();
    v[linear_index(i.global_id, i.extent)] *= 2;
}"""


def address(a):
    return a.__array_interface__["data"][0]


def twice(data, context=None):
    tiles.parallel_for_each(data.extent if isinstance(data, tiles.array_view) else data.view().extent,
                            tiles.Kernel(TWICE, "twice"), data, context=context)


def test_a_host_view_goes_to_numpy_without_a_copy_and_writes_go_both_ways(context):
    host = np.arange(39, dtype=np.float32).reshape(3, 13)
    view = tiles.array_view(host)
    assert view.__dlpack_device__() == (1, 0)
    twice(view, context)  # not synchronized: the export brings the results home
    shared = np.from_dlpack(view)
    assert address(shared) == address(host) and shared.shape == (3, 13) and shared.dtype == np.float32
    np.testing.assert_array_equal(shared, 2 * np.arange(39, dtype=np.float32).reshape(3, 13))
    shared[1, 2] = -5
    assert host[1, 2] == -5
    host[2, 12] = 7
    assert shared[2, 12] == 7
    view.refresh()  # the host wrote behind the view's back, as docs/guides/numpy-cupy.md says
    twice(view, context)
    view.synchronize()
    assert shared[1, 2] == -10 and shared[2, 12] == 14


def test_a_section_goes_to_numpy_with_its_strides(context):
    host = np.arange(7 * 9, dtype=np.int32).reshape(7, 9)
    part = tiles.array_view(host)[2:5, 3:8]
    shared = np.from_dlpack(part)
    np.testing.assert_array_equal(shared, host[2:5, 3:8])
    assert address(shared) == address(host[2:5, 3:8])
    shared[0, 0] = 1000
    assert host[2, 3] == 1000


def test_numpy_and_array_like_memory_come_in_without_a_copy(context):
    host = np.linspace(0, 1, 23, dtype=np.float32)
    expected = 2 * host
    view = tiles.from_dlpack(host)
    assert isinstance(view, tiles.array_view) and view.shape == (23,) and view.dtype == np.float32
    assert address(np.asarray(view)) == address(host)
    twice(view, context)
    view.synchronize()
    np.testing.assert_array_equal(host, expected)  # the kernel wrote into numpy's memory
    for dtype in (np.int8, np.uint16, np.int64, np.float64):
        data = np.arange(5, dtype=dtype)
        np.testing.assert_array_equal(tiles.from_dlpack(data).get(), data)


def test_read_only_memory_is_a_const_view_and_const_views_go_out_read_only(context):
    host = np.arange(8, dtype=np.float32)
    host.flags.writeable = False
    view = tiles.from_dlpack(host)
    with pytest.raises(tiles.InvalidArgument, match="const"):
        twice(view, context)
    out = np.from_dlpack(view)  # a versioned capsule, which can say read-only
    assert not out.flags.writeable and address(out) == address(host)
    with pytest.raises(BufferError, match="const"):
        view.__dlpack__()  # a capsule older than DLPack 1.0 cannot
    copied = np.from_dlpack(view, copy=True)
    assert copied.flags.writeable and address(copied) != address(host)
    np.testing.assert_array_equal(copied, host)


def test_capsules_never_consumed_free_their_tensor(context):
    host = np.zeros((4, 5), np.float32)
    view = tiles.array_view(host)
    references = sys.getrefcount(host)
    for _ in range(2000):
        view.__dlpack__()
        view.__dlpack__(max_version=(1, 0))
        view.__dlpack__(max_version=(1, 0), copy=True)
    gc.collect()
    assert sys.getrefcount(host) == references
    consumed = np.from_dlpack(view)
    assert sys.getrefcount(host) == references + 1  # the consumer holds it now
    del consumed
    assert sys.getrefcount(host) == references
    # An array's capsule holds its view (and a reference to the view's handle) until it goes.
    on_device = tiles.array(host, context=context)
    handle = on_device.view()._handle
    references = sys.getrefcount(handle)
    for _ in range(500):
        on_device.__dlpack__(stream=-1)
        on_device.__dlpack__(stream=-1, max_version=(1, 0))
    gc.collect()
    assert sys.getrefcount(handle) == references
    taken = tiles.from_dlpack(on_device, context=context)
    assert sys.getrefcount(handle) == references + 1
    del taken
    gc.collect()
    assert sys.getrefcount(handle) == references


def test_the_producer_lives_as_long_as_the_view_of_its_memory():
    host = np.arange(12, dtype=np.float32)
    references = sys.getrefcount(host)
    view = tiles.from_dlpack(host)
    assert sys.getrefcount(host) > references
    view.release()
    del view
    gc.collect()
    assert sys.getrefcount(host) == references


def test_an_array_goes_out_as_an_opencl_tensor_and_comes_back_as_the_same_buffer(context):
    data = np.arange(3 * 11, dtype=np.float32).reshape(3, 11)
    original = tiles.array(data, context=context)
    number = tiles.devices().index(context.device)
    assert original.__dlpack_device__() == (4, number)
    assert original.view().__dlpack_device__() == (4, number)
    again = tiles.from_dlpack(original, context=context)
    assert isinstance(again, tiles.array) and again.shape == (3, 11) and again.dtype == np.float32
    assert again.opencl_buffer(context) == original.opencl_buffer(context)
    twice(again, context)
    np.testing.assert_array_equal(original.get(), 2 * data)
    # On the default context of the tensor's device when none is given: another cl_context, which
    # the buffer does not belong to.
    with pytest.raises(tiles.InvalidArgument, match="another cl_context"):
        tiles.from_dlpack(original)


def test_an_exported_array_outlives_its_release_in_python(context):
    data = np.arange(17, dtype=np.int32)
    original = tiles.array(data, context=context)
    capsule = original.__dlpack__(max_version=(1, 0))
    original.release()
    del original
    gc.collect()
    taken = tiles.from_dlpack(capsule, context=context)
    np.testing.assert_array_equal(taken.get(), data)
    with pytest.raises(tiles.InvalidArgument, match="consumed already"):
        tiles.from_dlpack(capsule, context=context)


def test_an_array_goes_to_numpys_cpu_as_a_copy_only_when_allowed(context):
    data = np.arange(10, dtype=np.float64 if context.device.supports_fp64 else np.float32)
    on_device = tiles.array(data, context=context)
    copied = np.from_dlpack(on_device, device="cpu")
    np.testing.assert_array_equal(copied, data)
    with pytest.raises(BufferError, match="copy=False"):
        np.from_dlpack(on_device, device="cpu", copy=False)
    with pytest.raises(BufferError, match="not to"):
        on_device.__dlpack__(dl_device=(2, 0))
    part = on_device.section((2,), (5,))
    with pytest.raises(BufferError, match="a section of an array has no buffer of its own"):
        part.__dlpack__(copy=False)
    np.testing.assert_array_equal(np.from_dlpack(part, device="cpu"), data[2:7])


def test_refusals_name_the_problem_and_leave_the_capsule_to_its_producer():
    host = np.zeros((6, 8), np.float32)
    references = sys.getrefcount(host)
    with pytest.raises(tiles.InvalidArgument, match=r"strides are \(8, 2\) elements, not those of C-contiguous"):
        tiles.from_dlpack(host[:, ::2])
    with pytest.raises(tiles.InvalidArgument, match="has no OpenCL element type"):
        tiles.from_dlpack(np.zeros(4, np.bool_))
    with pytest.raises(tiles.InvalidArgument, match="0 dimensions; libtiles data has at least 1"):
        tiles.from_dlpack(np.array(3, np.float32))
    four = np.arange(16, dtype=np.float32).reshape(2, 2, 2, 2)  # any rank is data, as in numpy
    np.testing.assert_array_equal(np.asarray(tiles.from_dlpack(four)), four)
    with pytest.raises(tiles.InvalidArgument, match="with __dlpack__"):
        tiles.from_dlpack([1, 2, 3])
    with pytest.raises(tiles.InvalidArgument, match="not a DLPack tensor"):
        tiles.from_dlpack(_capsule_named(b"something"))
    gc.collect()
    assert sys.getrefcount(host) == references  # refused capsules were freed by their producer
    view = tiles.array_view(np.zeros(3, np.float32))
    with pytest.raises(tiles.InvalidArgument, match="stream=None"):
        view.__dlpack__(stream=1)
    with pytest.raises(tiles.InvalidArgument, match="max_version"):
        view.__dlpack__(max_version="1.0")


def _capsule_named(name):
    new = ctypes.pythonapi.PyCapsule_New
    new.restype, new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    _capsule_named.keep = name  # the capsule keeps a pointer to its name
    return new(1, name, None)


def test_pytorch_cpu_tensors_come_in_and_go_out_without_a_copy(context):
    torch = pytest.importorskip("torch")
    tensor = torch.arange(21, dtype=torch.float32).reshape(3, 7)
    view = tiles.from_dlpack(tensor)
    assert address(np.asarray(view)) == tensor.data_ptr()
    twice(view, context)
    view.synchronize()
    assert torch.equal(tensor, 2 * torch.arange(21, dtype=torch.float32).reshape(3, 7))
    host = np.ones(9, np.float32)
    back = torch.from_dlpack(tiles.array_view(host))
    assert back.data_ptr() == address(host)
    back += 1
    np.testing.assert_array_equal(host, 2)
    with pytest.raises(tiles.InvalidArgument, match="strides"):
        tiles.from_dlpack(tensor.t())


def test_numpy_takes_host_views_through_the_array_interface(context):
    host = np.arange(5 * 6, dtype=np.float32).reshape(5, 6)
    view = tiles.array_view(host)
    twice(view, context)
    shared = np.asarray(view, copy=False)  # reading the interface synchronizes
    assert address(shared) == address(host) and shared.base is view
    np.testing.assert_array_equal(shared, 2 * np.arange(30, dtype=np.float32).reshape(5, 6))
    part = np.asarray(view[1:4, 2:5])
    assert address(part) == address(host[1:4, 2:5]) and part.strides == host.strides
    frozen = np.arange(4, dtype=np.int32)
    frozen.flags.writeable = False
    assert not np.asarray(tiles.array_view(frozen)).flags.writeable
    on_device = tiles.array(host, context=context)
    assert not hasattr(on_device.view(), "__array_interface__")  # numpy copies it through __array__
    np.testing.assert_array_equal(np.asarray(on_device.view()), host)
    with pytest.raises(ValueError, match="copy=False"):
        np.asarray(on_device.view(), copy=False)
