// libtiles tests: C++ AMP's staging arrays: on the CPU accelerator, associated with a device's
// view, their elements in pinned host memory that data() gives the host, and copies between them
// and arrays on that view moving each element once, straight between that memory and the device.
#include <numeric>

#include "fixture.hpp"
#include "memory/storage.hpp"
#include "tiles/interop.hpp"

namespace {

const char* const doubling = R"(
__kernel void twice(__global float* v) {
    thread_index idx = get_thread_index();
    v[linear_index(idx.global_id, idx.extent)] *= 2.0f;
}
)";

tiles::accelerator_view cpu_view() {
    return tiles::accelerator(tiles::accelerator::cpu_accelerator).get_default_view();
}

std::vector<float> ramp(std::size_t n, float start = 0.0f) {
    std::vector<float> v(n);
    std::iota(v.begin(), v.end(), start);
    return v;
}

} // namespace

TEST_CASE_METHOD(fresh_view, "a staging array lives on the CPU accelerator, associated with a device's view",
                 "[staging]") {
    const tiles::extent<2> shape(37, 53); // not a multiple of any tile
    const tiles::array<float, 2> staging(shape, cpu_view(), view);
    CHECK(staging.get_accelerator_view() == cpu_view());
    CHECK(staging.get_accelerator_view().get_accelerator().get_device_path() == L"cpu");
    CHECK(staging.get_associated_accelerator_view() == view);
    CHECK(staging.get_associated_accelerator_view() != staging.get_accelerator_view());
    CHECK(staging.get_extent() == shape);
    // An array on a device is associated with its own view, unless made with another (AMP).
    const tiles::array<float, 2> on_device(shape, view);
    CHECK(on_device.get_associated_accelerator_view() == on_device.get_accelerator_view());
    const tiles::accelerator_view other = tiles::accelerator().create_view();
    const tiles::array<float, 2> elsewhere(shape, view, other);
    CHECK(elsewhere.get_accelerator_view() == view);
    CHECK(elsewhere.get_associated_accelerator_view() == other);
    CHECK(view.counters().uploads == 0); // nothing has moved
}

TEST_CASE_METHOD(fresh_view, "a staging array's elements are a buffer its view's driver allocates in host memory",
                 "[staging]") {
    const tiles::extent<2> shape(37, 53);
    const tiles::array<float, 2> staging(shape, cpu_view(), view);
    const tiles::engine::pinned_block* pinned = staging.storage()->pinned();
    REQUIRE(pinned != nullptr);
    cl_mem_flags flags = 0;
    std::size_t size = 0;
    cl_context context = nullptr;
    cl_uint maps = 0;
    REQUIRE(clGetMemObjectInfo(pinned->buffer()(), CL_MEM_FLAGS, sizeof flags, &flags, nullptr) == CL_SUCCESS);
    REQUIRE(clGetMemObjectInfo(pinned->buffer()(), CL_MEM_SIZE, sizeof size, &size, nullptr) == CL_SUCCESS);
    REQUIRE(clGetMemObjectInfo(pinned->buffer()(), CL_MEM_CONTEXT, sizeof context, &context, nullptr) == CL_SUCCESS);
    REQUIRE(clGetMemObjectInfo(pinned->buffer()(), CL_MEM_MAP_COUNT, sizeof maps, &maps, nullptr) == CL_SUCCESS);
    CHECK((flags & CL_MEM_ALLOC_HOST_PTR) != 0); // memory the driver can pin, not the caller's or the device's
    CHECK((flags & CL_MEM_USE_HOST_PTR) == 0);
    CHECK(size == shape.size() * sizeof(float));
    CHECK(context == tiles::interop::get_context(view)); // the associated view's
    CHECK(maps == 1);                                    // mapped once, for the array's life
    CHECK(staging.data() == pinned->data());             // where the host reads and writes its elements
    // An array on a device keeps its host copy in ordinary memory.
    const tiles::array<float, 2> on_device(shape, view);
    CHECK(on_device.storage()->pinned() == nullptr);
}

TEST_CASE_METHOD(fresh_view, "copies between a staging array and an array on its view move each element once",
                 "[staging]") {
    const tiles::extent<2> shape(37, 53);
    const std::size_t n = shape.size(), bytes = n * sizeof(float);
    tiles::array<float, 2> staging(shape, cpu_view(), view);
    float* host = staging.data();
    for (std::size_t i = 0; i < n; ++i) host[i] = float(i) * 0.5f;
    CHECK(staging.data() == host); // the same pinned memory every time
    tiles::array<float, 2> device(shape, view);

    tiles::copy(staging, device); // one upload, straight from the pinned memory
    CHECK(view.counters().uploads == 1);
    CHECK(view.counters().bytes_uploaded == bytes);
    CHECK(view.counters().downloads == 0);
    tiles::parallel_for_each(view, shape, tiles::kernel(doubling, "twice"), device);
    tiles::copy(device, staging); // one download, straight into the pinned memory
    CHECK(view.counters().downloads == 1);
    CHECK(view.counters().bytes_downloaded == bytes);
    CHECK(view.counters().uploads == 1);
    const tiles::array<float, 2>& read_only = staging;
    const float* result = read_only.data();                           // already current: nothing moves
    for (std::size_t i = 0; i < n; ++i) CHECK(result[i] == float(i)); // i * 0.5 doubled
    CHECK(view.counters().downloads == 1);
    CHECK(view.counters().device_copies == 0);

    // Sections: the rows and columns they cover, once each way.
    tiles::array<float, 2> part(tiles::extent<2>(5, 7), view);
    view.reset_counters();
    tiles::copy(staging.section(tiles::index<2>(3, 4), tiles::extent<2>(5, 7)), part);
    CHECK(view.counters().uploads == 1);
    CHECK(view.counters().bytes_uploaded == 5 * 7 * sizeof(float));
    const std::vector<float> copied = part;
    for (int r = 0; r < 5; ++r)
        for (int c = 0; c < 7; ++c) CHECK(copied[std::size_t(r * 7 + c)] == float((3 + r) * 53 + 4 + c));
}

TEST_CASE_METHOD(fresh_view, "a staging array made from host data, launched where it is associated", "[staging]") {
    const int n = 1001;
    const std::vector<float> values = ramp(std::size_t(n), 1.0f);
    tiles::array<float, 1> staging(tiles::extent<1>(n), values.begin(), values.end(), cpu_view(), view);
    CHECK(view.counters().uploads == 0); // the values went into host memory only
    // A launch without a view runs where its first array is meant to be used.
    tiles::parallel_for_each(staging.extent, tiles::kernel(doubling, "twice"), staging);
    CHECK(view.counters().launches == 1);
    CHECK(view.counters().uploads == 1);
    const float* result = staging.data(); // what the launch wrote comes home
    CHECK(view.counters().downloads == 1);
    for (int i = 0; i < n; ++i) CHECK(result[i] == 2.0f * values[std::size_t(i)]);
}

TEST_CASE_METHOD(fresh_view, "asynchronous copies with staging arrays dropped before they complete", "[staging]") {
    const int n = 4099;
    const std::vector<float> values = ramp(std::size_t(n));
    tiles::array<float, 1> device(tiles::extent<1>(n), view);
    tiles::completion_future up;
    {
        tiles::array<float, 1> staging(tiles::extent<1>(n), values.begin(), values.end(), cpu_view(), view);
        up = tiles::copy_async(staging, device);
    } // the staging array goes first: its memory lives until the upload has read it
    up.get();
    CHECK(std::vector<float>(device) == values);

    tiles::array<float, 1> staging(tiles::extent<1>(n), cpu_view(), view);
    tiles::completion_future down;
    {
        tiles::array<float, 1> source(tiles::extent<1>(n), values.begin(), values.end(), view);
        down = tiles::copy_async(source, staging);
    } // the source goes before its download has landed
    const float* landed = static_cast<const tiles::array<float, 1>&>(staging).data(); // waits for it
    for (int i = 0; i < n; ++i) CHECK(landed[i] == values[std::size_t(i)]);
    down.get();
}

TEST_CASE_METHOD(fresh_view, "an array on the CPU accelerator's view alone is a host array, as in C++ AMP",
                 "[staging]") {
    const std::vector<float> values = ramp(19, 2.0f);
    tiles::array<float, 1> host(tiles::extent<1>(19), values.begin(), values.end(), cpu_view());
    CHECK(host.get_accelerator_view() == cpu_view());
    // Its memory is pinned by the default view's driver, for copies to any view.
    CHECK(host.get_associated_accelerator_view() == tiles::accelerator().get_default_view());
    REQUIRE(host.storage()->pinned() != nullptr);
    CHECK(host.data() == host.storage()->pinned()->data());
    tiles::array<float, 1> device(tiles::extent<1>(19), view);
    tiles::copy(host, device);
    tiles::parallel_for_each(view, device.extent, tiles::kernel(doubling, "twice"), device);
    tiles::copy(device, host);
    for (int i = 0; i < 19; ++i) CHECK(host[i] == 2.0f * values[std::size_t(i)]);
}

TEST_CASE_METHOD(fresh_view, "staging arrays refuse what AMP refuses", "[staging][refusal]") {
    REQUIRE_THROWS_MENTIONING((tiles::array<float, 1>(tiles::extent<1>(8), cpu_view(), cpu_view())),
                              tiles::invalid_argument, "associated with the accelerator view of an OpenCL device");
    REQUIRE_THROWS_MENTIONING((tiles::array<float, 1>(tiles::extent<1>(0), cpu_view(), view)), tiles::invalid_argument,
                              "extent");
    const tiles::accelerator device = view.get_accelerator();
    const int rows = int(device.max_allocation() / 4096 + 1); // one row of 1024 floats more than one allocation
    REQUIRE_THROWS_MENTIONING((tiles::array<float, 2>(tiles::extent<2>(rows, 1024), cpu_view(), view)),
                              tiles::out_of_memory, "staging array", "largest allocation");
}

TEST_CASE("a staging array associated with a checked view", "[staging][checked]") {
    const tiles::accelerator_view checked = tiles::create_checked_view(true);
    const int n = 19;
    const std::vector<float> values = ramp(std::size_t(n), 3.0f);
    tiles::array<float, 1> staging(tiles::extent<1>(n), values.begin(), values.end(), cpu_view(), checked);
    tiles::array<float, 1> device(tiles::extent<1>(n), checked);
    tiles::copy(staging, device);
    tiles::parallel_for_each(checked, device.extent, tiles::kernel(doubling, "twice"), device);
    tiles::copy(device, staging);
    const float* result = staging.data();
    for (int i = 0; i < n; ++i) CHECK(result[i] == 2.0f * values[std::size_t(i)]);
    CHECK(tiles::get_check_report(checked).diagnostics.empty());
}
