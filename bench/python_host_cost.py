"""The host's cost of one call from Python of `x + x`, `x.sum(axis=1)` and `x.sum()` at small
shapes, in microseconds (the median of rounds of many calls, the queue drained at each round's
end), for libtiles' array API and, where CuPy imports, CuPy's in the same run, with the ratio
(CuPy's microseconds over libtiles': above 1, libtiles costs less).

    python bench/python_host_cost.py [CALLS]
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


def cupy_or_none():
    """CuPy and its wait, where it imports and sees a GPU; else None."""
    try:
        import cupy

        cupy.cuda.runtime.getDeviceCount()
    except Exception:  # not installed, or no CUDA device: libtiles alone
        return None
    return cupy, cupy.cuda.Device().synchronize


def main():
    import tiles.array_api as xp

    calls = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    cupy = cupy_or_none()
    for shape in SHAPES:
        host = np.ones(shape, np.float32)
        x = xp.asarray(host)
        y = cupy[0].asarray(host) if cupy else None
        for name, call in (("x + x", lambda a: a + a), ("x.sum(axis=1)", lambda a: a.sum(axis=1)),
                           ("x.sum()", lambda a: a.sum())):
            call(x)  # builds the kernel outside the timing
            ours = microseconds_per_call(lambda: call(x), x.device.wait, calls)
            line = f"{shape[0]}x{shape[1]} {name}: tiles {ours:.1f} us a call"
            if cupy:
                call(y)
                theirs = microseconds_per_call(lambda: call(y), cupy[1], calls)
                line += f", cupy {theirs:.1f} us, {theirs / ours:.2f}x"
            print(line)


if __name__ == "__main__":
    main()
