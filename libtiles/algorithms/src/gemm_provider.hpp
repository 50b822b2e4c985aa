// libtiles algorithms: gemm as a backend runs it in place of the OpenCL kernels (the CUDA backend's
// wgmma kernel on Hopper), offered through the engine's seam (backend.hpp) under the name "gemm".
// gemm asks the linked backends first; where none takes a product, its own kernels run it.
#pragma once

#include <memory>

#include "seam/backend.hpp"
#include "tiles/algorithms/gemm.hpp"
#include "tiles/engine/context.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles::algorithms {

// The name gemm asks the backends' providers by (engine::providers_for).
constexpr const char* gemm_provider_name = "gemm";

class gemm_provider : public engine::algorithm_provider {
  public:
    // Enqueues C = alpha * A * B + beta * C at `precision` and returns true where it takes the
    // product on the context's device; returns false, enqueuing nothing, where it does not.
    virtual bool enqueue(const std::shared_ptr<engine::context>& context, gemm_precision precision, double alpha,
                         const engine::matrix_operand& a, const engine::matrix_operand& b, double beta,
                         const engine::matrix_operand& c) const = 0;
};

} // namespace tiles::algorithms
