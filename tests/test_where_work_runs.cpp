// Where work that names no accelerator view runs, one rule for launches and the algorithms
// (engine::context_for, tiles/algorithms.hpp): where the first operand that is an array, or a view
// of one, lives, else the default view. A view of host memory first and an array on another view
// second run where the array lives (the algorithms ran on the default view before), counted by the
// views' launch counters, the results checked against a CPU loop. On two devices
// (POCL_DEVICES="pthread pthread") the other view is the second device's.
#include <cstdint>
#include <vector>

#include "fixture.hpp"
#include "tiles/amp_accelerator.hpp"
#include "tiles/tiles.hpp"

namespace {

// A view that is not the default one: the second device's where there is one, else a new one of
// the default device.
tiles::accelerator_view another_view() {
    const std::vector<tiles::accelerator> all = tiles::accelerator::get_all();
    return all.size() > 1 && all[1] != tiles::accelerator() ? all[1].create_view() : tiles::accelerator().create_view();
}

const char* const add_source = R"(
__kernel void add(__global const float* a, __global float* b) {
    thread_index idx = get_thread_index();
    b[linear_index(idx.global_id, idx.extent)] += a[linear_index(idx.global_id, idx.extent)];
})";

} // namespace

TEST_CASE("a host view first and an array second run where the array lives", "[split]") {
    const tiles::accelerator_view there = another_view();
    const tiles::accelerator_view home = tiles::accelerator().get_default_view();
    const int m = 3, k = 4, n = 5;
    std::vector<float> a(m * k), b(k * n), expected(m * n, 0.0f);
    for (int i = 0; i < m * k; ++i) a[i] = float(i);
    for (int i = 0; i < k * n; ++i) b[i] = float(i % 7);
    for (int r = 0; r < m; ++r)
        for (int c = 0; c < n; ++c)
            for (int j = 0; j < k; ++j) expected[r * n + c] += a[r * k + j] * b[j * n + c];
    const tiles::array_view<float, 2> a_view(m, k, a);
    const tiles::array<float, 2> b_there(tiles::extent<2>(k, n), b.begin(), there);

    std::uint64_t before_there = there.counters().launches, before_home = home.counters().launches;
    const tiles::array<float, 2> product = tiles::matrix_multiply(a_view, b_there);
    CHECK(std::vector<float>(product) == expected);
    CHECK(there.counters().launches > before_there);
    CHECK(home.counters().launches == before_home);

    std::vector<float> ones(m * k, 1.0f), sums(m * k);
    for (int i = 0; i < m * k; ++i) sums[i] = 1.0f + a[i];
    tiles::array<float, 2> c_there(tiles::extent<2>(m, k), ones.begin(), there);
    before_there = there.counters().launches, before_home = home.counters().launches;
    tiles::parallel_for_each(c_there.extent, tiles::kernel(add_source, "add"), a_view, c_there);
    CHECK(std::vector<float>(c_there) == sums);
    CHECK(there.counters().launches == before_there + 1);
    CHECK(home.counters().launches == before_home);
}

// C++ AMP's auto-selection view: a launch through it runs where its first array lives (the second
// device's view, where there are two), as a launch without a view does, for an OpenCL C kernel and
// a C++ AMP lambda alike; the view says it is the auto-selection one, and no other view does.
TEST_CASE("a launch through the auto-selection view runs where its first array lives", "[split]") {
    const tiles::accelerator_view there = another_view();
    const tiles::accelerator_view home = tiles::accelerator().get_default_view();
    const tiles::accelerator_view automatic = tiles::accelerator::get_auto_selection_view();
    CHECK(automatic.get_is_auto_selection());
    CHECK_FALSE(home.get_is_auto_selection());
    CHECK_FALSE(there.get_is_auto_selection());
    CHECK(automatic != home);
    CHECK(automatic == tiles::accelerator::get_auto_selection_view());
    CHECK(tiles::amp::accelerator::get_auto_selection_view().is_auto_selection);
    CHECK_FALSE(tiles::amp::accelerator_view(home).is_auto_selection);

    const int n = 12;
    std::vector<float> a(n), ones(n, 1.0f), sums(n);
    for (int i = 0; i < n; ++i) a[i] = float(3 * i), sums[i] = 1.0f + float(3 * i);
    const tiles::array_view<float, 1> a_view(n, a);
    tiles::array<float, 1> c_there(tiles::extent<1>(n), ones.begin(), there);
    std::uint64_t before_there = there.counters().launches, before_home = home.counters().launches;
    tiles::parallel_for_each(automatic, c_there.extent, tiles::kernel(add_source, "add"), a_view, c_there);
    CHECK(std::vector<float>(c_there) == sums);
    CHECK(there.counters().launches == before_there + 1);
    CHECK(home.counters().launches == before_home);

    before_there = there.counters().launches, before_home = home.counters().launches;
    if (lambda_built([&] {
            tiles::parallel_for_each(
                automatic, c_there.extent,
                TILES_LAMBDA((c_there), [&c_there](index<1> i) restrict(amp) { c_there[i] *= 2.0f; }));
        })) {
        for (float& s : sums) s *= 2.0f;
        CHECK(std::vector<float>(c_there) == sums);
        CHECK(there.counters().launches == before_there + 1);
        CHECK(home.counters().launches == before_home);
    }

    // With no array, it runs on the default view.
    std::vector<float> host(n, 1.0f), host_sums(n);
    for (int i = 0; i < n; ++i) host_sums[i] = 1.0f + a[i];
    const tiles::array_view<float, 1> host_view(n, host);
    before_there = there.counters().launches, before_home = home.counters().launches;
    tiles::parallel_for_each(automatic, host_view.extent, tiles::kernel(add_source, "add"), a_view, host_view);
    host_view.synchronize();
    CHECK(host == host_sums);
    CHECK(home.counters().launches == before_home + 1);
    CHECK(there.counters().launches == before_there);
}
