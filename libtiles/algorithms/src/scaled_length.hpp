// libtiles algorithms: the Euclidean length of a vector on the host, as LAPACK's dnrm2 takes it:
// a sum of squares scaled by the largest element so far, which neither overflows for elements
// beyond 1e154 nor underflows to zero for elements below 1e-162, as a plain sum of squares does.
#pragma once

#include <cmath>
#include <cstddef>

namespace tiles::algorithms {

// The length of the `count` elements element(0), element(1), ...
template <class Element> double scaled_length(std::size_t count, Element element) {
    double scale = 0, sum = 1;
    for (std::size_t i = 0; i < count; ++i) {
        const double x = std::abs(double(element(i)));
        if (x == 0) continue;
        if (scale < x) {
            sum = 1 + sum * (scale / x) * (scale / x);
            scale = x;
        } else {
            sum += (x / scale) * (x / scale);
        }
    }
    return scale * std::sqrt(sum);
}

} // namespace tiles::algorithms
