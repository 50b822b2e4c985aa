// A kernel that calls a function not marked restrict(amp): tiles-amp refuses it at the call's line
// (18), as C++ AMP does.
#include <amp.h>
#include <vector>
using namespace concurrency;

int host_only(int x) { return x + 1; }

int on_device(int x) restrict(amp) { return x * 2; }

int main() {
    std::vector<int> data(16);
    array_view<int, 1> v(16, data);
    parallel_for_each(
        v.extent, [=](index<1> i) restrict(amp) {
            int x = on_device(i[0]);
            // The call C++ AMP refuses:
            v[i] = host_only(x);
        });
    return v[0];
}
