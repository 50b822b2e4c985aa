"""A distributed 2-D stencil with tiles.mpi and mpi4py: each rank holds a band of a ROWS x COLUMNS
grid plus a halo, and runs tiles.stencil on its own device. The halo is the mask's radius times
exchange_period's rows deep, so the halo rows are exchanged only every that many iterations. Rank 0 prints the time of the iterations. With --check, rank 0
compares the result with one process's tiles.stencil over the whole grid, iterated, and every
rank checks that the exchanges moved its halo rows and nothing more. The same as stencil_mpi.cpp.

    mpirun -n 2 python stencil_mpi.py [ROWS COLUMNS ITERATIONS MASK_SIDE] [--check]

The mask is a cross MASK_SIDE wide and high (3: the 5-point stencil), every weight the same."""

import sys
import time

import numpy as np
from mpi4py import MPI

import tiles
import tiles.mpi
from mpi_example import (any_rank, exchange_period, matrix_values, parse, rank_0_first, ranks_and_devices,
                         same_as_one_process)


def cross_mask(side: int) -> np.ndarray:
    mask = np.zeros((side, side), np.float32)
    mask[side // 2, :] = mask[:, side // 2] = 1
    return mask / np.float32(2 * side - 1)


def iterate(first: tiles.array_view, second: tiles.array_view, mask: tiles.array_view, iterations: int,
            context: tiles.Context, exchange=None, period: int = 1) -> tiles.array_view:
    """`iterations` stencils from `first` to `second` and back; `exchange(view)` fills the halo of
    the next one's input every `period` iterations. The view holding the last one's output."""
    for i in range(iterations):
        if i and exchange and i % period == 0:
            exchange(first)
        tiles.stencil(first, mask, out=second, context=context)
        first, second = second, first
    return first


def main() -> int:
    (rows, columns, iterations, side), check = parse((4096, 4096, 100, 3), (4,),
                                                     "stencil_mpi.py [ROWS COLUMNS ITERATIONS MASK_SIDE] [--check]")
    if side % 2 == 0:
        print("the mask's side must be odd", file=sys.stderr)
        MPI.COMM_WORLD.Abort(2)
    comm = MPI.COMM_WORLD
    period = exchange_period(rows, comm.size, side // 2)
    band = tiles.mpi.split_rows(rows, side // 2 * period)
    device = tiles.mpi.device_for_rank()
    context = tiles.Context(device)
    where = ranks_and_devices(device)
    mask = tiles.array_view(cross_mask(side))  # uploaded once, by the first launch that reads it
    first = tiles.array_view(matrix_values(band.local_first, band.local_rows, columns, 0))
    second = tiles.array_view(np.empty((band.local_rows, columns), np.float32))
    second.discard_data()  # written whole by every launch: never uploaded

    def first_launch():  # outside the clock: builds the kernel and uploads the band; done again below
        iterate(first, second, mask, 1, context)
        context.wait()

    rank_0_first(first_launch)
    context.reset_counters()
    comm.Barrier()
    start = time.perf_counter()
    result = iterate(first, second, mask, iterations, context, lambda view: tiles.mpi.exchange_halo(view, band),
                     period)
    context.wait()
    comm.Barrier()
    seconds = time.perf_counter() - start

    # Each exchange uploads the halo rows, one transfer a side, and downloads the boundary rows the
    # neighbours need: those at both ends of the rank's own, which are the same rows where its band
    # is thin.
    moved = context.counters()
    exchanges, row_bytes = (iterations - 1) // period, columns * 4
    sides = (band.halo_above > 0) + (band.halo_below > 0)
    halo_rows = band.halo_above + band.halo_below
    boundary_rows = min(halo_rows, band.rows)
    halo_only = (moved["bytes_uploaded"] == exchanges * halo_rows * row_bytes and moved["uploads"] == exchanges * sides
                 and moved["bytes_downloaded"] == exchanges * boundary_rows * row_bytes
                 and moved["downloads"] <= exchanges * sides)
    if comm.rank == 0:
        print(f"stencil_mpi.py: {rows} x {columns} floats, {side}x{side} cross, {iterations} iterations {where}, "
              f"halos exchanged every {period}: {seconds:g} s, {seconds * 1e3 / iterations:g} ms per iteration",
              flush=True)
    grid = tiles.mpi.gather(result, band)
    if not check:
        return 0

    if not halo_only:
        print(f"rank {comm.rank}: the exchanges moved {moved['bytes_uploaded']} bytes up and "
              f"{moved['bytes_downloaded']} down in {moved['uploads']} and {moved['downloads']} transfers, not the "
              f"{exchanges * halo_rows * row_bytes} bytes of its halo rows up and "
              f"{exchanges * boundary_rows * row_bytes} of its boundary rows down", flush=True)
    same = True
    if comm.rank == 0:
        reference = iterate(tiles.array_view(matrix_values(0, rows, columns, 0)),
                            tiles.array_view(np.empty((rows, columns), np.float32)), mask, iterations,
                            tiles.Context(device))
        same = same_as_one_process(grid, np.asarray(reference))
        if same:
            print("equal to one process's tiles.stencil over the whole grid, iterated", flush=True)
    failed = any_rank(not halo_only or not same)
    if comm.rank == 0 and not failed:
        print("each exchange moved the halo rows alone, on every rank")
    return int(failed)


if __name__ == "__main__":
    sys.exit(main())
