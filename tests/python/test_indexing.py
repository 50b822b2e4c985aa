"""numpy's basic indexing of tiles data against numpy's own, on random data of several dtypes:
integers in any position (negative ones too), slices of any step, ... and None; an element is an
array of no dimensions on the device, as the array API asks; what is not a view is gathered on
the device, without a transfer; x.T, x.mT and xp.permute_dims are gathered there too; a boolean
mask's selection is gathered on the device at its true elements, which a scan finds there,
and the refusals of bad keys name them. Also DLPack's copy=True and sections, which export a copy made on the device. (Assignments
and integer arrays: test_assignment.py.)"""

import numpy as np
import pytest
import tiles
import tiles.array_api as xp

rng = np.random.default_rng(47)
DTYPES = [np.float32, np.int8, np.int64, np.uint16, np.bool_, np.float16, np.complex64]
KEYS = [(slice(None), 2), (Ellipsis, 1), (1, slice(None), -1), (0, 1, 2), (-1, -3, -4), (slice(None, None, -1),),
        (None, 1), (slice(None), None, slice(1, 3)), (slice(None, None, 2), slice(None), slice(3, 0, -2)),
        (Ellipsis, None), (slice(1, 2), 0), (slice(5, 9), 1), (0, slice(None, None, 2)), (Ellipsis, 3, None)]


def random(shape, dtype):
    return (rng.standard_normal(shape) * 50).astype(dtype) if np.dtype(dtype).kind != "b" else \
        rng.random(shape) < 0.5


def transfers(context):
    counters = context.counters()
    return counters["uploads"] + counters["downloads"]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("key", KEYS)
def test_keys_select_what_numpys_select_and_stay_on_the_device(dtype, key, context):
    host = random((2, 3, 4), dtype)
    x = tiles.array(host, context=context)
    before, launches = transfers(context), context.counters()["launches"]
    got = x[key]
    expected = host[key]
    assert got.shape == expected.shape and got.dtype == expected.dtype, (key, got.shape, got.dtype)
    assert transfers(context) == before and context.counters()["launches"] <= launches + 1
    assert isinstance(got, tiles.array_view) or got.device == context
    np.testing.assert_array_equal(got.get(), expected)


@pytest.mark.parametrize("dtype", DTYPES)
def test_an_integer_index_of_one_dimension_is_an_array_of_no_dimensions(dtype, context):
    host = random(5, dtype)
    x = tiles.array(host, context=context)
    for i in (0, 3, -1, -5):
        element = x[i]
        assert isinstance(element, tiles.array) and element.shape == () and element.dtype == host.dtype
        assert element.device == context
        assert element.item() == host[i].item() and element.tolist() == host[i].tolist()
        assert np.asarray(element).shape == () and np.asarray(element) == host[i]
    if host.dtype.kind in "biuf":
        assert float(x[1]) == float(host[1]) and int(x[2]) == int(host[2]) and bool(x[3]) == bool(host[3])
    if host.dtype.kind in "iuf" and host.dtype != np.float16:  # the kernels compute no float16
        np.testing.assert_array_equal((x[1] + 2).get(), host[1] + 2)
        np.testing.assert_array_equal((3 * x[2] - x).get(), 3 * host[2] - host)
        assert (x[4] == host[4]).shape == () and bool(x[4] == host[4])
    # An array of no dimensions indexed by () is a copy of itself, of no dimensions.
    assert x[2][()].shape == () and x[2][()].item() == host[2].item() and x[2][...] is not None


def test_a_view_of_numpy_memory_keeps_numpys_scalar_elements_and_gathers_the_rest():
    host = random((3, 4), np.int32)
    view = tiles.array_view(host)
    element = view[1, 2]
    assert isinstance(element, np.int32) and element == host[1, 2]
    column = view[:, 2]
    assert isinstance(column, tiles.array) and column.device == tiles.Context.default()
    np.testing.assert_array_equal(column.get(), host[:, 2])
    np.testing.assert_array_equal(view[::-1, 1:3].get(), host[::-1, 1:3])


def test_views_stay_views_and_views_of_a_bool_array_say_bool(context):
    host = random((3, 4), np.float32)
    x = tiles.array(host, context=context)
    for key in [1, (1, slice(1, 3)), slice(1, 3), Ellipsis, ()]:
        assert isinstance(x[key], tiles.array_view), key
        np.testing.assert_array_equal(x[key].get(), host[key])
    flags = random((3, 4), np.bool_)
    b = tiles.array(flags, context=context)
    for key in [1, slice(0, 2), (slice(None), slice(1, 3))]:
        part = b[key]
        assert part.dtype == np.bool_ and part.get().dtype == np.bool_, key
        np.testing.assert_array_equal(part.get(), flags[key])
        np.testing.assert_array_equal(part[...].get(), flags[key])
    np.testing.assert_array_equal(xp.repeat(b[1:3], 2, axis=0).get(), np.repeat(flags[1:3], 2, axis=0))


@pytest.mark.parametrize("shape, key", [((0,), slice(None)), ((3, 0), (slice(None, None, -1), Ellipsis)),
                                        ((0, 4), (slice(None), 2)), ((2, 3), (slice(2, 2), 1)),
                                        ((4,), slice(3, 1)), ((2, 0, 3), (1, None))])
def test_selections_of_no_elements(shape, key, context):
    host = np.zeros(shape, np.float32)
    got = tiles.array(host, context=context)[key]
    assert got.shape == host[key].shape and got.size == 0 and got.get().shape == host[key].shape


def test_bad_indices_are_refused_by_name():
    x = tiles.array(np.arange(12, dtype=np.int32).reshape(3, 4))
    with pytest.raises(IndexError, match=r"index 4 is out of bounds for dimension 1 of length 4"):
        x[:, 4]
    with pytest.raises(IndexError, match=r"index -4 is out of bounds for dimension 0 of length 3"):
        x[-4]
    with pytest.raises(IndexError, match=r"too many indices: 3 for data of 2 dimensions"):
        x[0, 0, 0]
    with pytest.raises(IndexError, match="single ellipsis"):
        x[..., ...]
    with pytest.raises(tiles.InvalidArgument, match="not the float 1.5"):
        x[1.5]
    with pytest.raises(IndexError, match=r"could not be broadcast together with shapes \(2,\) \(3,\)"):
        x[[0, 1], np.zeros(3, int)]
    with pytest.raises(IndexError, match=r"index 3 is out of bounds for dimension 0 of length 3"):
        x[[0, 3], [1, 2]]
    with pytest.raises(IndexError, match=r"index 3 is out of bounds for dimension 0 of length 3"):
        x[[0, 3, -4]]
    with pytest.raises(IndexError, match=r"index -5 is out of bounds for dimension 1 of length 4"):
        x[:, np.array([[1], [-5]])]
    with pytest.raises(IndexError, match="integer or boolean arrays are valid indices, not an array of float64"):
        x[[1.0]]
    with pytest.raises(tiles.InvalidArgument, match="boolean of no dimensions .* among other indices"):
        x[True, 0]
    with pytest.raises(IndexError, match="size of axis is 3 but size of corresponding boolean axis is 2"):
        x[np.array([True, False]), 0]


def test_assignments_through_integers_in_any_position():
    host = random((3, 4), np.int64)
    x = tiles.array(host)
    column = rng.integers(-9, 9, 3)
    x[:, 2] = column
    host[:, 2] = column
    x[-1, 1:3] = 5
    host[-1, 1:3] = 5
    x[::2] = 0
    host[::2] = 0
    np.testing.assert_array_equal(x.get(), host)


@pytest.mark.parametrize("dtype", [np.float32, np.int16, np.bool_, np.complex64])
def test_masks_select_as_numpys_on_the_device(dtype, context):
    host = random((3, 4), dtype)
    mask = rng.random((3, 4)) < 0.5
    x = tiles.array(host, context=context)
    before = context.counters()["downloads"]
    for key in (mask, mask[:, 0], list(mask[:, 1]), np.zeros((3, 4), bool), np.ones(3, bool)):
        got = x[key]
        assert isinstance(got, tiles.array) and got.shape == host[key].shape and got.dtype == host.dtype
    assert context.counters()["downloads"] == before + 5  # the number of true elements of each mask
    np.testing.assert_array_equal(x[tiles.array(mask, context=context)].get(), host[mask])
    np.testing.assert_array_equal(x[mask[:, 0]].get(), host[mask[:, 0]])
    np.testing.assert_array_equal(x[[True, False, True]].get(), host[[True, False, True]])
    assert tiles.array(np.array(2.0))[True].shape == (1,) and tiles.array(np.array(2.0))[False].shape == (0,)
    assert tiles.array(np.array(2.0))[True].item() == 2.0
    x[tiles.array(mask)] = host.flat[0]
    host[mask] = host.flat[0]
    np.testing.assert_array_equal(x.get(), host)


@pytest.mark.parametrize("dtype", [np.float32, np.int8, np.bool_, np.float16, np.complex64])
def test_transposes_are_gathered_on_the_device(dtype, context):
    host = random((2, 3, 4), dtype)
    x = tiles.array(host, context=context)
    before = transfers(context)
    np.testing.assert_array_equal(x[0].T.get(), host[0].T)
    np.testing.assert_array_equal(x.mT.get(), np.matrix_transpose(host))
    np.testing.assert_array_equal(xp.matrix_transpose(x).get(), np.matrix_transpose(host))
    np.testing.assert_array_equal(xp.permute_dims(x, (2, 0, 1)).get(), np.permute_dims(host, (2, 0, 1)))
    assert xp.permute_dims(x, (-1, 0, 1)).shape == (4, 2, 3) and x.mT.device == context
    assert transfers(context) == before + 4  # the four get()s, nothing else
    assert tiles.zeros((0, 3)).T.shape == (3, 0)
    with pytest.raises(ValueError, match=r"\.T is the transpose of a matrix, not of data of shape \(2, 3, 4\)"):
        x.T
    with pytest.raises(ValueError, match="don't match"):
        xp.permute_dims(x, (0, 0, 1))


def test_dlpack_copies_on_the_device_where_the_standard_asks(context):
    host = random((3, 4), np.float32)
    x = tiles.array(host, context=context)
    # copy=True of an OpenCL tensor: a copy made on the device, which the consumer may write
    # without touching x.
    before = context.counters()["launches"]
    copied = tiles.from_dlpack(_Producer(x, copy=True), context=context)
    assert context.counters()["launches"] == before + 1
    copied[0, 0] = 99
    np.testing.assert_array_equal(x.get(), host)
    np.testing.assert_array_equal(copied.get()[1:], host[1:])
    # A section has no buffer of its own: copy=None exports a copy, copy=False refuses.
    section = x[1:3, 1:3]
    np.testing.assert_array_equal(tiles.from_dlpack(_Producer(section), context=context).get(), host[1:3, 1:3])
    with pytest.raises(BufferError, match="section"):
        section.__dlpack__(copy=False)
    # So has a projection, even one whose extent is the array's leading extent (a row of a square).
    square = random((4, 4), np.float32)
    row = tiles.array(square, context=context)[2]
    np.testing.assert_array_equal(tiles.from_dlpack(_Producer(row), context=context).get(), square[2])
    with pytest.raises(BufferError, match="section"):
        row.__dlpack__(copy=False)


class _Producer:
    """A DLPack producer that passes `copy` to tiles data's __dlpack__, as a consumer asking for a
    copy does."""

    def __init__(self, data, copy=None):
        self.data, self.copy = data, copy

    def __dlpack_device__(self):
        return self.data.__dlpack_device__()

    def __dlpack__(self, **keywords):
        return self.data.__dlpack__(copy=self.copy, **keywords)


def test_in_place_arithmetic_on_a_transpose_of_its_own_input_reads_the_input_as_it_was(context):
    # numpy buffers an input that the output overlaps: a.T += a gives a.T + a, symmetric.
    host = random((4, 4), np.float32)
    a = tiles.array(host, context=context)
    expected = host.copy()
    view, result = expected.T, a.T
    np.add(view, expected, out=view)
    np.add(result, a, out=result)
    np.testing.assert_array_equal(a.get(), expected)
    np.testing.assert_array_equal(result.get(), view)


@pytest.mark.parametrize("key", [(slice(None), 1), slice(None, None, 2), "T", None,
                                 (slice(None, None, -1), slice(None, None, -2))])
def test_in_place_arithmetic_on_a_gathered_copy_reaches_the_data_as_on_numpys_view(key, context):
    # numpy's a[:, 1], a[::2], a.T, a[None] and a[::-1, ::-2] are views: in-place arithmetic and
    # assignments through one (scikit-learn's svd_flip does v = w.T; v *= signs) change a, and
    # the view with it.
    host = random((3, 4), np.float32)
    expected, a = host.copy(), tiles.array(host, context=context)
    view, result = (expected.T, a.T) if key == "T" else (expected[key], a[key])
    signs = np.where(np.arange(view.shape[-1]) % 2, -1, 1).astype(np.float32)
    view *= signs
    view += 0.5
    np.subtract(view, 2, out=view)
    view[0] = 7
    view[..., ::2] = np.arange(view[..., ::2].shape[-1], dtype=np.float32)
    result *= tiles.array(signs, context=context)
    result += 0.5
    np.subtract(result, 2, out=result)
    result[0] = 7
    result[..., ::2] = tiles.array(np.arange(view[..., ::2].shape[-1], dtype=np.float32), context=context)
    np.testing.assert_array_equal(a.get(), expected)
    np.testing.assert_array_equal(result.get(), view)


def test_writes_to_a_transpose_of_a_reversal_reach_every_copy_down_the_chain(context):
    # numpy's a[:, ::-1].T is a view of a view (scikit-learn's svd_flip does vt *= signs[:, None]
    # on such a transpose): in-place arithmetic and a mask's assignment through it change the
    # reversal and a too.
    host = random((4, 5), np.float32)
    a = tiles.array(host, context=context)
    reversal, expected = a[:, ::-1], host[:, ::-1]
    vt, view = reversal.T, expected.T
    signs = np.array([1, -1, -1, 1, -1], np.float32)
    view *= signs[:, None]
    vt *= tiles.array(signs, context=context)[:, None]
    view[view < 0] = 0
    vt[vt.get() < 0] = 0
    np.testing.assert_array_equal(vt.get(), view)
    np.testing.assert_array_equal(reversal.get(), expected)
    np.testing.assert_array_equal(a.get(), host)


def test_writes_through_integer_arrays_and_masks_to_a_gathered_copy_reach_the_data_as_on_numpys_view(context):
    # numpy's a[:, 1], a[::2], a.T and a[None] are views, whose writes reach a; libtiles' are
    # gathered copies, which write integer arrays and masks into themselves and then back to a.
    host = random((3, 4), np.float32)
    a = tiles.array(host, context=context)
    for key in ((slice(None), 1), slice(None, None, 2), "T", None):
        view, result = (host.T, a.T) if key == "T" else (host[key], a[key])
        view[[0]] = 1
        result[[0]] = 1
        view[view > 0] = 2
        result[result.get() > 0] = 2
        np.testing.assert_array_equal(result.get(), view)
        np.testing.assert_array_equal(a.get(), host)
    own = a.T.copy()  # a copy of its own takes writes, which stay its own
    own[0] = 7
    np.testing.assert_array_equal(own.get()[0], np.full(own.shape[1:], 7, np.float32))
    np.testing.assert_array_equal(a.get(), host)
    # One element is no view in numpy either (a scalar): it takes writes as any array.
    element = a[1, 2]
    element += 1
    assert float(element) == host[1, 2] + 1
