// A restrict(cpu, amp) helper of a header outside the source's folder (../headers/physics), which
// tiles-amp does not translate: refused at the helper, saying where headers are translated.
#include <amp.h>
#include <vector>

#include "../headers/physics/vector_math.hpp"
using namespace concurrency;

void lengths(std::vector<float>& data) {
    array_view<float, 1> av(static_cast<int>(data.size()), data);
    parallel_for_each(
        av.extent, [=](index<1> i) restrict(amp) { av[i] = SquaredLength(graphics::float_3(av[i])); });
}
