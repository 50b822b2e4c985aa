// A restrict(cpu, amp) helper of a system header (the test reaches ../headers through -isystem),
// which tiles-amp does not translate: refused at the helper, saying which headers it translates.
#include <amp.h>
#include <vector>

#include <physics/vector_math.hpp>
using namespace concurrency;

void lengths(std::vector<float>& data) {
    array_view<float, 1> av(static_cast<int>(data.size()), data);
    parallel_for_each(
        av.extent, [=](index<1> i) restrict(amp) { av[i] = SquaredLength(graphics::float_3(av[i])); });
}
