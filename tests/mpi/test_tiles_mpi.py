"""tiles.mpi under mpirun (every rank runs these tests): bands, halo exchanges, scatter, broadcast
and gather against numpy's slices of the whole grid, a distributed iterated stencil and gemm
against one process's tiles.stencil and tiles.gemm (rank 0 compares, and every rank learns its
verdict), the transfers an exchange makes, the device each rank takes, and refusals."""

import os

import numpy as np
import pytest

MPI = pytest.importorskip("mpi4py.MPI", reason="mpi4py is not installed")

import tiles  # noqa: E402
import tiles.mpi  # noqa: E402

comm = MPI.COMM_WORLD


def grid_of(rows, columns, salt=0):
    """The same grid on every rank: values exact in float32."""
    return ((np.arange(rows * columns, dtype=np.int64).reshape(rows, columns) * 7 + salt) % 97).astype(np.float32) / 8


def everywhere(ok):
    """Rank 0's verdict, on every rank."""
    return comm.bcast(bool(ok), root=0)


@pytest.fixture
def context():
    c = tiles.Context(tiles.mpi.device_for_rank())
    yield c
    c.release()


@pytest.mark.parametrize("ranks", [1, 2, 3, 4, 7])
@pytest.mark.parametrize("grid_rows, halo", [(7, 0), (7, 1), (23, 2), (100, 3)])
def test_bands_cover_the_grid_once_with_halos_of_their_neighbours(ranks, grid_rows, halo):
    if grid_rows // ranks < max(halo, 1) and ranks > 1:
        with pytest.raises(tiles.InvalidArgument, match=f"{grid_rows} rows"):
            tiles.mpi.band_of(grid_rows, halo, 0, ranks)
        return
    bands = [tiles.mpi.band_of(grid_rows, halo, r, ranks) for r in range(ranks)]
    owned = np.concatenate([np.arange(b.first, b.first + b.rows) for b in bands])
    assert owned.tolist() == list(range(grid_rows))
    assert max(b.rows for b in bands) - min(b.rows for b in bands) <= 1
    for b in bands:
        assert b.halo_above == (halo if b.part > 0 else 0) and b.halo_below == (halo if b.part < ranks - 1 else 0)
        assert b.local_first == b.first - b.halo_above and b.local_rows == b.rows + b.halo_above + b.halo_below
        assert np.arange(grid_rows)[b.local_first:b.local_first + b.local_rows][b.own].tolist() == list(
            range(b.first, b.first + b.rows))


def test_bands_that_cannot_be_made_are_refused_with_their_numbers():
    with pytest.raises(tiles.InvalidArgument, match="2 rows cannot be split into 3 bands"):
        tiles.mpi.band_of(2, 0, 0, 3)
    with pytest.raises(tiles.InvalidArgument, match="the thinnest band of 10 rows over 3 bands has 3 rows, fewer "
                                                    "than the halo of 4 rows"):
        tiles.mpi.band_of(10, 4, 1, 3)
    with pytest.raises(tiles.InvalidArgument, match="band 3 of 3 bands does not exist"):
        tiles.mpi.band_of(10, 1, 3, 3)


def test_scatter_fills_each_band_with_its_rows_and_halos_and_gather_brings_them_back():
    rows, columns, halo = 3 * comm.size + 2, 13, 1
    grid = grid_of(rows, columns)
    band = tiles.mpi.split_rows(rows, halo)
    local = np.full((band.local_rows, columns), -1, np.float32)
    view = tiles.array_view(local)
    tiles.mpi.scatter(grid if comm.rank == 0 else None, band, view)
    np.testing.assert_array_equal(np.asarray(view), grid[band.local_first:band.local_first + band.local_rows])
    whole = tiles.mpi.gather(view, band)
    assert (whole is None) == (comm.rank != 0)
    assert everywhere(comm.rank != 0 or np.array_equal(whole, grid))


def test_an_exchange_downloads_the_boundary_rows_and_uploads_the_halo_rows_alone(context):
    rows, columns, halo = 5 * comm.size + 1, 21, 2
    band = tiles.mpi.split_rows(rows, halo)
    grid = grid_of(rows, columns)
    local = slice(band.local_first, band.local_first + band.local_rows)
    start = np.full((band.local_rows, columns), -1, np.float32)  # halos of -1, which the exchange replaces
    start[band.own] = grid[band.first:band.first + band.rows]
    twice = tiles.array_view(np.full((1, 1), 2, np.float32))  # a 1x1 stencil that doubles
    doubled = tiles.array_view(np.zeros((band.local_rows, columns), np.float32))
    tiles.stencil(start, twice, out=doubled, context=context)  # on the device: the host's copy is stale
    context.wait()
    context.reset_counters()
    tiles.mpi.exchange_halo(doubled, band)
    moved = context.counters()
    sides = (band.halo_above > 0) + (band.halo_below > 0)
    halo_bytes = (band.halo_above + band.halo_below) * columns * 4
    assert (moved["downloads"], moved["bytes_downloaded"], moved["uploads"]) == (sides, halo_bytes, 0)
    quadrupled = tiles.array_view(np.empty((band.local_rows, columns), np.float32))
    quadrupled.discard_data()
    tiles.stencil(doubled, twice, out=quadrupled, context=context)
    moved = context.counters()
    assert (moved["uploads"], moved["bytes_uploaded"]) == (sides, halo_bytes)
    np.testing.assert_array_equal(np.asarray(doubled), 2 * grid[local])
    np.testing.assert_array_equal(np.asarray(quadrupled), 4 * grid[local])


@pytest.mark.parametrize("columns, iterations, side", [(37, 4, 3), (130, 3, 5)])
def test_a_distributed_stencil_equals_one_process_tiles_stencil_iterated(context, columns, iterations, side):
    rows = 4 * comm.size + 3
    mask = tiles.array_view(np.arange(side * side, dtype=np.float32).reshape(side, side) / 64)
    band = tiles.mpi.split_rows(rows, side // 2)
    grid = grid_of(rows, columns, salt=side)
    first = tiles.array_view(grid[band.local_first:band.local_first + band.local_rows].copy())
    second = tiles.array_view(np.empty((band.local_rows, columns), np.float32))
    for i in range(iterations):
        if i:
            tiles.mpi.exchange_halo(first, band)
        tiles.stencil(first, mask, out=second, context=context)
        first, second = second, first
    result = tiles.mpi.gather(first, band)
    if comm.rank == 0:
        reference = grid
        for _ in range(iterations):
            reference = tiles.stencil(reference, mask)
    assert everywhere(comm.rank != 0 or np.array_equal(result, reference))


def test_a_distributed_gemm_equals_one_process_tiles_gemm(context):
    m, k, n = 5 * comm.size + 2, 19, 23
    a, b, c = grid_of(m, k, 1), grid_of(k, n, 2), grid_of(m, n, 3)
    band = tiles.mpi.split_rows(m)
    a_band = tiles.array_view(np.empty((band.rows, k), np.float32))
    c_band = tiles.array_view(np.empty((band.rows, n), np.float32))
    b_all = tiles.array_view(b.copy() if comm.rank == 0 else np.zeros((k, n), np.float32))
    tiles.mpi.scatter(a, band, a_band)
    tiles.mpi.scatter(c, band, c_band)
    tiles.mpi.broadcast(b_all)
    np.testing.assert_array_equal(np.asarray(b_all), b)
    product = tiles.gemm(1.5, a_band, b_all, 0.25, c_band, context=context)
    result = tiles.mpi.gather(tiles.array_view(product), band)
    assert everywhere(comm.rank != 0 or np.array_equal(result, tiles.gemm(1.5, a, b, 0.25, c)))


def test_each_rank_takes_the_device_of_its_turn_on_its_host(monkeypatch):
    monkeypatch.delenv("TILES_DEVICE", raising=False)
    devices = tiles.mpi.rank_devices()
    gpus = [d for d in tiles.devices() if d.is_gpu]
    assert devices == (gpus or tiles.devices())
    on_host = comm.Split_type(MPI.COMM_TYPE_SHARED)
    assert tiles.mpi.device_for_rank() == devices[on_host.Get_rank() % len(devices)]
    on_host.Free()
    listed = list(reversed(tiles.devices()))
    assert tiles.mpi.device_for_rank(devices=listed) == listed[comm.rank % len(listed)]  # one host here


def test_tiles_device_chooses_one_device_for_every_rank(monkeypatch):
    # libtiles reads TILES_DEVICE once, when it first chooses its default device, so every rank
    # takes that choice; setting the variable later does not choose another.
    monkeypatch.setenv("TILES_DEVICE", os.environ.get("TILES_DEVICE") or "cpu")
    assert tiles.mpi.rank_devices() == [tiles.default_device()]
    assert tiles.mpi.device_for_rank() == tiles.default_device()


def test_what_cannot_be_moved_is_refused_before_any_rank_waits_for_it():
    band = tiles.mpi.split_rows(2 * comm.size, 1)
    with pytest.raises(tiles.InvalidArgument, match=f"has {band.local_rows + 1} rows, but the band's local data has "
                                                    f"{band.local_rows}"):
        tiles.mpi.exchange_halo(tiles.array_view(np.zeros((band.local_rows + 1, 4), np.float32)), band)
    with pytest.raises(tiles.InvalidArgument, match="of a numpy array"):
        tiles.mpi.exchange_halo(tiles.zeros((band.local_rows, 4), np.float32).view(), band)
    with pytest.raises(tiles.InvalidArgument, match="whole rows"):
        tiles.mpi.gather(tiles.array_view(np.zeros((band.local_rows, 4), np.float32))[:, 1:3], band)
    other = tiles.mpi.band_of(2 * comm.size + 2, 1, 0, comm.size + 1)
    with pytest.raises(tiles.InvalidArgument, match=f"rank 0's of {comm.size + 1}"):
        tiles.mpi.gather(tiles.array_view(np.zeros((other.local_rows, 4), np.float32)), other)
    with pytest.raises(tiles.InvalidArgument, match="empty"):
        tiles.mpi.device_for_rank(devices=[])
