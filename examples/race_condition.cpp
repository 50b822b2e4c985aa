// The seed's race conditions: totalling a tile in one tile_static variable, updated by every
// thread at once (racy) or by one thread at a time (slow), beside the seed's correct tile
// average, on the same 8x8 matrix in 2x2 tiles.
#include <cmath>
#include <iostream>
#include <vector>

#include "example_kernels.hpp"
#include "sampling.hpp"

int main() {
    try {
        std::cout << "Running on " << tiles::accelerator().name() << "\n\n";
        const int SAMPLESIZE = 2;
        const std::vector<float> correct =
            SamplingExample(tiles::kernel(example_kernel_tile_average, "tile_average"), SAMPLESIZE);
        const std::vector<float> racy =
            SamplingExample(tiles::kernel(example_kernel_race_condition, "racy_total"), SAMPLESIZE);
        const std::vector<float> serialized =
            SamplingExample(tiles::kernel(example_kernel_race_condition, "serialized_total"), SAMPLESIZE);

        std::cout << "Correct: a tile_static array, one barrier, then one thread adds the tile up:\n";
        PrintAverages(correct, SAMPLESIZE);
        std::cout << "\nDo not do this: every thread adds to one uninitialized tile_static total:\n";
        PrintAverages(racy, SAMPLESIZE);
        std::cout << "\nDo not do this either: one thread at a time adds to the total, a barrier after each:\n";
        PrintAverages(serialized, SAMPLESIZE);

        int wrong = 0;
        for (std::size_t i = 0; i < correct.size(); ++i) wrong += !(std::fabs(racy[i] - correct[i]) < 1e-4f);
        std::cout << "\nThe racy kernel got " << wrong << " of " << correct.size() << " averages wrong on this run.\n"
                  << "A tile_static variable has no initializer: `total` starts with whatever the tile's memory\n"
                  << "held, and the tile's threads read and write it in no particular order, so additions can be\n"
                  << "lost. Its results depend on the device and may change from run to run, even when they happen\n"
                  << "to be right. The serialized kernel is right, but a tile of n threads waits at n barriers,\n"
                  << "so it does not scale; the correct kernel needs one barrier whatever the tile's size.\n";
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "race_condition: " << e.what() << "\n";
        return 1;
    }
}
