"""Several contexts at once: tiles.Split's bands (each context receiving only its band and halos,
the exchange moving only halo rows) and reduce, matrix_multiply, gemm and stencil with contexts=,
equal to one context's results bit for bit and to numpy's within rounding. The contexts are of
different devices of one kind where there are several (CTest runs this file again with
POCL_DEVICES="pthread pthread"), else of one."""

import numpy as np
import pytest
import tiles


def several_contexts(count):
    """`count` new contexts, in turn on the devices of the default device's kind (its name), for
    which several contexts give one context's results bit for bit."""
    devices = [d for d in tiles.devices() if d.name == tiles.default_device().name]
    return [tiles.Context(devices[i % len(devices)]) for i in range(count)]


def numpy_stencil(data, mask):
    """The stencil with clamp-to-edge, in float64."""
    radius_rows, radius_columns = mask.shape[0] // 2, mask.shape[1] // 2
    padded = np.pad(data.astype(np.float64), ((radius_rows,), (radius_columns,)), mode="edge")
    out = np.zeros(data.shape)
    for i in range(mask.shape[0]):
        for j in range(mask.shape[1]):
            out += mask[i, j] * padded[i:i + data.shape[0], j:j + data.shape[1]]
    return out


LABEL = """
__kernel void label(__global float* rows, int columns, int first) {
    thread_index i = get_thread_index();
    rows[i.global_id[0] * columns + i.global_id[1]] = 1000.0f * (first + i.global_id[0]) + i.global_id[1];
}
"""


def labels(rows, columns, first=0):
    return (1000.0 * (first + np.arange(rows))[:, None] + np.arange(columns)[None, :]).astype(np.float32)


@pytest.mark.parametrize("parts", [1, 2, 3])
def test_the_algorithms_on_several_contexts_give_one_contexts_results(parts):
    rng = np.random.default_rng(parts)
    data = rng.uniform(-1, 1, (203, 77)).astype(np.float32)
    mask = rng.uniform(0, 0.3, (5, 3)).astype(np.float32)
    contexts = several_contexts(parts)
    once = tiles.stencil(data, mask)
    np.testing.assert_allclose(once, numpy_stencil(data, mask), atol=1e-5)
    assert tiles.stencil(data, mask, contexts=contexts).tobytes() == once.tobytes()
    four_times = tiles.stencil(data, mask, iterations=4)
    np.testing.assert_allclose(four_times, numpy_stencil(numpy_stencil(numpy_stencil(numpy_stencil(
        data, mask), mask), mask), mask), atol=1e-4)
    assert tiles.stencil(data, mask, contexts=contexts, iterations=4).tobytes() == four_times.tobytes()

    b = rng.uniform(-1, 1, (77, 45)).astype(np.float32)
    product = tiles.matrix_multiply(data, b)
    np.testing.assert_allclose(product, data.astype(np.float64) @ b, atol=1e-4)
    assert tiles.matrix_multiply(data, b, contexts=contexts).tobytes() == product.tobytes()
    c = rng.uniform(-1, 1, (203, 45)).astype(np.float32)
    assert tiles.gemm(2.0, data, b, 0.5, c, contexts=contexts).tobytes() == tiles.gemm(2.0, data, b, 0.5, c).tobytes()

    total = tiles.reduce(data)
    assert abs(total - data.astype(np.float64).sum()) < 1e-2
    assert tiles.reduce(data, contexts=contexts).tobytes() == total.tobytes()
    assert tiles.reduce(data, "max", contexts=contexts) == data.max()
    ints = rng.integers(-1000, 1000, 100_003, dtype=np.int32)
    assert tiles.reduce(ints, contexts=contexts) == ints.sum()


def test_stencil_iterated_on_one_context_into_out_stays_on_the_device():
    data = np.arange(40 * 30, dtype=np.float32).reshape(40, 30) / 1000
    mask = np.full((3, 3), 1 / 9, np.float32)
    out = tiles.empty((40, 30), np.float32)
    assert tiles.stencil(data, mask, out=out, iterations=3) is out
    np.testing.assert_allclose(out.get(), numpy_stencil(numpy_stencil(numpy_stencil(data, mask), mask), mask),
                               atol=1e-5)


def test_a_split_sends_each_context_its_band_and_the_exchange_moves_only_halos():
    rows, columns, halo = 31, 9, 2
    contexts = several_contexts(3)
    grid = labels(rows, columns)
    with tiles.Split(contexts, (rows, columns), np.float32, halo=halo) as split:
        assert len(split) == 3
        assert [b.rows for b in split.bands] == [11, 10, 10]
        assert repr(split) == "<tiles.Split float32 (31, 9) in 3 bands with halos of 2 rows>"
        for c in contexts:
            c.reset_counters()
        split.scatter(grid)
        for band, context in zip(split.bands, contexts):
            assert context.counters()["bytes_uploaded"] == band.local_rows * columns * 4
        # Own rows labelled by a launch on each band's context, halos wrong.
        kernel = tiles.Kernel(LABEL, "label")
        for band, band_array, context in zip(split.bands, split, contexts):
            assert band_array.shape == (band.local_rows, columns)
            tiles.copy(np.full((band.local_rows, columns), -5, np.float32), band_array)
            own = band_array.view().section((band.halo_above, 0), (band.rows, columns))
            tiles.parallel_for_each(tiles.extent(band.rows, columns), kernel, own, np.int32(columns),
                                    np.int32(band.first), context=context)
            context.wait()
            context.reset_counters()
        split.exchange_halo()
        for band, band_array, context in zip(split.bands, split, contexts):
            context.wait()
            halo_bytes = (band.halo_above + band.halo_below) * columns * 4
            assert context.counters()["bytes_downloaded"] == halo_bytes
            assert context.counters()["bytes_uploaded"] == halo_bytes
            np.testing.assert_array_equal(band_array.get(), labels(band.local_rows, columns, band.local_first))
        np.testing.assert_array_equal(split.gather(), grid)
        into = tiles.zeros((rows, columns), np.float32)
        assert split.gather(into) is into
        np.testing.assert_array_equal(into.get(), grid)


@pytest.mark.parametrize("parts", [1, 2, 3])
@pytest.mark.parametrize("halo, iterations", [(1, 1), (3, 7), (2, 4)])
def test_stencil_on_a_split_in_place_iterates_where_the_bands_are(parts, halo, iterations):
    rng = np.random.default_rng(parts * 10 + halo)
    data = rng.uniform(0, 1, (150, 41)).astype(np.float32)
    mask = rng.uniform(0, 0.2, (3, 3)).astype(np.float32)
    expected = data.astype(np.float64)
    for _ in range(iterations):
        expected = numpy_stencil(expected, mask)
    with tiles.Split(several_contexts(parts), data.shape, halo=halo) as split:
        split.scatter(data)
        assert tiles.stencil(split, mask, iterations=iterations) is split
        got = split.gather()
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
    assert got.tobytes() == tiles.stencil(data, mask, iterations=iterations).tobytes()


def test_stencil_on_a_split_refuses_what_does_not_fit():
    contexts = several_contexts(2)
    with tiles.Split(contexts, (40, 30), halo=1) as split:
        with pytest.raises(tiles.InvalidArgument, match="halo of 1 rows is less than the mask's radius of 2 rows"):
            tiles.stencil(split, np.ones((5, 5), np.float32))
        with pytest.raises(tiles.InvalidArgument, match="in place on the split's own contexts: it takes no out"):
            tiles.stencil(split, np.ones((3, 3), np.float32), out=tiles.empty((40, 30), np.float32))
        with pytest.raises(tiles.InvalidArgument, match="the mask"):
            tiles.stencil(split, np.ones((3, 3), np.float64))


def test_refusals_name_the_problem():
    data = np.zeros((8, 33), np.float32)
    contexts = several_contexts(2)
    with pytest.raises(tiles.InvalidArgument, match="on a context or on a list of contexts, not on both"):
        tiles.reduce(data, context=contexts[0], contexts=contexts)
    with pytest.raises(tiles.InvalidArgument, match="contexts is a list of tiles.Context"):
        tiles.reduce(data, contexts=contexts[0])
    with pytest.raises(tiles.InvalidArgument, match="a context of the list is a tiles.Context, not None"):
        tiles.stencil(data, np.ones((3, 3), np.float32), contexts=[contexts[0], None])
    with pytest.raises(tiles.InvalidArgument, match="the list of contexts is empty"):
        tiles.matrix_multiply(data, data.T.copy(), contexts=[])
    with pytest.raises(tiles.InvalidArgument, match="stencil's iterations is 0, below 1"):
        tiles.stencil(data, np.ones((3, 3), np.float32), iterations=0)
    with pytest.raises(tiles.InvalidArgument, match="fewer than the halo of 5 rows"):
        tiles.Split(contexts, (8, 33), halo=5)
    with pytest.raises(tiles.InvalidArgument,
                       match=r"Split.scatter: the matrix is 8x32 of float32, the split one 8x33"):
        tiles.Split(contexts, (8, 33)).scatter(np.zeros((8, 32), np.float32))
    split = tiles.Split(contexts, (8, 33))
    split.release()
    with pytest.raises(tiles.InvalidHandle):
        split.exchange_halo()


@pytest.mark.parametrize("parts", [1, 2, 3])
@pytest.mark.parametrize("halo", [0, 2])
def test_reduce_of_a_split_combines_its_own_rows_where_they_are(parts, halo):
    rng = np.random.default_rng(parts * 10 + halo)
    floats = rng.uniform(-1, 1, (301, 53)).astype(np.float32)
    ints = rng.integers(-1000, 1000, (301, 53), dtype=np.int32)
    with tiles.Split(several_contexts(parts), floats.shape, halo=halo) as split:
        split.scatter(floats)
        np.testing.assert_allclose(tiles.reduce(split, "sum"), floats.sum(dtype=np.float64), rtol=1e-5, atol=1e-3)
        assert tiles.reduce(split, "max") == floats.max()
        floats[250, 7] = np.nan  # in the last band: its total NaN, which the others' must not hide
        split.scatter(floats)
        assert np.isnan(tiles.reduce(split, "max")) and np.isnan(tiles.reduce(split, "min"))
    with tiles.Split(several_contexts(parts), ints.shape, np.int32, halo=halo) as split:
        split.scatter(ints)
        total = tiles.reduce(split, "sum")
        assert total == ints.sum() and total.dtype == np.int64
        assert tiles.reduce(split, "min") == ints.min()
        with pytest.raises(tiles.InvalidArgument, match="reduce of a tiles.Split runs on the split's own contexts"):
            tiles.reduce(split, "sum", contexts=several_contexts(parts))


@pytest.mark.parametrize("parts", [1, 2, 3])
@pytest.mark.parametrize("granularity", [1, 16])
def test_gemm_on_splits_runs_where_the_bands_are_with_one_contexts_bits(parts, granularity):
    rng = np.random.default_rng(parts * 100 + granularity)
    a = rng.uniform(-1, 1, (101, 45)).astype(np.float32)
    b = rng.uniform(-1, 1, (45, 67)).astype(np.float32)
    c = rng.uniform(-1, 1, (101, 67)).astype(np.float32)
    once = tiles.gemm(1.5, a, b, 0.5, c)
    twice = tiles.gemm(1.5, a, b, 0.5, once)
    np.testing.assert_allclose(twice, 1.5 * (a.astype(np.float64) @ b) + 0.5 * (1.5 * (a.astype(np.float64) @ b)
                                                                                + 0.5 * c), atol=1e-4)
    contexts = several_contexts(parts)
    # Granularity 16 makes bands of unequal rows: 48, 32 and 21 of 101 over three contexts.
    with tiles.Split(contexts, a.shape, granularity=granularity) as a_split, \
            tiles.Split.copies(contexts, b.shape) as b_copies, \
            tiles.Split(contexts, c.shape, granularity=granularity) as c_split:
        a_split.scatter(a)
        b_copies.scatter(b)  # once, for both calls
        c_split.scatter(c)
        assert tiles.gemm(1.5, a_split, b_copies, 0.5, c_split) is c_split
        tiles.gemm(1.5, a_split, b_copies, 0.5, c_split)
        assert c_split.gather().tobytes() == twice.tobytes()
        assert [(band.first, band.rows) for band in b_copies.bands] == [(0, 45)] * parts
        assert all(np.asarray(copy).tobytes() == b.tobytes() for copy in b_copies)
        assert b_copies.gather().tobytes() == b.tobytes()
        np.testing.assert_allclose(tiles.reduce(b_copies), b.sum(dtype=np.float64), rtol=1e-5, atol=1e-3)
        assert "as copies on" in repr(b_copies)


def test_gemm_on_splits_refuses_bands_that_do_not_line_up():
    contexts = several_contexts(2)
    with tiles.Split(contexts, (40, 8)) as a, tiles.Split.copies(contexts, (8, 6)) as b, \
            tiles.Split(contexts, (40, 6)) as c:
        with tiles.Split(contexts, (8, 6)) as b_in_bands:
            with pytest.raises(tiles.InvalidArgument, match="B is split into 2 bands of rows"):
                tiles.gemm(1.0, a, b_in_bands, 0.0, c)
        with tiles.Split(contexts, (40, 6), granularity=16) as other:
            with pytest.raises(tiles.InvalidArgument,
                               match="band 0 of A holds rows 0 to 19 and band 0 of C rows 0 to 31"):
                tiles.gemm(1.0, a, b, 0.0, other)
        with tiles.Split(contexts, (40, 6), halo=2) as with_halo:
            with pytest.raises(tiles.InvalidArgument, match="A's bands have halos of 0 rows and C's of 2"):
                tiles.gemm(1.0, a, b, 0.0, with_halo)
        with pytest.raises(tiles.InvalidArgument, match="its c is ndarray"):
            tiles.gemm(1.0, a, b, 0.0, np.zeros((40, 6), np.float32))
        with pytest.raises(tiles.InvalidArgument, match="runs on the splits' own contexts: it takes no contexts"):
            tiles.gemm(1.0, a, b, 0.0, c, contexts=contexts)
    with pytest.raises(tiles.InvalidArgument, match=r"a split matrix's shape is \(rows, columns\)"):
        tiles.Split.copies(contexts, (2, 2, 2))


# A deep product whose whole C has as many blocks as PoCL's device has compute units, so that one
# context does not split its depth, while each band alone would: the bands must sum as one context.
@pytest.mark.parametrize("rows", [16, 32, 64, 128])
def test_gemm_of_a_deep_product_on_bands_sums_as_one_context(rows):
    rng = np.random.default_rng(rows)
    a = rng.uniform(-1, 1, (rows, 2048)).astype(np.float32)
    b = rng.uniform(-1, 1, (2048, 8)).astype(np.float32)
    c = np.zeros((rows, 8), np.float32)
    one = tiles.gemm(1.0, a, b, 0.0, c)
    contexts = several_contexts(2)
    with tiles.Split(contexts, a.shape) as a_split, tiles.Split.copies(contexts, b.shape) as b_copies, \
            tiles.Split(contexts, c.shape) as c_split:
        a_split.scatter(a)
        b_copies.scatter(b)
        tiles.gemm(1.0, a_split, b_copies, 0.0, c_split)
        assert c_split.gather().tobytes() == one.tobytes()
