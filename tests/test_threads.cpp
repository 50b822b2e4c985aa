// Several threads using libtiles at once: launching and synchronizing on one accelerator view and
// on views of their own, sharing one view's data, and dropping the last copies of views together.
// Built again under ThreadSanitizer, which runs the tests tagged [threads].
#include <array>
#include <atomic>
#include <optional>
#include <set>
#include <thread>
#include <tuple>
#include <vector>

#include "example_kernels.hpp"
#include "fixture.hpp"
#include "tiles/algorithms.hpp"

namespace {
const char* const add_source = R"(
__kernel void add(__global int* data, int amount) {
    thread_index i = get_thread_index();
    data[linear_index(i.global_id, i.extent)] += amount;
})";

const char* const fill_source = R"(
__kernel void fill(__global int* data, int value) {
    thread_index i = get_thread_index();
    data[linear_index(i.global_id, i.extent)] = value;
})";

constexpr int thread_count = 4;
constexpr int launches_per_thread = 25;

// The seed's sampling example (8x8 matrix in 2x2 tiles) on `view`, with `kernel`.
void sampling(const tiles::accelerator_view& view, const tiles::kernel& kernel) {
    std::vector<float> raw(64, 1.0f);
    tiles::array_view<const float, 2> matrix(8, 8, raw);
    tiles::array<float, 2> averages(tiles::extent<2>(4, 4), std::vector<float>(16, 0.0f), view);
    tiles::parallel_for_each(view, matrix.extent.tile<2, 2>(), kernel, matrix, averages);
}

// Each diagnostic's kind, place and work-items (which the simulator lists in no fixed order).
using place_set = std::set<std::tuple<tiles::diagnostic_kind, int, int, int, std::set<std::array<int, 3>>>>;
place_set places(const tiles::check_report& report) {
    place_set found;
    for (const tiles::diagnostic& d : report.diagnostics)
        found.emplace(d.kind, d.line, d.column, d.other_line,
                      std::set<std::array<int, 3>>(d.work_items.begin(), d.work_items.end()));
    return found;
}

// Runs body(t) on thread_count threads at once and waits for them.
template <class Body> void on_threads(Body body) {
    std::vector<std::thread> threads;
    for (int t = 0; t < thread_count; ++t) threads.emplace_back(body, t);
    for (auto& thread : threads) thread.join();
}

// Adds t + 1 to 64 ints launches_per_thread times on `view`, reading them back now and then;
// returns how many values came out other than the independent count.
int add_repeatedly(const tiles::accelerator_view& view, const tiles::kernel& add, int t) {
    std::vector<int> host(64, 0);
    tiles::array_view<int, 1> data(64, host);
    int wrong = 0;
    for (int i = 1; i <= launches_per_thread; ++i) {
        tiles::parallel_for_each(view, data.extent.tile<16>(), add, data, t + 1);
        if (i % 8 == 0) wrong += data(63) != i * (t + 1);
    }
    data.synchronize();
    for (const int value : host) wrong += value != launches_per_thread * (t + 1);
    return wrong;
}
} // namespace

TEST_CASE_METHOD(fresh_view, "threads launch and synchronize on one accelerator view", "[threads]") {
    const tiles::kernel add(add_source, "add");
    std::atomic<int> wrong{0};
    on_threads([&](int t) { wrong += add_repeatedly(view, add, t); });
    CHECK(wrong == 0);
    CHECK(view.counters().launches == thread_count * launches_per_thread);
    CHECK(view.counters().kernel_builds + view.counters().binary_loads == 1); // compiled, or from the disk cache
}

TEST_CASE("threads launch and synchronize on accelerator views of their own", "[threads]") {
    const tiles::kernel add(add_source, "add");
    std::atomic<int> wrong{0};
    std::atomic<std::uint64_t> launches{0};
    on_threads([&](int t) {
        const tiles::accelerator_view own = tiles::accelerator().create_view();
        wrong += add_repeatedly(own, add, t);
        launches += own.counters().launches;
    });
    CHECK(wrong == 0);
    CHECK(launches == thread_count * launches_per_thread);
}

// Each thread's reductions need partials of their own sizes, which the view's scratch buffers
// hold: a buffer one thread holds is never handed to another.
TEST_CASE_METHOD(fresh_view, "threads reduce data of their own on one accelerator view", "[threads][reduce]") {
    std::atomic<int> wrong{0};
    on_threads([&](int t) {
        const int n = 300000 + 7919 * t;
        const tiles::array<int, 1> data(tiles::extent<1>(n), std::vector<int>(std::size_t(n), t + 1), view);
        for (int i = 0; i < 10; ++i) {
            wrong += tiles::reduce(view, data, tiles::reduction_op::sum) != n * (t + 1);
            wrong += tiles::reduce(view, data, tiles::reduction_op::max) != t + 1;
        }
    });
    CHECK(wrong == 0);
}

TEST_CASE_METHOD(fresh_view, "threads launch on sections of one view and on arrays of one view", "[threads]") {
    std::vector<int> host(thread_count * 16, 0);
    tiles::array_view<int, 1> shared(thread_count * 16, host);
    tiles::array<int, 1> array(tiles::extent<1>(thread_count * 16), host, view);
    const tiles::kernel add(add_source, "add");
    on_threads([&](int t) {
        const auto mine = shared.section(tiles::index<1>(t * 16), tiles::extent<1>(16));
        const auto my_part = array.section(tiles::index<1>(t * 16), tiles::extent<1>(16));
        for (int i = 0; i < launches_per_thread; ++i) {
            tiles::parallel_for_each(view, mine.extent, add, mine, t + 1);
            tiles::parallel_for_each(view, my_part.extent, add, my_part, t + 1);
        }
    });
    const std::vector<int> from_array = array;
    shared.synchronize();
    for (int i = 0; i < thread_count * 16; ++i) {
        INFO("element " << i);
        CHECK(host[i] == launches_per_thread * (i / 16 + 1));
        CHECK(from_array[i] == launches_per_thread * (i / 16 + 1));
    }
}

TEST_CASE_METHOD(fresh_view, "a thread's launch is not lost to another thread reading the same view", "[threads]") {
    // The writer fills the view with i and reads i back, while a reader keeps bringing the same
    // view home: a reader's download must never come between a launch's upload and its kernel.
    std::vector<int> host(256, 0);
    tiles::array_view<int, 1> data(256, host);
    const tiles::kernel fill(fill_source, "fill");
    std::atomic<bool> writing{true};
    std::atomic<int> stale{0};
    std::thread reader([&] {
        while (writing) data.synchronize();
    });
    for (int i = 1; i <= 200; ++i) {
        tiles::parallel_for_each(view, data.extent, fill, data, i);
        stale += data(255) != i;
    }
    writing = false;
    reader.join();
    CHECK(stale == 0);
}

TEST_CASE_METHOD(fresh_view, "the last copies of a written view dropped on several threads write it back once",
                 "[threads]") {
    std::vector<int> host(64, 0);
    std::vector<std::optional<tiles::array_view<int, 1>>> copies;
    {
        tiles::array_view<int, 1> data(64, host);
        tiles::parallel_for_each(view, data.extent, tiles::kernel(fill_source, "fill"), data, 7);
        copies.assign(thread_count, data);
    }
    view.reset_counters();
    on_threads([&](int t) { copies[t].reset(); });
    CHECK(host == std::vector<int>(64, 7));
    CHECK(view.counters().downloads == 1);
}

TEST_CASE("a checked view on one thread reports its kernels while other threads launch on the device",
          "[threads][checked]") {
    // The Oclgrind simulator is not thread-safe: one thread at a time uses checked views, each
    // made on the thread that uses it.
    const tiles::kernel racy(example_kernel_race_condition, "racy_total");
    const tiles::kernel clean(example_kernel_tile_average, "tile_average");
    const tiles::kernel add(add_source, "add");
    const tiles::accelerator_view alone = tiles::create_checked_view();
    sampling(alone, racy);
    const tiles::check_report one_launch = tiles::get_check_report(alone);
    REQUIRE(!one_launch.diagnostics.empty());

    std::atomic<int> wrong{0};
    tiles::check_report report;
    on_threads([&](int t) {
        if (t == 0) {
            const tiles::accelerator_view checked = tiles::create_checked_view();
            sampling(checked, racy);
            sampling(checked, clean);
            report = tiles::get_check_report(checked);
        } else {
            wrong += add_repeatedly(tiles::accelerator().create_view(), add, t);
        }
    });
    CHECK(wrong == 0);
    INFO(report.to_string());
    CHECK(places(report) == places(one_launch));
}
