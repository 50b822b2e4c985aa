// Must not compile: a kernel capturing a tiled_extent whose tile is a run-time value, which the
// device's tiled_extent<D0, D1, D2> has in its type.
#include "tiles/tiles.hpp"

int main() {
    std::vector<int> data(8);
    tiles::array_view<int, 1> v(8, data);
    const tiles::tiled_extent<1> tiled = v.extent.tile(4);
    tiles::parallel_for_each(tiled,
                             TILES_LAMBDA((v, tiled), [=](tiles::tiled_index<4> t) restrict(amp) { v[t] = tiled[0]; }));
}
