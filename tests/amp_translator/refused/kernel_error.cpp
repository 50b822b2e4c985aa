// Names undeclared in device code, which the host compiler never compiles: the build fails at the
// lines of the restrict(amp) function (11) and of the kernel (22), where the device's compiler
// would have refused them at the first launch. Names only the device declares (atomic_fetch_add,
// a tiled_index's barrier) are no mistake.
#include <amp.h>
#include <vector>
using namespace concurrency;

int scaled(int x) restrict(amp) {
    // The mistake in a device function:
    return x * undeclared_factor;
}

int main() {
    std::vector<int> data(16);
    array_view<int, 1> v(16, data);
    parallel_for_each(
        v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
            int x = scaled(t.global[0]);
            t.barrier.wait();
            atomic_fetch_add(&v[t.global], x);
            v[t.global] += undeclared_offset; // the mistake in the kernel
        });
    return v[0];
}
