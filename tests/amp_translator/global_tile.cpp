// A global named tile, as C++ AMP's samples declare their tile size (`static const int tile =
// 16;`), built through tiles_amp_sources: each tile's sum, against the CPU's.
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

static const int tile = 16;

int main() {
    const int n = 96;
    std::vector<int> values(n), sums(n / tile);
    for (int i = 0; i < n; ++i) values[std::size_t(i)] = i * 3 % 17;
    array_view<const int, 1> in(n, values);
    array_view<int, 1> out(n / tile, sums);
    out.discard_data();
    parallel_for_each(
        extent<1>(n).tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
            tile_static int part[tile];
            part[t.local[0]] = in[t.global];
            t.barrier.wait();
            if (t.local[0] != 0) return;
            int sum = 0;
            for (int i = 0; i < tile; ++i) sum += part[i];
            out[t.tile] = sum;
        });
    out.synchronize();
    bool right = true;
    for (int b = 0; b < n / tile; ++b) {
        int sum = 0;
        for (int i = 0; i < tile; ++i) sum += values[std::size_t(b * tile + i)];
        right = right && sums[std::size_t(b)] == sum;
    }
    std::printf("%s\n", right ? "global tile: right" : "global tile: wrong");
    return right ? 0 : 1;
}
