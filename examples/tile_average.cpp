// The seed's tile average: the 8x8 matrix 0, 1, ..., 63 averaged over SAMPLESIZE x SAMPLESIZE
// tiles (2 by default; `tile_average 4` for 4x4 tiles), one output element per tile.
#include <cstdlib>
#include <iostream>

#include "kernel_file.hpp"
#include "sampling.hpp"

int main(int argc, char** argv) {
    int SAMPLESIZE = 2;
    if (argc > 2 || (argc == 2 && (SAMPLESIZE = std::atoi(argv[1])) <= 0)) {
        std::cerr << "usage: tile_average [SAMPLESIZE]   (a divisor of 8; 2 if not given)\n";
        return 2;
    }
    try {
        std::cout << "Running on " << tiles::accelerator().name() << "\n\n";
        const tiles::kernel tile_average = kernel_from_file("tile_average.cl", "tile_average");
        PrintAverages(SamplingExample(tile_average, SAMPLESIZE), SAMPLESIZE);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "tile_average: " << e.what() << "\n";
        return 1;
    }
}
