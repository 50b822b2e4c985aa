// A parallel_for_each with a mistake of the host's in its call (a view never declared): the parse
// cannot resolve the call, so its kernel is lost to the translation, which says so at the call
// (line 12), with the mistake (line 13), rather than leave the host's compiler to say only that no
// parallel_for_each takes the kernel.
#include <amp.h>
#include <vector>
using namespace concurrency;

int main() {
    std::vector<int> data(16);
    array_view<int, 1> v(16, data);
    parallel_for_each(
        other_gpu, v.extent, [=](index<1> i) restrict(amp) { v[i] = i[0]; });
    v.synchronize();
    return data[3] == 3 ? 0 : 1;
}
