"""What the Python MPI examples share, as mpi_example.hpp does for C++: their command lines, the
values of their matrices, the first build on rank 0 alone, and comparing a distributed result
with one process's."""

import sys
from typing import Callable, List, Sequence, Tuple

import numpy as np
from mpi4py import MPI

import tiles


def parse(defaults: Sequence[int], counts: Sequence[int], usage: str) -> Tuple[List[int], bool]:
    """The command line's numbers (one of `counts` of them, or none: then `defaults`) and whether
    --check is among them. A wrong one ends the job with the usage."""
    numbers, check = [], False
    for argument in sys.argv[1:]:
        if argument == "--check":
            check = True
        elif argument.isdigit() and int(argument) > 0:
            numbers.append(int(argument))
        else:
            print(f"'{argument}' is not a positive number; usage: {usage}", file=sys.stderr)
            MPI.COMM_WORLD.Abort(2)
    numbers = numbers or list(defaults)
    if len(numbers) not in counts:
        print(f"{len(numbers)} numbers given; usage: {usage}", file=sys.stderr)
        MPI.COMM_WORLD.Abort(2)
    return numbers, check


def matrix_values(first_row: int, rows: int, columns: int, salt: int) -> np.ndarray:
    """Rows first_row.. of the examples' matrices, the same as the C++ and C examples' values."""
    row = np.arange(first_row, first_row + rows, dtype=np.int64)[:, None]
    column = np.arange(columns, dtype=np.int64)[None, :]
    return ((row * 37 + column * 11 + salt * 5) % 101).astype(np.float32) / np.float32(64) - np.float32(0.75)


def exchange_period(grid_rows: int, ranks: int, radius: int) -> int:
    """Iterations between halo exchanges. The halo is radius x period rows deep, so a band's own rows
    stay exact for that many iterations (temporal blocking). As libtiles' own stencil over several
    devices does, the extra rows stay within 1/32 of a band, and the period at most 16."""
    return max(1, min(16, grid_rows // ranks // 32 // max(radius, 1)))


def rank_0_first(build: Callable[[], None]) -> None:
    """Runs `build` (a first launch, which compiles its kernel) on rank 0, then on the other ranks,
    whose drivers then load the program rank 0 left in libtiles' program cache instead of all
    compiling it at once."""
    comm = MPI.COMM_WORLD
    if comm.rank != 0:
        comm.Barrier()
    build()
    if comm.rank == 0:
        comm.Barrier()


def ranks_and_devices(device: tiles.Device) -> str:
    """On rank 0, "on 2 ranks, devices 0:0 0:1": each rank's device, in rank order."""
    devices = MPI.COMM_WORLD.gather(f"{device.platform_index}:{device.device_index}")
    if devices is None:
        return ""
    return f"on {len(devices)} {'rank, device' if len(devices) == 1 else 'ranks, devices'} {' '.join(devices)}"


def any_rank(yes: bool) -> bool:
    """Whether any rank says yes; every rank gets the same answer."""
    return MPI.COMM_WORLD.allreduce(bool(yes), op=MPI.LOR)


def same_as_one_process(distributed: np.ndarray, reference: np.ndarray) -> bool:
    """Whether `distributed` is bit for bit `reference`; if not, says where they first differ."""
    different = np.argwhere(distributed.view(np.uint32) != reference.view(np.uint32))
    if len(different):
        row, column = different[0]
        print(f"DIFFERENT from one process at row {row}, column {column}: {distributed[row, column]} instead of "
              f"{reference[row, column]}")
    return not len(different)
