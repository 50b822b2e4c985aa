"""The host's cost of one call from Python of `x + x`, `x.sum(axis=1)` and `x.sum()` at small
shapes, in microseconds (the median of rounds of many calls, the queue drained at each round's
end), for libtiles' array API or, with --cupy, CuPy's, so that one run shows both.

    python bench/python_host_cost.py [--cupy] [CALLS]
"""

import sys
import time

import numpy as np

SHAPES = ((16, 16), (256, 256), (1024, 1024))


def microseconds_per_call(call, wait, calls, rounds=5):
    means = []
    for _ in range(rounds):
        wait()
        start = time.perf_counter_ns()
        for _ in range(calls):
            call()
        wait()
        means.append((time.perf_counter_ns() - start) / calls / 1e3)
    return sorted(means)[rounds // 2]


def main():
    cupy = "--cupy" in sys.argv
    numbers = [a for a in sys.argv[1:] if a != "--cupy"]
    calls = int(numbers[0]) if numbers else 2000
    if cupy:
        import cupy as xp

        def wait():
            xp.cuda.Device().synchronize()
    else:
        import tiles.array_api as xp
    for shape in SHAPES:
        x = xp.asarray(np.ones(shape, np.float32))
        if not cupy:
            wait = x.device.wait
        cases = (("x + x", lambda: x + x), ("x.sum(axis=1)", lambda: x.sum(axis=1)), ("x.sum()", lambda: x.sum()))
        for name, call in cases:
            call()  # builds the kernel outside the timing
            print(f"{'cupy' if cupy else 'tiles'} {shape[0]}x{shape[1]} {name}: "
                  f"{microseconds_per_call(call, wait, calls):.1f} us a call")


if __name__ == "__main__":
    main()
