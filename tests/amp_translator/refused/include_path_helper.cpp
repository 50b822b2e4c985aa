// The same helper reached through an include path (-I .../amp_translator/headers) rather than a
// path relative to the source: still a header outside the source's folder, still refused at the
// helper, saying which headers tiles-amp translates.
#include <amp.h>
#include <vector>

#include <physics/vector_math.hpp>
using namespace concurrency;

void lengths(std::vector<float>& data) {
    array_view<float, 1> av(static_cast<int>(data.size()), data);
    parallel_for_each(
        av.extent, [=](index<1> i) restrict(amp) { av[i] = SquaredLength(graphics::float_3(av[i])); });
}
