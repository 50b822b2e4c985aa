"""The kernels the core keeps for arithmetic and reductions: a call whose dtypes, shapes, broadcast,
axes or context differ from an earlier one's computes what numpy computes, not what the earlier
kernel did, from several threads too; and a kept kernel keeps no data or context alive."""

import gc
import math
import threading
import weakref

import numpy as np
import pytest
import tiles


def test_a_changed_dtype_takes_its_own_plan():
    values = np.array([[100, 27], [-3, 90]])
    # (int8, int32) computes in int32 as (int32, int32) does, reading its first input as int8.
    for first, second in ((np.int32, np.int32), (np.int8, np.int32), (np.float32, np.float32), (np.uint8, np.int16),
                          (np.int16, np.int16), (np.int8, np.int8), (np.int32, np.int32)):
        a, b = values.astype(first), values.astype(second)
        result = tiles.array(a) + tiles.array(b)
        assert result.dtype == (a + b).dtype
        np.testing.assert_array_equal(result.get(), a + b)


def test_a_changed_shape_of_the_same_layout_takes_its_own_plan():
    # Of one layout (each input the result's shape), growing, so that a smaller one's launch would
    # leave elements unwritten.
    for shape in ((2, 3), (3, 2), (6,), (3, 4), (4, 3), (12,), (2, 3, 2)):
        host = np.arange(math.prod(shape), dtype=np.float32).reshape(shape)
        result = tiles.array(host) * tiles.array(host)
        assert result.shape == shape
        np.testing.assert_array_equal(result.get(), host * host)


def test_a_changed_broadcast_takes_its_own_strides():
    host = np.arange(12, dtype=np.int64).reshape(3, 4)
    x = tiles.array(host)
    for other in (np.arange(4).reshape(1, 4), np.arange(3).reshape(3, 1), np.arange(12).reshape(3, 4),
                  np.arange(4).reshape(1, 4)):
        np.testing.assert_array_equal((x - tiles.array(other)).get(), host - other)


def test_scalars_are_arguments_not_part_of_a_plan():
    host = np.arange(6, dtype=np.float32)
    x = tiles.array(host)
    for value in (1.5, -2.0, 7.25):
        np.testing.assert_array_equal((x * value).get(), host * np.float32(value))
        np.testing.assert_array_equal((x < value).get(), host < value)


def test_a_changed_output_dtype_takes_its_own_plan():
    host = np.arange(6, dtype=np.int32)
    x = tiles.array(host)
    for dtype in (np.int32, np.int64, np.float32, np.int32):
        out = tiles.zeros(6, dtype)
        np.add(x, x, out=out)
        np.testing.assert_array_equal(out.get(), (host + host).astype(dtype))


def test_a_refusal_is_not_kept_and_comes_again():
    x = tiles.array(np.arange(6, dtype=np.float32))
    half = tiles.array(np.arange(6, dtype=np.float16))
    # The plans of the operands' dtypes and shapes made first: the output's checks come at every
    # call, not only where a plan is made.
    x + x
    np.add(x, x, out=tiles.zeros(6, np.float32))
    for _ in range(2):
        with pytest.raises(tiles.Unsupported, match="numpy's add computes in float16 here, which libtiles' "
                                                    "elementwise kernels do not compute in"):
            np.add(half, half)
        with pytest.raises(TypeError, match="Cannot cast ufunc 'add' output from float32 to int32"):
            np.add(x, x, out=tiles.zeros(6, np.int32))
        with pytest.raises(ValueError, match="non-broadcastable output operand with shape \\(5,\\)"):
            np.add(x, x, out=tiles.zeros(5, np.float32))
    np.testing.assert_array_equal((x + x).get(), np.arange(6, dtype=np.float32) * 2)


def test_reductions_over_changed_axes_shapes_and_dtypes_take_their_own_plans():
    host = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
    x = tiles.array(host)
    for axis, keepdims, dtype in ((1, False, None), (0, False, None), (2, True, None), ((0, 2), False, None),
                                  (1, False, np.float32), (1, True, None), (1, False, None)):
        result = x.sum(axis=axis, keepdims=keepdims, dtype=dtype)
        expected = host.sum(axis=axis, keepdims=keepdims, dtype=dtype)
        assert (result.shape, result.dtype) == (expected.shape, expected.dtype)
        np.testing.assert_array_equal(result.get(), expected)
    for shape in ((4, 6), (6, 4), (24,)):
        reshaped = host.reshape(shape)
        np.testing.assert_array_equal(np.asarray(tiles.array(reshaped).max(axis=0)), reshaped.max(axis=0))
    floats = host.astype(np.float32)
    np.testing.assert_allclose(tiles.array(floats).mean(axis=1).get(), floats.mean(axis=1), rtol=1e-6)


def test_a_plan_made_on_one_context_computes_on_another():
    host = np.arange(8, dtype=np.float32).reshape(2, 4)
    first, second = tiles.Context(), tiles.Context()
    try:
        for context in (first, second):
            x = tiles.array(host, context=context)
            for result, expected in ((x + x, host + host), (x.sum(axis=0), host.sum(axis=0))):
                assert result.device == context
                np.testing.assert_array_equal(result.get(), expected)
        first.release()
        x = tiles.array(host, context=second)
        np.testing.assert_array_equal((x + x).get(), host + host)
    finally:
        first.release()
        second.release()


def test_plans_keep_no_data_or_context_alive():
    context = tiles.Context()
    # A shape no other test takes, so that these calls make their plans.
    x = tiles.array(np.arange(21, dtype=np.float32).reshape(3, 7), context=context)
    results = [x + x, x.sum(axis=0)]
    assert [r.shape for r in results] == [(3, 7), (7,)]
    watched = [weakref.ref(o) for o in (context, x, *results)]
    del x, results
    context.release()
    del context
    gc.collect()
    assert [w() for w in watched] == [None] * len(watched)


def test_plans_from_several_threads_compute_what_numpy_does():
    failures = []
    kinds = [np.int8, np.int32, np.float32, np.uint16]

    def work(seed):
        try:
            for i in range(20):
                dtype, n = kinds[(seed + i) % len(kinds)], 1 + (seed * 7 + i) % 9
                host = (np.arange(n * 3) % 50).astype(dtype).reshape(n, 3)
                x = tiles.array(host)
                np.testing.assert_array_equal((x + x).get(), host + host)
                np.testing.assert_array_equal(x.sum(axis=1).get(), host.sum(axis=1))
        except Exception as e:  # reported below, with the thread's seed
            failures.append((seed, e))

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
