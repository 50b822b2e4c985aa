// tiles_bench: timing by the device's clock, as CUDA events recorded around a call time cuBLAS
// (bench/cublas_sgemm.py): from the device's end of a marker enqueued before the run to the end
// of one enqueued after it. Unlike the host's clock, it leaves out the host's wait for the end,
// which NVIDIA's driver makes 7 to 10 us a launch; work that blocks the host (a reduction read
// back into host memory) still counts until the host enqueues the second marker.
#pragma once

#include "timing.hpp"

// A view on `accelerator` over a queue of its own that records profiling timestamps.
tiles::accelerator_view profiling_view(const tiles::accelerator& accelerator);

// Times runs on `view`, a view made by profiling_view, by the device's clock.
run_timer device_clock(const tiles::accelerator_view& view);
