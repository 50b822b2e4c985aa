// A C++ program that knows libtiles only as an installed package (or as a source tree it builds
// with FetchContent): a tiled kernel sums each 4x4 tile of a 8x8 matrix of 0..63 in tile_static
// memory, and libtiles' reduce adds the whole matrix. tests/install builds it.
#include <iostream>
#include <numeric>
#include <vector>

#include <tiles/tiles.hpp>

const char* const tile_sums_source = R"(
__kernel void tile_sums(__global const int* matrix, __global int* sums) {
    tiled_index t = get_tiled_index();
    tile_static int cells[TILE_DIM0][TILE_DIM1];
    cells[t.local_id[0]][t.local_id[1]] = matrix[linear_index(t.global_id, t.extent)];
    tile_barrier_wait();
    if (t.local_id[0] == 0 && t.local_id[1] == 0) {
        int sum = 0;
        for (int r = 0; r < TILE_DIM0; r++) for (int c = 0; c < TILE_DIM1; c++) sum += cells[r][c];
        sums[t.tile[0] * (t.extent[1] / TILE_DIM1) + t.tile[1]] = sum;
    }
})";

int main() {
    try {
        std::vector<int> values(64);
        std::iota(values.begin(), values.end(), 0);
        tiles::array_view<const int, 2> matrix(8, 8, values);
        tiles::array<int, 2> sums(tiles::extent<2>(2, 2));
        tiles::parallel_for_each(matrix.extent.tile<4, 4>(), tiles::kernel(tile_sums_source, "tile_sums"), matrix,
                                 sums);
        const std::vector<int> tile_sums = sums;
        std::cout << "libtiles " << tiles::version() << "\ntile sums:";
        for (int sum : tile_sums) std::cout << " " << sum;
        std::cout << "\nreduce: " << tiles::reduce(matrix, tiles::reduction_op::sum) << "\n";
        return 0;
    } catch (const tiles::runtime_exception& e) {
        std::cerr << "consumer_cpp: " << e.what() << "\n";
        return 1;
    }
}
