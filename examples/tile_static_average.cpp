// The seed's tile_static keyword example: a 4x6 integer matrix in 2x2 tiles, every element
// replaced by its tile's integer average.
#include <iostream>

#include "kernel_file.hpp"
#include "tiles/tiles.hpp"

int main() {
    try {
        std::cout << "Running on " << tiles::accelerator().name() << "\n\n";

        // Sample data:
        int sampledata[] = {2, 2, 9, 7, 1, 4, 4, 4, 8, 8, 3, 4, 1, 5, 1, 2, 5, 2, 6, 8, 3, 2, 7, 2};

        // The tiles:
        // 2 2    9 7    1 4
        // 4 4    8 8    3 4
        //
        // 1 5    1 2    5 2
        // 6 8    3 2    7 2

        // Averages:
        int averagedata[] = {
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        };

        tiles::array_view<const int, 2> sample(4, 6, sampledata);
        tiles::array_view<int, 2> average(4, 6, averagedata);

        // Create threads for sample.extent and divide the extent into 2 x 2 tiles.
        const tiles::kernel tile_static_average = kernel_from_file("tile_static_average.cl", "tile_static_average");
        tiles::parallel_for_each(sample.extent.tile<2, 2>(), tile_static_average, sample, average);

        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 6; j++) std::cout << average(i, j) << " ";
            std::cout << "\n";
        }
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "tile_static_average: " << e.what() << "\n";
        return 1;
    }
}
