// The seed's "global, tile and local indices" example: an 8x9 matrix in 2x3 tiles, printing the
// value, tile, global and local index of every element. Tiles alternate between two colours
// when stdout is a terminal, as the seed's console colours did.
#include <unistd.h>

#include <iomanip>
#include <iostream>
#include <vector>

#include "description.h"
#include "kernel_file.hpp"
#include "tiles/tiles.hpp"

namespace {

const int ROWS = 8;
const int COLS = 9;

// Red for even tiles, green for odd ones (the seed's console colours 4 and 2), reset after.
struct tile_colour {
    bool enabled;
    const char* operator()(const Description& d) const {
        if (!enabled) return "";
        return (d.tileRow + d.tileColumn) % 2 == 0 ? "\033[31m" : "\033[32m";
    }
    const char* reset() const { return enabled ? "\033[0m" : ""; }
};

void TilingDescription() {
    // Create 72 (8x9) Description structures.
    std::vector<Description> descs;
    for (int i = 0; i < ROWS * COLS; i++) descs.push_back(Description{i, 0, 0, 0, 0, 0, 0});

    // Create an array_view from the Description structures.
    tiles::extent<2> matrix(ROWS, COLS);
    tiles::array_view<Description, 2> descriptions(matrix, descs);

    // Update each Description with the tile, global, and local indices.
    const tiles::kernel describe = kernel_from_file("tiling_description.cl", "describe_tiles");
    tiles::parallel_for_each(descriptions.extent.tile<2, 3>(), describe, descriptions);

    // Print out the Description structure for each element in the matrix.
    const tile_colour colour{isatty(STDOUT_FILENO) != 0};
    for (int row = 0; row < ROWS; row++) {
        for (int column = 0; column < COLS; column++) {
            const Description& d = descriptions(row, column);
            std::cout << colour(d) << "Value: " << std::setw(2) << d.value << "      ";
        }
        std::cout << colour.reset() << "\n";
        for (int column = 0; column < COLS; column++) {
            const Description& d = descriptions(row, column);
            std::cout << colour(d) << "Tile:   "
                      << "(" << d.tileRow << "," << d.tileColumn << ")  ";
        }
        std::cout << colour.reset() << "\n";
        for (int column = 0; column < COLS; column++) {
            const Description& d = descriptions(row, column);
            std::cout << colour(d) << "Global: "
                      << "(" << d.globalRow << "," << d.globalColumn << ")  ";
        }
        std::cout << colour.reset() << "\n";
        for (int column = 0; column < COLS; column++) {
            const Description& d = descriptions(row, column);
            std::cout << colour(d) << "Local:  "
                      << "(" << d.localRow << "," << d.localColumn << ")  ";
        }
        std::cout << colour.reset() << "\n";
        std::cout << "\n";
    }
}

} // namespace

int main() {
    try {
        std::cout << "Running on " << tiles::accelerator().name() << "\n\n";
        TilingDescription();
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "tiling_description: " << e.what() << "\n";
        return 1;
    }
}
