// A template's kernel whose instantiation the host's parse cannot read (the tile_barrier has no
// such member): the build says that this kernel (line 10) is left to the run time, and why, at the
// line (13) and column of the parse's error, instead of leaving it unsaid.
#include <amp.h>
#include <vector>
using namespace concurrency;

template <int Tile> void sum_tiles(array_view<int, 1> v) {
    parallel_for_each(
        v.extent.tile<Tile>(), [=](tiled_index<Tile> t) restrict(amp) {
            tile_static int local[Tile];
            local[t.local[0]] = v[t.global];
            t.barrier.wait_for_everyone();
            if (t.local[0] == 0) v[t.global] = local[0] + local[Tile - 1];
        });
}

int main() {
    std::vector<int> data(16);
    array_view<int, 1> v(16, data);
    sum_tiles<4>(v);
    return v[0];
}
