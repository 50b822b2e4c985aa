// The prelude: barriers with each of AMP's fences, fences alone, and AMP's atomic functions on
// int and unsigned in global and tile_static memory, against results computed on the CPU.
#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "fixture.hpp"

namespace {

// A tile-wide sum through tile_static memory; BARRIER is each of the four barrier forms.
const char* const tile_sum_source = R"(
__kernel void tile_sum(__global const int* in, __global int* sums) {
    tiled_index t = get_tiled_index();
    tile_static int values[TILE_DIM0];
    values[t.local_id[0]] = in[t.global_id[0]];
    BARRIER();
    for (int stride = TILE_DIM0 / 2; stride > 0; stride /= 2) {
        if (t.local_id[0] < stride) values[t.local_id[0]] += values[t.local_id[0] + stride];
        BARRIER();
    }
    if (t.local_id[0] == 0) sums[t.tile[0]] = values[0];
})";

std::vector<int> random_ints(std::size_t n, int low, int high, unsigned seed) {
    std::mt19937 gen(seed);
    std::uniform_int_distribution<int> dist(low, high);
    std::vector<int> v(n);
    for (auto& x : v) x = dist(gen);
    return v;
}

} // namespace

TEST_CASE_METHOD(fresh_view, "every barrier form synchronizes a tile_static reduction", "[prelude]") {
    const std::vector<int> in = random_ints(1024, -1000, 1000, 1);
    std::vector<int> expected(16);
    for (int t = 0; t < 16; ++t) expected[t] = std::accumulate(in.begin() + 64 * t, in.begin() + 64 * (t + 1), 0);
    for (const char* barrier : {"tile_barrier_wait", "tile_barrier_wait_with_all_memory_fence",
                                "tile_barrier_wait_with_tile_static_memory_fence"}) {
        INFO(barrier);
        std::vector<int> sums(16, 0);
        tiles::array_view<const int, 1> input(1024, in);
        tiles::array_view<int, 1> output(16, sums);
        tiles::parallel_for_each(view, input.extent.tile<64>(),
                                 tiles::kernel(tile_sum_source, "tile_sum", std::string("-DBARRIER=") + barrier), input,
                                 output);
        output.synchronize();
        CHECK(sums == expected);
    }
}

TEST_CASE_METHOD(fresh_view, "a global-memory barrier orders global writes within a tile", "[prelude]") {
    // Each work-item writes its value, and after the barrier reads its neighbour's global write.
    const char* source = R"(
__kernel void neighbours(__global int* data, __global int* out) {
    tiled_index t = get_tiled_index();
    data[t.global_id[0]] = t.global_id[0] * 3;
    tile_barrier_wait_with_global_memory_fence();
    const int neighbour = t.tile_origin[0] + (t.local_id[0] + 1) % TILE_DIM0;
    out[t.global_id[0]] = data[neighbour];
})";
    std::vector<int> data(256, 0), out(256, -1);
    tiles::array_view<int, 1> d(256, data), o(256, out);
    tiles::parallel_for_each(view, d.extent.tile<32>(), tiles::kernel(source, "neighbours"), d, o);
    for (int i = 0; i < 256; ++i) CHECK(o(i) == 3 * ((i / 32) * 32 + (i % 32 + 1) % 32));
}

TEST_CASE_METHOD(fresh_view, "fences without a barrier compile for both kinds of memory", "[prelude]") {
    const char* source = R"(
__kernel void fenced(__global int* out) {
    tiled_index t = get_tiled_index();
    tile_static int scratch[TILE_DIM0];
    scratch[t.local_id[0]] = t.global_id[0];
    tile_static_memory_fence();
    out[t.global_id[0]] = scratch[t.local_id[0]];
    global_memory_fence();
    all_memory_fence();
})";
    std::vector<int> out(64, -1);
    tiles::array_view<int, 1> o(64, out);
    tiles::parallel_for_each(view, o.extent.tile<16>(), tiles::kernel(source, "fenced"), o);
    for (int i = 0; i < 64; ++i) CHECK(o(i) == i);
}

TEST_CASE_METHOD(fresh_view, "AMP's atomic functions on global memory", "[prelude][atomics]") {
    // Every work-item applies each operation once to one shared location per operation.
    const char* source = R"(
__kernel void atomics(__global const int* in, __global int* ints, __global uint* uints, __global int* old_sum) {
    thread_index i = get_thread_index();
    const int v = in[i.global_id[0]];
    old_sum[i.global_id[0]] = atomic_fetch_add(&ints[0], v);
    atomic_fetch_sub(&ints[1], v);
    atomic_fetch_max(&ints[2], v);
    atomic_fetch_min(&ints[3], v);
    atomic_fetch_and(&uints[0], (uint)v);
    atomic_fetch_or(&uints[1], (uint)v);
    atomic_fetch_xor(&uints[2], (uint)v);
    atomic_fetch_inc(&uints[3]);
    atomic_fetch_dec(&uints[4]);
    atomic_exchange(&ints[4], 7);
    int expected = ints[5];
    while (!atomic_compare_exchange(&ints[5], &expected, expected + 2)) {}
})";
    const std::vector<int> in = random_ints(500, 1, 1 << 20, 2);
    std::vector<int> ints = {0, 0, INT32_MIN, INT32_MAX, 0, 0};
    std::vector<unsigned> uints = {0xffffffffu, 0, 0, 0, 1000};
    std::vector<int> old_sum(500);
    {
        tiles::array_view<const int, 1> input(500, in);
        tiles::array_view<int, 1> i(6, ints), olds(500, old_sum);
        tiles::array_view<unsigned, 1> u(5, uints);
        tiles::parallel_for_each(view, input.extent, tiles::kernel(source, "atomics"), input, i, u, olds);
    }
    const long long sum = std::accumulate(in.begin(), in.end(), 0LL);
    unsigned all_and = 0xffffffffu, all_or = 0, all_xor = 0;
    for (int v : in) all_and &= unsigned(v), all_or |= unsigned(v), all_xor ^= unsigned(v);
    CHECK(ints[0] == sum);
    CHECK(ints[1] == -sum);
    CHECK(ints[2] == *std::max_element(in.begin(), in.end()));
    CHECK(ints[3] == *std::min_element(in.begin(), in.end()));
    CHECK(ints[4] == 7);
    CHECK(ints[5] == 2 * 500); // every compare-exchange loop succeeded exactly once
    CHECK(uints[0] == all_and);
    CHECK(uints[1] == all_or);
    CHECK(uints[2] == all_xor);
    CHECK(uints[3] == 500);
    CHECK(uints[4] == 500);
    // atomic_fetch_add returns the value before: the old values are distinct partial sums from 0.
    std::vector<long long> olds(old_sum.begin(), old_sum.end());
    std::sort(olds.begin(), olds.end());
    CHECK(olds.front() == 0);
    CHECK(std::adjacent_find(olds.begin(), olds.end()) == olds.end());
}

TEST_CASE_METHOD(fresh_view, "AMP's atomic functions on tile_static memory", "[prelude][atomics]") {
    // A per-tile histogram of values 0..7 in tile_static memory, int and unsigned.
    const char* source = R"(
__kernel void histogram(__global const int* in, __global int* counts, __global uint* ucounts) {
    tiled_index t = get_tiled_index();
    tile_static int bins[8];
    tile_static uint ubins[8];
    if (t.local_id[0] < 8) { bins[t.local_id[0]] = 0; ubins[t.local_id[0]] = 0; }
    tile_barrier_wait();
    atomic_fetch_add(&bins[in[t.global_id[0]]], 1);
    atomic_fetch_inc(&ubins[in[t.global_id[0]]]);
    tile_barrier_wait();
    if (t.local_id[0] < 8) {
        int expected = 0;
        atomic_compare_exchange(&bins[t.local_id[0]], &expected, -1);  // empty bins become -1
        counts[t.tile[0] * 8 + t.local_id[0]] = bins[t.local_id[0]];
        ucounts[t.tile[0] * 8 + t.local_id[0]] = ubins[t.local_id[0]];
    }
})";
    const std::vector<int> in = random_ints(4 * 32, 0, 6, 3); // 7 never occurs
    std::vector<int> counts(32), expected(32, 0);
    std::vector<unsigned> ucounts(32);
    for (int i = 0; i < 128; ++i) expected[(i / 32) * 8 + in[i]]++;
    tiles::array_view<const int, 1> input(128, in);
    tiles::array_view<int, 1> c(32, counts);
    tiles::array_view<unsigned, 1> u(32, ucounts);
    tiles::parallel_for_each(view, input.extent.tile<32>(), tiles::kernel(source, "histogram"), input, c, u);
    c.synchronize();
    u.synchronize();
    for (int b = 0; b < 32; ++b) {
        CHECK(ucounts[b] == unsigned(expected[b]));
        CHECK(counts[b] == (expected[b] == 0 ? -1 : expected[b]));
    }
}
