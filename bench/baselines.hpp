// tiles_bench: the baselines launched through libtiles: a plain copy, whose bandwidth the
// bandwidth-bound algorithms are compared with, and the textbook tiled matrix multiply.
#pragma once

#include <functional>

#include <tiles/tiles.hpp>

#include "timing.hpp"

// A run of the faster, on this device, of two plain copy kernels from `in` to `out` (one float,
// or one float8, per work-item; the size a multiple of 8), enqueued on `view`.
std::function<void()> fastest_copy(const tiles::accelerator_view& view, const tiles::array<float, 1>& in,
                                   tiles::array<float, 1>& out, const timing_policy& timing);

// A read of more memory than the device's caches hold (twice the cache its driver reports, and at
// least 256 MiB on a GPU, 64 MiB on a CPU; at most an eighth of its memory and one allocation) that
// writes nothing, waiting for its end: run before each timed run, it leaves every contender the
// same caches, holding none of the data and nothing to write back.
std::function<void()> cache_cleaner(const tiles::accelerator_view& view);

// A run of c = a * b (n x n, n a multiple of 16), one element of c per work-item, enqueued on
// `view`.
std::function<void()> naive_gemm(const tiles::accelerator_view& view, const tiles::array<float, 2>& a,
                                 const tiles::array<float, 2>& b, tiles::array<float, 2>& c);
