"""Arrays of 512 MiB and more, made, summed and read back on the default device: on NVIDIA's GPUs
they are where libtiles takes memory libcuda allocates, which on a host of several GPUs must stay
below what NVIDIA's OpenCL imports without crashing (cuda_launch.hpp's cuda_memory_largest). Each
size runs in a process of its own, since a crash ends the process. 512 MiB always; 1, 4 and 6 GiB
where TILES_TEST_BIG_ARRAYS is set (the GPU run sets it; PoCL would take minutes and the host's
memory)."""

import os
import subprocess
import sys

import pytest

MIB = 1 << 20
SIZES_MIB = [512] + ([1024, 4096, 6144] if os.environ.get("TILES_TEST_BIG_ARRAYS") else [])

SUM_OF_ONES = """
import sys, numpy as np, tiles
n = int(sys.argv[1]) // 4
a = tiles.ones((n,), np.float32)
print(float(a.sum()), float(a[n - 1]))
"""


@pytest.mark.parametrize("mib", SIZES_MIB)
def test_an_array_of_ones_sums_to_its_length(mib):
    run = subprocess.run([sys.executable, "-c", SUM_OF_ONES, str(mib * MIB)], capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, f"exit {run.returncode}: {run.stderr[-2000:]}"
    total, last = map(float, run.stdout.split())
    assert total == pytest.approx(mib * MIB // 4, rel=1e-6)  # float32's sums past 2**24 round
    assert last == 1.0
