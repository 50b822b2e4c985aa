// Must not compile: a rank-2 extent tiled with three tile dimensions.
#include "tiles/tiles.hpp"

int main() {
    const tiles::extent<2> e(8, 9);
    (void)e.tile<2, 3, 4>();
}
