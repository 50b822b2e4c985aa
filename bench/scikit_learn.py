"""scikit-learn's estimators with array-API dispatch on libtiles arrays, beside the same on numpy
arrays (the host's LAPACK) and on CuPy arrays (cuSOLVER), in one run on one device: PCA with the
full, covariance_eigh and randomized solvers, LinearDiscriminantAnalysis (svd) and Ridge (svd),
each fitted to an n x d float32 matrix. Each result is checked against numpy's (rtol 1e-3), then
the contenders timed in turns and the medians printed with libtiles' ratio to each (above 1:
libtiles is faster).

    python3 bench/scikit_learn.py --rows 100000 --columns 256      # the issue's size, on a GPU
    python3 bench/scikit_learn.py --rows 2000 --columns 32 --runs 1  # a check, on PoCL

It needs numpy, scikit-learn and the built tiles package, and SCIPY_ARRAY_API=1 in the
environment (scikit-learn asks it of array-API dispatch); CuPy is used where it finds a CUDA device.
An estimator that stops on one contender is said, with the line of scikit-learn where it stopped.
"""

import argparse
import statistics
import time
import traceback

import numpy as np
import sklearn
import tiles.array_api as xp
from sklearn.decomposition import PCA
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.linear_model import Ridge

try:
    import cupy
except ImportError:
    cupy = None

# name: (the estimator, whether it takes labels, the fitted attribute compared), each made anew.
ESTIMATORS = {
    "PCA full": (lambda: PCA(8, svd_solver="full"), False, "explained_variance_"),
    "PCA covariance_eigh": (lambda: PCA(8, svd_solver="covariance_eigh"), False, "explained_variance_"),
    "PCA randomized": (lambda: PCA(8, svd_solver="randomized", random_state=0), False, "explained_variance_"),
    "LDA svd": (lambda: LinearDiscriminantAnalysis(solver="svd"), True, "scalings_"),
    "Ridge svd": (lambda: Ridge(alpha=1.0, solver="svd"), False, "coef_"),
}


def to_host(value):
    if cupy is not None and isinstance(value, cupy.ndarray):
        return cupy.asnumpy(value)
    return np.asarray(value.get() if hasattr(value, "get") else value)


def fit(make, labelled, x, y, target, module):
    estimator = make()
    estimator.fit(x, y if labelled else target)
    if module is xp:
        x.device.wait()
    elif module is not np:
        cupy.cuda.Device().synchronize()
    return estimator


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=20000)
    parser.add_argument("--columns", type=int, default=64)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    rng = np.random.default_rng(5)
    x = (rng.standard_normal((args.rows, args.columns)) * np.linspace(1, 3, args.columns)).astype(np.float32)
    y = rng.integers(0, 4, args.rows).astype(np.int32)
    x += y[:, None].astype(np.float32)  # classes LDA can separate
    target = (x @ rng.standard_normal(args.columns)).astype(np.float32)
    modules = [("tiles", xp), ("numpy", np)] + ([("cupy", cupy)] if cupy is not None else [])
    data = {label: (m.asarray(x), m.asarray(y), m.asarray(target)) for label, m in modules}
    print(f"{args.rows} x {args.columns} float32, median of {args.runs} runs; ratio: the other's time over libtiles'")
    sklearn.set_config(array_api_dispatch=True)
    for name, (make, labelled, attribute) in ESTIMATORS.items():
        expected = to_host(getattr(fit(make, labelled, x, y, target, np), attribute))
        line, times = [], {}
        try:
            for label, module in modules:
                got = to_host(getattr(fit(make, labelled, *data[label], module), attribute))
                # Components and scalings are defined up to sign: compare magnitudes.
                close = np.allclose(np.abs(got), np.abs(expected), rtol=1e-3, atol=1e-3 * np.abs(expected).max())
                line.append((label, close))
                times[label] = []
        except Exception as failure:  # a stop on one estimator is a finding, not the end of the run
            where = traceback.extract_tb(failure.__traceback__)
            caller = next((f for f in reversed(where) if "sklearn" in f.filename), where[-1])
            print(f"{name:20} {label} stopped: {type(failure).__name__}: {str(failure)[:160]} "
                  f"(at {caller.filename.split('site-packages/')[-1]}:{caller.lineno}: {caller.line})")
            continue
        for _ in range(args.runs):
            for label, module in modules:
                start = time.perf_counter()
                fit(make, labelled, *data[label], module)
                times[label].append(time.perf_counter() - start)
        medians = {label: statistics.median(t) for label, t in times.items()}
        cells = "  ".join(f"{label} {medians[label] * 1e3:8.1f} ms ({'matches' if close else 'DIFFERS'})"
                          for label, close in line)
        ratios = "  ".join(f"{medians[label] / medians['tiles']:.2f}x {label}" for label, _ in line if label != "tiles")
        print(f"{name:20} {cells}  | {ratios}")


if __name__ == "__main__":
    main()
