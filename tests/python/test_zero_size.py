"""Data of no elements (shapes (0,), (3, 0), (0, 4)) as numpy has it: made, sliced, copied,
computed with and reduced with numpy's identities and errors; numpy is the truth."""

import operator
import warnings

import numpy as np
import pytest
import tiles

SHAPES = [(0,), (3, 0), (0, 4)]


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_made_as_numpy_makes_them(shape):
    for made in (tiles.zeros(shape), tiles.empty(shape, np.int32), tiles.ones(shape, np.float32),
                 tiles.full(shape, 7), tiles.array(np.zeros(shape, np.int16)), tiles.zeros_like(np.zeros(shape))):
        assert made.shape == shape and made.size == 0 and made.nbytes == 0
        host = made.get()
        assert host.shape == shape and host.dtype == made.dtype
        assert len(made) == shape[0]
        assert made.tolist() == np.zeros(shape).tolist()
        assert [row.shape for row in made] == [row.shape for row in np.zeros(shape)]
    assert tiles.arange(0).shape == np.arange(0).shape
    assert tiles.linspace(0, 1, 0).shape == (0,)
    assert tiles.array([]).dtype == np.array([]).dtype


def test_views_and_sections_of_no_elements():
    host = np.zeros((2, 0), np.float32)
    view = tiles.array_view(host)
    assert view.shape == (2, 0) and np.asarray(view).shape == (2, 0)
    assert tiles.array_view(tiles.extent(0, 3), dtype=np.float32).shape == (0, 3)
    data = tiles.array(np.arange(6.0).reshape(2, 3))
    for key in (np.s_[2:2], np.s_[:, 3:], np.s_[1:1, 0:2]):
        assert data[key].shape == np.empty((2, 3))[key].shape
        assert data[key].get().shape == np.empty((2, 3))[key].shape
    with pytest.raises(tiles.IndexOutOfRange):
        data.section((3, 0), (0, 1))
    data[1:1] = 5  # assigns nothing, as numpy's
    np.testing.assert_array_equal(data.get(), np.arange(6.0).reshape(2, 3))


@pytest.mark.parametrize("function", [operator.add, operator.mul, operator.truediv, operator.lt, operator.and_],
                         ids=lambda f: f.__name__)
def test_operators_give_numpy_shapes_and_dtypes(function):
    pairs = [((0,), (0,)), ((3, 0), (1, 0)), ((3, 0), (3, 1)), ((0, 4), (4,)), ((0,), ())]
    for first, second in pairs:
        a = np.zeros(first, np.int32)
        b = np.ones(second, np.int16) if second else 3
        expected = function(a, b)
        result = function(tiles.array(a), tiles.array(b) if second else b)
        assert isinstance(result, tiles.array)
        assert (result.shape, result.dtype) == (expected.shape, expected.dtype)
    with pytest.raises(ValueError):  # numpy's broadcasting error, not an empty result
        tiles.zeros((0,)) + tiles.zeros((2,))


def test_unary_conversions_and_copies():
    a = tiles.zeros((3, 0), np.float32)
    for result, expected in ((-a, -np.zeros((3, 0), np.float32)), (a.astype(np.int8), np.zeros((3, 0), np.int8)),
                             (a.copy(), np.zeros((3, 0), np.float32)), (np.sqrt(a), np.zeros((3, 0), np.float32))):
        assert isinstance(result, tiles.array)
        assert (result.shape, result.dtype) == (expected.shape, expected.dtype)
    assert a.reshape(0, 7).shape == (0, 7) and a.ravel().shape == (0,) and a.reshape(-1).shape == (0,)
    with pytest.raises(ValueError):
        a.reshape(2)
    a += 1
    target = tiles.empty((3, 0), np.float32)
    tiles.copy(a, target)
    tiles.copy(np.zeros((3, 0), np.float32), target)
    with pytest.raises(tiles.InvalidArgument):
        tiles.copy(a, tiles.empty((0, 3), np.float32))
    joined = np.concatenate([tiles.zeros((0, 2), np.int32), tiles.array(np.ones((2, 2), np.int32))])
    np.testing.assert_array_equal(joined.get(), np.ones((2, 2), np.int32))


@pytest.mark.parametrize("dtype", [np.bool_, np.int32, np.uint8, np.int64, np.float32], ids=lambda d: np.dtype(d).name)
def test_reductions_have_numpy_identities_and_errors(dtype):
    for shape in ((0,), (3, 0)):
        host = np.zeros(shape, dtype)
        data = tiles.array(host)
        assert data.sum() == host.sum() and data.sum().dtype == host.sum().dtype
        for method in ("max", "min"):
            with pytest.raises(ValueError, match="zero-size array"):
                getattr(data, method)()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            assert np.isnan(data.mean()) and np.isnan(host.mean())
    columns = tiles.zeros((3, 0), np.int32)
    np.testing.assert_array_equal(columns.sum(axis=1), np.zeros((3, 0), np.int32).sum(axis=1))
    with pytest.raises(ValueError):
        columns.max(axis=1)


def test_truth_value_and_exchange():
    empty = tiles.zeros(0)
    with pytest.raises(ValueError):
        bool(empty)
    assert np.from_dlpack(empty).shape == (0,)
    assert empty.__dlpack_device__() == (1, 0)
    assert "[]" in repr(empty)


def test_kernels_and_algorithms_refuse_them_by_name():
    kernel = tiles.Kernel("__kernel void k(__global float* x) { x[get_global_id(0)] = 1; }", "k")
    with pytest.raises(tiles.InvalidArgument, match=r"shape \(0,\), no elements"):
        tiles.parallel_for_each(tiles.extent(1), kernel, tiles.zeros(0, np.float32))
    with pytest.raises(tiles.InvalidArgument, match=r"1 element or more, not of shape \(3, 0\)"):
        tiles.reduce(tiles.zeros((3, 0), np.float32))
    with pytest.raises(tiles.InvalidArgument, match="opencl_buffer needs data of 1 element or more"):
        tiles.zeros(0).opencl_buffer(tiles.Context.default())


def test_dlpack_tensors_of_no_elements_are_taken_whatever_their_strides():
    """numpy exports its empty arrays with strides of 0, and so libtiles' data of no elements;
    no element is addressed through them."""
    for shape in [(0,), (3, 0), (0, 4)]:
        taken = tiles.from_dlpack(np.empty(shape, np.float32))
        assert taken.shape == shape and taken.get().shape == shape
    assert tiles.from_dlpack(tiles.zeros((0, 2), bool)).shape == (0, 2)
