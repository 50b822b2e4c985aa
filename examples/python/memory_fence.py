"""The seed's memory-fence example: the tile average of the 8x8 matrix in 2x2 tiles, with a
barrier that fences tile_static memory only."""

from sampling import kernel, print_averages, print_device, sampling_example

if __name__ == "__main__":
    print_device()
    print_averages(sampling_example(kernel("tile_average.cl", "tile_average_tile_static_fence"), 2))
