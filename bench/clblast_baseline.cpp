// tiles_bench: CLBlast's SGEMM and DGEMM, called through its C++ API on buffers of its own, on
// libtiles' queue.
#include "clblast_baseline.hpp"

#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <clblast.h>
#include <tiles/interop.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace {

template <class T> struct gemm_run {
    cl::Context context;
    cl::CommandQueue queue;
    std::size_t n;
    cl::Buffer a, b, c;

    gemm_run(const tiles::accelerator_view& view, int size)
        : context(tiles::interop::get_context(view), true), queue(tiles::interop::get_queue(view), true),
          n(std::size_t(size)) {
        std::vector<T> ones(n * n, T(1));
        a = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, ones.size() * sizeof(T), ones.data());
        b = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, ones.size() * sizeof(T), ones.data());
        c = cl::Buffer(context, CL_MEM_READ_WRITE, ones.size() * sizeof(T));
    }

    void operator()() {
        const clblast::StatusCode status =
            clblast::Gemm<T>(clblast::Layout::kRowMajor, clblast::Transpose::kNo, clblast::Transpose::kNo, n, n, n,
                             T(1), a(), 0, n, b(), 0, n, T(0), c(), 0, n, &queue(), nullptr);
        if (status != clblast::StatusCode::kSuccess)
            throw std::runtime_error("CLBlast's Gemm failed with status " + std::to_string(int(status)));
    }
};

} // namespace

std::function<void()> clblast_gemm(const tiles::accelerator_view& view, int n, bool double_precision) {
    if (double_precision) return [run = std::make_shared<gemm_run<double>>(view, n)] { (*run)(); };
    return [run = std::make_shared<gemm_run<float>>(view, n)] { (*run)(); };
}
