"""svd's and eigh's host steps (the SVD of QR's R; eigh's tridiagonal reduction, QL iteration and
divide and conquer, in double), timed by tiles_host_factorizations, beside numpy's LAPACK on one thread in the same
run: milliseconds of processor time (medians; a shared machine inflates them less than the
clock's) and numpy's time over libtiles' (above 1, libtiles is faster).

    python3 bench/host_factorizations.py --n 256 1024 [--program build/bench/tiles_host_factorizations]

Steps: svdvals (bidiagonalization and QR sweeps) and svd's more for the vectors U and V; tridiagonal and
tridiagonal_q (the reduction, with Q); ql_values (the QL iteration) and dc_vectors (divide and conquer, with Z).
eigvalsh and eigh are their sums. numpy's svd and eigh are LAPACK's gesdd and syevd.
"""

import argparse
import os
import statistics
import subprocess
import time

os.environ["OPENBLAS_NUM_THREADS"] = "1"

import numpy as np  # noqa: E402 (after the thread count is set)


def numpy_milliseconds(call, runs):
    times = []
    for _ in range(runs):
        start = time.thread_time()
        call()
        times.append(time.thread_time() - start)
    return statistics.median(times) * 1e3


def host_steps(program, runs, sizes):
    """{(step, n): milliseconds} from the C++ program's lines "step n milliseconds"."""
    output = subprocess.run([program, str(runs), *map(str, sizes)], check=True, capture_output=True, text=True)
    steps = {}
    for line in output.stdout.split("\n"):
        if line:
            step, n, milliseconds = line.split()
            steps[step, int(n)] = float(milliseconds)
    return steps


def numpy_times(n, runs):
    a = np.random.default_rng(61).standard_normal((n, n))
    symmetric = np.tril(a) + np.tril(a, -1).T
    return {
        "svdvals": numpy_milliseconds(lambda: np.linalg.svd(a, compute_uv=False), runs),
        "svd": numpy_milliseconds(lambda: np.linalg.svd(a), runs),
        "eigvalsh": numpy_milliseconds(lambda: np.linalg.eigvalsh(symmetric), runs),
        "eigh": numpy_milliseconds(lambda: np.linalg.eigh(symmetric), runs),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, nargs="+", default=[256, 1024])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--program", default="build/bench/tiles_host_factorizations")
    arguments = parser.parse_args()
    steps = host_steps(arguments.program, arguments.runs, arguments.n)
    print(f"{'n':>5} {'function':>9} {'libtiles ms':>12} {'steps ms':>28} {'numpy ms':>9} {'numpy/libtiles':>15}")
    for n in arguments.n:
        theirs = numpy_times(n, arguments.runs)
        parts = {
            "svdvals": {"svdvals": steps["svdvals", n]},
            "svd": {"values": steps["svdvals", n], "vectors": steps["svd", n] - steps["svdvals", n]},
            "eigvalsh": {"reduce": steps["tridiagonal", n], "ql": steps["ql_values", n]},
            "eigh": {"reduce+q": steps["tridiagonal_q", n], "dc+z": steps["dc_vectors", n]},
        }
        for name, split in parts.items():
            mine = sum(split.values())
            text = " ".join(f"{step} {ms:.1f}" for step, ms in split.items())
            print(f"{n:>5} {name:>9} {mine:>12.1f} {text:>28} {theirs[name]:>9.1f} {theirs[name] / mine:>15.2f}")


if __name__ == "__main__":
    main()
