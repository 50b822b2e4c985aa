// libtiles tests: the pool of device buffers that arrays released on a view leave to later arrays
// of the same size (engine/memory/buffer_pool.hpp): reuse shown by the counters, results right after
// reuse, initial contents still what was asked, the pool's limit, its freeing on demand, at the
// view's end and where any allocation finds no room, and releases in any order and from threads.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>
#include <thread>
#include <vector>

#include "context/context.hpp"
#include "fixture.hpp"
#include "random_data.hpp"
#include "tiles/interop.hpp"
#include "tiles/tiles.hpp"

namespace {

const char* const scale_source = R"(
__kernel void scale(__global const float* in, __global float* out, float factor) {
    out[get_global_id(0)] = in[get_global_id(0)] * factor;
})";

// What libtiles' buffers hold of the view's device now (pooled ones among them).
std::uint64_t held_on_device(const tiles::accelerator_view& view) { return view.context()->device()->bytes_held; }

// `in` times `factor` into a new array, computed on the device, and read back.
std::vector<float> scaled(const tiles::accelerator_view& view, const tiles::array<float, 1>& in, float factor) {
    tiles::array<float, 1> out(in.extent, view);
    tiles::parallel_for_each(view, in.extent, tiles::kernel(scale_source, "scale"), in, out, factor);
    return std::vector<float>(out);
}

std::vector<float> times(std::vector<float> values, float factor) {
    for (float& v : values) v *= factor;
    return values;
}

// Leaves in `view`'s pool released arrays that hold all the memory libtiles has left on its device,
// to within a float; false, with a warning, where that memory is too large to fill here.
bool pool_fills_device(const tiles::accelerator_view& view) {
    const tiles::accelerator device = view.get_accelerator();
    const std::uint64_t largest = std::min<std::uint64_t>(device.max_allocation() / sizeof(float), 1u << 30);
    const std::uint64_t left = (device.dedicated_memory() - held_on_device(view)) / sizeof(float);
    if (left / largest > 16) {
        WARN("this device's memory holds " << left / largest << " of its largest arrays; not exhausted here");
        return false;
    }
    view.set_pool_limit(device.dedicated_memory());
    std::vector<tiles::array<float, 1>> held;
    for (std::uint64_t unfilled = left; unfilled > 0; unfilled -= std::min(unfilled, largest))
        held.emplace_back(tiles::extent<1>(int(std::min(unfilled, largest))), view);
    return true;
}

} // namespace

TEST_CASE_METHOD(fresh_view, "an array released on a view leaves its buffer to the next of its size", "[pool]") {
    const std::vector<float> values = random_floats(1000, 1);
    const tiles::array<float, 1> in(tiles::extent<1>(1000), values, view);
    CHECK(scaled(view, in, 2.0f) == times(values, 2.0f)); // its result's buffer goes back to the pool
    CHECK(view.pooled_bytes() == 1000 * sizeof(float));
    CHECK(view.counters().buffers_allocated == 2);
    CHECK(view.counters().buffers_reused == 0);
    for (int round = 3; round < 6; ++round) CHECK(scaled(view, in, float(round)) == times(values, float(round)));
    CHECK(view.counters().buffers_allocated == 2); // each result took the one before's buffer
    CHECK(view.counters().buffers_reused == 3);
    // A buffer of another size is made anew; the pooled one waits.
    const tiles::array<float, 1> other(tiles::extent<1>(999), view);
    CHECK(view.counters().buffers_allocated == 3);
    CHECK(view.pooled_bytes() == 1000 * sizeof(float));
}

TEST_CASE_METHOD(fresh_view, "a reused buffer holds the initial data it is given, not the old data", "[pool]") {
    const std::vector<float> old = random_floats(4096, 2);
    { const tiles::array<float, 1> dirty(tiles::extent<1>(4096), old, view); }
    const std::vector<float> zeros(4096, 0.0f);
    const tiles::array<float, 1> fresh(tiles::extent<1>(4096), zeros, view);
    CHECK(view.counters().buffers_reused == 1);
    CHECK(std::vector<float>(fresh) == zeros);
}

TEST_CASE_METHOD(fresh_view, "the pool frees on demand, beyond its limit, and at the view's end", "[pool]") {
    const std::uint64_t before = held_on_device(view);
    CHECK(view.pool_limit() == view.context()->device()->global_mem_size / 4);
    { const tiles::array<float, 1> a(tiles::extent<1>(256), view), b(tiles::extent<1>(512), view); }
    CHECK(view.pooled_bytes() == 768 * sizeof(float));
    CHECK(held_on_device(view) == before + 768 * sizeof(float)); // the pool's memory is still counted
    view.free_pool();
    CHECK(view.pooled_bytes() == 0);
    CHECK(held_on_device(view) == before);

    // A limit below what is kept frees the buffers released longest ago.
    { const tiles::array<float, 1> a(tiles::extent<1>(256), view), b(tiles::extent<1>(512), view); } // b goes first
    view.set_pool_limit(600 * sizeof(float));
    CHECK(view.pooled_bytes() == 256 * sizeof(float));
    view.set_pool_limit(0); // off
    CHECK(view.pooled_bytes() == 0);
    { const tiles::array<float, 1> a(tiles::extent<1>(256), view); }
    CHECK(view.pooled_bytes() == 0);
    CHECK(held_on_device(view) == before);

    {
        const tiles::accelerator_view other = tiles::accelerator().create_view();
        { const tiles::array<float, 1> a(tiles::extent<1>(1000), other); }
        CHECK(other.pooled_bytes() == 1000 * sizeof(float));
        CHECK(held_on_device(view) == before + 1000 * sizeof(float));
    }
    CHECK(held_on_device(view) == before); // the view is gone, and its pool with it
}

TEST_CASE_METHOD(fresh_view, "buffers released in any order are reused by size, with right results", "[pool]") {
    const std::vector<int> sizes = {100, 300, 200, 300, 100};
    std::vector<std::size_t> order = {0, 1, 2, 3, 4};
    do {
        std::vector<std::unique_ptr<tiles::array<float, 1>>> arrays;
        for (std::size_t i = 0; i < sizes.size(); ++i)
            arrays.push_back(std::make_unique<tiles::array<float, 1>>(
                tiles::extent<1>(sizes[i]), random_floats(std::size_t(sizes[i]), unsigned(i)), view));
        for (std::size_t i : order) arrays[i].reset();
        // The next arrays of those sizes take the released buffers, and compute right.
        const std::uint64_t reused = view.counters().buffers_reused;
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            const std::vector<float> values = random_floats(std::size_t(sizes[i]), unsigned(10 + i));
            arrays[i] = std::make_unique<tiles::array<float, 1>>(tiles::extent<1>(sizes[i]), values, view);
            CHECK(scaled(view, *arrays[i], 3.0f) == times(values, 3.0f));
        }
        CHECK(view.counters().buffers_reused >= reused + sizes.size());
    } while (std::next_permutation(order.begin(), order.end()));
}

TEST_CASE_METHOD(fresh_view, "buffers handed out or adopted never enter the pool", "[pool]") {
    // The caller may still use a buffer it was given on a queue of its own after the array goes.
    {
        const tiles::array<float, 1> a(tiles::extent<1>(100), view);
        (void)tiles::interop::get_buffer(a);
    }
    CHECK(view.pooled_bytes() == 0);
    // A caller's buffer is the caller's.
    cl_int status = CL_SUCCESS;
    cl::Buffer own(view.context()->opencl_context(), CL_MEM_READ_WRITE, 100 * sizeof(float), nullptr, &status);
    REQUIRE(status == CL_SUCCESS);
    { const auto a = tiles::interop::make_array<float, 1>(view, own(), tiles::extent<1>(100)); }
    CHECK(view.pooled_bytes() == 0);
    CHECK(view.counters().buffers_allocated == 1);
}

TEST_CASE_METHOD(fresh_view, "the pools of a device are freed where an allocation finds no room", "[pool][memory]") {
    // Arrays of the largest allocation, as many as the device's memory holds, released into one
    // view's pool; then as many a little smaller on another view: without the freeing, the pool's
    // memory would leave no room for them.
    const tiles::accelerator device = view.get_accelerator();
    const int elements = int(std::min<std::uint64_t>(device.max_allocation() / sizeof(float), 1u << 30));
    const std::uint64_t fitting = device.dedicated_memory() / (std::uint64_t(elements) * sizeof(float));
    if (fitting > 16) {
        WARN("this device's memory holds " << fitting << " of its largest arrays; not exhausted here");
        return;
    }
    view.set_pool_limit(device.dedicated_memory());
    {
        std::vector<tiles::array<float, 1>> held;
        for (std::uint64_t i = 0; i < fitting; ++i) held.emplace_back(tiles::extent<1>(elements), view);
    }
    CHECK(view.pooled_bytes() == fitting * std::uint64_t(elements) * sizeof(float));
    const tiles::accelerator_view other = device.create_view();
    std::vector<tiles::array<float, 1>> smaller;
    for (std::uint64_t i = 0; i < fitting; ++i) smaller.emplace_back(tiles::extent<1>(elements - 1), other);
    CHECK(view.pooled_bytes() == 0);
}

TEST_CASE_METHOD(fresh_view, "a reduction's scratch buffer finds room once the device's pools are freed",
                 "[pool][memory]") {
    // Its data made first, on another view; then the pool takes the rest of the device's memory, so
    // the reduction's few bytes of scratch fit only where the allocation frees the pools.
    const tiles::accelerator_view other = view.get_accelerator().create_view();
    const std::vector<int> values = random_ints(1000, 5, -100, 100);
    const tiles::array<int, 1> data(tiles::extent<1>(1000), values, other);
    if (!pool_fills_device(view)) return;
    CHECK(view.pooled_bytes() > 0);
    CHECK(tiles::reduce(other, data, tiles::reduction_op::sum) == std::accumulate(values.begin(), values.end(), 0));
    CHECK(view.pooled_bytes() == 0);
}

TEST_CASE_METHOD(fresh_view, "threads releasing and taking buffers of one view compute right", "[pool][threads]") {
    std::vector<std::thread> threads;
    std::vector<int> wrong(4, 0);
    for (std::size_t t = 0; t < wrong.size(); ++t)
        threads.emplace_back([&, t] {
            for (int round = 0; round < 20; ++round) {
                const std::size_t n = 512 + 64 * std::size_t(round % 3); // sizes the threads share
                const std::vector<float> values = random_floats(n, unsigned(100 * t + std::size_t(round)));
                const tiles::array<float, 1> in(tiles::extent<1>(int(n)), values, view);
                wrong[t] += scaled(view, in, float(t + 1)) != times(values, float(t + 1));
            }
        });
    for (std::thread& t : threads) t.join();
    CHECK(wrong == std::vector<int>(4, 0));
    CHECK(view.counters().buffers_reused > 0);
}
