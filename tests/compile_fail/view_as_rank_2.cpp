// Must not compile: view_as of a view of rank 2 (C++ AMP allows it on rank-1 views and arrays).
#include <vector>

#include "tiles/tiles.hpp"

int main() {
    std::vector<float> host(12);
    const tiles::array_view<float, 2> v(3, 4, host);
    (void)v.view_as(tiles::extent<1>(12));
}
