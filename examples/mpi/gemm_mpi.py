"""A distributed matrix product with tiles.mpi and mpi4py: C = A B + C/2 with A (M x K) and C
(M x N) split by rows over the ranks and B (K x N) broadcast to all, each rank running tiles.gemm
on its own device. Rank 0 makes the matrices, prints the times, and gathers C. With --check it
compares C with one process's tiles.gemm over the whole matrices. The same as gemm_mpi.cpp.

    mpirun -n 2 python gemm_mpi.py [N | M K N] [--check]
"""

import sys
import time

import numpy as np
from mpi4py import MPI

import tiles
import tiles.mpi
from mpi_example import any_rank, matrix_values, parse, rank_0_first, ranks_and_devices, same_as_one_process

ALPHA, BETA = 1.0, 0.5


def main() -> int:
    numbers, check = parse((2048,), (1, 3), "gemm_mpi.py [N | M K N] [--check]")
    m, k, n = numbers * 3 if len(numbers) == 1 else numbers
    comm = MPI.COMM_WORLD
    band = tiles.mpi.split_rows(m)
    device = tiles.mpi.device_for_rank()
    context = tiles.Context(device)
    where = ranks_and_devices(device)

    def first_gemm():  # outside the clock: builds the kernel, and tunes it where the device needs it
        one = np.ones((1, 1), np.float32)
        tiles.gemm(ALPHA, one, one, 0.0, one, context=context)

    rank_0_first(first_gemm)
    a, b, c = ((matrix_values(0, rows, columns, salt) if comm.rank == 0 else None)
               for rows, columns, salt in ((m, k, 1), (k, n, 2), (m, n, 3)))
    a_view = tiles.array_view(np.empty((band.rows, k), np.float32))
    b_view = tiles.array_view(b if comm.rank == 0 else np.empty((k, n), np.float32))
    c_view = tiles.array_view(np.empty((band.rows, n), np.float32))
    comm.Barrier()
    start = time.perf_counter()
    tiles.mpi.scatter(a, band, a_view)
    tiles.mpi.scatter(c, band, c_view)
    tiles.mpi.broadcast(b_view)
    comm.Barrier()
    distributing = time.perf_counter() - start
    start = time.perf_counter()
    # tiles.gemm takes the bands from the host and returns the new C as a numpy array: the time
    # includes the uploads and the download, unlike the C++ example's.
    product = tiles.array_view(tiles.gemm(ALPHA, a_view, b_view, BETA, c_view, context=context))
    comm.Barrier()
    computing = time.perf_counter() - start

    if comm.rank == 0:
        print(f"gemm_mpi.py: C ({m} x {n}) = A ({m} x {k}) B ({k} x {n}) + C/2 {where}: {computing:g} s uploading, "
              f"computing and downloading, {2e-9 * m * n * k / computing:g} GFLOP/s; {distributing:g} s scattering A "
              f"and C and broadcasting B", flush=True)
    result = tiles.mpi.gather(product, band)
    if not check:
        return 0
    same = True
    if comm.rank == 0:
        same = same_as_one_process(result, tiles.gemm(ALPHA, a, b, BETA, c, context=tiles.Context(device)))
        if same:
            print("equal to one process's tiles.gemm over the whole matrices", flush=True)
    return int(any_rank(not same))


if __name__ == "__main__":
    sys.exit(main())
