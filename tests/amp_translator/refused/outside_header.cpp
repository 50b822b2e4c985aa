// tiles-amp translates the headers of the source's folder and below; a struct of a header beside
// it (../headers/bodies.hpp) is outside, so the kernel cannot take one by its bytes: refused,
// naming the capture, its type and why.
#include <amp.h>
#include <vector>

#include "../headers/bodies.hpp"

void scale(std::vector<float>& data, Step step) {
    array_view<float, 1> av(static_cast<int>(data.size()), data);
    parallel_for_each(
        av.extent, [=](index<1> i) restrict(amp) { av[i] *= step.dt; });
}
