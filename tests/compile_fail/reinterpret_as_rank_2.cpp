// Must not compile: reinterpret_as of a view of rank 2 (C++ AMP allows it on rank-1 views and arrays).
#include <vector>

#include "tiles/tiles.hpp"

int main() {
    std::vector<float> host(12);
    const tiles::array_view<float, 2> v(3, 4, host);
    (void)v.reinterpret_as<int>();
}
