"""Dask's map_overlap calling tiles.stencil block by block (examples/dask/stencil_dask.py), against
tiles.stencil over the whole array, on block shapes that divide nothing and halos of several
widths, with one worker context per device and several on one."""

import pathlib
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import tiles
from optional_tools import needs

da = needs("dask.array", "pip's dask[array]")

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "examples" / "dask"))
import stencil_dask  # noqa: E402


@pytest.mark.parametrize("mask_shape", [(3, 3), (5, 3), (1, 7), (9, 9)])
@pytest.mark.parametrize("chunks", [(10, 8), (37, 29), (13, 29)])
def test_map_overlap_of_tiles_stencil_equals_tiles_stencil_over_the_whole_array(mask_shape, chunks):
    rng = np.random.default_rng(sum(mask_shape) + chunks[0])
    grid = rng.standard_normal((37, 29)).astype(np.float32)
    mask = rng.standard_normal(mask_shape).astype(np.float32)
    contexts = stencil_dask.WorkerContexts([tiles.default_device()] * 2)
    blocks = da.from_array(grid, chunks=chunks)
    result = stencil_dask.stencil_blocks(blocks, mask, contexts).compute(scheduler="threads", num_workers=2)
    np.testing.assert_array_equal(result, tiles.stencil(grid, mask))
    # Each block was one launch on one of the workers' contexts.
    assert sum(c.counters()["launches"] for c in contexts.contexts) == blocks.npartitions


def test_each_worker_thread_keeps_one_context_and_they_take_the_devices_in_turn():
    devices = [tiles.default_device()] * 3
    contexts = stencil_dask.WorkerContexts(devices)
    seen = [contexts(), contexts()]
    assert seen[0] is seen[1] is contexts.contexts[0]
    barrier = threading.Barrier(2)

    def take():
        barrier.wait()  # two threads alive at once: two different threads
        return contexts()

    with ThreadPoolExecutor(2) as pool:
        taken = list(pool.map(lambda _: take(), range(2)))
    assert {id(c) for c in taken} == {id(contexts.contexts[1]), id(contexts.contexts[2])}


def test_the_example_runs_and_says_its_result_equals_the_whole_array_s(capsys):
    assert stencil_dask.main(["301", "203", "64", "50"]) == 0
    assert "equal to tiles.stencil over the whole array" in capsys.readouterr().out
