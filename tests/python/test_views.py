"""Views in C++ AMP's forms, from Python: without a data source (counted transfers), projections
and elements (view[i]), view_as and reinterpret_as against numpy's reshape and view(dtype), and
data and launches of rank above 3 against numpy."""

import numpy as np
import pytest
import tiles

FILL = """
__kernel void fill(__global int* data) {
    thread_index i = get_thread_index();
    data[linear_index(i.global_id, i.extent)] = i.global_id[0] * 100 + i.global_id[1];
}"""

ADD_ONE = """
__kernel void add_one(__global float* data) {
    thread_index i = get_thread_index();
    data[linear_index(i.global_id, i.extent)] += 1.0f;
}"""

# Each work-item of a rank-5 launch writes its index as the digits of one number.
DIGITS = """
__kernel void digits(__global int* out) {
    thread_index i = get_thread_index();
    int number = 0;
    for (int d = 0; d < 5; ++d) number = number * 10 + i.global_id[d];
    out[linear_index(i.global_id, i.extent)] = number;
}"""


def test_a_view_without_a_source_moves_only_what_the_host_reads(context):
    v = tiles.array_view(tiles.extent(5, 7), dtype=np.int32)
    assert v.dtype == np.int32 and v.shape == (5, 7)
    assert repr(v) == "tiles.array_view(tiles.extent(5, 7), dtype=int32)"
    tiles.parallel_for_each(v.extent, tiles.Kernel(FILL, "fill"), v, context=context)
    context.wait()
    assert context.counters()["uploads"] == 0 and context.counters()["downloads"] == 0
    rows, columns = np.indices((5, 7))
    np.testing.assert_array_equal(np.asarray(v), rows * 100 + columns)
    assert context.counters()["downloads"] == 1
    with pytest.raises(tiles.InvalidArgument, match="dtype= goes with a tiles.extent"):
        tiles.array_view(np.zeros(4, np.int32), dtype=np.int32)
    with pytest.raises(tiles.InvalidArgument, match="not positive"):
        tiles.array_view(tiles.extent(5, -1), dtype=np.int32)


def test_integers_project_and_index_elements_as_numpy_does(context):
    host = np.arange(4 * 5 * 6, dtype=np.int32).reshape(4, 5, 6)
    v = tiles.array_view(host)
    plane = v[2]
    assert plane.shape == (5, 6)
    np.testing.assert_array_equal(np.asarray(plane), host[2])
    assert np.shares_memory(np.asarray(plane), host)
    np.testing.assert_array_equal(np.asarray(v[2, 3]), host[2, 3])
    assert v[2, 3, 4] == host[2, 3, 4]
    assert v[-1, -1, -1] == host[-1, -1, -1]
    np.testing.assert_array_equal(np.asarray(v[1, 1:3]), host[1, 1:3])
    # On a device array, an element is an array of no dimensions on the device; its value one
    # small download.
    a = tiles.array(host, context=context)
    context.reset_counters()
    element = a[3, 4, 5]
    assert element.shape == () and element.device == context and context.counters()["bytes_downloaded"] == 0
    assert element.item() == host[3, 4, 5] and context.counters()["bytes_downloaded"] == 4
    np.testing.assert_array_equal(a[1].get(), host[1])
    with pytest.raises(tiles.InvalidArgument, match="index 4 is out of bounds for dimension 0 of length 4"):
        v[4]
    column = v[:, 1]  # not a rectangle of the view: a new array, gathered on the device
    assert isinstance(column, tiles.array)
    np.testing.assert_array_equal(column.get(), host[:, 1])
    with pytest.raises(tiles.InvalidArgument, match="too many indices: 4 for data of 3 dimensions"):
        v[0, 0, 0, 0]


def test_view_as_and_reinterpret_as_match_numpy(context):
    host = np.arange(100, dtype=np.float32)
    a = tiles.array(host, context=context)
    matrix = a.view_as((2, 50))  # the AMP specification's a.view_as(extent<2>(2, 50))
    np.testing.assert_array_equal(matrix.get(), host.reshape(2, 50))
    tiles.parallel_for_each(matrix.extent, tiles.Kernel(ADD_ONE, "add_one"), matrix, context=context)
    np.testing.assert_array_equal(a.get(), host + 1)
    np.testing.assert_array_equal(a.reinterpret_as(np.int32).get(), (host + 1).view(np.int32))
    doubles = tiles.array_view(host).reinterpret_as(np.float64)
    assert doubles.shape == (50,)
    np.testing.assert_array_equal(np.asarray(doubles), host.view(np.float64))
    # A view of a numpy array stays on its memory, in the new shape.
    grid = tiles.array_view(host).view_as((10, 10))
    assert np.shares_memory(np.asarray(grid), host)
    np.testing.assert_array_equal(np.asarray(grid[3]), host[30:40])
    with pytest.raises(tiles.InvalidArgument, match="not a whole number of elements of 8 bytes"):
        tiles.array_view(host)[0:5].reinterpret_as(np.float64)
    with pytest.raises(tiles.InvalidArgument, match="asks for 110 elements"):
        a.view_as((11, 10))
    with pytest.raises(tiles.InvalidArgument, match="elements lie next to each other"):
        tiles.array_view(np.zeros((4, 6), np.float32))[:, 1:3].view_as((8,))


def test_data_and_launches_of_rank_above_3(context):
    host = np.zeros((2, 3, 4, 3, 5), np.int32)
    v = tiles.array_view(host)
    assert v.extent.rank == 5 and v.shape == host.shape
    tiles.parallel_for_each(v.extent, tiles.Kernel(DIGITS, "digits"), v, context=context)
    index = np.indices(host.shape)
    expected = sum(index[d] * 10 ** (4 - d) for d in range(5))
    np.testing.assert_array_equal(np.asarray(v), expected)
    # A projection and sections that are one rectangle of the data in rows of some length; one
    # that is not is refused.
    np.testing.assert_array_equal(np.asarray(v[1]), expected[1])
    np.testing.assert_array_equal(np.asarray(v[0, 1:3]), expected[0, 1:3])
    np.testing.assert_array_equal(np.asarray(v[:, :, 1:3]), expected[:, :, 1:3])
    with pytest.raises(tiles.InvalidArgument, match="not one rectangle"):
        v[:, 0:2, 0:2, 0:2]
    # Arrays of rank 4, and tiles only up to rank 3.
    a = tiles.zeros((2, 2, 2, 3), np.float32, context=context)
    tiles.parallel_for_each(a.extent, tiles.Kernel(ADD_ONE, "add_one"), a, context=context)
    np.testing.assert_array_equal(a.get(), np.ones((2, 2, 2, 3), np.float32))
    with pytest.raises(tiles.InvalidComputeDomain, match="a tile has rank 1, 2 or 3, as in C\\+\\+ AMP, not 4"):
        a.extent.tile(1, 1, 1, 1)
