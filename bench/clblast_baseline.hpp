// tiles_bench: CLBlast's GEMM on the same device, the peer library matrix multiply is compared
// with. Built only when CLBlast is found (apt-get install libclblast-dev).
#pragma once

#include <functional>

#include <tiles/tiles.hpp>

// A run of C = A * B for n x n row-major matrices of float (or double) through CLBlast, on buffers
// of its own in view's context, enqueued on view's queue, where either clock of tiles_bench
// times it as it times libtiles.
std::function<void()> clblast_gemm(const tiles::accelerator_view& view, int n, bool double_precision);
