"""The context's pool of device buffers, from Python: the result of a + b takes the buffer of the
result released before it (the counters show it), every result after reuse is numpy's, zeros are
still zeros, and the pool's limit, freeing on demand, at the context's release and from threads."""

import threading

import numpy as np
import pytest
import tiles

rng = np.random.default_rng(471)


def test_a_loop_of_a_plus_b_allocates_once(context):
    a_host, b_host = rng.random((64, 100), dtype=np.float32), rng.random((64, 100), dtype=np.float32)
    a, b = tiles.array(a_host, context=context), tiles.array(b_host, context=context)
    result = a + b
    allocated = context.counters()["buffers_allocated"]
    for _ in range(10):
        result = a + b  # the one before goes once this one is made: two buffers take turns
        np.testing.assert_array_equal(result.get(), a_host + b_host)
    counters = context.counters()
    assert counters["buffers_allocated"] == allocated + 1
    assert counters["buffers_reused"] == 9
    assert context.pooled_bytes == a_host.nbytes


@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.uint8, np.int64])
def test_results_after_reuse_are_numpys(context, dtype):
    for shape in [(1000,), (37, 41), (1000,), (37, 41)]:
        x_host = (rng.random(shape) * 100).astype(dtype)
        y_host = (rng.random(shape) * 100 + 1).astype(dtype)
        x, y = tiles.array(x_host, context=context), tiles.array(y_host, context=context)
        np.testing.assert_array_equal((x * y - x).get(), x_host * y_host - x_host)
        np.testing.assert_array_equal((x // y).get(), x_host // y_host)
    assert context.counters()["buffers_reused"] > 0


def test_zeros_are_zeros_in_a_reused_buffer(context):
    dirty = tiles.array(rng.random(4096, dtype=np.float32) + 1, context=context)
    del dirty
    assert context.pooled_bytes == 4096 * 4
    zeros = tiles.zeros(4096, np.float32, context=context)
    assert context.counters()["buffers_reused"] == 1
    np.testing.assert_array_equal(zeros.get(), np.zeros(4096, np.float32))


def test_the_pool_frees_on_demand_and_beyond_its_limit(context):
    assert context.pool_limit == context.device.global_mem_size // 4
    a, b = tiles.empty(256, np.float32, context=context), tiles.empty(512, np.float32, context=context)
    del b, a  # b goes first, so it is the one released longest ago
    assert context.pooled_bytes == 768 * 4
    context.pool_limit = 600 * 4
    assert context.pooled_bytes == 256 * 4
    context.free_pool()
    assert context.pooled_bytes == 0
    context.pool_limit = 0  # off
    tiles.empty(100, np.float32, context=context)
    assert context.pooled_bytes == 0
    with pytest.raises(tiles.InvalidArgument, match="the pool's limit is -1, below 0"):
        context.pool_limit = -1


def test_the_pool_goes_with_its_context():
    with tiles.Context() as context:
        tiles.empty(1000, np.float32, context=context)
        assert context.pooled_bytes == 4000
    # Released: its pool was freed with it (the C++ tests count the device's memory to show it).
    with pytest.raises(tiles.InvalidHandle):
        context.pooled_bytes


def test_threads_taking_and_releasing_buffers_compute_numpys(context):
    wrong = []

    def work(seed):
        local = np.random.default_rng(seed)
        for round in range(15):
            host = local.random(500 + 50 * (round % 3), dtype=np.float32)
            x = tiles.array(host, context=context)
            if not np.array_equal((x * 2 + 1).get(), host * 2 + 1):
                wrong.append((seed, round))

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []
    assert context.counters()["buffers_reused"] > 0
