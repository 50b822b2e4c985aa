// Two kernels of one function on one line have one name, which the run time gives the first one
// launched, naming the second "main_12_2": the build cannot know which launches first, so it says
// that the second kernel is left to the run time, and where the first is.
#include <amp.h>
#include <vector>
using namespace concurrency;

int main() {
    std::vector<int> data(16);
    array_view<int, 1> v(16, data);
    // clang-format off
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = 1; }); parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += 2; });
    // clang-format on
    return v[0] == 3 ? 0 : 1;
}
