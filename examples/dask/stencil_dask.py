"""tiles.stencil under Dask: dask.array.map_overlap hands tiles.stencil each block with the halo the
mask needs, taken from the neighbouring blocks (and, at the array's border, its edge repeated, as
tiles.stencil clamps), one worker per device. The result equals tiles.stencil over the whole
array, bit for bit.

    python stencil_dask.py [ROWS COLUMNS BLOCK_ROWS BLOCK_COLUMNS]

Dask's threaded scheduler runs one worker thread per device, each with a context on its own
device: every GPU, or the default device where there is none (PoCL's CPU device). Under
dask.distributed, start one worker process per device instead, each with TILES_DEVICE naming it."""

import itertools
import sys
import threading
from typing import List, Sequence

import dask.array as da
import numpy as np

import tiles


def worker_devices() -> List[tiles.Device]:
    """Every GPU, else the default device."""
    return [d for d in tiles.devices() if d.is_gpu] or [tiles.default_device()]


class WorkerContexts:
    """The context of each worker thread: one per device, taken in turn as threads first ask."""

    def __init__(self, devices: Sequence[tiles.Device]):
        self.contexts = [tiles.Context(d) for d in devices]
        self._turns = itertools.count()
        self._mine = threading.local()

    def __call__(self) -> tiles.Context:
        if not hasattr(self._mine, "context"):
            self._mine.context = self.contexts[next(self._turns) % len(self.contexts)]
        return self._mine.context


def stencil_blocks(grid: da.Array, mask: np.ndarray, context_of_worker: WorkerContexts) -> da.Array:
    """tiles.stencil over `grid`, block by block, each block on its worker's context."""
    halo = {0: mask.shape[0] // 2, 1: mask.shape[1] // 2}
    return grid.map_overlap(lambda block: tiles.stencil(block, mask, context=context_of_worker()), depth=halo,
                            boundary="nearest", dtype=np.float32)


def main(arguments: Sequence[str]) -> int:
    rows, columns, block_rows, block_columns = (int(a) for a in arguments) if arguments else (2000, 3000, 500, 700)
    grid = np.random.default_rng(1).random((rows, columns), dtype=np.float32)
    mask = np.array([[0, 1, 0], [1, -4, 1], [0, 1, 0]], np.float32)  # the 5-point Laplacian
    devices = worker_devices()
    contexts = WorkerContexts(devices)
    blocks = da.from_array(grid, chunks=(block_rows, block_columns))
    result = stencil_blocks(blocks, mask, contexts).compute(scheduler="threads", num_workers=len(devices))
    same = np.array_equal(result, tiles.stencil(grid, mask))
    print(f"stencil_dask: {rows} x {columns} floats in {blocks.npartitions} blocks of {block_rows} x {block_columns}, "
          f"{len(devices)} worker(s) on {', '.join(d.name for d in devices)}: "
          f"{'equal to' if same else 'DIFFERENT from'} tiles.stencil over the whole array")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
