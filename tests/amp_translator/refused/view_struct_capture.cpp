// What a kernel cannot capture in a struct of views: tiles-amp refuses each, naming the capture, its
// member and why, at the line that uses it (28 and 29).
#include <amp.h>
#include <vector>
using namespace concurrency;

struct WithPointer {
    array_view<int, 1> data;
    int* next;
};

struct Inner {
    array_view<int, 1> data;
};

struct Nested {
    Inner inner;
    array_view<int, 1> more;
};

int main() {
    std::vector<int> values(16);
    array_view<int, 1> v(16, values);
    const WithPointer p = {v, nullptr};
    const Nested nested = {{v}, v};
    parallel_for_each(
        v.extent, [=](index<1> i) restrict(amp) {
            p.data[i] = 1;
            nested.more[i] += 2;
        });
    return v[0];
}
