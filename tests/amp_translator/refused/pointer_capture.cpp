// What a kernel cannot capture by copy: tiles-amp refuses each, naming the capture, its type and
// why, at the line that uses it (25 and 26).
#include <amp.h>
#include <vector>
using namespace concurrency;

struct Node {
    int value;
    int* next;
};

struct Counted {
    int count;
    Counted(int c) : count(c) {}
    Counted(const Counted& o) : count(o.count + 1) {}
};

int main() {
    std::vector<int> data(16);
    array_view<int, 1> v(16, data);
    Node n = {1, nullptr};
    Counted c(2);
    parallel_for_each(
        v.extent, [=](index<1> i) restrict(amp) {
            v[i] = n.value;
            v[i] += c.count;
        });
    return v[0];
}
