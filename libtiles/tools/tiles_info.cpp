// tiles-info: lists the OpenCL devices libtiles can use, with the limits launches are checked
// against, and says which one is the default and why.
#include <iostream>

#include "tiles/tiles.hpp"

int main() {
    try {
        const tiles::accelerator chosen;
        std::cout << "libtiles " << tiles::version() << "\n";
        for (const auto& a : tiles::accelerator::get_all()) {
            const auto tile = a.max_tile_extent();
            std::cout << "\n" << (a == chosen ? "* " : "  ") << a.platform_index() << ":" << a.device_index() << "  "
                      << a.name() << "\n"
                      << "      platform            " << a.platform_name() << "\n"
                      << "      type                " << (a.is_gpu() ? "GPU" : a.is_cpu() ? "CPU" : "other") << "\n"
                      << "      version             " << a.device_version() << ", driver " << a.driver_version() << "\n"
                      << "      threads per tile    " << a.max_tile_size() << " (at most " << tile[0] << "x" << tile[1]
                      << "x" << tile[2] << ")\n"
                      << "      tile_static memory  " << a.tile_static_memory() << " bytes\n"
                      << "      global memory       " << a.dedicated_memory() << " bytes (largest allocation "
                      << a.max_allocation() << ")\n"
                      << "      double precision    " << (a.supports_double_precision() ? "yes" : "no") << "\n";
        }
        std::cout << "\nDefault (*): " << chosen.name() << ", because " << tiles::accelerator::default_reason()
                  << ".\nSet TILES_DEVICE to gpu, cpu, platform:device indices or part of a device name to choose "
                     "another.\n";
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "tiles-info: " << e.what() << "\n";
        return 1;
    }
}
