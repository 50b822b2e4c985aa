// C++ AMP's direct3d_printf in a kernel, as written, built through tiles_amp_sources: each
// work-item of one tile prints its place and a float; the test (tests/CMakeLists.txt) finds the
// lines on the program's standard output, in the work-items' order, which one tile keeps on PoCL.
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::direct3d;

int main() {
    std::vector<int> data(4);
    array_view<int, 1> v(4, data);
    parallel_for_each(
        v.extent.tile<4>(), [=](tiled_index<4> t_idx) restrict(amp) {
            direct3d_printf("%s %d of tile %d: %.2f\n", "item", t_idx.global[0], t_idx.tile[0], 0.25f * t_idx.local[0]);
            v[t_idx] = t_idx.global[0];
        });
    v.synchronize();
    std::printf("printf: the kernel ran: %d %d %d %d\n", data[0], data[1], data[2], data[3]);
    return 0;
}
