#!/usr/bin/env python3
"""One table of a GPU run (bench/gpu_run.sh): libtiles' figures from tiles_bench's JSON files beside
their baselines measured in the same run (cuBLAS through PyTorch for gemm, from
bench/cublas_sgemm.py's JSON; the copy kernel for the bandwidth-bound algorithms), with the
clock both were timed by, the ratio, the GPU target where there is one, and whether it is met.
A figure of libtiles timed by the device's clock (tiles_bench --clock device) is compared with
cuBLAS's by CUDA events, one timed by the host's clock with cuBLAS's by the host's. Prints Markdown.

    python3 bench/gpu_table.py gemm.json bandwidth.json cublas.json
"""

import json
import sys

# libtiles' gemm and the cuBLAS precision it is compared with.
CUBLAS_OF = {"gemm float": "fp32", "gemm tf32x3": "fp32", "gemm tf32": "tf32", "gemm float16": "fp16",
             "gemm bfloat16": "bf16", "gemm half matrices": "fp16", "gemm bfloat16 matrices": "bf16"}


def target(name, size):
    """The GPU target for a figure (a ratio to its baseline), or None."""
    n = int(size.split("x")[0])
    if name == "gemm float" and n == 1024:
        return 0.8
    if name == "gemm tf32x3" and n == 8192:
        return 1.2
    if name in ("gemm tf32", "gemm float16", "gemm bfloat16", "gemm half matrices", "gemm bfloat16 matrices") \
            and n == 8192:
        return 0.5
    if name.startswith("stencil"):
        return 0.9
    if name.startswith("reduce") and n * n * 4 >= 64 << 20:
        return 0.95
    return None


def rows(records, cublas):
    """(name, size, clock, value, unit, baseline, baseline value, ratio, target) for each figure."""
    against_cublas = set()
    for r in records:
        name, size, clock = r["name"], r["size"], r.get("clock", "host")
        if name in CUBLAS_OF:
            # First against cuBLAS by the same clock, once, with the target; then against
            # tiles_bench's own baselines.
            baseline = cublas.get((CUBLAS_OF[name], size, clock))
            if baseline is not None and (name, size, clock) not in against_cublas:
                against_cublas.add((name, size, clock))
                yield (name, size, clock, r["value"], r["unit"], f"cuBLAS {CUBLAS_OF[name]}", baseline,
                       r["value"] / baseline, target(name, size))
            yield (name, size, clock, r["value"], r["unit"], r["baseline"], r["baseline_value"], r["ratio"], None)
        else:
            yield (name, size, clock, r["value"], r["unit"], r["baseline"], r["baseline_value"], r["ratio"],
                   target(name, size))


def main(paths):
    records, cublas = [], {}
    for path in paths:
        with open(path) as f:
            for r in json.load(f):
                if "precision" in r:  # bench/cublas_sgemm.py's: CUDA events, and the host's clock
                    cublas[(r["precision"], r["size"], "device")] = r["value"]
                    cublas[(r["precision"], r["size"], "host")] = r["host_clock_value"]
                else:
                    records.append(r)
    # Each algorithm and size's figures together, by the host's clock first.
    first_seen = {}
    for r in records:
        first_seen.setdefault((r["name"], r["size"]), len(first_seen))
    records.sort(key=lambda r: (first_seen[(r["name"], r["size"])], r.get("clock", "host") != "host"))
    print("| algorithm | size | clock | libtiles | baseline | baseline's | ratio | target |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, size, clock, value, unit, baseline, baseline_value, ratio, goal in rows(records, cublas):
        met = "" if goal is None else f"{goal}x: {'met' if ratio >= goal else 'missed'}"
        print(f"| {name} | {size} | {clock} | {value:.1f} {unit} | {baseline} | {baseline_value:.1f} {unit} "
              f"| {ratio:.2f}x | {met} |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
