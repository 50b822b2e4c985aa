// Must not compile: tiles of rank 4 (C++ AMP tiles ranks 1 to 3 only).
#include "tiles/tiles.hpp"

int main() {
    const tiles::extent<4> e(2, 2, 2, 2);
    (void)e.tile<1, 1, 1, 1>();
}
