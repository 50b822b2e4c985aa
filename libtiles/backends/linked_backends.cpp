// libtiles' backends: those this build links, in the order the engine asks them (backend.hpp).
// TILES_CUDA_BACKEND is defined where the build has the CUDA backend (the CMake option).
#include "seam/backend.hpp"

#ifdef TILES_CUDA_BACKEND
#include "cuda/cuda_backend.hpp"
#endif

namespace tiles::engine {

std::vector<std::unique_ptr<backend>> linked_backends() {
    std::vector<std::unique_ptr<backend>> linked;
#ifdef TILES_CUDA_BACKEND
    linked.push_back(cuda::make_cuda_backend());
#endif
    return linked;
}

} // namespace tiles::engine
