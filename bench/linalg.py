"""libtiles' linear algebra beside CuPy's (cuSOLVER) and numpy's (the host's LAPACK), in one run
on one device: each function of tiles.array_api.linalg that libtiles has, on an n x n matrix
already on the device, its result checked against numpy's in float64, then the contenders timed in
turns and the medians printed with libtiles' ratio to each (above 1: libtiles is faster).

    python3 bench/linalg.py --n 4096                       # the issue's size, on a GPU
    python3 bench/linalg.py --n 256 --runs 1               # a check, on PoCL
    python3 bench/linalg.py --n 4096 --only cholesky,qr    # some of the functions

It needs numpy and the built tiles package; CuPy is used where it finds a CUDA device.
"""

import argparse
import statistics
import time

import numpy as np
import tiles.array_api as xp

try:
    import cupy
except ImportError:
    cupy = None


def symmetric_positive_definite(n, rng):
    a = rng.standard_normal((n, n))
    return (a @ a.T / n + np.eye(n)).astype(np.float32)


# name: (the input from (n, rng), libtiles' call, CuPy's call, the check against numpy's in float64)
def cases(n, rng):
    general = rng.standard_normal((n, n)).astype(np.float32)
    spd = symmetric_positive_definite(n, rng)
    right = rng.standard_normal((n, 16)).astype(np.float32)

    def reconstructs(a):
        return lambda qr: np.linalg.norm(qr[0] @ qr[1] - a) / np.linalg.norm(a)

    return {
        "cholesky": (spd, lambda m, x: m.linalg.cholesky(x),
                     lambda got: np.linalg.norm(got - np.linalg.cholesky(spd.astype(np.float64))) /
                     np.linalg.norm(np.linalg.cholesky(spd.astype(np.float64)))),
        "qr": (general, lambda m, x: m.linalg.qr(x), reconstructs(general.astype(np.float64))),
        "svdvals": (general, lambda m, x: m.linalg.svdvals(x) if m is xp else m.linalg.svd(x, compute_uv=False),
                    lambda got: np.max(np.abs(got - np.linalg.svd(general.astype(np.float64), compute_uv=False))) /
                    np.linalg.norm(general, 2)),
        "eigvalsh": (spd, lambda m, x: m.linalg.eigvalsh(x),
                     lambda got: np.max(np.abs(got - np.linalg.eigvalsh(spd.astype(np.float64)))) /
                     np.linalg.norm(spd, 2)),
        "solve": (general, lambda m, x: m.linalg.solve(x, m.asarray(right)),
                  lambda got: np.linalg.norm(general.astype(np.float64) @ got - right) / np.linalg.norm(right)),
    }


def to_host(result):
    if isinstance(result, tuple):
        return tuple(to_host(r) for r in result)
    if cupy is not None and isinstance(result, cupy.ndarray):
        return cupy.asnumpy(result).astype(np.float64)
    return np.asarray(result.get() if hasattr(result, "get") else result, np.float64)


def timer(module, call, host):
    data = module.asarray(host)

    def run():
        result = call(module, data)
        if module is xp:
            data.device.wait()
        elif module is not np:
            cupy.cuda.Device().synchronize()
        return result

    return run


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=1024)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", help="the functions to time, separated by commas (all where not given)")
    args = parser.parse_args()
    rng = np.random.default_rng(3)
    modules = [("tiles", xp), ("numpy", np)] + ([("cupy", cupy)] if cupy is not None else [])
    print(f"n = {args.n}, float32, median of {args.runs} runs; ratio: the other's time over libtiles'")
    for name, (host, call, error) in cases(args.n, rng).items():
        if args.only is not None and name not in args.only.split(","):
            continue
        if not hasattr(xp.linalg, name):
            print(f"{name:9} libtiles has none yet")
            continue
        runs = {label: timer(module, call, host) for label, module in modules}
        errors = {label: error(to_host(run())) for label, run in runs.items()}
        times = {label: [] for label in runs}
        for _ in range(args.runs):
            for label, run in runs.items():
                start = time.perf_counter()
                run()
                times[label].append(time.perf_counter() - start)
        medians = {label: statistics.median(t) for label, t in times.items()}
        line = "  ".join(f"{label} {medians[label] * 1e3:8.2f} ms (error {errors[label]:.1e})" for label in runs)
        ratios = "  ".join(f"{medians[label] / medians['tiles']:.2f}x {label}" for label in runs if label != "tiles")
        print(f"{name:9} {line}  | {ratios}")


if __name__ == "__main__":
    main()
