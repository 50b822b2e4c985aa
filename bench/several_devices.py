"""libtiles on several devices at once against one: the iterated 5-point stencil and gemm, each
from numpy data to a numpy result, and the stencil's iterations on bands already on the devices
(tiles.stencil on a tiles.Split scattered once, halos --period iterations deep exchanged every
--period iterations), on 1, 2, ... contexts in turn, every result checked bit for bit against the
one-context result, with the speed-up over one context in the same run; and gemm on bands
already on the devices (tiles.gemm of tiles.Split operands: A and C in bands of rows, B a copy on
every context, uploaded once). --reduce GIB also sums that much float32 data, from numpy and on a
tiles.Split's bands already on the devices.

After each number of contexts, every numpy-to-numpy benchmark gets the bound the host's bandwidth
sets on it in that run, and its measured time as a multiple of that bound. The model: the inputs
go up at that run's Split scatter rate (B of gemm at its copies' scatter rate), the result comes
down at its Split gather rate, and the work on bands already there (the "on bands" figure) runs
in between, with no overlap of the three:

    bound = bytes in / scatter rate + bytes out / gather rate + seconds on bands

A ratio near 1 means the figure is what the host's copies allow; well above 1, time goes
elsewhere (allocation, the numpy-to-numpy call's own staging, waits).

    python3 bench/several_devices.py --side 32768 --iterations 100 --gemm 16384 --contexts 1,2,4
    python3 bench/several_devices.py --side 512 --iterations 5 --gemm 256 --contexts 1,2 --runs 1   # a check

The contexts are one per device, in tiles.devices()'s order, of GPUs where there are any (else of
every device; TILES_DEVICE picks one device to take views of instead, to see what the split costs
on one device). --json FILE writes the figures."""

import argparse
import json
import statistics
import sys
import time

import numpy as np
import tiles


def devices_to_use():
    import os
    if os.environ.get("TILES_DEVICE"):
        return [tiles.default_device()]
    every = tiles.devices()
    return [d for d in every if d.is_gpu] or every


def contexts_for(count, devices):
    return [tiles.Context(devices[i % len(devices)]) for i in range(count)]


def timed(run, runs):
    """The median of `runs` timed calls, after one untimed call that builds the kernels."""
    result = run()
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        seconds.append(time.perf_counter() - start)
    return result, statistics.median(seconds)


def iterate_on_bands(contexts, split, cross, iterations):
    """`iterations` stencils of the split's bands in place; returns once every context is done."""
    tiles.stencil(split, cross, iterations=iterations)
    for context in contexts:
        context.wait()


def report_on_bands(contexts, grid, cross, args, expected, baselines):
    """Times the stencil's iterations on bands scattered once (tiles.stencil on a tiles.Split),
    checks the first run's result against `expected` (numpy-to-numpy's), prints the line and
    returns the figures, with the Split's scatter and gather before them."""
    halo = 0 if len(contexts) == 1 else args.period * (cross.shape[0] // 2)
    split = tiles.Split(contexts, grid.shape, grid.dtype, halo=halo)
    figures = [report_transfer("scatter", lambda: split.scatter(grid), contexts, grid.nbytes, args, baselines),
               report_transfer("gather", lambda: split.gather(), contexts, grid.nbytes, args, baselines)]
    split.scatter(grid)
    iterate_on_bands(contexts, split, cross, args.iterations)
    same = split.gather().tobytes() == expected.tobytes()
    seconds = timed(lambda: iterate_on_bands(contexts, split, cross, args.iterations), args.runs)[1]
    name = "stencil on bands"
    baselines.setdefault(name, (None, seconds))
    speedup = baselines[name][1] / seconds
    print(f"{name:16} {len(contexts)} context(s): {seconds * 1e3:10.2f} ms  "
          f"{2 * grid.nbytes * args.iterations / seconds / 1e9:10.1f} GB/s  {speedup:5.2f}x of the first  "
          f"{'same bits' if same else 'DIFFERENT RESULT'}")
    split.release()
    return figures + [{"benchmark": name, "contexts": len(contexts), "seconds": seconds, "speedup": speedup,
                       "same_as_baseline": same}]


def multiply_on_bands(contexts, a_split, b_copies, c_split):
    """C = A @ B on the splits' bands in place; returns once every context is done."""
    tiles.gemm(1.0, a_split, b_copies, 0.0, c_split)
    for context in contexts:
        context.wait()


def report_gemm_on_bands(contexts, a, b, args, expected, baselines):
    """Times gemm on bands uploaded once (tiles.gemm of tiles.Split operands: A and C in bands of
    rows, B a copy on every context), checks the first run's result against `expected`
    (numpy-to-numpy's), prints the line and returns the figures, with B's upload to every context
    at once before them."""
    a_split = tiles.Split(contexts, a.shape, a.dtype)
    b_copies = tiles.Split.copies(contexts, b.shape, b.dtype)
    c_split = tiles.Split(contexts, (a.shape[0], b.shape[1]), a.dtype)
    figures = [report_transfer("scatter copies", lambda: b_copies.scatter(b), contexts, b.nbytes, args, baselines)]
    a_split.scatter(a)
    multiply_on_bands(contexts, a_split, b_copies, c_split)
    same = c_split.gather().tobytes() == expected.tobytes()
    seconds = timed(lambda: multiply_on_bands(contexts, a_split, b_copies, c_split), args.runs)[1]
    name = "gemm on bands"
    baselines.setdefault(name, (None, seconds))
    speedup = baselines[name][1] / seconds
    print(f"{name:16} {len(contexts)} context(s): {seconds * 1e3:10.2f} ms  "
          f"{2.0 * a.shape[0] * a.shape[1] * b.shape[1] / seconds / 1e9:10.1f} GFLOP/s  "
          f"{speedup:5.2f}x of the first  {'same bits' if same else 'DIFFERENT RESULT'}")
    for split in (a_split, b_copies, c_split):
        split.release()
    return figures + [{"benchmark": name, "contexts": len(contexts), "seconds": seconds, "speedup": speedup,
                       "same_as_baseline": same}]


def report_sum_on_bands(contexts, summed, args, baselines):
    """Times tiles.reduce of a tiles.Split of `summed` scattered once (data already on the devices),
    checks it against numpy's sum in double, prints the line and returns the figures. A band holds
    under 2**31 elements, so one context takes several bands of its own where the data needs them."""
    bands = max(len(contexts), -(-summed.size // (1 << 30)))
    split = tiles.Split([contexts[i % len(contexts)] for i in range(bands)], summed.shape, summed.dtype)
    split.scatter(summed)
    total, seconds = timed(lambda: np.asarray(tiles.reduce(split, "sum")), args.runs)
    right = abs(float(total) - float(summed.sum(dtype=np.float64))) <= 1e-5 * summed.size
    name = "sum on bands"
    baselines.setdefault(name, (None, seconds))
    speedup = baselines[name][1] / seconds
    print(f"{name:16} {len(contexts)} context(s): {seconds * 1e3:10.2f} ms  {summed.nbytes / seconds / 1e9:10.1f} GB/s  "
          f"{speedup:5.2f}x of the first  {'right' if right else 'WRONG SUM'}")
    split.release()
    return [{"benchmark": name, "contexts": len(contexts), "seconds": seconds, "speedup": speedup,
             "same_as_baseline": right}]


def report_transfer(name, run, contexts, nbytes, args, baselines):
    """Times a Split's scatter or gather of the whole grid (numpy's pageable memory to or from every
    context at once): the host's aggregate bandwidth, which bounds every numpy-to-numpy figure."""
    seconds = timed(run, args.runs)[1]
    baselines.setdefault(name, (None, seconds))
    speedup = baselines[name][1] / seconds
    print(f"{name:16} {len(contexts)} context(s): {seconds * 1e3:10.2f} ms  {nbytes / seconds / 1e9:10.1f} GB/s  "
          f"{speedup:5.2f}x of the first")
    return {"benchmark": name, "contexts": len(contexts), "seconds": seconds, "speedup": speedup,
            "same_as_baseline": True}


def report_host_bounds(count, figures, moved):
    """Prints, for each numpy-to-numpy benchmark of `count` contexts, the host's bound on it by the
    docstring's model and the measured time's ratio to it; returns the figures. `moved` maps a
    benchmark to its on-bands benchmark and the bytes it scatters, scatters as copies, gathers."""
    seconds = {f["benchmark"]: f["seconds"] for f in figures if f["contexts"] == count}
    rate = {name: nbytes / seconds[name] for name, nbytes in moved["rates"].items() if name in seconds}
    bounds = []
    for name, (on_bands, uploaded, copied, downloaded) in moved["benchmarks"].items():
        if name not in seconds or on_bands not in seconds:
            continue
        bound = (uploaded / rate["scatter"] + copied / rate.get("scatter copies", rate["scatter"]) +
                 downloaded / rate["gather"] + seconds[on_bands])
        ratio = seconds[name] / bound
        print(f"{name:16} {count} context(s): host bound {bound * 1e3:10.2f} ms  "
              f"({(uploaded + copied) / 1e9:.2f} GB in at {rate['scatter'] / 1e9:.1f} GB/s, "
              f"{downloaded / 1e9:.2f} GB out at {rate['gather'] / 1e9:.1f} GB/s, "
              f"{seconds[on_bands] * 1e3:.2f} ms on bands); measured {ratio:5.2f}x the bound")
        bounds.append({"benchmark": name + " host bound", "contexts": count, "seconds": bound,
                       "measured_over_bound": ratio, "same_as_baseline": True})
    return bounds


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--side", type=int, default=4096, help="the stencil's grid is side x side floats")
    parser.add_argument("--iterations", type=int, default=20, help="stencil iterations")
    parser.add_argument("--gemm", type=int, default=2048, help="gemm of n x n float matrices")
    parser.add_argument("--contexts", default="1,2", help="numbers of contexts to time, the first the baseline")
    parser.add_argument("--period", type=int, default=8,
                        help="iterations between halo exchanges on bands: their halos' depth in mask radii")
    parser.add_argument("--reduce", type=float, default=0,
                        help="GiB of float32 data to sum as well, from numpy and on bands already on the devices")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json")
    args = parser.parse_args()
    counts = [int(c) for c in args.contexts.split(",")]
    devices = devices_to_use()
    print(f"devices: {', '.join(d.name for d in devices)}; contexts: {counts}")

    rng = np.random.default_rng(1)
    grid = rng.uniform(0, 1, (args.side, args.side)).astype(np.float32)
    cross = np.array([[0, 0.2, 0], [0.2, 0.2, 0.2], [0, 0.2, 0]], np.float32)  # the 5-point stencil
    a = rng.uniform(-1, 1, (args.gemm, args.gemm)).astype(np.float32)
    b = rng.uniform(-1, 1, (args.gemm, args.gemm)).astype(np.float32)
    stencil_bytes = 2 * grid.nbytes * args.iterations  # each iteration reads and writes the grid
    gemm_flops = 2.0 * args.gemm ** 3
    # 2-D: an extent holds under 2**31 elements, and 16 GiB of floats are 2**32.
    summed = rng.uniform(-1, 1, (int(args.reduce * 2 ** 14), 2 ** 14)).astype(np.float32) if args.reduce else None

    figures, failed = [], False
    baselines = {}
    moved = {"rates": {"scatter": grid.nbytes, "gather": grid.nbytes, "scatter copies": b.nbytes},
             "benchmarks": {"stencil 5-point": ("stencil on bands", grid.nbytes, 0, grid.nbytes),
                            "gemm float": ("gemm on bands", a.nbytes, b.nbytes, a.nbytes),
                            "sum float": ("sum on bands", summed.nbytes if summed is not None else 0, 0, 0)}}
    for count in counts:
        contexts = contexts_for(count, devices)
        # One context runs the one-context calls themselves; several, the same calls with contexts=.
        on = {"context": contexts[0]} if count == 1 else {"contexts": contexts}
        benchmarks = [("stencil 5-point", lambda: tiles.stencil(grid, cross, iterations=args.iterations, **on),
                       stencil_bytes, "GB/s"),
                      ("gemm float", lambda: tiles.matrix_multiply(a, b, **on), gemm_flops, "GFLOP/s")]
        if summed is not None:
            benchmarks.append(("sum float", lambda: np.asarray(tiles.reduce(summed, "sum", **on)), summed.nbytes,
                               "GB/s"))
        for name, run, work, unit in benchmarks:
            result, seconds = timed(run, args.runs)
            if name == "stencil 5-point":
                figures += report_on_bands(contexts, grid, cross, args, result, baselines)
                failed |= not figures[-1]["same_as_baseline"]
            if name == "gemm float":
                figures += report_gemm_on_bands(contexts, a, b, args, result, baselines)
                failed |= not figures[-1]["same_as_baseline"]
            if name == "sum float":
                figures += report_sum_on_bands(contexts, summed, args, baselines)
                failed |= not figures[-1]["same_as_baseline"]
            if name not in baselines:
                baselines[name] = (result, seconds)
            same = result.tobytes() == baselines[name][0].tobytes()
            failed |= not same
            speedup = baselines[name][1] / seconds
            print(f"{name:16} {count} context(s): {seconds * 1e3:10.2f} ms  {work / seconds / 1e9:10.1f} {unit}  "
                  f"{speedup:5.2f}x of {counts[0]}  {'same bits' if same else 'DIFFERENT RESULT'}")
            figures.append({"benchmark": name, "contexts": count, "seconds": seconds, "speedup": speedup,
                            "same_as_baseline": same})
        figures += report_host_bounds(count, figures, moved)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"devices": [d.name for d in devices], "side": args.side, "iterations": args.iterations,
                       "gemm": args.gemm, "figures": figures}, f, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
