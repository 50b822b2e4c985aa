"""Copies between numpy arrays and the device from Python, with the device's staging threshold forced
down (PoCL's own values stage nothing): copies of arrays, views, sections and the algorithms' numpy
arguments and results move in chunks through the context's pinned buffers and come back equal to
numpy's; tiles.pinned_empty gives numpy arrays in pinned memory, valid as long as they live, which
move straight; and CPU devices' own values stage nothing."""

import gc

import numpy as np
import pytest
import tiles

TWICE = """
__kernel void twice(__global float* data) {
    thread_index i = get_thread_index();
    data[linear_index(i.global_id, i.extent)] *= 2.0f;
}"""


@pytest.fixture
def staged():
    """Every copy of 1 KiB or more on the default device staged, in chunks of 1 KiB, by 3 threads."""
    tiles.set_parameters("staging", {"FROM_KIB": 1, "CHUNK_KIB": 1, "THREADS": 3})
    yield
    tiles.reset_parameters("staging")


def values(shape, dtype=np.float32, start=1):
    return ((np.arange(int(np.prod(shape))) * 7 + start) % 113).astype(dtype).reshape(shape)


def test_staging_is_a_parameter_set():
    assert tiles.parameter_sets()[-1] == "staging"
    assert list(tiles.get_parameters("staging")) == ["FROM_KIB", "CHUNK_KIB", "THREADS"]
    with pytest.raises(tiles.InvalidArgument, match="CHUNK_KIB must be 1 to 262144"):
        tiles.set_parameters("staging", {"CHUNK_KIB": 0})


@pytest.mark.parametrize("dtype", [np.int8, np.float16, np.float32, np.float64])
def test_arrays_round_trip_through_the_staging_buffers(staged, context, dtype):
    if dtype == np.float64 and not context.device.supports_fp64:
        pytest.skip("no double precision")
    host = values((3, 29, 131), dtype)
    a = tiles.array(host, context=context)
    out = np.zeros_like(host)
    tiles.copy(a, out)
    np.testing.assert_array_equal(out, host)
    np.testing.assert_array_equal(a.get(), host)
    # A rectangle of it, each way.
    part = a.section((1, 5, 13), (2, 17, 101))
    np.testing.assert_array_equal(np.asarray(part), host[1:3, 5:22, 13:114])
    tiles.copy(values((2, 17, 101), dtype, 50), part)
    expected = host.copy()
    expected[1:3, 5:22, 13:114] = values((2, 17, 101), dtype, 50)
    np.testing.assert_array_equal(a.get(), expected)
    counters = context.counters()
    assert counters["staged_transfers"] == counters["uploads"] + counters["downloads"]
    assert counters["bytes_staged"] == counters["bytes_uploaded"] + counters["bytes_downloaded"]


def test_a_view_of_numpy_memory_goes_and_comes_back_staged(staged, context):
    host = values((37, 53))
    view = tiles.array_view(host)
    tiles.parallel_for_each(view.extent, tiles.Kernel(TWICE, "twice"), view, context=context)
    view.synchronize()
    np.testing.assert_array_equal(host, values((37, 53)) * 2)
    assert context.counters()["staged_transfers"] == 2
    # A section of a wider array: rows of 200 bytes, 332 bytes apart.
    wide = values((61, 83))
    section = tiles.array_view(wide).section((7, 11), (40, 50))
    tiles.parallel_for_each(section.extent, tiles.Kernel(TWICE, "twice"), section, context=context)
    section.synchronize()
    expected = values((61, 83))
    expected[7:47, 11:61] *= 2
    np.testing.assert_array_equal(wide, expected)
    assert context.counters()["staged_transfers"] == 4


def test_the_algorithms_take_and_give_numpy_arrays_through_the_staging_buffers(staged, context):
    rng = np.random.default_rng(1)
    a, b = rng.random((37, 41), dtype=np.float32), rng.random((41, 29), dtype=np.float32)
    np.testing.assert_allclose(tiles.matrix_multiply(a, b, context=context), a.astype(np.float64) @ b, rtol=1e-5)
    data = rng.random(5000, dtype=np.float32)
    assert tiles.reduce(data, "sum", context=context) == pytest.approx(np.sum(data, dtype=np.float64), rel=1e-5)
    assert context.counters()["staged_transfers"] == 4  # a, b, the product and the data


def test_pinned_empty_is_numpy_memory_that_moves_straight(staged, context):
    host = tiles.pinned_empty((37, 53), np.float32, context=context)
    assert (host.shape, host.dtype, host.flags.c_contiguous, host.flags.writeable) == ((37, 53), np.float32, True,
                                                                                      True)
    host[...] = values((37, 53))
    view = tiles.array_view(host)
    tiles.parallel_for_each(view.extent, tiles.Kernel(TWICE, "twice"), view, context=context)
    view.synchronize()
    np.testing.assert_array_equal(host, values((37, 53)) * 2)
    a = tiles.array(values((37, 53)), context=context)
    tiles.copy(a, host)
    np.testing.assert_array_equal(host, values((37, 53)))
    counters = context.counters()
    assert counters["uploads"] == 2 and counters["downloads"] == 2
    assert counters["staged_transfers"] == 1  # the array's own data, from ordinary numpy memory


def test_pinned_empty_stays_valid_while_any_numpy_view_of_it_lives():
    host = tiles.pinned_empty(1000, np.int32)
    host[...] = np.arange(1000)
    tail = host[500:].reshape(10, 50)
    del host
    gc.collect()
    for _ in range(3):  # other pinned memory comes and goes meanwhile
        tiles.pinned_empty(1000, np.int32)[...] = -1
    np.testing.assert_array_equal(tail.ravel(), np.arange(500, 1000))
    assert tiles.pinned_empty((0, 3), np.float32).shape == (0, 3)
    assert tiles.pinned_empty(4).dtype == np.float64  # numpy's default, as numpy.empty's


def test_pinned_empty_refuses_what_it_cannot_pin():
    largest = tiles.default_device().max_allocation
    with pytest.raises(tiles.OutOfMemory, match=f"pinned host memory of {largest + 1} bytes exceeds the largest "
                                                f"allocation"):
        tiles.pinned_empty(largest + 1, np.uint8)
    with pytest.raises(tiles.InvalidArgument, match="component 0 of a shape"):
        tiles.pinned_empty(-1)


def test_cpu_devices_stage_nothing_by_their_own_values(context):
    if not context.device.is_cpu:
        pytest.skip("a GPU's own values stage")
    assert tiles.get_parameters("staging", device=context.device)["FROM_KIB"] == 0
    host = values(1 << 22)  # 16 MiB
    a = tiles.array(host, context=context)
    np.testing.assert_array_equal(a.get(), host)
    counters = context.counters()
    assert (counters["uploads"], counters["downloads"], counters["staged_transfers"]) == (1, 1, 0)
