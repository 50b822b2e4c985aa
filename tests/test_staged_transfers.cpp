// libtiles tests: staged transfers, on PoCL with the device's staging threshold forced down (its own
// table stages nothing on CPUs): copies between host memory and a device of the threshold or more
// move in chunks through the view's pinned buffers, by one thread or several, for whole views,
// sections and rectangles of arrays, in one, two and three dimensions, of elements of 1 to 8
// bytes and sizes that are multiples of nothing; what launches wrote comes back when the last
// view goes; memory of pinned_allocator moves straight; several views' uploads run at once.
// Every result is checked against values computed here on the host.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <numeric>
#include <set>
#include <thread>
#include <vector>

#include "devices/device_info.hpp"
#include "fixture.hpp"
#include "forced_staging.hpp"
#include "memory/pinned_memory.hpp"
#include "scoped_log.hpp"

namespace {

// Values no two neighbours share, so that a chunk in the wrong place shows.
template <class T> std::vector<T> ramp(std::size_t n, int start = 1) {
    std::vector<T> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = T((std::size_t(start) + i * 7) % 113);
    return v;
}

// Doubles `v`, a view of `host`, by a launch on `view`, and checks what comes back to `host`.
template <int N>
void check_doubled(const tiles::accelerator_view& view, std::vector<float>& host,
                   const tiles::array_view<float, N>& v) {
    const std::vector<float> expected = doubled(host);
    tiles::parallel_for_each(view, v.extent, tiles::kernel(doubling, "twice"), v);
    v.synchronize();
    CHECK(host == expected);
}

} // namespace

TEST_CASE_METHOD(fresh_view, "a whole view moves in chunks through the staging buffers, each way once", "[staged]") {
    // 37 x 53 floats: rows of 212 bytes, four to a chunk of 1 KiB; 1000 x 3 floats in three
    // dimensions (rows of 12 bytes); 5 x 700 floats: rows of 2800 bytes, in parts of 256 floats.
    const int threads = GENERATE(1, 3);
    const forced_staging forced(view.get_accelerator(), 1, threads);
    SECTION("rows") {
        std::vector<float> host = ramp<float>(37 * 53);
        check_doubled(view, host, tiles::array_view<float, 2>(37, 53, host));
    }
    SECTION("slices") {
        std::vector<float> host = ramp<float>(40 * 5 * 7);
        check_doubled(view, host, tiles::array_view<float, 3>(40, 5, 7, host));
    }
    SECTION("parts of rows") {
        std::vector<float> host = ramp<float>(5 * 700);
        check_doubled(view, host, tiles::array_view<float, 2>(5, 700, host));
    }
    const tiles::transfer_counters c = view.counters();
    CHECK(c.uploads == 1);
    CHECK(c.downloads == 1);
    CHECK(c.staged_transfers == 2); // both of them
    CHECK(c.bytes_staged == c.bytes_uploaded + c.bytes_downloaded);
}

TEST_CASE_METHOD(fresh_view, "a section moves as one staged rectangle each way, and nothing else of its data",
                 "[staged]") {
    const int threads = GENERATE(1, 2);
    const forced_staging forced(view.get_accelerator(), 1, threads);
    const int rows = 61, columns = 83;
    std::vector<float> host = ramp<float>(std::size_t(rows) * columns);
    std::vector<float> expected = host;
    // Rows of 50 floats, 200 bytes, strided 332 bytes apart on both sides of each transfer.
    const tiles::index<2> origin(7, 11);
    const tiles::extent<2> shape(40, 50);
    for (int r = 0; r < shape[0]; ++r)
        for (int col = 0; col < shape[1]; ++col) expected[std::size_t(origin[0] + r) * columns + origin[1] + col] *= 2;
    {
        tiles::array_view<float, 2> whole(rows, columns, host);
        const auto part = whole.section(origin, shape);
        tiles::parallel_for_each(view, part.extent, tiles::kernel(doubling, "twice"), part);
        part.synchronize();
        CHECK(host == expected);
    }
    const tiles::transfer_counters c = view.counters();
    CHECK(c.uploads == 1);
    CHECK(c.downloads == 1);
    CHECK(c.bytes_uploaded == shape.size() * sizeof(float));
    CHECK(c.bytes_downloaded == shape.size() * sizeof(float));
    CHECK(c.staged_transfers == 2);
}

TEMPLATE_TEST_CASE("rectangles of an array move through the staging buffers both ways", "[staged]", std::int8_t,
                   std::uint16_t, float, double) {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    if (sizeof(TestType) == 8 && !view.get_accelerator().get_supports_double_precision()) return;
    const forced_staging forced(view.get_accelerator(), 1, 2);
    // 3 x 29 x 131 elements (rows of 131 to 1048 bytes, slices of 29 rows); a rectangle of
    // 2 x 17 x 101 at (1, 5, 13).
    const tiles::extent<3> shape(3, 29, 131), inner(2, 17, 101);
    const tiles::index<3> at(1, 5, 13);
    const std::vector<TestType> initial = ramp<TestType>(shape.size());
    tiles::array<TestType, 3> a(shape, initial.begin(), view);
    // Out: the rectangle into dense host memory.
    std::vector<TestType> out(inner.size());
    tiles::copy(a.section(at, inner), out.begin());
    std::vector<TestType> expected_out;
    for (int s = 0; s < inner[0]; ++s)
        for (int r = 0; r < inner[1]; ++r)
            for (int col = 0; col < inner[2]; ++col)
                expected_out.push_back(
                    initial[(std::size_t(at[0] + s) * shape[1] + at[1] + r) * shape[2] + at[2] + col]);
    CHECK(out == expected_out);
    // In: new values into the rectangle, the rest as it was.
    const std::vector<TestType> fresh = ramp<TestType>(inner.size(), 50);
    tiles::copy(fresh.begin(), fresh.end(), a.section(at, inner));
    std::vector<TestType> expected = initial;
    std::size_t i = 0;
    for (int s = 0; s < inner[0]; ++s)
        for (int r = 0; r < inner[1]; ++r)
            for (int col = 0; col < inner[2]; ++col)
                expected[(std::size_t(at[0] + s) * shape[1] + at[1] + r) * shape[2] + at[2] + col] = fresh[i++];
    std::vector<TestType> all(shape.size());
    tiles::copy(a, all.begin());
    CHECK(all == expected);
    CHECK(view.counters().staged_transfers == 4); // the array's initial data, out, in and all
}

TEST_CASE_METHOD(fresh_view, "what launches wrote comes back through the staging buffers when the last view goes",
                 "[staged]") {
    const forced_staging forced(view.get_accelerator(), 2, 2);
    std::vector<float> host = ramp<float>(3 * 1001);
    const std::vector<float> expected = doubled(host);
    {
        tiles::array_view<float, 2> v(3, 1001, host);
        tiles::parallel_for_each(view, v.extent, tiles::kernel(doubling, "twice"), v);
    } // no synchronize: the view's end brings the data home
    CHECK(host == expected);
    CHECK(view.counters().downloads == 1);
    CHECK(view.counters().staged_transfers == 2);
}

TEST_CASE_METHOD(fresh_view, "below the threshold, copies take the direct path", "[staged]") {
    tiles::set_parameters(view.get_accelerator(), "staging", {{"FROM_KIB", 8}, {"CHUNK_KIB", 1}, {"THREADS", 2}});
    std::vector<float> small = ramp<float>(2047), large = ramp<float>(2048); // 8188 and 8192 bytes
    tiles::array<float, 1> a(tiles::extent<1>(2047), small.begin(), view),
        b(tiles::extent<1>(2048), large.begin(), view);
    tiles::reset_parameters(view.get_accelerator(), "staging");
    CHECK(view.counters().uploads == 2);
    CHECK(view.counters().staged_transfers == 1);
    CHECK(view.counters().bytes_staged == 8192);
}

TEST_CASE_METHOD(fresh_view, "CPU devices stage nothing by their own values: their transfers stay the driver's memcpy",
                 "[staged]") {
    const tiles::accelerator accelerator = view.get_accelerator();
    if (accelerator.info().type != CL_DEVICE_TYPE_CPU) return; // a GPU's table stages
    CHECK(tiles::get_parameters(accelerator, "staging")[0] == tiles::parameter_values::value_type{"FROM_KIB", 0});
    // 16 MiB each way, one transfer each, none staged.
    std::vector<float> host = ramp<float>(std::size_t(4) << 20);
    const std::vector<float> expected = doubled(host);
    tiles::array_view<float, 1> v(int(host.size()), host);
    tiles::parallel_for_each(view, v.extent, tiles::kernel(doubling, "twice"), v);
    v.synchronize();
    CHECK(host == expected);
    const tiles::transfer_counters c = view.counters();
    CHECK((c.uploads == 1 && c.downloads == 1));
    CHECK(c.bytes_uploaded == host.size() * sizeof(float));
    CHECK(c.staged_transfers == 0);
    CHECK(c.bytes_staged == 0);
}

TEST_CASE_METHOD(fresh_view, "pinned_vector's memory moves straight, never through the staging buffers",
                 "[staged][pinned]") {
    const forced_staging forced(view.get_accelerator(), 1, 2);
    const tiles::pinned_allocator<float> pinned(view);
    tiles::pinned_vector<float> host(37 * 53, 0.0f, pinned);
    const std::vector<float> values = ramp<float>(host.size());
    std::copy(values.begin(), values.end(), host.begin());
    CHECK(tiles::engine::is_pinned(host.data(), host.size() * sizeof(float)));
    CHECK(tiles::engine::is_pinned(host.data() + 100, 40));
    CHECK(!tiles::engine::is_pinned(host.data() + 100, host.size() * sizeof(float))); // past its end
    CHECK(!tiles::engine::is_pinned(values.data(), 4));
    CHECK(!tiles::engine::is_pinned(reinterpret_cast<const char*>(host.data() + host.size()) + 4096, 1));
    {
        tiles::array_view<float, 2> v(37, 53, host);
        tiles::parallel_for_each(view, v.extent, tiles::kernel(doubling, "twice"), v);
        v.synchronize();
    }
    CHECK(std::vector<float>(host.begin(), host.end()) == doubled(values));
    tiles::array<float, 2> a(tiles::extent<2>(37, 53), host.begin(), view);
    std::fill(host.begin(), host.end(), 0.0f);
    tiles::copy(a, host.begin());
    CHECK(std::vector<float>(host.begin(), host.end()) == doubled(values));
    CHECK(view.counters().uploads == 2);
    CHECK(view.counters().downloads == 2);
    CHECK(view.counters().staged_transfers == 0);
    // Memory that is not pinned, the same size, is staged.
    std::vector<float> ordinary(host.begin(), host.end());
    tiles::copy(ordinary.begin(), ordinary.end(), a);
    CHECK(view.counters().staged_transfers == 1);
}

TEST_CASE_METHOD(fresh_view, "pinned_allocator is a standard allocator whose instances all free each other's memory",
                 "[staged][pinned]") {
    const tiles::pinned_allocator<double> on_view(view);
    const tiles::pinned_allocator<char> rebound(on_view), on_default;
    CHECK(rebound.view() == view);
    CHECK(on_view == tiles::pinned_allocator<double>());
    // Memory one allocates, another frees.
    tiles::pinned_allocator<int> ints(view);
    int* memory = ints.allocate(1000);
    std::iota(memory, memory + 1000, 0);
    CHECK(memory[999] == 999);
    tiles::pinned_allocator<int>().deallocate(memory, 1000);
    CHECK(ints.allocate(0) == nullptr);
    // Beyond what the device's driver allocates at once: refused, naming the numbers.
    const std::uint64_t largest = view.get_accelerator().info().max_mem_alloc_size;
    REQUIRE_THROWS_MENTIONING(tiles::pinned_allocator<char>(view).allocate(std::size_t(largest) + 1),
                              tiles::out_of_memory, "pinned host memory of " + std::to_string(largest + 1) + " bytes",
                              "largest allocation", std::to_string(largest));
    const tiles::accelerator_view cpu = tiles::accelerator(tiles::accelerator::cpu_accelerator).get_default_view();
    REQUIRE_THROWS_MENTIONING(tiles::pinned_allocator<float>(cpu).allocate(1), tiles::invalid_argument,
                              "the CPU accelerator has no driver to pin host memory");
    // A vector of them copies, moves and grows like any other.
    tiles::pinned_vector<int> v(on_view);
    for (int i = 0; i < 5000; ++i) v.push_back(i);
    tiles::pinned_vector<int> w = v;
    const tiles::pinned_vector<int> moved = std::move(v);
    CHECK(w == moved);
    CHECK(tiles::engine::is_pinned(w.data(), w.size() * sizeof(int)));
}

TEST_CASE("several views' staged uploads and downloads of a split array run at once", "[staged][split]") {
    // Two views, of two devices where there are two (POCL_DEVICES="pthread pthread"), else of one.
    std::vector<tiles::accelerator> devices;
    for (const tiles::accelerator& a : tiles::accelerator::get_all())
        if (a.name() == tiles::accelerator().name()) devices.push_back(a);
    const std::vector<tiles::accelerator_view> views = {devices.front().create_view(), devices.back().create_view()};
    const forced_staging first(devices.front(), 4, 2), last(devices.back(), 4, 2);
    const int rows = 64, columns = 300; // 37.5 KiB a band
    const std::vector<float> grid = ramp<float>(std::size_t(rows) * columns);
    tiles::split_array<float> split(views, tiles::extent<2>(rows, columns));
    // Each staged transfer, as it starts, waits (up to 10 s) until another thread is staging too:
    // transfers made one after another would each wait in vain, on one thread.
    std::mutex mutex;
    std::condition_variable started;
    std::set<std::thread::id> uploading, downloading;
    scoped_log log(tiles::log_level::debug, [&](tiles::log_level, const std::string& message) {
        std::set<std::thread::id>* threads = message.rfind("staging an upload", 0) == 0    ? &uploading
                                             : message.rfind("staging a download", 0) == 0 ? &downloading
                                                                                           : nullptr;
        if (threads == nullptr) return;
        std::unique_lock<std::mutex> lock(mutex);
        threads->insert(std::this_thread::get_id());
        started.notify_all();
        started.wait_for(lock, std::chrono::seconds(10), [&] { return threads->size() >= 2; });
    });
    std::vector<float> back(grid.size());
    {
        const tiles::array_view<const float, 2> source(rows, columns, grid);
        split.scatter(source);
        tiles::array_view<float, 2> destination(rows, columns, back);
        split.gather(destination);
        destination.synchronize();
    }
    log.stop();
    CHECK(back == grid);
    CHECK(uploading.size() == 2);
    CHECK(downloading.size() == 2);
    for (const tiles::accelerator_view& v : views) {
        CHECK(v.counters().staged_transfers == 2); // its band, each way
        CHECK(v.counters().bytes_staged == 2 * std::size_t(rows / 2) * columns * sizeof(float));
    }
}
