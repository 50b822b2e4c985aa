// A mistake in the host's code after a kernel: the host compiler's message names this file and
// line (14), through the translation's #line.
#include <amp.h>
#include <vector>
using namespace concurrency;

int main() {
    std::vector<int> data(16);
    array_view<int, 1> v(16, data);
    parallel_for_each(
        v.extent, [=](index<1> i) restrict(amp) { v[i] = i[0]; });
    v.synchronize();
    // The mistake:
    return undeclared_name;
}
