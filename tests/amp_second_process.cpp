// A process that launches a C++ kernel and prints how many programs it compiled and how many it
// loaded from the program cache: run twice on one cache (second_process.cmake), the second
// compiles nothing.
#include <iostream>
#include <vector>

#include "tiles/tiles.hpp"

int main() {
    try {
        std::vector<int> data(64, 1);
        tiles::array_view<int, 1> v(64, data);
        // clang-format off
        tiles::parallel_for_each(v.extent.tile<16>(), TILES_LAMBDA((v), [=](tiles::tiled_index<16> t) restrict(amp) {
            tile_static int values[16];
            values[t.local[0]] = v[t];
            t.barrier.wait();
            v[t] = values[15 - t.local[0]] + t.global[0];
        }));
        // clang-format on
        v.synchronize();
        for (int i = 0; i < 64; ++i)
            if (data[i] != 1 + i) {
                std::cerr << "amp_second_process: element " << i << " is " << data[i] << ", not " << 1 + i << "\n";
                return 1;
            }
        const tiles::transfer_counters c = tiles::total_counters();
        std::cout << "kernel_builds " << c.kernel_builds << " binary_loads " << c.binary_loads << "\n";
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "amp_second_process: " << e.what() << "\n";
        return 1;
    }
}
