// Halo rows device to device (split_matrix::exchange_halo through the CUDA backend's
// cuMemcpyPeerAsync), on a machine without NVIDIA's driver: two PoCL devices (POCL_DEVICES="pthread
// pthread") said to be libcuda's first GPU (test_cuda_memory.cpp), whose bands of 2 MiB and more are
// the stand-in libcuda's real memory (STAND_IN_REAL_MEMORY), which its cuMemcpyPeerAsync copies.
// The stencil on the split array must equal one view's bit for bit, with and without peer copies;
// a copy with a buffer of OpenCL's own is refused, and one past a buffer's end is an error.
#include <dlfcn.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include "context/context.hpp"
#include "cuda/cuda_launch.hpp"
#include "cuda/peer_copies.hpp"
#include "fixture.hpp"
#include "libcuda_stand_in.hpp"
#include "memory/buffer_in_place.hpp"
#include "random_data.hpp"
#include "tiles/split.hpp"
#include "tiles/tiles.hpp"

namespace {

// A view of each of the first `count` devices of the default device's kind.
std::vector<tiles::accelerator_view> views_of_devices(std::size_t count) {
    std::vector<tiles::accelerator_view> views;
    for (const tiles::accelerator& a : tiles::accelerator::get_all())
        if (a.name() == tiles::accelerator().name() && views.size() < count) views.push_back(a.create_view());
    return views;
}

struct stencil_run {
    std::vector<float> result;
    std::uint64_t bytes_downloaded = 0; // by the views during the iterations
};

// `iterations` of the stencil with `mask` on `input` split over `views` with a halo of 2 rows.
stencil_run iterated(const std::vector<tiles::accelerator_view>& views, const tiles::array_view<const float, 2>& input,
                     const tiles::array_view<const float, 2>& mask, int iterations) {
    tiles::split_array<float> grid(views, input.get_extent(), 2);
    grid.scatter(input);
    for (const tiles::accelerator_view& v : views) v.reset_counters();
    tiles::stencil(grid, mask, iterations);
    stencil_run run;
    for (const tiles::accelerator_view& v : views) run.bytes_downloaded += v.counters().bytes_downloaded;
    run.result.assign(input.get_extent().size(), -1.0f);
    grid.gather(tiles::array_view<float, 2>(input.get_extent(), run.result));
    return run;
}

// The device buffer, in place, of a new storage of `floats` on the view's context.
struct placed_buffer {
    std::shared_ptr<tiles::engine::storage> storage;
    cl_mem buffer;
};
placed_buffer placed(const tiles::accelerator_view& view, int floats) {
    using namespace tiles::engine;
    placed_buffer p{storage_on_device(tiles::element_layout::of<float>(), dims_of(1, &floats), view.context()),
                    nullptr};
    p.buffer = device_buffer_in_place(*p.storage, view.context(), host_access::read_write);
    return p;
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

} // namespace

TEST_CASE("halo rows in memory libcuda allocates move device to device; the stencil equals one view's",
          "[libcuda-peer]") {
    const std::vector<tiles::accelerator_view> two = views_of_devices(2);
    REQUIRE(two.size() == 2);
    REQUIRE(tiles::cuda::cuda_launch_missing(*two[1].context()).empty());
    // Bands of 515 rows of 1024 floats and their halos: over 2 MiB each, so memory libcuda allocates.
    const tiles::extent<2> shape(1030, 1024);
    const std::vector<float> values = random_floats(shape.size(), 21);
    const std::vector<float> weights = random_floats(9, 22, 0.0f, 0.2f);
    const tiles::array_view<const float, 2> input(shape, values), mask(3, 3, weights);
    const int iterations = 7; // exchanges before the first iteration, and before the 3rd, 5th and 7th
    const stencil_run one = iterated(views_of_devices(1), input, mask, iterations);
    const auto peer_copies = stand_in_function<int (*)()>("stand_in_peer_copies");

    const int before = peer_copies();
    const stencil_run peer = iterated(two, input, mask, iterations);
    CHECK(peer_copies() - before == 4 * 2); // each exchange, both ways across the one boundary
    CHECK(peer.bytes_downloaded == 0);      // nothing through the host
    CHECK(same_bits(peer.result, one.result));

    // Forced through pinned host memory, as a benchmark measures it: the same bits.
    REQUIRE(setenv("TILES_PEER_COPIES", "0", 1) == 0);
    const int before_host = peer_copies();
    const stencil_run host = iterated(two, input, mask, iterations);
    unsetenv("TILES_PEER_COPIES");
    CHECK(peer_copies() == before_host);
    // Each exchange, 2 rows each way.
    CHECK(host.bytes_downloaded == 4 * 2 * 2 * std::uint64_t(shape[1]) * sizeof(float));
    CHECK(same_bits(host.result, one.result));
}

TEST_CASE("a copy device to device is refused where a buffer is not memory libcuda allocates, and checked against "
          "both buffers' bytes",
          "[libcuda-peer]") {
    const std::vector<tiles::accelerator_view> two = views_of_devices(2);
    REQUIRE(two.size() == 2);
    constexpr int two_mib_of_floats = 1 << 19;
    const placed_buffer from = placed(two[0], two_mib_of_floats), to = placed(two[1], two_mib_of_floats);
    const placed_buffer small = placed(two[1], 1000); // under 2 MiB: OpenCL's own
    REQUIRE(tiles::cuda::cuda_address_of(from.buffer) != 0);
    REQUIRE(tiles::cuda::cuda_address_of(small.buffer) == 0);
    tiles::engine::context& a = *two[0].context();
    tiles::engine::context& b = *two[1].context();
    const auto peer_copies = stand_in_function<int (*)()>("stand_in_peer_copies");
    const int before = peer_copies();
    CHECK_FALSE(tiles::cuda::copy_in_cuda_memory({a, from.buffer, 0, b, small.buffer, 0, 4000}));
    CHECK_FALSE(tiles::cuda::copy_in_cuda_memory({b, small.buffer, 0, a, from.buffer, 0, 4000}));
    CHECK(peer_copies() == before);
    REQUIRE_THROWS_MENTIONING(tiles::cuda::copy_in_cuda_memory({a, from.buffer, 2097000, b, to.buffer, 0, 1000}),
                              tiles::invalid_argument,
                              "a device-to-device copy of 1000 bytes at byte 2097000 runs past the source buffer's "
                              "2097152 bytes");
    REQUIRE_THROWS_MENTIONING(tiles::cuda::copy_in_cuda_memory({a, from.buffer, 0, b, to.buffer, 2097152, 1}),
                              tiles::invalid_argument, "runs past the destination buffer's 2097152 bytes");
    CHECK(tiles::cuda::copy_in_cuda_memory({a, from.buffer, 0, b, to.buffer, 2097148, 4}));
    CHECK(peer_copies() == before + 1);
}
