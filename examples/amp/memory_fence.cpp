// The seed's memory-fence example with its kernel in C++: the tile average of the 8x8 matrix in
// 2x2 tiles by the seed's lambda, whose barrier fences tile_static memory only. The lambda is the
// seed's, at the seed's columns.
#include <iostream>

#include "sampling.hpp"

using namespace concurrency;

// clang-format off
void FencedAverages(array_view<float, 2> matrix, array<float, 2>& averages) {
// Using a tile_static memory fence.
parallel_for_each(matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
    TILES_LAMBDA((matrix, averages, TILES_CONSTANT(SAMPLESIZE)),
    [=, &averages] (tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp)
{
    // Copy the values of the tile into a tile-sized array.
    tile_static float tileValues[SAMPLESIZE][SAMPLESIZE];
    tileValues[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx];

    // Wait for the tile-sized array to load before calculating the average.
    t_idx.barrier.wait_with_tile_static_memory_fence();

    // If you remove the if statement, then the calculation executes
    // for every thread in the tile, and makes the same assignment to
    // averages each time.
    if (t_idx.local[0] == 0&& t_idx.local[1] == 0) {
        for (int trow = 0; trow <SAMPLESIZE; trow++) {
            for (int tcol = 0; tcol <SAMPLESIZE; tcol++) {
                averages(t_idx.tile[0],t_idx.tile[1]) += tileValues[trow][tcol];
            }
        }
    averages(t_idx.tile[0],t_idx.tile[1]) /= (float) (SAMPLESIZE* SAMPLESIZE);
    }
}));
}
// clang-format on

int main() {
    try {
        std::cout << "Running on " << accelerator().name() << "\n\n";
        std::vector<float> rawData = RawData();
        array_view<float, 2> matrix(extent<2>(MATRIXSIZE, MATRIXSIZE), rawData);
        array<float, 2> averages = Averages();
        FencedAverages(matrix, averages);
        PrintAverages(averages);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "memory_fence_amp: " << e.what() << "\n";
        return 1;
    }
}
