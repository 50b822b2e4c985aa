// Must not compile: a kernel capturing a struct with a copy constructor of its own, which the
// device could not run on the bytes it receives.
#include "tiles/tiles.hpp"

struct counted {
    int count;
    counted(const counted& o) : count(o.count + 1) {}
    explicit counted(int c) : count(c) {}
};

int main() {
    std::vector<int> data(8);
    tiles::array_view<int, 1> v(8, data);
    const counted c(2);
    tiles::parallel_for_each(v.extent, TILES_LAMBDA((v, c), [=](tiles::index<1> i) restrict(amp) { v[i] = c.count; }));
}
