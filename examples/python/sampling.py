"""The seed's sampling example, shared by tile_average, memory_fence and race_condition: the 8x8
matrix 0, 1, ..., 63 averaged over SAMPLESIZE x SAMPLESIZE tiles by a given kernel, which takes
the matrix and an array of one (zeroed) element per tile."""

import pathlib
from typing import Optional

import numpy as np
import tiles

MATRIXSIZE = 8
KERNELS = pathlib.Path(__file__).resolve().parent.parent / "kernels"


def kernel(file: str, name: str) -> tiles.Kernel:
    """The kernel `name` of examples/kernels/`file`."""
    return tiles.Kernel((KERNELS / file).read_text(), name)


def sampling_example(average_kernel: tiles.Kernel, samplesize: int, context: Optional[tiles.Context] = None) -> np.ndarray:
    """The averages, computed on `context` (where the averages live; by default the default context)."""
    raw_data = np.arange(MATRIXSIZE * MATRIXSIZE, dtype=np.float32).reshape(MATRIXSIZE, MATRIXSIZE)
    matrix = tiles.array_view(raw_data)
    output_size = MATRIXSIZE // samplesize
    averages = tiles.array(np.zeros((output_size, output_size), dtype=np.float32), context=context)
    tiles.parallel_for_each(matrix.extent.tile(samplesize, samplesize), average_kernel, matrix, averages)
    return np.asarray(averages)  # the averages live on the device: copy them back


def print_averages(output_data: np.ndarray) -> None:
    """Prints the averages in the seed's rows (C++'s default float formatting)."""
    for row in output_data:
        print("".join(f"{value:g} " for value in row))


def print_device() -> None:
    """Where launches without a context run: the default device (Oclgrind's under TILES_CHECKED=1)."""
    print(f"Running on {tiles.default_device().name}\n")
