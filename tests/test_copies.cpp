// copy and copy_async between host ranges, arrays, views and sections, counted.
#include <cmath>
#include <list>
#include <numeric>
#include <thread>
#include <vector>

#include "fixture.hpp"

namespace {
const char* const scale_source = R"(
__kernel void scale(__global float* data, float factor) {
    thread_index i = get_thread_index();
    data[linear_index(i.global_id, i.extent)] *= factor;
})";

std::vector<float> iota(std::size_t n, float first) {
    std::vector<float> v(n);
    std::iota(v.begin(), v.end(), first);
    return v;
}
} // namespace

TEST_CASE_METHOD(fresh_view, "an array copied into another on the same view stays on the device", "[copy]") {
    tiles::array<float, 2> a(tiles::extent<2>(16, 16), iota(256, 0.0f), view);
    tiles::array<float, 2> b(tiles::extent<2>(16, 16), view);
    view.reset_counters();
    tiles::copy(a, b);
    const auto c = view.counters();
    CHECK(c.device_copies == 1);
    CHECK(c.uploads == 0);
    CHECK(c.downloads == 0);
    CHECK(std::vector<float>(b) == iota(256, 0.0f));
}

TEST_CASE_METHOD(fresh_view, "copies between views sections and host ranges move the right elements", "[copy]") {
    std::vector<float> host = iota(6 * 6, 0.0f);
    tiles::array_view<float, 2> v(6, 6, host);
    tiles::array<float, 2> a(tiles::extent<2>(2, 3), view);

    // A section of a view into an array: the 2x3 block at (1, 2).
    tiles::copy(v.section(tiles::index<2>(1, 2), tiles::extent<2>(2, 3)), a);
    CHECK(std::vector<float>(a) == std::vector<float>{8, 9, 10, 14, 15, 16});

    // The array into another section of the view, then the view's launch sees it.
    tiles::copy(a, v.section(tiles::index<2>(4, 0), tiles::extent<2>(2, 3)));
    CHECK(v(4, 0) == 8.0f);
    CHECK(v(5, 2) == 16.0f);
    CHECK(v(3, 0) == 18.0f); // untouched

    // Host ranges in and out of a section.
    const std::vector<float> ones(4, 1.0f);
    tiles::copy(ones.begin(), ones.end(), v.section(tiles::index<2>(0, 0), tiles::extent<2>(2, 2)));
    CHECK(host[0] == 1.0f);
    CHECK(host[7] == 1.0f);
    CHECK(host[2] == 2.0f);
    std::vector<float> out(4);
    tiles::copy(v.section(tiles::index<2>(4, 1), tiles::extent<2>(1, 4)), out.begin());
    CHECK(out == std::vector<float>{9, 10, 27, 28}); // row 4 is now 8 9 10 27 28 29

    // View to view, through the host.
    std::vector<float> other(6 * 6, 0.0f);
    tiles::array_view<float, 2> w(6, 6, other);
    tiles::copy(v, w);
    CHECK(other == host);
}

TEST_CASE_METHOD(fresh_view, "a copy into a written view is seen by the next launch and the host", "[copy]") {
    std::vector<float> host(64, 1.0f);
    tiles::array_view<float, 1> v(64, host);
    const tiles::kernel scale(scale_source, "scale");
    tiles::parallel_for_each(view, v.extent, scale, v, 3.0f);
    const std::vector<float> fresh = iota(64, 1.0f);
    tiles::copy(fresh.begin(), fresh.end(), v); // replaces what the launch wrote
    tiles::parallel_for_each(view, v.extent, scale, v, 2.0f);
    CHECK(v(0) == 2.0f);
    CHECK(v(63) == 128.0f);
}

TEST_CASE_METHOD(fresh_view, "copy_async overlapping a launch gives the right results", "[copy][async]") {
    const std::size_t n = 1 << 18;
    tiles::array<float, 1> a(tiles::extent<1>(int(n)), iota(n, 0.0f), view);
    std::vector<float> source = iota(n, 1.0f);
    tiles::array<float, 1> b(tiles::extent<1>(int(n)), view);
    tiles::completion_future copied = tiles::copy_async(source.begin(), source.end(), b);
    tiles::parallel_for_each(view, a.extent, tiles::kernel(scale_source, "scale"), a, 2.0f);
    copied.get();
    tiles::parallel_for_each(view, b.extent, tiles::kernel(scale_source, "scale"), b, 3.0f);
    std::vector<float> out_a(n), out_b(n);
    tiles::completion_future back = tiles::copy_async(a, out_a.begin());
    tiles::copy(b, out_b.begin());
    back.wait();
    CHECK(back.is_ready());
    for (std::size_t i = 0; i < n; i += 4099) {
        CHECK(out_a[i] == 2.0f * float(i));
        CHECK(out_b[i] == 3.0f * float(i + 1));
    }
}

TEST_CASE("copies with mismatched extents are refused", "[copy][refusal]") {
    std::vector<float> host(12);
    tiles::array_view<float, 2> v(3, 4, host);
    tiles::array<float, 2> wrong(tiles::extent<2>(4, 3));
    tiles::array<float, 2> small(tiles::extent<2>(2, 2));
    REQUIRE_THROWS_MENTIONING(tiles::copy(v, wrong), tiles::invalid_argument, "different extents");
    REQUIRE_THROWS_MENTIONING(tiles::copy(v, small), tiles::invalid_argument, "the source has 12 elements",
                              "the destination 4");
    const std::vector<float> five(5);
    REQUIRE_THROWS_MENTIONING(tiles::copy(five.begin(), five.end(), v), tiles::invalid_argument, "5 elements");
    // The asynchronous form refuses it at the call, which reads the range, contiguous or not.
    REQUIRE_THROWS_MENTIONING(tiles::copy_async(five.begin(), five.end(), v), tiles::invalid_argument, "5 elements");
    const std::list<float> seven(7);
    REQUIRE_THROWS_MENTIONING(tiles::copy_async(seven.begin(), seven.end(), wrong), tiles::invalid_argument,
                              "7 elements");
}

// copy_async is ordered with the work on the accelerator view that holds the data, as AMP's
// users expect of one view: each round has fresh data, so a launch or a read that overtook the
// copy would see the round before's.
TEST_CASE_METHOD(fresh_view, "copy_async into an array is seen by the launch enqueued next", "[copy][async]") {
    const std::size_t n = 1 << 16;
    tiles::array<float, 1> a(tiles::extent<1>(int(n)), view);
    const tiles::kernel scale(scale_source, "scale");
    for (int round = 0; round < 50; ++round) {
        INFO("round " << round);
        const std::vector<float> fresh = iota(n, float(round));
        const std::list<float> fresh_list(fresh.begin(), fresh.end());
        const tiles::completion_future copied =
            round % 2 == 0 ? tiles::copy_async(fresh.begin(), fresh.end(), a)            // read by the transfer
                           : tiles::copy_async(fresh_list.begin(), fresh_list.end(), a); // staged now
        tiles::parallel_for_each(view, a.extent, scale, a, 2.0f);
        const std::vector<float> out(a);
        CHECK(out.front() == 2.0f * float(round));
        CHECK(out.back() == 2.0f * float(round + n - 1));
        view.wait(); // `fresh` goes: the transfer that reads it must be done
    }
}

TEST_CASE_METHOD(fresh_view, "copy_async out of an array has landed when the view's wait() returns", "[copy][async]") {
    const std::size_t n = 1 << 16;
    tiles::array<float, 1> a(tiles::extent<1>(int(n)), iota(n, 0.0f), view);
    const tiles::kernel scale(scale_source, "scale");
    for (int round = 1; round <= 50; ++round) {
        INFO("round " << round);
        tiles::parallel_for_each(view, a.extent, scale, a, 2.0f); // a[i] is now i * 2^round
        std::vector<float> out(n, -1.0f);
        const tiles::completion_future copied = tiles::copy_async(a, out.begin());
        view.wait();
        CHECK(out[1] == std::ldexp(1.0f, round));
        CHECK(out[n - 1] == std::ldexp(float(n - 1), round));
    }
}

TEST_CASE_METHOD(fresh_view, "copy_async to a std::list lands by the view's wait(), the future dropped",
                 "[copy][async]") {
    const std::size_t n = 1000;
    tiles::array<float, 1> a(tiles::extent<1>(int(n)), iota(n, 0.0f), view);
    tiles::parallel_for_each(view, a.extent, tiles::kernel(scale_source, "scale"), a, 3.0f);
    std::list<float> out(n, -1.0f);
    tiles::copy_async(a, out.begin()); // the future is dropped without waiting
    view.wait();
    std::vector<float> expected = iota(n, 0.0f);
    for (float& x : expected) x *= 3.0f;
    CHECK(std::vector<float>(out.begin(), out.end()) == expected);

    // Waited for by the future instead; the view's wait() after it finds nothing more to do.
    std::list<float> again(n, -1.0f);
    const tiles::completion_future copied = tiles::copy_async(a, again.begin());
    copied.get();
    CHECK(copied.is_ready());
    CHECK(std::vector<float>(again.begin(), again.end()) == expected);
    view.wait();
    CHECK(std::vector<float>(again.begin(), again.end()) == expected);
}

TEST_CASE_METHOD(fresh_view, "copy_async between arrays is seen by the launch enqueued next", "[copy][async]") {
    const std::size_t n = 1 << 16;
    tiles::accelerator_view other = tiles::accelerator().create_view();
    tiles::array<float, 1> source(tiles::extent<1>(int(n)), view);
    tiles::array<float, 1> same_view(tiles::extent<1>(int(n)), view);
    tiles::array<float, 1> other_view(tiles::extent<1>(int(n)), other);
    const tiles::kernel scale(scale_source, "scale");
    for (int round = 0; round < 20; ++round) {
        INFO("round " << round);
        const std::vector<float> fresh = iota(n, float(round));
        tiles::copy(fresh.begin(), fresh.end(), source);
        const tiles::completion_future to_same = tiles::copy_async(source, same_view);
        const tiles::completion_future to_other = tiles::copy_async(source, other_view);
        tiles::parallel_for_each(view, same_view.extent, scale, same_view, 2.0f);
        tiles::parallel_for_each(other, other_view.extent, scale, other_view, 3.0f);
        std::vector<float> on_view(n), on_other(n);
        tiles::copy(same_view, on_view.begin());
        tiles::copy(other_view, on_other.begin());
        CHECK(on_view[n - 1] == 2.0f * float(round + n - 1));
        CHECK(on_other[n - 1] == 3.0f * float(round + n - 1));
    }
}

TEST_CASE_METHOD(fresh_view, "a copy_async's host step runs once when threads wait for it together",
                 "[copy][async][threads]") {
    const std::size_t n = 4096;
    tiles::array<float, 1> a(tiles::extent<1>(int(n)), iota(n, 1.0f), view);
    for (int round = 0; round < 20; ++round) {
        std::list<float> out(n, 0.0f);
        const tiles::completion_future copied = tiles::copy_async(a, out.begin());
        std::thread by_view([&] { view.wait(); });
        std::thread by_future([&] { copied.wait(); });
        while (!copied.is_ready()) std::this_thread::yield();
        by_view.join();
        by_future.join();
        copied.get();
        CHECK(std::vector<float>(out.begin(), out.end()) == iota(n, 1.0f));
    }
}

// An event of one OpenCL context in the wait list of another's command is an error
// (CL_INVALID_CONTEXT), and Oclgrind crashes on it: a download still under way on one view
// orders an upload to another view from the host.
TEST_CASE("a view synchronized without waiting goes on to a launch on another view", "[copy][async]") {
    const tiles::accelerator_view first = tiles::accelerator().create_view();
    const tiles::accelerator_view second = tiles::accelerator().create_view();
    const std::size_t n = 1 << 16;
    std::vector<float> host = iota(n, 0.0f);
    tiles::array_view<float, 1> data(int(n), host);
    const tiles::kernel scale(scale_source, "scale");
    for (int round = 1; round <= 10; ++round) {
        INFO("round " << round);
        tiles::parallel_for_each(round % 2 == 1 ? first : second, data.extent, scale, data, 2.0f);
        const tiles::completion_future downloaded = data.synchronize_async();
        tiles::parallel_for_each(round % 2 == 1 ? second : first, data.extent, scale, data, 0.5f);
        data.synchronize();
        CHECK(host[1] == 1.0f);
        CHECK(host[n - 1] == float(n - 1));
    }
}
