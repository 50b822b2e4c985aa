"""16-bit floats from Python: numpy's float16 and ml_dtypes' bfloat16 as views, arrays, kernel
data and DLPack tensors, and in reduce, transpose and matrix_multiply, with numpy (and ml_dtypes'
conversions) as the truth; without ml_dtypes, bfloat16 by name is refused, saying why."""

import subprocess
import sys

import numpy as np
import pytest
import tiles
from optional_tools import needs

ml_dtypes = needs("ml_dtypes", "pip's ml-dtypes")

TWICE = """
__kernel void twice(__global const half* x, __global half* y, __global const bfloat16* a, __global bfloat16* b) {
    const int i = get_global_id(0);
    vstore_half_rte(2.0f * vload_half(i, x), i, y);
    b[i] = float_to_bfloat16(2.0f * bfloat16_to_float(a[i]));
}
"""


def test_kernels_read_and_write_16_bit_floats_as_numpy_converts_them():
    rng = np.random.default_rng(1)
    values = rng.uniform(-70000, 70000, 1000).astype(np.float32)
    x, a = (values / 16).astype(np.float16), (values * 1e30).astype(ml_dtypes.bfloat16)
    y, b = np.zeros_like(x), np.zeros_like(a)
    y_view, b_view = tiles.array_view(y), tiles.array_view(b)
    tiles.parallel_for_each(tiles.extent(1000), tiles.Kernel(TWICE, "twice"), tiles.array_view(x), y_view,
                            tiles.array_view(a), b_view)
    y_view.synchronize()
    b_view.synchronize()
    # numpy and ml_dtypes round float32 to the nearest even, as vstore_half_rte and the prelude do.
    np.testing.assert_array_equal(y.view(np.uint16), (2 * x.astype(np.float32)).astype(np.float16).view(np.uint16))
    np.testing.assert_array_equal(b.view(np.uint16),
                                  (2 * a.astype(np.float32)).astype(ml_dtypes.bfloat16).view(np.uint16))
    assert tiles.array(x).dtype == np.float16 and tiles.empty(3, "bfloat16").dtype == ml_dtypes.bfloat16
    with pytest.raises(tiles.InvalidArgument, match=r"a __global const half\*\) was given an array_view of bfloat16"):
        tiles.parallel_for_each(tiles.extent(1000), tiles.Kernel(TWICE, "twice"), tiles.array_view(a), y_view,
                                tiles.array_view(a), b_view)


@pytest.mark.parametrize("dtype", [np.float16, "bfloat16"])
def test_the_algorithms_read_16_bit_floats_as_float32(dtype):
    dtype = np.dtype(ml_dtypes.bfloat16) if dtype == "bfloat16" else np.dtype(dtype)
    rng = np.random.default_rng(2)
    x = rng.uniform(-1, 1, (37, 70)).astype(dtype)
    b = rng.uniform(-1, 1, (70, 45)).astype(dtype)
    exact = x.astype(np.float64)
    total = tiles.reduce(x)
    assert total.dtype == np.float32 and abs(total - exact.sum()) < 1e-3
    assert tiles.reduce(x, "max") == np.float32(x.astype(np.float32).max())
    transposed = tiles.transpose(x)
    assert transposed.dtype == dtype
    np.testing.assert_array_equal(transposed.view(np.uint16), x.T.view(np.uint16))
    product = tiles.matrix_multiply(x, b)
    assert product.dtype == np.float32
    np.testing.assert_allclose(product, exact @ b.astype(np.float64), atol=1e-4)


def test_without_ml_dtypes_bfloat16_data_is_its_bits():
    script = """
import sys
sys.modules["ml_dtypes"] = None  # as if it were not installed
import numpy as np, tiles
try:
    tiles.empty(2, "bfloat16")
except tiles.InvalidArgument as e:
    print("refused:", e)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "refused: bfloat16 data is numpy's through ml_dtypes (pip install ml-dtypes)" in done.stdout


def test_16_bit_floats_travel_through_dlpack_without_a_copy():
    halves = np.array([1.5, -2.0, 0.25], np.float16)
    shared = np.from_dlpack(tiles.array_view(halves))
    assert shared.dtype == np.float16 and np.shares_memory(shared, halves)
    bfloats = np.array([1.5, -2.0, 0.25], ml_dtypes.bfloat16)
    back = tiles.from_dlpack(tiles.array_view(bfloats))  # a DLPack bfloat16 (kDLBfloat) tensor, and back
    assert back.dtype == ml_dtypes.bfloat16
    np.testing.assert_array_equal(np.asarray(back).view(np.uint16), bfloats.view(np.uint16))
