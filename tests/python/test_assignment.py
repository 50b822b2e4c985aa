"""Assignments through every key numpy takes, and integer-array indexing, against numpy's own on
random data of several dtypes and shapes: steps (negative ones too), integers past slices, new
axes, integer arrays among basic keys (several broadcast together), boolean masks; values
broadcast and converted as numpy assigns them (its casts and its refusals), from scalars, numpy
data and tiles data. The elements move on the device (the counters show no download of the
data), a view of a numpy array brings them home on synchronize(), and the refusals name what
they refuse. A boolean mask's positions are found on the device (test_scan.py), the number of
them the one value read back."""

import re
import warnings

import numpy as np
import pytest
import tiles
import tiles.array_api as xp

rng = np.random.default_rng(4747)
DTYPES = [np.float32, np.int8, np.int64, np.uint16, np.bool_, np.float16, np.complex64]
# Keys that select no rectangle (steps, integers past slices, new axes), and one that does.
KEYS = [(slice(None, None, 2),), (slice(None), 2), (1, slice(None, None, -1)), (None, 1),
        (slice(None), None, slice(3, 0, -2)), (Ellipsis, -1), (slice(1, None), slice(None), slice(None, None, 3)),
        (0, 1, 2), (slice(1, 2), slice(0, 3))]
# Keys with one integer array, and numpy's places for its dimensions: where it stands, or first
# where a slice, ... or None parts it from an integer.
INDEXED = [([0, 1, 0],), (slice(None), [2, -1]), (Ellipsis, np.array([[3, 0], [1, 1]])), (0, slice(None), [1, 2]),
           (slice(None), 0, [1, 2]), ([1, 0], None), (None, slice(None), np.array([-3, 2], np.int8)), (1, [0, 2], 3),
           (slice(None, None, -1), np.array([], np.int64))]


def random(shape, dtype):
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.random(shape) < 0.5
    values = rng.standard_normal(shape) * 50
    if dtype.kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


def downloads(context):
    return context.counters()["downloads"]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("key", KEYS)
def test_assignments_through_basic_keys_are_numpys_made_on_the_device(dtype, key, context):
    host = random((3, 4, 5), dtype)
    x = tiles.array(host, context=context)
    shape = host[key].shape
    before = downloads(context)
    scalar = random((), dtype)[()]
    x[key] = scalar
    host[key] = scalar
    row = random(shape[-1:], dtype)  # one row, broadcast to every row
    x[key] = row
    host[key] = row
    whole = tiles.array(random(shape, dtype), context=context)  # tiles data, on the device already
    x[key] = whole
    host[key] = whole.get()
    assert downloads(context) == before + 1  # whole.get(), nothing of x
    np.testing.assert_array_equal(x.get(), host)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("key", INDEXED)
def test_one_integer_array_among_basic_keys_gathers_and_scatters_as_numpy(dtype, key, context):
    host = random((3, 4, 5), dtype)
    x = tiles.array(host, context=context)
    got = x[key]
    expected = host[key]
    assert got.shape == expected.shape and got.dtype == expected.dtype, (key, got.shape, expected.shape)
    np.testing.assert_array_equal(got.get(), expected)
    # numpy's result is a copy, not a view: it takes writes, which reach nothing else.
    if got.size:
        got[...] = random((), dtype)[()]
    np.testing.assert_array_equal(x.get(), host)
    values = random(expected.shape, dtype)
    x[key] = values
    host[key] = values
    np.testing.assert_array_equal(x.get(), host)


# Keys with several integer arrays, broadcast together: beside each other (their dimensions in
# their place), parted by a slice (first), with integers among them, negative elements.
SEVERAL = [([0, 2], [1, -1]), ([[0], [2]], slice(None), [1, 3, -5]), (slice(None), [[3], [0]], np.array([4, -1, 0])),
           (np.array([2, 0, 1]), 1, [0, 0, 4]), (1, [0, 3], slice(None, None, 2), None),
           ([-1, 0], slice(None), [2, 2]), (Ellipsis, [2, 1], [0, 0]), ([[1]], [[0, 1, 2]], [[4], [3]])]


@pytest.mark.parametrize("dtype", [np.float32, np.int8, np.complex64])
@pytest.mark.parametrize("key", SEVERAL)
def test_several_integer_arrays_gather_and_scatter_as_numpy(dtype, key, context):
    host = random((3, 4, 5), dtype)
    x = tiles.array(host, context=context)
    launches = context.counters()["launches"]
    got = x[key]
    assert context.counters()["launches"] == launches + 1  # one gather
    expected = host[key]
    assert got.shape == expected.shape and got.dtype == expected.dtype, (key, got.shape, expected.shape)
    np.testing.assert_array_equal(got.get(), expected)
    before = downloads(context)
    values = random(expected.shape, dtype)
    x[key] = values
    host[key] = values
    x[key] = tiles.array(values[..., ::-1].copy(), context=context)  # tiles data
    host[key] = values[..., ::-1]
    assert downloads(context) == before
    np.testing.assert_array_equal(x.get(), host)


@pytest.mark.parametrize("key", [([], [10]), (np.zeros((0, 1), int), [10, 1]), (slice(None), [], [-9], 2)])
def test_integer_arrays_that_broadcast_to_no_elements_read_nothing_and_check_no_bounds(key, context):
    # numpy checks the elements it reads: none here, so 10 and -9, outside their dimensions, pass.
    host = random((3, 4, 5, 6), np.float32)
    x = tiles.array(host, context=context)
    expected = host[key]
    got = x[key]
    assert got.shape == expected.shape and got.get().shape == expected.shape
    x[key] = 7
    host[key] = 7
    np.testing.assert_array_equal(x.get(), host)
    with pytest.raises(IndexError, match=r"index 10 is out of bounds for dimension 1 of length 4"):
        x[[0], [10]]


def test_rows_and_columns_of_index_arrays_pick_a_block_and_repeats_write_the_last(context):
    host = random((6, 7), np.float32)
    x = tiles.array(host, context=context)
    rows, columns = np.array([5, 0, 3]), tiles.array(np.array([6, 1]), context=context)
    np.testing.assert_array_equal(x[rows[:, None], columns].get(), host[rows[:, None], [6, 1]])
    repeated = (np.array([1, 1, 2, 1]), np.array([0, 0, 3, 0]))  # (1, 0) three times
    values = np.arange(4, dtype=np.float32)
    x[repeated] = values
    host[repeated] = values
    np.testing.assert_array_equal(x.get(), host)


def test_integer_arrays_of_every_kind_index_on_the_device(context):
    host = random((6, 4), np.float32)
    x = tiles.array(host, context=context)
    index = np.array([5, -1, 0, 2, -6], np.int32)
    on_device = tiles.array(index, context=context)
    launches = context.counters()["launches"]
    for key in (index, list(index), on_device, index.astype(np.uint8) % 6, index.reshape(5, 1)):
        np.testing.assert_array_equal(x[key].get(), host[np.asarray(key)])
    assert context.counters()["launches"] == launches + 5  # one gather each
    np.testing.assert_array_equal(x[[]].get(), host[[]])
    assert x[[]].shape == (0, 4)
    # take, the array API's, is the same gather.
    columns = tiles.array(np.array([3, 0, 3]), context=context)
    np.testing.assert_array_equal(xp.take(x, columns, axis=1).get(), np.take(host, [3, 0, 3], axis=1))
    np.testing.assert_array_equal(xp.take(x, tiles.array(np.array([-1, 2]), context=context), axis=-2).get(),
                                  np.take(host, [-1, 2], axis=0))
    np.testing.assert_array_equal(xp.take(x[0], tiles.array(np.array([1, 1]), context=context)).get(),
                                  host[0][[1, 1]])


def test_a_repeated_index_writes_the_last_value_for_it_as_numpy_does(context):
    # Many work-items name each element: without an order among them, some trials would see
    # another's write last.
    for _ in range(16):
        host = np.zeros(64, np.float64)
        x = tiles.array(host, context=context)
        index = rng.integers(0, 64, 1 << 20)
        values = tiles.array(rng.standard_normal(1 << 20), context=context)
        x[index] = values
        host[index] = values.get()
        np.testing.assert_array_equal(x.get(), host)
    rows = np.zeros((4, 3), np.complex64)
    y = tiles.array(rows, context=context)
    repeated = np.array([[2, 0], [2, 2]])
    block = random((2, 2, 3), np.complex64)
    y[repeated] = block
    rows[repeated] = block
    np.testing.assert_array_equal(y.get(), rows)


def test_values_convert_as_numpy_assigns_them(context):
    x = tiles.array(np.zeros(6, np.int32), context=context)
    x[::2] = 2.7  # numpy truncates a float assigned to an integer
    x[[1]] = -2.7
    x[5:6] = np.float64(9.9)
    np.testing.assert_array_equal(x.get(), [2, -2, 2, 0, 2, 9])
    x[1::2] = tiles.array(np.array([7.9, -7.9, 300.5]), context=context)  # tiles data: cast on the device
    np.testing.assert_array_equal(x.get(), [2, 7, 2, -7, 2, 300])
    small = tiles.array(np.zeros(3, np.int8), context=context)
    for key in (slice(None, None, 2), [0], slice(0, 2)):
        with pytest.raises(OverflowError, match="Python integer 300 out of bounds for int8"):
            small[key] = 300
    with pytest.raises(TypeError, match="complex .* cannot be assigned to float32 elements"):
        tiles.zeros(3, np.float32, context=context)[::2] = 1 + 2j
    with pytest.raises(ValueError, match="str 'a' cannot be assigned to int8 elements"):
        small[::2] = "a"
    reals = tiles.zeros(4, np.float32, context=context)
    with pytest.warns(np.exceptions.ComplexWarning):
        reals[::-1] = tiles.array(np.array([1 + 5j, 2, 3, 4 - 1j], np.complex64), context=context)
    np.testing.assert_array_equal(reals.get(), [4, 3, 2, 1])
    flags = tiles.zeros(4, bool, context=context)
    flags[::3] = tiles.array(np.array([0.5, 0.0]), context=context)  # not 0 is true, as numpy's cast
    np.testing.assert_array_equal(flags.get(), [True, False, False, False])
    halves = tiles.zeros(3, np.float16, context=context)
    halves[::2] = 1 / 3  # rounded to the nearest float16, as numpy's
    assert halves.get()[0] == np.float16(1 / 3) and halves.get()[1] == 0


def test_values_broadcast_as_numpy_broadcasts_them(context):
    host = random((4, 3), np.float32)
    x = tiles.array(host, context=context)
    x[::2] = np.ones((1, 1, 3))  # leading dimensions of 1 are dropped
    host[::2] = np.ones((1, 1, 3))
    x[:, ::-1] = tiles.array(np.arange(4, dtype=np.float32).reshape(4, 1), context=context)
    host[:, ::-1] = np.arange(4).reshape(4, 1)
    np.testing.assert_array_equal(x.get(), host)
    with pytest.raises(ValueError, match=r"could not broadcast input array from shape \(5,\) into shape \(2, 3\)"):
        x[::2] = np.ones(5)
    with pytest.raises(ValueError, match=r"from shape \(2, 2, 3\) into shape \(2, 3\)"):
        x[[0, 1]] = tiles.zeros((2, 2, 3), np.float32, context=context)
    with pytest.raises(ValueError, match=r"from shape \(2,\) into shape \(0, 3\)"):
        x[4:] = [1, 2]  # numpy checks the shapes even where nothing is selected
    np.testing.assert_array_equal(x.get(), host)


def test_overlapping_values_are_read_before_anything_is_written(context):
    host = np.arange(10, dtype=np.int64)
    x = tiles.array(host, context=context)
    x[::-1] = x
    host[::-1] = host.copy()
    x[1:] = x[:-1]
    host[1:] = host[:-1].copy()
    x[[0, 2, 4]] = x[1:4]
    host[[0, 2, 4]] = host[1:4].copy()
    np.testing.assert_array_equal(x.get(), host)


def test_a_view_of_numpy_memory_takes_the_writes_home_on_synchronize():
    memory = random((4, 6), np.float64)
    expected = memory.copy()
    view = tiles.array_view(memory)
    view[::2, 1] = -1.0
    expected[::2, 1] = -1.0
    section = view[1:3]  # a section's element [0, 5] is view's [1, 5]
    section[:, ::-5] = 8.0
    expected[1:3, ::-5] = 8.0
    view[[3, 0], None, 2] = [[5.0], [6.0]]
    expected[[3, 0], None, 2] = [[5.0], [6.0]]
    view[memory > 40] = 0.0  # a mask read from the numpy array before the writes come home
    expected[memory > 40] = 0.0
    view.synchronize()
    np.testing.assert_array_equal(memory, expected)


@pytest.mark.parametrize("dtype", [np.float32, np.uint8, np.bool_, np.float16, np.complex64])
def test_a_masks_assignment_of_one_value_runs_on_the_device(dtype, context):
    host = random((3, 4), dtype)
    x = tiles.array(host, context=context)
    mask = random((3, 4), np.bool_)
    rows = random(3, np.bool_)
    before = downloads(context)
    scalar = random((), dtype)[()]
    x[mask] = scalar
    host[mask] = scalar
    other = random((), dtype)
    x[tiles.array(~mask, context=context)] = tiles.array(other, context=context)  # of no dimensions
    host[~mask] = other
    row = random(4, dtype)
    x[rows] = row  # a mask of the leading dimension, one row for every row it picks
    host[rows] = row
    x[tiles.array(rows, context=context)] = tiles.array(row[::-1].copy(), context=context)
    host[rows] = row[::-1]
    x[[True, False, True]] = row[:1]
    host[[True, False, True]] = row[:1]
    assert downloads(context) == before
    np.testing.assert_array_equal(x.get(), host)


@pytest.mark.parametrize("dtype", [np.int32, np.bool_, np.complex64])
def test_a_value_for_each_true_element_is_scattered_to_the_masks_positions(dtype, context):
    host = random((3, 4, 2), dtype)
    x = tiles.array(host, context=context)
    mask = random((3, 4), np.bool_)
    before = downloads(context)
    values = random((int(mask.sum()), 2), dtype)
    x[mask] = values
    host[mask] = values
    rows = random(3, np.bool_)
    block = random((int(rows.sum()), 4, 2), dtype)
    x[tiles.array(rows, context=context)] = tiles.array(block, context=context)
    host[rows] = block
    assert downloads(context) <= before + 2  # the number of each mask's true elements at most, nothing of x
    np.testing.assert_array_equal(x.get(), host)
    with pytest.raises(ValueError, match=r"could not broadcast input array from shape \(3,\) into shape"):
        x[mask] = np.zeros(3, dtype)
    z = tiles.array(np.array(2.0), context=context)
    z[True] = 5.0
    z[False] = 7.0
    assert z.item() == 5.0


def test_bad_masks_and_indices_are_refused_by_name(context):
    x = tiles.array(np.zeros((3, 4), np.float32), context=context)
    with pytest.raises(IndexError, match=r"a boolean mask of shape \(4,\) does not match data of shape \(3, 4\) "
                                         r"along dimension 0"):
        x[np.ones(4, bool)] = 1
    with pytest.raises(IndexError, match=r"index 4 is out of bounds for dimension 1 of length 4"):
        x[:, [0, 4]] = 1
    with pytest.raises(IndexError, match=r"index -4 is out of bounds for dimension 0 of length 3"):
        x[tiles.array(np.array([-4]), context=context)] = 1
    with pytest.raises(IndexError, match=r"index -5 is out of bounds for dimension 1 of length 4"):
        x[[0, 1], [1, -5]] = 1
    with pytest.raises(IndexError, match=r"could not be broadcast together with shapes \(2,\) \(3,\)"):
        x[[0, 1], [1, 2, 3]] = 1
    np.testing.assert_array_equal(x.get(), np.zeros((3, 4), np.float32))
    expected = np.zeros((3, 4), np.float32)
    expected[::2][[0]] = 1  # numpy's view, whose write reaches x; libtiles' gathered copy writes back
    x[::2][[0]] = 1
    np.testing.assert_array_equal(x.get(), expected)


@pytest.mark.parametrize("shape, key", [((0,), slice(None, None, -1)), ((3, 0), (slice(None, None, 2), Ellipsis)),
                                        ((2, 3), (slice(2, 2), 1)), ((0, 4), [0, -1]), ((4,), [])])
def test_assignments_of_no_elements_change_nothing(shape, key, context):
    host = np.ones(shape, np.float32)
    x = tiles.array(host, context=context)
    try:
        expected = host[key]
    except IndexError:  # an index of a dimension of length 0
        with pytest.raises(IndexError, match="out of bounds"):
            x[key] = 5
        return
    x[key] = 5
    assert x[key].shape == expected.shape
    np.testing.assert_array_equal(x.get(), host)


def test_strided_places_of_gathers_and_scatters_agree_with_numpy(context):
    # The core's gathers and scatters find each element's place from its index and the strides.
    host, row = random((6, 7, 9), np.float32), random((9,), np.float32)
    x, r = tiles.array(host, context=context), tiles.array(row, context=context)
    np.testing.assert_array_equal((x[:, ::2, 1:] + r[1:]).get(), host[:, ::2, 1:] + row[1:])
    x[::-2, 3] = r
    host[::-2, 3] = row
    np.testing.assert_array_equal(x.get(), host)
    np.testing.assert_array_equal(x[:, [4, 0, -1]].get(), host[:, [4, 0, -1]])


def test_doubles_on_a_device_without_them_are_assigned_through_the_host(context, monkeypatch):
    # A device without cl_khr_fp64 holds float64 and complex128 elements, but no kernel may name
    # them: numpy assigns on the host. Here the device has doubles; the test takes that path by
    # making libtiles believe it has none.
    from tiles import _elementwise

    def on_the_device(*arguments):
        raise AssertionError("an assignment of doubles ran a kernel on a device without them")
    monkeypatch.setattr(_elementwise, "moves_doubles_without_them", lambda data, value: True)
    monkeypatch.setattr(_elementwise, "scatter", on_the_device)
    monkeypatch.setattr(_elementwise, "assign_where", on_the_device)
    host = random((4, 6), np.float64)
    x = tiles.array(host, context=context)
    x[::2, 1] = 7.5
    host[::2, 1] = 7.5
    x[tiles.array(host > 10, context=context)] = 0
    host[host > 10] = 0
    values = random((2, 6), np.float64)
    x[[3, 0]] = tiles.array(values, context=context)
    host[[3, 0]] = values
    np.testing.assert_array_equal(x.get(), host)
    small = tiles.array(np.zeros(4, np.int32), context=context)
    small[1:3] = tiles.array(np.array([2.7, -2.7]), context=context)  # numpy's cast, on the host
    np.testing.assert_array_equal(small.get(), [0, 2, -2, 0])
    element = tiles.array(np.float64(1.5), context=context)
    element[np.True_] = 2.5  # an array of no dimensions and a mask of none
    assert float(element) == 2.5
    flags = tiles.array(np.zeros(3, np.bool_), context=context)
    flags[::2] = tiles.array(np.array([0.5, 0.0]), context=context)  # doubles into bools: numpy's truth
    np.testing.assert_array_equal(flags.get(), [True, False, False])


def test_an_element_takes_masks_of_no_dimensions_only_as_numpy_does(context):
    x = tiles.array(np.float32(3), context=context)
    x[np.array(True)] = 5
    x[False] = 6
    assert float(x) == 5.0
    with pytest.raises(IndexError):
        x[np.array([True])] = 7
    with pytest.raises((ValueError, TypeError)):
        x[True] = np.ones((1, 2), np.float32)
    assert float(x) == 5.0


@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_put_writes_on_the_device_as_numpys(mode, context):
    host = random((5, 7), np.float32)
    x = tiles.array(host, context=context)
    index = rng.integers(-35 if mode == "raise" else -80, 35 if mode == "raise" else 80, 500)  # repeats
    values = random(500, np.float32)
    context.wait()
    before = context.counters()["downloads"]
    np.put(x, index, tiles.array(values, context=context), mode=mode)  # the last value given an index wins
    x.put(index[:9].reshape(3, 3), values[:4], mode=mode)  # numpy data, repeated as needed
    assert context.counters()["downloads"] == before
    np.put(host, index, values, mode=mode)
    host.put(index[:9].reshape(3, 3), values[:4], mode=mode)
    np.testing.assert_array_equal(x.get(), host)


def test_put_takes_values_and_refuses_as_numpy(context):
    host = np.arange(6, dtype=np.int8)
    x = tiles.array(host, context=context)
    x.put([0, 5], 2.7)  # cast as numpy's put casts: 2
    x.put([1, 2, 3], tiles.array(np.array([9, 8], np.int16), context=context))  # tiles values, cycled
    x.put([4, 0], [])  # no values: nothing is written
    np.put(host, [0, 5], 2.7)
    np.put(host, [1, 2, 3], np.array([9, 8], np.int16))
    np.testing.assert_array_equal(x.get(), host)
    with pytest.raises(IndexError, match="index 6 is out of bounds for axis 0 with size 6"):
        x.put([0, 6], 1)
    with pytest.raises(IndexError, match="index -7 is out of bounds for axis 0 with size 6"):
        np.put(x, [-7], 1)
    with pytest.raises(OverflowError):
        x.put([0], 300)
    with pytest.raises(ValueError, match=r"clipmode must be one of 'clip', 'raise', or 'wrap' \(got 'x'\)"):
        x.put([0], 1, mode="x")
    with pytest.raises(IndexError, match="cannot replace elements of an empty array"):
        tiles.zeros(0, np.int8, context=context).put([0], 1)
    np.testing.assert_array_equal(x.get(), host)  # the refusals wrote nothing


def numpys_error(call):
    """The exception numpy raises from call(), which must raise one."""
    with pytest.raises(Exception) as raised:
        call()
    return raised.value


@pytest.mark.parametrize("index", [np.array([1.9]), np.array([1], np.uint64), np.array(1.5)])
def test_put_refuses_the_indices_numpy_refuses(index, context):
    host = np.arange(4)
    x = tiles.array(host, context=context)
    expected = numpys_error(lambda: np.put(host.copy(), index, [7]))
    with pytest.raises(type(expected), match=re.escape(str(expected))):
        np.put(x, index, [7])
    for given in (index.tolist(), np.array([True, False])):  # lists cast as numpy casts them; bools are safe
        np.put(x, given, [7])
        np.put(host, given, [7])
    np.testing.assert_array_equal(x.get(), host)
