"""libtiles over MPI through mpi4py, as tiles/mpi.hpp in C++: one rank per device, each holding a
band of a grid's rows plus the halo rows its kernels read from its neighbours. The halo exchange
is libtiles' own coherence: only the boundary rows come home, and only the halo rows go back to
the device, at the next launch.

    import numpy as np, tiles, tiles.mpi
    band = tiles.mpi.split_rows(rows, halo=1)            # this rank's rows, of MPI.COMM_WORLD
    context = tiles.Context(tiles.mpi.device_for_rank())
    local = tiles.array_view(np.empty((band.local_rows, columns), np.float32))
    tiles.mpi.scatter(grid, band, local)                 # grid is read on rank 0 only
    tiles.stencil(local, mask, out=other, context=context)
    tiles.mpi.exchange_halo(other, band)                 # before the next launch reads `other`
    whole = tiles.mpi.gather(other, band)                # the grid on rank 0, None elsewhere

mpi4py is imported by the functions that need MPI, not by `import tiles.mpi`: importing
mpi4py.MPI starts MPI. Every function with a `comm` (None: MPI.COMM_WORLD) is called by every
rank of it."""

from __future__ import annotations

import os
from typing import Any, List, Optional, Sequence

import numpy as np

from ._bands import Band, band_of as _band_of
from ._checks import describe, instance
from ._data import array_view
from ._devices import Device, default_device, devices as all_devices
from .errors import InvalidArgument


def _mpi() -> Any:
    try:
        from mpi4py import MPI
    except ImportError as e:
        raise ImportError(f"tiles.mpi needs mpi4py and an MPI library (pip install mpi4py): {e}") from None
    return MPI


def _world(comm: Any) -> Any:
    return _mpi().COMM_WORLD if comm is None else comm


def band_of(grid_rows: int, halo: int, rank: int, ranks: int) -> Band:
    """Rank `rank`'s band of `grid_rows` rows split over `ranks` ranks as libtiles splits rows
    (tiles.Split too): as evenly as can be, the first grid_rows % ranks ranks owning one row more,
    with `halo` rows of each neighbour; every band holds at least `halo` rows, and one. The band's
    `part` is the rank."""
    return _band_of(grid_rows, halo, rank, ranks)


def split_rows(grid_rows: int, halo: int = 0, comm: Any = None) -> Band:
    """This rank's band of a grid of `grid_rows` rows split over the ranks of `comm`."""
    comm = _world(comm)
    return band_of(grid_rows, halo, comm.Get_rank(), comm.Get_size())


def rank_devices() -> List[Device]:
    """The devices ranks are spread over: the one TILES_DEVICE names where it is set, else every
    GPU, else every device."""
    if os.environ.get("TILES_DEVICE"):
        return [default_device()]
    every = all_devices()
    return [d for d in every if d.is_gpu] or every


def device_for_rank(comm: Any = None, devices: Optional[Sequence[Device]] = None) -> Device:
    """This rank's device: its rank among the ranks of `comm` on the same host, modulo the number of
    `devices` (by default rank_devices()), so that one host's ranks take its devices in turn."""
    listed = rank_devices() if devices is None else list(devices)
    if not listed:
        raise InvalidArgument("tiles.mpi.device_for_rank: the list of devices is empty")
    for d in listed:
        instance(d, Device, "a device of the list")
    host = _world(comm).Split_type(_mpi().COMM_TYPE_SHARED)
    try:
        return listed[host.Get_rank() % len(listed)]
    finally:
        host.Free()


def _host_view(view: Any, what: str) -> array_view:
    """`view`, which must be a 2-D tiles.array_view of a numpy array: MPI reads and writes that array."""
    instance(view, array_view, what)
    owner = view._handle.keeps_alive()
    if not isinstance(owner, np.ndarray) or owner.ndim != 2 or view.extent.rank != 2 or view.shape[1] != owner.shape[1]:
        raise InvalidArgument(f"{what} is a 2-D tiles.array_view of whole rows of a numpy array (MPI moves rows of "
                              f"host memory), not {view!r}")
    return view


def _local_view(view: Any, band: Band, comm: Any, what: str) -> array_view:
    view = _host_view(view, what)
    instance(band, Band, "the band")
    if (band.part, band.parts) != (comm.Get_rank(), comm.Get_size()):
        raise InvalidArgument(f"the band is rank {band.part}'s of {band.parts}, but this is rank {comm.Get_rank()} "
                              f"of {comm.Get_size()}")
    if view.shape[0] != band.local_rows:
        raise InvalidArgument(f"{what} has {view.shape[0]} rows, but the band's local data has {band.local_rows} (a "
                              f"halo of {band.halo_above}, {band.rows} rows, a halo of {band.halo_below})")
    return view


def _rows(view: array_view, first: int, count: int) -> array_view:
    return view.section((first, 0), (count, view.shape[1]))


def _rows_to_receive(rows: array_view) -> np.ndarray:
    """The numpy memory of rows MPI is about to write: the host needs none of their current contents
    (discard_data spares the download); refresh() after MPI wrote them has the next launch upload
    them."""
    rows.discard_data()
    return np.asarray(rows)


def _row_type(view: array_view) -> Any:
    """An MPI datatype of one row of `view`: counts and offsets in rows stay within an int."""
    row = _mpi().BYTE.Create_contiguous(view.shape[1] * view.dtype.itemsize)
    row.Commit()
    return row


def exchange_halo(view: array_view, band: Band, comm: Any = None) -> None:
    """Fills the halo rows of `view` (the band's local rows) with the rows the neighbouring ranks
    own: the boundary rows each neighbour needs are downloaded (only those, only if a launch changed
    them), exchanged, and the received halo rows uploaded by the next launch that reads `view`."""
    comm = _world(comm)
    view = _local_view(view, band, comm, "the view whose halo is exchanged")
    upward, downward = 0, 1  # tags: rows going to the rank above, to the rank below
    own_end = band.halo_above + band.rows
    # Each side with a neighbour: that rank, its halo's first row, the boundary rows' first, their
    # count, the tags of the rows going there and coming from there.
    sides = []
    if band.halo_above:
        sides.append((band.part - 1, 0, band.halo_above, band.halo_above, upward, downward))
    if band.halo_below:
        sides.append((band.part + 1, own_end, own_end - band.halo_below, band.halo_below, downward, upward))
    if not sides:
        return
    boundaries = [_rows(view, boundary, count) for _, _, boundary, count, _, _ in sides]
    for event in [b.synchronize_async() for b in boundaries]:  # all at once
        event.wait()
    row = _row_type(view)
    try:
        requests = []
        halos = []
        for (neighbour, halo, _, count, send_tag, receive_tag), boundary in zip(sides, boundaries):
            halos.append(_rows(view, halo, count))
            requests.append(comm.Irecv([_rows_to_receive(halos[-1]), count, row], neighbour, receive_tag))
            requests.append(comm.Isend([np.asarray(boundary), count, row], neighbour, send_tag))
        _mpi().Request.Waitall(requests)
    finally:
        row.Free()
    for halo_rows in halos:
        halo_rows.refresh()


def _own_rows(band: Band) -> tuple:
    """Every rank's own rows and where they start, in rows, for Scatterv and Gatherv."""
    bands = [band_of(band.grid_rows, band.halo, r, band.parts) for r in range(band.parts)]
    return [b.rows for b in bands], [b.first for b in bands]


def scatter(grid: Any, band: Band, view: array_view, root: int = 0, comm: Any = None) -> None:
    """Each rank's own rows of `grid` (the whole grid, read on `root` only) into `view` (the band's
    local rows), then the halos (exchange_halo)."""
    comm = _world(comm)
    view = _local_view(view, band, comm, "the view scattered into")
    source = None
    if comm.Get_rank() == root:
        grid = np.ascontiguousarray(grid, dtype=view.dtype)
        if grid.shape != (band.grid_rows, view.shape[1]):
            raise InvalidArgument(f"the grid to scatter is {describe(grid.shape)}, not ({band.grid_rows}, "
                                  f"{view.shape[1]}) of the band and the view")
    own = _rows(view, band.halo_above, band.rows)
    row = _row_type(view)
    try:
        if comm.Get_rank() == root:
            source = [grid, _own_rows(band), row]
        comm.Scatterv(source, [_rows_to_receive(own), band.rows, row], root)
    finally:
        row.Free()
    own.refresh()
    exchange_halo(view, band, comm)


def broadcast(view: array_view, root: int = 0, comm: Any = None) -> None:
    """`view` (a 2-D view of a numpy array, of the same shape on every rank) becomes on every rank of
    `comm` what it is on `root`; the other ranks' next launches upload it again."""
    comm = _world(comm)
    view = _host_view(view, "the view broadcast")
    is_root = comm.Get_rank() == root
    row = _row_type(view)
    try:
        comm.Bcast([np.asarray(view) if is_root else _rows_to_receive(view), view.shape[0], row], root)
    finally:
        row.Free()
    if not is_root:
        view.refresh()


def gather(view: array_view, band: Band, root: int = 0, comm: Any = None) -> Optional[np.ndarray]:
    """Every rank's own rows of `view` (the band's local rows) as one new numpy array of the whole
    grid on `root`, and None on the other ranks. Only the own rows come home from the devices."""
    comm = _world(comm)
    view = _local_view(view, band, comm, "the view gathered")
    grid = np.empty((band.grid_rows, view.shape[1]), view.dtype) if comm.Get_rank() == root else None
    row = _row_type(view)
    try:
        own = np.asarray(_rows(view, band.halo_above, band.rows))
        comm.Gatherv([own, band.rows, row], [grid, _own_rows(band), row] if grid is not None else None, root)
    finally:
        row.Free()
    return grid
