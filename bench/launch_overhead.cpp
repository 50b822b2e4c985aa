// tiles_launch_bench: the host's cost of one launch of a tiny tiled kernel through libtiles' C++
// and C APIs, against raw clSetKernelArg + clEnqueueNDRangeKernel on the same queue, in the same
// run; and of the array calls beneath Python's x + x, x.sum(axis=1) and x.sum() on 16x16 floats
// (the floor of bench/python_host_cost.py). Each figure is the time of many back-to-back calls
// divided by their number.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "tiles/interop.hpp"
#include "tiles_opencl.h"

namespace {

// The same work for every contender: add one to each of 256 floats, in tiles of 64.
const char* const raw_source = "__kernel void tiny(__global float* d) { d[get_global_id(0)] += 1.0f; }";
const char* const tiles_source =
    "__kernel void tiny(__global float* d) { tiled_index t = get_tiled_index(); d[t.global_id[0]] += 1.0f; }";
constexpr std::size_t elements = 256, tile = 64;

// Microseconds on `clock` (clock_gettime's: CLOCK_MONOTONIC, or CLOCK_THREAD_CPUTIME_ID for the
// calling thread's own work, without a CPU device's work-items on other threads).
double microseconds_on(clockid_t clock) {
    timespec now{};
    clock_gettime(clock, &now);
    return double(now.tv_sec) * 1e6 + double(now.tv_nsec) / 1e3;
}

// Median over `rounds` of the mean time of `launches` calls of `launch`, in microseconds of `clock`.
double microseconds_per_launch(cl_command_queue queue, const std::function<void()>& launch, int launches, int rounds,
                               clockid_t clock = CLOCK_MONOTONIC) {
    std::vector<double> means;
    for (int r = 0; r < rounds; ++r) {
        clFinish(queue);
        const double start = microseconds_on(clock);
        for (int i = 0; i < launches; ++i) launch();
        clFinish(queue);
        means.push_back((microseconds_on(clock) - start) / launches);
    }
    std::sort(means.begin(), means.end());
    return means[means.size() / 2];
}

void report(const char* name, double value, double raw) {
    std::printf("%-34s %8.2f us per launch   %5.2fx raw OpenCL\n", name, value, value / raw);
}

// x + x, x.sum(axis=1) and x.sum() of a 16x16 float32 array on `context`, each a C call that makes a
// new array, released at once: what Python's calls cost beneath the binding.
void report_array_calls(cl_command_queue queue, tiles_context* context, int launches, double raw) {
    tiles_shape shape = TILES_SHAPE_INIT;
    shape.rank = 2;
    shape.extent[0] = shape.extent[1] = 16;
    const std::vector<float> ones(256, 1.0f);
    tiles_array* x = nullptr;
    tiles_view* view = nullptr;
    tiles_array_create(&x, context, &shape, ones.data());
    tiles_array_get_view(&view, x);
    const tiles_elementwise_operand operands[] = {TILES_ELEMENTWISE_VIEW(view), TILES_ELEMENTWISE_VIEW(view)};
    const int axis = 1;
    tiles_reduction_options along_rows = TILES_REDUCTION_OPTIONS_INIT, of_all = TILES_REDUCTION_OPTIONS_INIT;
    along_rows.axes = &axis;
    along_rows.axis_count = 1;
    const auto made = [](tiles_status status, tiles_array* result) {
        if (status != TILES_SUCCESS) std::fprintf(stderr, "%s\n", tiles_last_error_message());
        tiles_array_release(result);
    };
    const auto add = [&] {
        tiles_array* sum = nullptr;
        int is_bool = 0;
        made(tiles_elementwise_new(&sum, &is_bool, context, TILES_OP_ADD, operands, 2), sum);
    };
    const auto reduce = [&](const tiles_reduction_options* options) {
        tiles_array* sum = nullptr;
        int is_bool = 0;
        made(tiles_axis_reduction_new(&sum, &is_bool, context, TILES_AXIS_SUM, view, 0, options), sum);
    };
    const std::function<void()> calls[] = {add, [&] { reduce(&along_rows); }, [&] { reduce(&of_all); }};
    const char* const names[] = {"libtiles C x + x (16x16)", "libtiles C x.sum(axis=1) (16x16)",
                                 "libtiles C x.sum() (16x16)"};
    for (int k = 0; k < 3; ++k) {
        microseconds_per_launch(queue, calls[k], 200, 1);
        report(names[k], microseconds_per_launch(queue, calls[k], launches, 5), raw);
        std::printf("%-34s %8.2f us of the calling thread's CPU time\n", "",
                    microseconds_per_launch(queue, calls[k], launches, 5, CLOCK_THREAD_CPUTIME_ID));
    }
    tiles_view_release(view);
    tiles_array_release(x);
}

} // namespace

int main(int argc, char** argv) {
    const int launches = argc > 1 ? std::atoi(argv[1]) : 20000;
    const tiles::accelerator device;
    cl_device_id id = tiles::interop::get_device(device);
    cl_int status = CL_SUCCESS;
    cl_context context = clCreateContext(nullptr, 1, &id, nullptr, nullptr, &status);
    cl_command_queue queue = clCreateCommandQueue(context, id, 0, &status);
    cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, elements * sizeof(float), nullptr, &status);
    std::vector<float> zeros(elements, 0.0f);
    clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, elements * sizeof(float), zeros.data(), 0, nullptr, nullptr);

    // Raw OpenCL: the kernel's argument set and the kernel enqueued, each launch.
    const char* raw_text = raw_source;
    cl_program program = clCreateProgramWithSource(context, 1, &raw_text, nullptr, &status);
    clBuildProgram(program, 1, &id, nullptr, nullptr, nullptr);
    cl_kernel raw = clCreateKernel(program, "tiny", &status);
    const auto raw_launch = [&] {
        clSetKernelArg(raw, 0, sizeof buffer, &buffer);
        clEnqueueNDRangeKernel(queue, raw, 1, nullptr, &elements, &tile, 0, nullptr, nullptr);
    };

    // libtiles C++ on the same queue and buffer.
    const tiles::accelerator_view view = tiles::interop::make_view(context, queue);
    tiles::array<float, 1> data = tiles::interop::make_array<float, 1>(view, buffer, tiles::extent<1>(int(elements)));
    const tiles::kernel kernel(tiles_source, "tiny");
    const auto domain = data.extent.tile<int(tile)>();
    const auto cpp_launch = [&] { tiles::parallel_for_each(view, domain, kernel, data); };

    // The same through a kernel that reads its array's extent (extent_of): one more clSetKernelArg.
    const tiles::kernel extents_kernel("__kernel void tiny(__global float* d) { tiled_index t = get_tiled_index(); "
                                       "if (t.global_id[0] < extent_of(d)[0]) d[t.global_id[0]] += 1.0f; }",
                                       "tiny");
    const auto extents_launch = [&] { tiles::parallel_for_each(view, domain, extents_kernel, data); };

    // libtiles C on the same queue and buffer.
    tiles_context* c_context = nullptr;
    tiles_array* c_array = nullptr;
    tiles_kernel* c_kernel = nullptr;
    tiles_shape shape = TILES_SHAPE_INIT;
    shape.extent[0] = int(elements);
    tiles_context_create_from_opencl(&c_context, context, queue);
    tiles_array_create_from_opencl(&c_array, c_context, &shape, buffer);
    tiles_kernel_create(&c_kernel, tiles_source, "tiny", nullptr);
    const tiles_domain c_domain = {sizeof(tiles_domain), 1, {int(elements), 0, 0}, 1, {int(tile), 0, 0}, nullptr};
    const tiles_arg c_args[] = {tiles_arg_array(c_array)};
    const auto c_launch = [&] { tiles_launch(c_context, &c_domain, c_kernel, c_args, 1); };

    for (const std::function<void()>& warm : {std::function<void()>(raw_launch), std::function<void()>(cpp_launch),
                                              std::function<void()>(extents_launch), std::function<void()>(c_launch)})
        microseconds_per_launch(queue, warm, 200, 1);
    std::printf("%s (%s), %d launches per round, median of 5 rounds\n", device.name().c_str(),
                device.driver_version().c_str(), launches);
    const double raw_us = microseconds_per_launch(queue, raw_launch, launches, 5);
    report("raw clSetKernelArg + clEnqueue", raw_us, raw_us);
    report("libtiles C++ parallel_for_each", microseconds_per_launch(queue, cpp_launch, launches, 5), raw_us);
    report("libtiles C++ with extent_of", microseconds_per_launch(queue, extents_launch, launches, 5), raw_us);
    report("libtiles C tiles_launch", microseconds_per_launch(queue, c_launch, launches, 5), raw_us);
    report_array_calls(queue, c_context, launches, raw_us);

    tiles_kernel_release(c_kernel);
    tiles_array_release(c_array);
    tiles_context_release(c_context);
    clReleaseKernel(raw);
    clReleaseProgram(program);
    clReleaseMemObject(buffer);
    clReleaseCommandQueue(queue);
    clReleaseContext(context);
    return 0;
}
