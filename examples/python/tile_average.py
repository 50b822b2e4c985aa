"""The seed's tile average: the 8x8 matrix 0..63 averaged over SAMPLESIZE x SAMPLESIZE tiles
(2 by default; `python tile_average.py 4` for 4x4 tiles), one output element per tile."""

import sys

from sampling import kernel, print_averages, print_device, sampling_example

if __name__ == "__main__":
    samplesize = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    print_device()
    print_averages(sampling_example(kernel("tile_average.cl", "tile_average"), samplesize))
