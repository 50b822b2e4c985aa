// The seed's memory-fence example: the tile average of the 8x8 matrix in 2x2 tiles, with a
// barrier that fences tile_static memory only (tile_barrier_wait_with_tile_static_memory_fence),
// since only the tile_static tileValues must be ordered across it.
#include <iostream>

#include "kernel_file.hpp"
#include "sampling.hpp"

int main() {
    try {
        std::cout << "Running on " << tiles::accelerator().name() << "\n\n";
        const int SAMPLESIZE = 2;
        const tiles::kernel fenced = kernel_from_file("tile_average.cl", "tile_average_tile_static_fence");
        PrintAverages(SamplingExample(fenced, SAMPLESIZE), SAMPLESIZE);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "memory_fence: " << e.what() << "\n";
        return 1;
    }
}
