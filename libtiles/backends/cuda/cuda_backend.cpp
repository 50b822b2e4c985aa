// libtiles' CUDA backend: its memory provider, its gemm and its verdict per device (cuda_backend.hpp). The
// verdict asks libcuda only of NVIDIA's devices, so that other machines never load it.
#include "cuda_backend.hpp"

#include <limits>

#include "cuda_launch.hpp"
#include "gemm_wgmma.hpp"
#include "libcuda.hpp"
#include "route_sm90a.hpp"
#include "seam/algorithm_context.hpp"

namespace tiles::cuda {
namespace {

std::string capability_text(int compute_capability) {
    return std::to_string(compute_capability / 10) + "." + std::to_string(compute_capability % 10);
}

// The verdict on an NVIDIA device. libcuda is asked only where the device may use it (compute
// capability 9.0, importing its memory), as buffer_in_cuda_memory does.
backend_verdict verdict_on_nvidia(const device_info& device) {
    backend_verdict verdict{"cuda", false, {"compute capability " + capability_text(device.compute_capability)}, {}};
    if (const std::string missing = cuda_device_missing(device); !missing.empty())
        verdict.refused.push_back("launches through libcuda and buffers in memory libcuda allocates: " + missing);
    else if (cuda_memory_largest() != std::numeric_limits<std::size_t>::max())
        verdict.refused.push_back("buffers of more than " + std::to_string(cuda_memory_largest()) +
                                  " bytes in memory libcuda allocates: a host of " + std::to_string(host_gpus()) +
                                  " GPUs, where NVIDIA's OpenCL crashes on imports of 512 MiB and more");
    if (device.compute_capability != 90) {
        verdict.refused.push_back("sm_90a programs (the opencl-c-sm90a route): compute capability " +
                                  capability_text(device.compute_capability) + ", not 9.0");
        return verdict;
    }
    const libcuda& cuda = loaded_libcuda();
    verdict.probed.push_back(cuda.missing.empty() ? "libcuda.so.1 loaded" : cuda.missing);
    verdict.probed.push_back("NVIDIA GPUs on the host: " + std::to_string(host_gpus()));
    if (!cuda.missing.empty()) verdict.refused.push_back("tensor maps: " + cuda.missing);
    verdict.serves = cuda.missing.empty();
    return verdict;
}

class cuda_backend : public backend {
  public:
    cl::Buffer buffer_for(const cl::Context& opencl_context, const device_info& device,
                          std::size_t bytes) const override {
        return buffer_in_cuda_memory(opencl_context, device, bytes);
    }
    // libcuda rounds an allocation up to its granularity, and counts what it holds.
    bool would_make_alike(cl_mem kept, std::size_t held, std::size_t bytes) const override {
        return bytes >= cuda_memory_smallest && bytes < held && held - bytes < cuda_memory_smallest &&
               cuda_address_of(kept) != 0;
    }
    void release_dropped_memory() const noexcept override { release_dropped_cuda_memory(); }
    void context_made(const context& made) const override {
        take_cuda_memory_in(narrow(made).opencl_context()(), true);
    }
    void context_ending(const context& ending) const noexcept override {
        drop_cuda_scratch(narrow(ending).id());
        if (!narrow(ending).adopted()) take_cuda_memory_in(narrow(ending).opencl_context()(), false);
    }
    std::vector<std::unique_ptr<compile_route>> routes() const override {
        std::vector<std::unique_ptr<compile_route>> routes;
        routes.push_back(make_sm90a_route());
        return routes;
    }
    const algorithm_provider* provider_for(const std::string& algorithm) const override {
        if (algorithm == algorithms::gemm_provider_name) return &wgmma_gemm_provider();
        return nullptr;
    }
    backend_verdict verdict(const device_info& device) const override {
        if (device.compute_capability != 0) return verdict_on_nvidia(device);
        return {"cuda",
                false,
                {"no compute capability: not an NVIDIA GPU, so libcuda is not asked"},
                {"everything: '" + device.name + "' is not an NVIDIA GPU"}};
    }
};

} // namespace

std::unique_ptr<backend> make_cuda_backend() { return std::make_unique<cuda_backend>(); }

} // namespace tiles::cuda
