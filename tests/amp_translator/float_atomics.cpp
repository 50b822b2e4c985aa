// HCC's atomic_fetch_add and atomic_fetch_sub on float (its extension of C++ AMP), built through
// tiles_amp_sources: on a float in global memory, each work-item sees a value of its own (the
// old ones are 0, 1, ..., n - 1 in some order); on a tile_static float, each tile's sum is exact.
#include <algorithm>
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

int main() {
    const int n = 256;
    const int tile = 16;
    std::vector<float> total(1, 0.0f), olds(n), tile_sums(n / tile);
    array_view<float, 1> total_view(1, total), olds_view(n, olds), sums_view(n / tile, tile_sums);
    parallel_for_each(
        extent<1>(n).tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
            tile_static float sum;
            if (t.local[0] == 0) sum = 0.0f;
            t.barrier.wait();
            olds_view[t.global] = atomic_fetch_add(&total_view[0], 1.0f);
            atomic_fetch_sub(&sum, 0.25f);
            t.barrier.wait();
            if (t.local[0] == 0) sums_view[t.tile] = sum;
        });
    total_view.synchronize();
    olds_view.synchronize();
    sums_view.synchronize();

    std::sort(olds.begin(), olds.end());
    bool right = total[0] == float(n);
    for (int i = 0; i < n; ++i) right = right && olds[std::size_t(i)] == float(i);
    for (float sum : tile_sums) right = right && sum == -0.25f * tile;
    std::printf("%s\n", right ? "float atomics: right" : "float atomics: wrong");
    return right ? 0 : 1;
}
