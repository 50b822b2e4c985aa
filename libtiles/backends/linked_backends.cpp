// libtiles' backends: those this build links, in the order the engine asks them (backend.hpp).
#include "cuda/cuda_backend.hpp"

namespace tiles::engine {

std::vector<std::unique_ptr<backend>> linked_backends() {
    std::vector<std::unique_ptr<backend>> linked;
    linked.push_back(make_cuda_backend());
    return linked;
}

} // namespace tiles::engine
