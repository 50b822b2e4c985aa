// Must not compile: a compile-time tile with a zero dimension.
#include "tiles/tiles.hpp"

int main() {
    const tiles::extent<2> e(8, 9);
    (void)e.tile<2, 0>();
}
