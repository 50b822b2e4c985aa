// array_view(extent), a view with no data source: it takes memory on the accelerator view that
// first uses it, never uploads what no one wrote, and reaches the host only when the host reads
// it; counted transfer by transfer.
#include <vector>

#include "fixture.hpp"

namespace {

// Writes row * 100 + column, reading nothing.
const char* const fill_source = R"(
__kernel void fill(__global int* data) {
    thread_index i = get_thread_index();
    data[linear_index(i.global_id, i.extent)] = i.global_id[0] * 100 + i.global_id[1];
})";

// out = in + 1.
const char* const increment_source = R"(
__kernel void increment(__global const int* in, __global int* out) {
    thread_index i = get_thread_index();
    const int at = linear_index(i.global_id, i.extent);
    out[at] = in[at] + 1;
})";

} // namespace

TEST_CASE_METHOD(fresh_view, "a view without a data source never touches the host until the host reads it",
                 "[view_without_source]") {
    tiles::array_view<int, 2> scratch(tiles::extent<2>(7, 9));
    tiles::array_view<int, 2> result(7, 9); // AMP's int form
    tiles::parallel_for_each(view, scratch.extent, tiles::kernel(fill_source, "fill"), scratch);
    tiles::parallel_for_each(view, scratch.extent, tiles::kernel(increment_source, "increment"),
                             tiles::array_view<const int, 2>(scratch), result);
    view.wait();
    CHECK(view.counters().uploads == 0);
    CHECK(view.counters().downloads == 0);

    // The host reads the result: one download of it, and none of the scratch data.
    CHECK(result(6, 8) == 609);
    CHECK(view.counters().downloads == 1);
    CHECK(view.counters().bytes_downloaded == 7 * 9 * sizeof(int));
    for (int i = 0; i < 7; ++i)
        for (int j = 0; j < 9; ++j) CHECK(result(i, j) == i * 100 + j + 1);
    CHECK(view.counters().downloads == 1);
}

TEST_CASE_METHOD(fresh_view, "a view without a data source written on the host goes to the device once",
                 "[view_without_source]") {
    tiles::array_view<int, 1> v(12);
    for (int i = 0; i < 12; ++i) v[i] = 3 * i;
    CHECK(view.counters().downloads == 0); // nothing launched wrote it: nothing to bring home
    tiles::array_view<int, 1> out(tiles::extent<1>(12));
    tiles::parallel_for_each(view, v.extent, tiles::kernel(increment_source, "increment"),
                             tiles::array_view<const int, 1>(v), out);
    CHECK(view.counters().uploads == 1);
    CHECK(view.counters().bytes_uploaded == 12 * sizeof(int));
    std::vector<int> host(12);
    tiles::copy(out, host.begin());
    for (int i = 0; i < 12; ++i) CHECK(host[std::size_t(i)] == 3 * i + 1);

    // A section of one, written by a launch: only that part ever moves.
    tiles::array_view<int, 2> big(tiles::extent<2>(100, 100));
    const auto corner = big.section(tiles::index<2>(10, 20), tiles::extent<2>(3, 4));
    view.reset_counters();
    tiles::parallel_for_each(view, corner.extent, tiles::kernel(fill_source, "fill"), corner);
    CHECK(corner(2, 3) == 203);
    CHECK(view.counters().uploads == 0);
    CHECK(view.counters().bytes_downloaded == 3 * 4 * sizeof(int));
}

TEST_CASE_METHOD(fresh_view, "a view without a data source moves between accelerator views through the host",
                 "[view_without_source]") {
    tiles::accelerator_view other = tiles::accelerator().create_view();
    tiles::array_view<int, 2> v(tiles::extent<2>(4, 5));
    tiles::array_view<int, 2> out(tiles::extent<2>(4, 5));
    tiles::parallel_for_each(view, v.extent, tiles::kernel(fill_source, "fill"), v);
    tiles::parallel_for_each(other, v.extent, tiles::kernel(increment_source, "increment"),
                             tiles::array_view<const int, 2>(v), out);
    CHECK(view.counters().downloads == 1);
    CHECK(other.counters().uploads == 1);
    CHECK(out(3, 4) == 305);
}

TEST_CASE("a view without a data source refuses an extent that is not positive", "[view_without_source][refusal]") {
    using view_2d = tiles::array_view<float, 2>;
    REQUIRE_THROWS_MENTIONING(view_2d(tiles::extent<2>(3, 0)), tiles::invalid_argument, "dimension 1", "(0)",
                              "not positive");
}
