// libtiles' CUDA backend: copies between buffers in memory libcuda allocates, device to device
// (cuMemcpyPeerAsync), offered to the engine through its seam (backend::copy_device_to_device),
// so that a split array's halo rows move without pinned host memory.
#pragma once

#include "engine_names.hpp"

namespace tiles::cuda {

// Makes `copy` through libcuda where both buffers are memory libcuda allocates
// (import_cuda_memory) and neither context's queue may wait for the caller's events, and returns
// true: after everything enqueued on both contexts (clFinish), before anything enqueued there next
// (cuStreamSynchronize). False where it cannot, and then nothing has moved. Throws
// invalid_argument where the copy runs past either buffer, naming the numbers.
bool copy_in_cuda_memory(const device_to_device_copy& copy);

} // namespace tiles::cuda
