// A kernel in a member function that reads a member captures 'this', a pointer to host memory:
// tiles-amp refuses it and says what to capture instead.
#include <amp.h>
#include <vector>
using namespace concurrency;

struct Scaler {
    int factor = 3;
    void run(array_view<int, 1> v) const {
        parallel_for_each(
            v.extent, [=](index<1> i) restrict(amp) { v[i] *= factor; });
    }
};

int main() {
    std::vector<int> data(16, 1);
    array_view<int, 1> v(16, data);
    Scaler().run(v);
    return v[0];
}
