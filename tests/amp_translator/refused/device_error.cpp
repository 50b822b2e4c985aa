// A kernel the device's compiler refuses, which the parse of the host cannot tell: with its kernels
// compiled at build time, the build fails at the kernel's line (16) and column, as a compiler says,
// where the run time would have refused it at the first launch.
#include <amp.h>
#include <vector>
using namespace concurrency;

int main() {
    std::vector<int> data(16);
    array_view<int, 1> v(16, data);
    const int first = 1;
    parallel_for_each(
        v.extent, [=](index<1> i) restrict(amp) {
            v[i] = first;
            // An int is no pointer:
            int* p = v[i];
            v[i] += *p;
        });
    return v[0];
}
