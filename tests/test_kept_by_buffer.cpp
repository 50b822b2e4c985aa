// libtiles tests: what the layers above keep by a device buffer (gemm: an operand's tensor maps
// and the matrices made from it; engine/memory/kept_by_buffer.hpp) goes with what it was made for:
// what was made from the buffer's data when the buffer goes back to its pool, its own buffers into
// the pool beside it and freed with the device's pools; anything when OpenCL destroys the buffer,
// set aside by OpenCL's callback and released at the next allocation. Counted by what libtiles
// holds of the device and what its pool keeps.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <utility>

#include "context/context.hpp"
#include "fixture.hpp"
#include "memory/buffer_in_place.hpp"
#include "memory/buffer_pool.hpp"
#include "memory/kept_by_buffer.hpp"
#include "tiles/tiles.hpp"

namespace {

using tiles::engine::storage;

// What libtiles' buffers hold of the view's device now (pooled ones among them).
std::uint64_t held_on_device(const tiles::accelerator_view& view) { return view.context()->device()->bytes_held; }

// A new storage of `floats` floats on the view's context, and its device buffer, made now.
std::pair<std::shared_ptr<storage>, cl_mem> on_device(const tiles::accelerator_view& view, int floats) {
    std::shared_ptr<storage> made = tiles::engine::storage_on_device(
        tiles::element_layout::of<float>(), tiles::engine::dims_of(1, &floats), view.context());
    const cl_mem buffer =
        tiles::engine::device_buffer_in_place(*made, view.context(), tiles::engine::host_access::read);
    return {std::move(made), buffer};
}

const std::string key = "made for the test's data";

// Whether `kept`, kept by a buffer OpenCL has destroyed, is released at an allocation: the next
// after OpenCL's destructor callback, which a driver may call later than the buffer's release
// (NVIDIA's does). Each try allocates a buffer of a size the pool holds none of; given up after
// some 10 seconds.
template <class T> bool released_at_an_allocation(const tiles::accelerator_view& view, const std::weak_ptr<T>& kept) {
    for (int tries = 0; tries < 1000; ++tries) {
        on_device(view, 10 + tries);
        if (kept.expired()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

} // namespace

TEST_CASE_METHOD(fresh_view,
                 "what is kept by an array's buffer for its data goes back to the pool with the buffer, and what "
                 "describes the buffer stays until OpenCL destroys it",
                 "[pool][kept]") {
    using tiles::engine::kept_for;
    // What earlier tests of this process left to the device's pools, or kept by buffers whose
    // destructor callbacks came late, goes first, so that what is held after this test's own is
    // freed is what was held before it.
    tiles::engine::free_device_pools(*view.context()->device());
    tiles::engine::release_dropped_kept();
    const std::uint64_t before = held_on_device(view);
    auto [data, buffer] = on_device(view, 1000);
    // Made from the data, as gemm makes a matrix from an operand: three times the data's bytes.
    std::weak_ptr<storage> made;
    {
        const std::shared_ptr<storage> kept = on_device(view, 3000).first;
        made = kept;
        tiles::engine::keep_by(buffer, key, kept, kept_for::data);
    }
    // Of the buffer whatever data it holds, as gemm's tensor map over an operand's own buffer.
    const std::string described_key = "a description of the test's buffer";
    std::weak_ptr<int> described;
    {
        const auto kept = std::make_shared<int>(7);
        described = kept;
        tiles::engine::keep_by(buffer, described_key, kept, kept_for::buffer);
    }
    CHECK(tiles::engine::kept_by(buffer, key) == made.lock());
    CHECK(tiles::engine::kept_by(buffer, "another key") == nullptr);
    CHECK(view.pooled_bytes() == 0);
    // The data goes: what was made from it goes at once, its buffer into the pool beside the data's.
    data.reset();
    CHECK(made.expired());
    CHECK(view.pooled_bytes() == 4000 * sizeof(float));
    CHECK_FALSE(described.expired());
    // The next data of that size takes the buffer again, with nothing kept for the data it held.
    const std::uint64_t reused = view.counters().buffers_reused;
    auto [next, next_buffer] = on_device(view, 1000);
    CHECK(view.counters().buffers_reused == reused + 1);
    CHECK(next_buffer == buffer);
    CHECK(tiles::engine::kept_by(next_buffer, key) == nullptr);
    CHECK(tiles::engine::kept_by(next_buffer, described_key) == described.lock());
    next.reset();
    // Where an allocation finds no room, the device's pools are freed: all of it goes, what
    // describes the buffer once the next allocation releases what OpenCL's callback set aside.
    tiles::engine::free_device_pools(*view.context()->device());
    CHECK(view.pooled_bytes() == 0);
    CHECK(held_on_device(view) == before);
    CHECK_FALSE(described.expired());
    CHECK(released_at_an_allocation(view, described));
}

TEST_CASE_METHOD(fresh_view,
                 "what is kept by a caller's own buffer goes once OpenCL destroys it, released at the next allocation",
                 "[pool][kept]") {
    cl_int status = CL_SUCCESS;
    const cl_mem own =
        clCreateBuffer(view.context()->opencl_context()(), CL_MEM_READ_WRITE, 1000 * sizeof(float), nullptr, &status);
    REQUIRE(status == CL_SUCCESS);
    std::weak_ptr<storage> made;
    {
        const std::shared_ptr<storage> kept = on_device(view, 3000).first;
        made = kept;
        tiles::engine::keep_by(own, key, kept, tiles::engine::kept_for::data);
    }
    REQUIRE(clReleaseMemObject(own) == CL_SUCCESS); // nothing uses it: destroyed
    // OpenCL's callback, where no OpenCL object may be released, only sets it aside.
    CHECK_FALSE(made.expired());
    CHECK(released_at_an_allocation(view, made));
}
