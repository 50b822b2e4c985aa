// tiles_bench: the baselines launched through libtiles: a plain copy, whose bandwidth the
// bandwidth-bound algorithms are compared with, and the textbook tiled matrix multiply.
#pragma once

#include <functional>

#include <tiles/tiles.hpp>

#include "timing.hpp"

// A run of the faster, on this device, of two plain copy kernels from `in` to `out` (one float,
// or one float8, per work-item; the size a multiple of 8), waiting for its end.
std::function<void()> fastest_copy(const tiles::accelerator_view& view, const tiles::array<float, 1>& in,
                                   tiles::array<float, 1>& out, const timing_policy& timing);

// A run of c = a * b (n x n, n a multiple of 16), one element of c per work-item, waiting for
// its end.
std::function<void()> naive_gemm(const tiles::accelerator_view& view, const tiles::array<float, 2>& a,
                                 const tiles::array<float, 2>& b, tiles::array<float, 2>& c);
