// tiles_bench: CLBlast's GEMM on the same device, the peer library matrix multiply is compared
// with. Built only when CLBlast is found (apt-get install libclblast-dev).
#pragma once

#include <functional>

#include <tiles/tiles.hpp>

// A run of C = A * B for n x n row-major matrices of float (or double) through CLBlast, in its
// own context and queue on the accelerator's device, waiting for its end. The run owns its
// OpenCL objects.
std::function<void()> clblast_gemm(const tiles::accelerator& accelerator, int n, bool double_precision);
