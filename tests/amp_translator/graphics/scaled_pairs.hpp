// A header's kernel that names float_2 through using_graphics.hpp's using-directive, which holds
// in it although the source included using_graphics.hpp first.
#pragma once

#include <amp.h>

#include "using_graphics.hpp"

// Each pair of `pairs` times (x, y), component by component.
inline void scale_pairs(concurrency::array_view<float_2, 1> pairs, float x, float y) {
    concurrency::parallel_for_each(
        pairs.extent, [=](concurrency::index<1> i) restrict(amp) { pairs[i] = pairs[i] * float_2(x, y); });
}
