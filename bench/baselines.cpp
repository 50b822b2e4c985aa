// tiles_bench: the copy and naive matrix multiply baselines, launched like any libtiles kernel.
#include "baselines.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>

#include <tiles/interop.hpp>

extern const char tiles_bench_kernel_baselines[];

std::function<void()> fastest_copy(const tiles::accelerator_view& view, const tiles::array<float, 1>& in,
                                   tiles::array<float, 1>& out, const timing_policy& timing) {
    const tiles::kernel elements(tiles_bench_kernel_baselines, "copy_elements");
    const tiles::kernel vectors(tiles_bench_kernel_baselines, "copy_vectors");
    const std::function<void()> by_element = [=, &in, &out] {
        tiles::parallel_for_each(view, in.extent, elements, in, out);
    };
    const std::function<void()> by_vector = [=, &in, &out] {
        tiles::parallel_for_each(view, tiles::extent<1>(in.extent[0] / 8), vectors, in, out);
    };
    const std::vector<double> seconds = median_seconds({by_element, by_vector}, timing);
    return seconds[0] <= seconds[1] ? by_element : by_vector;
}

namespace {

// CL_DEVICE_GLOBAL_MEM_CACHE_SIZE (PoCL: a CPU's L3; NVIDIA's is below its L2); 0 where the driver
// does not say.
std::uint64_t reported_cache_bytes(const tiles::accelerator& accelerator) {
    cl_ulong bytes = 0;
    if (clGetDeviceInfo(tiles::interop::get_device(accelerator), CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof bytes, &bytes,
                        nullptr) != CL_SUCCESS)
        return 0;
    return bytes;
}

} // namespace

std::function<void()> cache_cleaner(const tiles::accelerator_view& view) {
    const tiles::accelerator accelerator = view.get_accelerator();
    // The tuner's amount (eviction_bytes in libtiles/algorithms/src/tuner.cpp).
    const std::uint64_t least = std::uint64_t(accelerator.is_gpu() ? 256 : 64) << 20;
    const std::uint64_t bytes = std::min({std::max(least, 2 * reported_cache_bytes(accelerator)),
                                          accelerator.dedicated_memory() / 8, accelerator.max_allocation()});
    const int floats = int(bytes / sizeof(float));
    // Never written by the host: what the read finds does not matter, so nothing is uploaded.
    const auto data = std::make_shared<const tiles::array<float, 1>>(tiles::extent<1>(floats), view);
    const auto sink = std::make_shared<tiles::array<float, 1>>(tiles::extent<1>(1), view);
    const tiles::kernel read_through(tiles_bench_kernel_baselines, "read_through");
    return [=] {
        tiles::parallel_for_each(view, tiles::extent<1>(floats / 8), read_through, *data, std::nanf(""), *sink);
        view.wait();
    };
}

std::function<void()> naive_gemm(const tiles::accelerator_view& view, const tiles::array<float, 2>& a,
                                 const tiles::array<float, 2>& b, tiles::array<float, 2>& c) {
    const tiles::kernel naive(tiles_bench_kernel_baselines, "naive_gemm");
    return [=, &a, &b, &c] { tiles::parallel_for_each(view, c.extent.tile<16, 16>(), naive, a.extent[0], a, b, c); };
}
