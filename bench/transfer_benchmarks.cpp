// tiles_bench: copies between host memory and the device, each way, in turns with raw OpenCL's in
// the same run: libtiles from and to pageable memory (a std::vector, which goes through the view's
// staging buffers where the device stages) and from and to pinned memory (a pinned_vector), against
// blocking clEnqueueWriteBuffer / clEnqueueReadBuffer from the same pageable memory and from
// pinned memory (a CL_MEM_ALLOC_HOST_PTR buffer, mapped), into the same device buffer; and what
// the driver offers for pageable memory instead of staging it: a CL_MEM_USE_HOST_PTR buffer over
// it for each copy, copied on the device (a driver may pin the memory it is given), its making,
// and for downloads the map that brings the data to that memory, counted.
#include <algorithm>
#include <cstring>
#include <stdexcept>

#include <tiles/interop.hpp>

#include "benchmarks.hpp"

namespace {

void check(cl_int status, const char* what) {
    if (status != CL_SUCCESS) throw std::runtime_error(std::string(what) + " failed: " + std::to_string(status));
}

// A CL_MEM_ALLOC_HOST_PTR buffer of `bytes` on `view`'s context, mapped for its whole life: what
// OpenCL programs pin memory with.
class raw_pinned {
  public:
    raw_pinned(const tiles::accelerator_view& view, std::size_t bytes) : queue_(tiles::interop::get_queue(view)) {
        cl_int status = CL_SUCCESS;
        buffer_ = clCreateBuffer(tiles::interop::get_context(view), CL_MEM_ALLOC_HOST_PTR, bytes, nullptr, &status);
        check(status, "clCreateBuffer(CL_MEM_ALLOC_HOST_PTR)");
        data_ = clEnqueueMapBuffer(queue_, buffer_, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0, nullptr, nullptr,
                                   &status);
        check(status, "clEnqueueMapBuffer");
    }
    ~raw_pinned() {
        clEnqueueUnmapMemObject(queue_, buffer_, data_, 0, nullptr, nullptr);
        clFinish(queue_);
        clReleaseMemObject(buffer_);
    }
    raw_pinned(const raw_pinned&) = delete;
    raw_pinned& operator=(const raw_pinned&) = delete;
    void* data() const { return data_; }

  private:
    cl_command_queue queue_;
    cl_mem buffer_ = nullptr;
    void* data_ = nullptr;
};

} // namespace

void run_transfer_benchmarks(const bench_config& config) {
    if (!config.wants("upload") && !config.wants("download")) return;
    const tiles::accelerator_view& view = config.view;
    const std::string device = device_label(view.get_accelerator());
    const cl_command_queue queue = tiles::interop::get_queue(view);
    for (const int mib : config.transfer_mib) {
        const std::size_t count = std::size_t(mib) << 18, bytes = count * sizeof(float);
        const std::string size = std::to_string(mib) + " MiB";
        // Every page of each buffer touched before the first timed run, as a program's data is.
        std::vector<float> pageable(count);
        for (std::size_t i = 0; i < count; ++i) pageable[i] = float(i % 1021);
        tiles::pinned_vector<float> pinned(pageable.begin(), pageable.end(), tiles::pinned_allocator<float>(view));
        const raw_pinned raw(view, bytes);
        std::memcpy(raw.data(), pageable.data(), bytes);
        tiles::array<float, 1> device_data(tiles::extent<1>(int(count)), view);
        const cl_mem buffer = tiles::interop::get_buffer(device_data);
        for (const bool upload : {true, false}) {
            const std::string way = upload ? "upload" : "download";
            if (!config.wants(way)) continue;
            const auto raw_copy = [&, upload](void* host) {
                return [=] {
                    check(upload ? clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, bytes, host, 0, nullptr, nullptr)
                                 : clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, bytes, host, 0, nullptr, nullptr),
                          upload ? "clEnqueueWriteBuffer" : "clEnqueueReadBuffer");
                };
            };
            // The driver's own way with the caller's memory: a buffer over it for each copy.
            const auto over_host_memory = [&, upload] {
                cl_int status = CL_SUCCESS;
                const cl_mem host = clCreateBuffer(tiles::interop::get_context(view), CL_MEM_USE_HOST_PTR, bytes,
                                                   pageable.data(), &status);
                check(status, "clCreateBuffer(CL_MEM_USE_HOST_PTR)");
                check(upload ? clEnqueueCopyBuffer(queue, host, buffer, 0, 0, bytes, 0, nullptr, nullptr)
                             : clEnqueueCopyBuffer(queue, buffer, host, 0, 0, bytes, 0, nullptr, nullptr),
                      "clEnqueueCopyBuffer");
                if (!upload) {
                    void* mapped =
                        clEnqueueMapBuffer(queue, host, CL_TRUE, CL_MAP_READ, 0, bytes, 0, nullptr, nullptr, &status);
                    check(status, "clEnqueueMapBuffer");
                    check(clEnqueueUnmapMemObject(queue, host, mapped, 0, nullptr, nullptr), "clEnqueueUnmapMemObject");
                }
                check(clFinish(queue), "clFinish");
                check(clReleaseMemObject(host), "clReleaseMemObject");
            };
            const std::vector<double> seconds =
                median_seconds({[&] {
                                    if (upload)
                                        tiles::copy(pageable.begin(), pageable.end(), device_data);
                                    else
                                        tiles::copy(device_data, pageable.begin());
                                },
                                [&] {
                                    if (upload)
                                        tiles::copy(pinned.begin(), pinned.end(), device_data);
                                    else
                                        tiles::copy(device_data, pinned.begin());
                                },
                                raw_copy(pageable.data()), raw_copy(raw.data()), over_host_memory},
                               config.timing);
            const auto rate = [&](std::size_t i) { return double(bytes) / seconds[i] / 1e9; };
            config.report({way + ", pageable memory", device, size, rate(0), "GB/s", "raw OpenCL, pinned", rate(3)});
            config.report({way + ", pageable memory", device, size, rate(0), "GB/s", "raw OpenCL, pageable", rate(2)});
            config.report({way + ", pageable memory", device, size, rate(0), "GB/s", "raw, USE_HOST_PTR", rate(4)});
            config.report({way + ", pinned_vector", device, size, rate(1), "GB/s", "raw OpenCL, pinned", rate(3)});
        }
    }
}
