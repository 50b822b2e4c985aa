// A C++ AMP program as written, built through tiles_amp_sources (the installed tiles-amp): a
// restrict(amp) lambda doubles 0..7 through a restrict(cpu, amp) helper.
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int twice(int x) restrict(cpu, amp) { return 2 * x; }

int main() {
    std::vector<int> data = {0, 1, 2, 3, 4, 5, 6, 7};
    array_view<int, 1> v(8, data);
    parallel_for_each(
        v.extent, [=](index<1> i) restrict(amp) { v[i] = twice(v[i]); });
    v.synchronize();
    std::printf("translated:");
    for (const int x : data) std::printf(" %d", x);
    std::printf("\n");
    return 0;
}
