// libtiles' CUDA backend: what it gives the engine through the engine's seam (backend.hpp). Its
// memory provider makes libtiles' own buffers of 2 MiB and more on Hopper memory libcuda allocates,
// so that launches through libcuda use them in place; its route builds sm_90a programs; its verdict
// says what it found on a device.
#pragma once

#include <memory>

#include "engine_names.hpp"
#include "seam/backend.hpp"

namespace tiles::cuda {

// The CUDA backend, for linked_backends.
std::unique_ptr<backend> make_cuda_backend();

} // namespace tiles::cuda
