// The seed's "global, tile and local indices" example with its kernel in C++: an 8x9 matrix of
// Description structures in 2x3 tiles, each updated with its tile, global and local index by the
// seed's lambda, whose body is the seed's. Tiles alternate between two colours on a terminal, as the
// seed's console colours did.
#include <unistd.h>

#include <iomanip>
#include <iostream>
#include <vector>

#include "tiles/tiles.hpp"

namespace concurrency = tiles;
using namespace concurrency;

const int ROWS = 8;
const int COLS = 9;

// clang-format off
// tileRow and tileColumn specify the tile that each thread is in.
// globalRow and globalColumn specify the location of the thread in the array_view.
// localRow and localColumn specify the location of the thread relative to the tile.
TILES_SHARED_CODE(description_code,
struct Description {
    int value;
    int tileRow;
    int tileColumn;
    int globalRow;
    int globalColumn;
    int localRow;
    int localColumn;
};
);
// clang-format on

// Red for even tiles, green for odd ones (the seed's console colours 4 and 2), reset after.
struct tile_colour {
    bool enabled;
    const char* operator()(const Description& d) const {
        if (!enabled) return "";
        return (d.tileRow + d.tileColumn) % 2 == 0 ? "\033[31m" : "\033[32m";
    }
    const char* reset() const { return enabled ? "\033[0m" : ""; }
};

// This method creates an 8x9 matrix of Description structures.
// In the call to parallel_for_each, the structure is updated
// with tile, global, and local indices.
void TilingDescription() {
    // Create 72 (8x9) Description structures.
    std::vector<Description> descs;
    for (int i = 0; i < ROWS * COLS; i++) {
        Description d = {i, 0, 0, 0, 0, 0, 0};
        descs.push_back(d);
    }

    // Create an array_view from the Description structures.
    extent<2> matrix(ROWS, COLS);
    array_view<Description, 2> descriptions(matrix, descs);

    // Update each Description with the tile, global, and local indices.
    // clang-format off
    parallel_for_each(descriptions.extent.tile< 2, 3>(),
        TILES_LAMBDA((descriptions, description_code),
        [=] (tiled_index< 2, 3> t_idx) restrict(amp)
    {
        descriptions[t_idx].globalRow = t_idx.global[0];
        descriptions[t_idx].globalColumn = t_idx.global[1];
        descriptions[t_idx].tileRow = t_idx.tile[0];
        descriptions[t_idx].tileColumn = t_idx.tile[1];
        descriptions[t_idx].localRow = t_idx.local[0];
        descriptions[t_idx].localColumn= t_idx.local[1];
    }));
    // clang-format on

    // Print out the Description structure for each element in the matrix.
    const tile_colour colour{isatty(STDOUT_FILENO) != 0};
    for (int row = 0; row < ROWS; row++) {
        for (int column = 0; column < COLS; column++)
            std::cout << colour(descriptions(row, column)) << "Value: " << std::setw(2)
                      << descriptions(row, column).value << "      ";
        std::cout << colour.reset() << "\n";
        for (int column = 0; column < COLS; column++)
            std::cout << colour(descriptions(row, column)) << "Tile:   "
                      << "(" << descriptions(row, column).tileRow << "," << descriptions(row, column).tileColumn
                      << ")  ";
        std::cout << colour.reset() << "\n";
        for (int column = 0; column < COLS; column++)
            std::cout << colour(descriptions(row, column)) << "Global: "
                      << "(" << descriptions(row, column).globalRow << "," << descriptions(row, column).globalColumn
                      << ")  ";
        std::cout << colour.reset() << "\n";
        for (int column = 0; column < COLS; column++)
            std::cout << colour(descriptions(row, column)) << "Local:  "
                      << "(" << descriptions(row, column).localRow << "," << descriptions(row, column).localColumn
                      << ")  ";
        std::cout << colour.reset() << "\n";
        std::cout << "\n";
    }
}

int main() {
    try {
        std::cout << "Running on " << accelerator().name() << "\n\n";
        TilingDescription();
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "tiling_description_amp: " << e.what() << "\n";
        return 1;
    }
}
