// The seed's tile average with its kernel in C++: the 8x8 matrix 0, 1, ..., 63 averaged over
// SAMPLESIZE x SAMPLESIZE tiles by the seed's lambda, whose body is the seed's. SAMPLESIZE is 2, or
// what the build defines (tile_average_amp_4 is built with 4).
#include <iostream>

#include "sampling.hpp"

using namespace concurrency;

void SamplingExample() {
    std::vector<float> rawData = RawData();
    extent<2> dataExtent(MATRIXSIZE, MATRIXSIZE);
    array_view<float, 2> matrix(dataExtent, rawData);
    array<float, 2> averages = Averages();

    // Use tiles that are SAMPLESIZE x SAMPLESIZE.
    // Find the average of the values in each tile.
    // The only reference-type variable you can pass into the parallel_for_each call
    // is a concurrency::array.
    // clang-format off
    parallel_for_each(matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
        TILES_LAMBDA((matrix, averages, TILES_CONSTANT(SAMPLESIZE)),
        [=, &averages] (tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp)
    {
        // Copy the values of the tile into a tile-sized array.
        tile_static float tileValues[SAMPLESIZE][SAMPLESIZE];
        tileValues[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx];

        // Wait for the tile-sized array to load before you calculate the average.
        t_idx.barrier.wait();

        // If you remove the if statement, then the calculation executes for every
        // thread in the tile, and makes the same assignment to averages each time.
        if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {
            for (int trow = 0; trow < SAMPLESIZE; trow++) {
                for (int tcol = 0; tcol < SAMPLESIZE; tcol++) {
                    averages(t_idx.tile[0],t_idx.tile[1]) += tileValues[trow][tcol];
                }
            }
            averages(t_idx.tile[0],t_idx.tile[1]) /= (float) (SAMPLESIZE * SAMPLESIZE);
        }
    }));
    // clang-format on

    PrintAverages(averages);
}

int main() {
    try {
        std::cout << "Running on " << accelerator().name() << "\n\n";
        SamplingExample();
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "tile_average_amp: " << e.what() << "\n";
        return 1;
    }
}
