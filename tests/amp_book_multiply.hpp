// The C++ AMP book's MatrixMultiplyTiledWithTileStatic ("C++ AMP: Accelerated Massive Parallelism
// with Microsoft Visual C++", Ade Miller, Kate Gregory; Microsoft Public License; AdeMiller/CppAmp,
// Samples/Chapter4/main.cpp), its kernel as written: ported by the tests, timed by tiles_bench.
#pragma once

#include "tiles/amp.hpp"

namespace amp_book {

static const int TileSize = 16;

// c = a b, W the columns of a, in tiles of TileSize x TileSize through tile_static memory.
inline void multiply_tiled_with_tile_static(const tiles::accelerator_view& view,
                                            const tiles::array_view<const float, 2>& a,
                                            const tiles::array_view<const float, 2>& b,
                                            const tiles::array_view<float, 2>& c, int W) {
    // clang-format off
    parallel_for_each(view, c.extent.tile<TileSize, TileSize>(),
        TILES_LAMBDA((a, b, c, W, TILES_CONSTANT(TileSize)),
        [=] (tiled_index<TileSize, TileSize> tidx) restrict(amp)
    {
        int row = tidx.local[0];
        int col = tidx.local[1];
        float sum = 0.0f;
        for (int i = 0; i < W; i += TileSize)
        {
            tile_static float sA[TileSize][TileSize];
            tile_static float sB[TileSize][TileSize];
            sA[row][col] = a(tidx.global[0], col + i);
            sB[row][col] = b(row + i, tidx.global[1]);

            tidx.barrier.wait();

            for (int k = 0; k < TileSize; k++)
                sum += sA[row][k] * sB[k][col];

            tidx.barrier.wait();
        }
        c[tidx.global] = sum;
    }));
    // clang-format on
}

} // namespace amp_book
