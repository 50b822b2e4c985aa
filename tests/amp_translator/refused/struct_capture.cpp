// A kernel that captures a struct: tiles-amp refuses it, naming the capture and its line (20).
#include <amp.h>
#include <vector>
using namespace concurrency;

struct Params {
    int scale;
    int offset;
};

int main() {
    std::vector<int> data(16);
    array_view<int, 1> v(16, data);
    Params p = {2, 3};
    extent<1> e(16);
    parallel_for_each(
        v.extent, [=](index<1> i) restrict(amp) {
            int n = e[0];
            // The capture of a struct:
            v[i] = p.scale * i[0] + p.offset + n;
        });
    return v[0];
}
