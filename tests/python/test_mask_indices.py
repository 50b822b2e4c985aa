"""A boolean mask among other indices, as numpy takes it (its nonzero()'s integer arrays):
x[mask, :], x[:, columns], x[mask, 0] and their assignments against numpy's own, a mask of tiles
data (scikit-learn's LDA: X[y == g, :]) and of numpy's, and numpy's refusal of a mask of another
length; and the gathers and scatters of integer arrays and masks that run in the core."""

import numpy as np
import pytest
import tiles

rng = np.random.default_rng(61)


@pytest.mark.parametrize("dtype", [np.float32, np.int16, np.bool_, np.complex64])
def test_masks_among_other_indices_select_what_numpys_select(dtype, context):
    host = (rng.standard_normal((7, 5)) * 9).astype(dtype)
    x = tiles.array(host, context=context)
    rows, columns = rng.random(7) < 0.5, np.array([True, False, True, True, False])
    for key in [(rows, slice(None)), (slice(None), columns), (rows, 0), (rows, slice(1, 4)), (Ellipsis, columns),
                (rows, [2]), ([True, False] * 3 + [True], 2)]:
        got, expected = x[key], host[key]
        assert got.shape == expected.shape and got.dtype == expected.dtype, key
        np.testing.assert_array_equal(np.asarray(got), expected, err_msg=str(key))


def test_a_mask_of_tiles_data_selects_rows_as_lda_does(context):
    X = rng.standard_normal((40, 3)).astype(np.float32)
    y = rng.integers(0, 3, 40)
    tx, ty = tiles.array(X, context=context), tiles.array(y, context=context)
    for g in range(3):
        np.testing.assert_array_equal(np.asarray(tx[ty == g, :]), X[y == g, :])
        np.testing.assert_array_equal(np.asarray(tx[ty == g, 1]), X[y == g, 1])


def test_assignments_through_masks_among_other_indices(context):
    host = rng.standard_normal((6, 4)).astype(np.float32)
    x = tiles.array(host, context=context)
    rows, columns = np.array([1, 0, 1, 1, 0, 0], bool), np.array([False, True, True, False])
    host[rows, :] = np.arange(4, dtype=np.float32)
    x[rows, :] = np.arange(4, dtype=np.float32)
    host[:, columns] = -1
    x[:, columns] = -1
    host[rows, 3] = 7.5
    x[rows, 3] = 7.5
    np.testing.assert_array_equal(np.asarray(x), host)


def test_a_mask_of_another_length_is_refused_as_numpy_refuses_it(context):
    x = tiles.array(np.zeros((3, 4), np.float32), context=context)
    with pytest.raises(IndexError, match="along axis 1; size of axis is 4 but size of corresponding boolean axis is 3"):
        x[:, np.array([True, False, True])]


@pytest.mark.parametrize("size", [1, 255, 256, 257, 5000])
def test_mask_selections_and_nonzero_match_numpys_at_sizes_around_a_tile(size, context):
    host = rng.standard_normal(size).astype(np.float32)
    x = tiles.array(host, context=context)
    mask = host > 0.3
    np.testing.assert_array_equal(np.asarray(x[tiles.array(mask, context=context)]), host[mask])
    (found,) = np.nonzero(x)
    np.testing.assert_array_equal(np.asarray(found), np.nonzero(host)[0])


def test_a_mask_of_tiles_data_among_other_indices_stays_on_the_device(context):
    # Its true positions are found there: the one value read back is their number, and no
    # integer array goes up.
    host = rng.standard_normal((50, 4)).astype(np.float32)
    x, mask = tiles.array(host, context=context), tiles.array(host[:, 0] > 0, context=context)
    context.wait()
    before = context.counters()
    got = x[mask, 1:3]
    x[:, 1:3][mask, 0] = 5
    after = context.counters()
    assert after["uploads"] == before["uploads"] and after["downloads"] == before["downloads"] + 2
    expected = host[host[:, 0] > 0, 1:3]
    host[:, 1:3][host[:, 0] > 0, 0] = 5
    np.testing.assert_array_equal(got.get(), expected)
    np.testing.assert_array_equal(x.get(), host)
