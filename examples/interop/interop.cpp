// An existing OpenCL pipeline, written with OpenCL-CLHPP, that drops a libtiles tiled kernel in
// between two kernels of its own: same context, same queue, same buffer, its own events, and
// no transfer to or from the host by libtiles (its counters say so).
#include <iostream>
#include <numeric>
#include <vector>

#include "tiles/interop_clhpp.hpp"

namespace {

// The pipeline's own kernels: plain OpenCL C, built by the pipeline.
const char* const pipeline_source = R"(
__kernel void ramp(__global float* data) { data[get_global_id(0)] = get_global_id(0); }
__kernel void add_one(__global float* data) { data[get_global_id(0)] += 1.0f; }
)";

// The libtiles kernel: every element replaced by its tile's average (the seed's tile average,
// in a 1-D form), through tile_static memory.
const char* const tile_average_source = R"(
__kernel void tile_average(__global float* data) {
    tiled_index t = get_tiled_index();
    tile_static float values[TILE_DIM0];
    values[t.local_id[0]] = data[t.global_id[0]];
    tile_barrier_wait();
    float sum = 0;
    for (int i = 0; i < TILE_DIM0; ++i) sum += values[i];
    data[t.global_id[0]] = sum / TILE_DIM0;
}
)";

} // namespace

int main() {
    try {
        // The pipeline's own OpenCL objects.
        const tiles::accelerator device;
        const cl::Device cl_device = tiles::interop::get_cl_device(device);
        cl::Context context(cl_device);
        cl::CommandQueue queue(context, cl_device);
        const int n = 16;
        cl::Buffer buffer(context, CL_MEM_READ_WRITE, n * sizeof(float));
        cl::Program program(context, pipeline_source, true);
        cl::KernelFunctor<cl::Buffer> ramp(program, "ramp"), add_one(program, "add_one");

        // 1. The pipeline's kernel.
        cl::Event ramped = ramp(cl::EnqueueArgs(queue, cl::NDRange(n)), buffer);

        // 2. libtiles on the same queue and buffer, after the pipeline's event.
        const tiles::accelerator_view view = tiles::interop::make_view(context, queue);
        tiles::array<float, 1> data = tiles::interop::make_array<float, 1>(view, buffer, tiles::extent<1>(n));
        cl::Event averaged = tiles::interop::parallel_for_each(
            view, data.extent.tile<4>(), tiles::kernel(tile_average_source, "tile_average"), {ramped}, data);

        // 3. The pipeline's kernel again, after libtiles' event.
        add_one(cl::EnqueueArgs(queue, std::vector<cl::Event>{averaged}, cl::NDRange(n)), buffer);
        std::vector<float> result(n);
        queue.enqueueReadBuffer(buffer, CL_TRUE, 0, n * sizeof(float), result.data());

        std::cout << "Running on " << device.name() << "\n\n"
                  << "ramp 0..15, then libtiles' average over tiles of 4, then + 1:\n";
        for (float value : result) std::cout << value << " ";
        const tiles::transfer_counters c = view.counters();
        std::cout << "\n\nlibtiles on the pipeline's queue: " << c.launches << " launch, " << c.uploads << " uploads, "
                  << c.downloads << " downloads (" << c.bytes_uploaded + c.bytes_downloaded << " bytes to or from "
                  << "the host)\n";
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "interop: " << e.what() << "\n";
        return 1;
    }
}
