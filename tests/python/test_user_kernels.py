"""ElementwiseKernel and ReductionKernel, PyOpenCL's spellings, against numpy."""

import numpy as np
import pytest
import tiles

rng = np.random.default_rng(3)


def test_an_elementwise_kernel_of_ones_own():
    axpy = tiles.ElementwiseKernel("float a, float *x, __global const float *y, float *z", "z[i] = a * x[i] + y[i]",
                                   "axpy")
    x, y = rng.standard_normal(1000).astype(np.float32), rng.standard_normal(1000).astype(np.float32)
    z = tiles.empty(1000, np.float32)
    axpy(np.float32(2.5), tiles.array(x), tiles.array(y), z)
    np.testing.assert_allclose(z.get(), np.float32(2.5) * x + y, rtol=1e-6, atol=1e-6)  # a fused multiply-add
    # A view of numpy memory takes the results where the caller reads them.
    host = np.zeros(1000, np.float32)
    view = tiles.array_view(host)
    axpy(1.0, tiles.array(x), tiles.array(y), view)
    view.synchronize()
    np.testing.assert_allclose(host, x + y, rtol=1e-6)


def test_an_elementwise_kernel_reads_n_and_its_preamble():
    reverse = tiles.ElementwiseKernel("int *x, int *out", "out[i] = twice(x[n - 1 - i])", "reverse",
                                      preamble="int twice(int v) { return 2 * v; }")
    data = np.arange(37, dtype=np.int32)
    out = tiles.empty(37, np.int32)
    reverse(tiles.array(data), out)
    np.testing.assert_array_equal(out.get(), 2 * data[::-1])
    reverse(tiles.zeros(0, np.int32), tiles.zeros(0, np.int32))  # no elements: nothing runs


def test_an_elementwise_kernel_refuses_calls_without_data():
    with pytest.raises(tiles.InvalidArgument, match="first array or view among its arguments"):
        tiles.ElementwiseKernel("float a", "a += 1")(1.0)
    with pytest.raises(tiles.BuildError):
        tiles.ElementwiseKernel("float *x", "x[i] = undeclared")(tiles.zeros(4, np.float32))


@pytest.mark.parametrize("n", [1, 63, 64, 1000, 64 * 256 + 5], ids=str)
def test_a_dot_product_as_a_reduction_kernel(n):
    dot = tiles.ReductionKernel(np.float32, neutral="0", reduce_expr="a+b", map_expr="x[i]*y[i]",
                                arguments="__global const float *x, __global const float *y")
    x, y = rng.standard_normal(n).astype(np.float32), rng.standard_normal(n).astype(np.float32)
    result = dot(tiles.array(x), tiles.array(y))
    assert isinstance(result, tiles.array) and result.shape == () and result.dtype == np.float32
    np.testing.assert_allclose(float(result), np.dot(x.astype(np.float64), y), rtol=1e-4, atol=1e-4)


def test_reductions_of_other_types_and_operations():
    values = rng.integers(-1000, 1000, 777).astype(np.int32)
    largest = tiles.ReductionKernel(np.int32, "INT_MIN", "max(a, b)")
    assert int(largest(tiles.array(values))) == values.max()
    count = tiles.ReductionKernel(np.int64, "0", "a + b", "x[i] > limit ? 1 : 0", "const int *x, int limit")
    assert int(count(tiles.array(values), 100)) == int(np.sum(values > 100))
    assert int(largest(tiles.zeros(0, np.int32))) == np.iinfo(np.int32).min  # no elements: the neutral value
    if tiles.Context.default().device.supports_fp64:
        norm = tiles.ReductionKernel(np.float64, "0", "a + b", "(double)x[i] * x[i]", "const float *x")
        floats = rng.standard_normal(300).astype(np.float32)
        np.testing.assert_allclose(float(norm(tiles.array(floats))), np.sum(floats.astype(np.float64) ** 2),
                                   rtol=1e-12)
    any_below = tiles.ReductionKernel(np.bool_, "0", "a || b", "x[i] < limit", "const int *x, int limit")
    assert int(any_below(tiles.array(values), -999)) == int(np.any(values < -999))  # bools held as uint8
    assert int(any_below(tiles.array(values), 0)) == 1
    with pytest.raises(tiles.InvalidArgument, match="float16"):
        tiles.ReductionKernel(np.float16, "0", "a + b")
    with pytest.raises(tiles.InvalidArgument, match="none among its 1"):
        largest(7)
    with pytest.raises(tiles.InvalidArgument, match="together"):
        tiles.ReductionKernel(np.float32, "0", "a + b", map_expr="x[i]")
