"""tiles.fuse against numpy: chains of operators, ufuncs and tiles.array_api's elementwise
functions as one kernel, with numpy's dtypes (NEP 50's scalars included), broadcasting and views
that are not contiguous, the same bits as the unfused calls, and one launch where they take three."""

import numpy as np
import pytest
import tiles
import tiles.array_api as xp

DEVICE = tiles.Context.default().device
FLOATS = [np.float32] + ([np.float64] if DEVICE.supports_fp64 else [])
rng = np.random.default_rng(61)


@tiles.fuse
def exp_chain(a):
    return xp.exp(a) * 2 + 1


def launches():
    return tiles.total_counters()["launches"]


@pytest.mark.parametrize("dtype", FLOATS)
def test_a_fused_chain_is_numpys_and_the_unfused_bits(dtype):
    x = rng.standard_normal((33, 17)).astype(dtype)
    a = tiles.asarray(x)
    fused, unfused = np.asarray(exp_chain(a)), np.asarray(xp.exp(a) * 2 + 1)
    assert fused.dtype == np.exp(x).dtype
    np.testing.assert_array_equal(fused, unfused)
    np.testing.assert_allclose(fused, np.exp(x) * 2 + 1, rtol=2e-6 if dtype == np.float32 else 1e-14)


def test_a_fused_chain_launches_once_where_the_unfused_launch_three_times():
    a = tiles.asarray(rng.standard_normal(1000).astype(np.float32))
    exp_chain(a)  # the trace, and the kernel's build
    before = launches()
    exp_chain(a)
    assert launches() - before == 1
    before = launches()
    xp.exp(a) * 2 + 1
    assert launches() - before == 3


def test_integers_promote_node_by_node_as_numpy_does():
    @tiles.fuse
    def mixed(i, f, k):
        return (i * 3 + k) // 2 - f * np.float32(0.5)

    i = rng.integers(-50, 50, (5, 7)).astype(np.int16)
    f = rng.standard_normal(7).astype(np.float32)
    k = np.int8(3)
    expected = (i * 3 + k) // 2 - f * np.float32(0.5)
    got = mixed(tiles.asarray(i), tiles.asarray(f), k)
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(np.asarray(got), expected)


def test_comparisons_and_where_of_broadcast_operands():
    @tiles.fuse
    def clipped(a, b):
        return np.where(a > b, a - b, -(a * a)) + (a == b)

    x = rng.standard_normal((6, 1)).astype(np.float32)
    y = rng.standard_normal((1, 9)).astype(np.float32)
    expected = np.where(x > y, x - y, -(x * x)) + (x == y)
    np.testing.assert_array_equal(np.asarray(clipped(tiles.asarray(x), tiles.asarray(y))), expected)


def test_views_that_are_not_contiguous():
    x = rng.standard_normal((12, 10)).astype(np.float32)
    a = tiles.asarray(x)
    np.testing.assert_array_equal(np.asarray(exp_chain(a.T)), np.asarray(xp.exp(a.T) * 2 + 1))
    np.testing.assert_allclose(np.asarray(exp_chain(a[::2, 1::3])), np.exp(x[::2, 1::3]) * 2 + 1, rtol=2e-6)


def test_bools_and_weak_scalars():
    @tiles.fuse
    def count(m, s):
        return (m & (m | True)) * s + 1

    v = rng.random(20).astype(np.float32)
    m = v > 0.5
    got = count(tiles.asarray(v) > 0.5, 2.5)
    expected = (m & (m | True)) * 2.5 + 1
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(np.asarray(got), expected)


def test_a_function_of_no_operation_runs_unfused():
    identity = tiles.fuse(lambda a: a)
    a = tiles.asarray(np.arange(4, dtype=np.float32))
    assert identity(a) is a


def test_a_branch_on_traced_values_is_refused():
    branching = tiles.fuse(lambda a: a + 1 if a > 0 else a - 1)
    with pytest.raises(TypeError, match="may not branch on the values"):
        branching(tiles.asarray(np.ones(3, np.float32)))
