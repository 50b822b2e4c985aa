// Tiles of up to the device's CL_DEVICE_MAX_WORK_GROUP_SIZE threads, beyond the
// CL_KERNEL_WORK_GROUP_SIZE a driver reports for a kernel where the driver runs them (NVIDIA's
// report 256 for every kernel and run 1024), and a clear refusal where the driver does not.
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "fixture.hpp"

namespace {

// Each tile's sum, by a tree in tile_static memory, for any tile size.
const char* tile_sums_source = R"(
__kernel void tile_sums(__global const int* values, __global int* sums) {
    tiled_index t = get_tiled_index();
    tile_static int partial[TILE_DIM0];
    const int i = t.local_id[0];
    partial[i] = values[t.global_id[0]];
    tile_barrier_wait_with_tile_static_memory_fence();
    for (int stride = TILE_DIM0 / 2; stride > 0; stride >>= 1) {
        if (i < stride) partial[i] += partial[i + stride];
        tile_barrier_wait_with_tile_static_memory_fence();
    }
    if (i == 0) sums[t.tile[0]] = partial[0];
})";

// A kernel that keeps 200 floats per thread in registers: NVIDIA's H100 and H200 give it about
// 226 registers, which fit 256 threads in a block's 65,536 and not 1024.
std::string register_hungry_source() {
    return R"(
__kernel void hungry(__global const float* a, __global float* out) {
    float r[200];
    const size_t g = get_global_id(0);
    #pragma unroll
    for (int i = 0; i < 200; i++) r[i] = a[(g * 7 + i * 131) % get_global_size(0)] * (i + 1);
    float s = 0;
    #pragma unroll
    for (int j = 0; j < 8; j++) {
        #pragma unroll
        for (int i = 0; i < 200; i++) s += r[i] * r[(i + j * 5) % 200];
    }
    tile_barrier_wait_with_global_memory_fence();
    out[g] = s;
})";
}

} // namespace

TEST_CASE_METHOD(fresh_view, "tiles of 256, 512 and 1024 threads sum right where the device allows them", "[tiles]") {
    const int max_tile = int(view.get_accelerator().max_tile_size());
    const tiles::kernel tile_sums(tile_sums_source, "tile_sums");
    std::mt19937 engine(11);
    std::uniform_int_distribution<int> draw(-1000, 1000);
    for (int tile : {256, 512, 1024}) {
        if (tile > max_tile) continue;
        INFO("tile " << tile);
        const int count = tile * 12;
        std::vector<int> values(count), sums(12, -1);
        for (int& v : values) v = draw(engine);
        tiles::array_view<const int, 1> in(count, values);
        tiles::array_view<int, 1> out(12, sums);
        tiles::parallel_for_each(view, in.extent.tile(tile), tile_sums, in, out);
        out.synchronize();
        for (int t = 0; t < 12; ++t)
            CHECK(sums[t] == std::accumulate(values.begin() + t * tile, values.begin() + (t + 1) * tile, 0));
    }
}

TEST_CASE_METHOD(fresh_view, "a tile the kernel's registers cannot fill runs right, or is refused with the numbers",
                 "[tiles]") {
    const int tile = std::min(1024, int(view.get_accelerator().max_tile_size()));
    const int count = tile * 4;
    const std::vector<float> ones(count, 1.0f);
    std::vector<float> values(count, 0.0f);
    tiles::array_view<const float, 1> in(count, ones);
    tiles::array_view<float, 1> v(count, values);
    const tiles::kernel hungry(register_hungry_source(), "hungry");
    // Every input is 1: each thread's r[i] is i + 1, s = sum over j, i of (i + 1) * ((i + 5j) % 200 + 1).
    float expected = 0;
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < 200; i++) expected += float(i + 1) * float((i + j * 5) % 200 + 1);
    try {
        tiles::parallel_for_each(view, v.extent.tile(tile), hungry, in, v);
    } catch (const tiles::invalid_compute_domain& e) {
        const std::string message = e.what();
        INFO(message);
        CHECK(message.find("a tile of " + std::to_string(tile) + " threads") != std::string::npos);
        CHECK(message.find("its driver refused the launch") != std::string::npos);
        CHECK(message.find("kernel 'hungry'") != std::string::npos);
        v.synchronize();
        CHECK(values == std::vector<float>(count, 0.0f)); // nothing ran
        // The kernel runs in the tiles the driver promises.
        tiles::parallel_for_each(view, v.extent.tile(std::min(tile, 256)), hungry, in, v);
    }
    v.synchronize();
    for (int i = 0; i < count; ++i) CHECK(values[i] == Approx(expected).epsilon(1e-5));
}
