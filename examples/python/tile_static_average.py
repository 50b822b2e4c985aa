"""The seed's tile_static keyword example: a 4x6 integer matrix in 2x2 tiles, every element
replaced by its tile's integer average."""

import numpy as np
import tiles

from sampling import kernel, print_device

if __name__ == "__main__":
    print_device()
    sampledata = np.array([[2, 2, 9, 7, 1, 4],
                           [4, 4, 8, 8, 3, 4],
                           [1, 5, 1, 2, 5, 2],
                           [6, 8, 3, 2, 7, 2]], dtype=np.int32)
    sampledata.flags.writeable = False  # a const view: never copied back
    averagedata = np.zeros((4, 6), dtype=np.int32)
    sample = tiles.array_view(sampledata)
    average = tiles.array_view(averagedata)
    tiles.parallel_for_each(sample.extent.tile(2, 2), kernel("tile_static_average.cl", "tile_static_average"),
                            sample, average)
    average.synchronize()  # averagedata now holds the results
    for row in averagedata:
        print("".join(f"{value} " for value in row))
