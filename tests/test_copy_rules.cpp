// array_view's copy rules, counted: data moves to the device only when a launch needs it and
// the device copy is stale, and back only when the host reads what a launch wrote.
#include <vector>

#include "fixture.hpp"

namespace {

const char* const scale_source = R"(
__kernel void scale(__global const float* in, __global float* out, float factor) {
    thread_index i = get_thread_index();
    out[i.global_id[0]] = factor * in[i.global_id[0]];
})";

const char* const add_one_source = R"(
__kernel void add_one(__global float* data) {
    data[get_thread_index().global_id[0]] += 1.0f;
})";

} // namespace

TEST_CASE_METHOD(fresh_view, "an unchanged input view used by two launches is uploaded once", "[copy]") {
    std::vector<float> in(256, 2.0f), out(256, 0.0f);
    tiles::array_view<const float, 1> input(256, in);
    tiles::array_view<float, 1> output(256, out);
    const tiles::kernel scale(scale_source, "scale");

    tiles::parallel_for_each(view, input.extent, scale, input, output, 3.0f);
    tiles::parallel_for_each(view, input.extent, scale, input, output, 5.0f);
    const auto c = view.counters();
    CHECK(c.uploads == 2); // input once, output once
    CHECK(c.bytes_uploaded == 2 * 256 * sizeof(float));
    CHECK(c.downloads == 0); // nothing read yet
    CHECK(c.launches == 2);
    CHECK(output(7) == 10.0f);
}

TEST_CASE_METHOD(fresh_view, "a written view is downloaded once when the host reads it", "[copy]") {
    std::vector<float> data(100, 1.0f);
    tiles::array_view<float, 1> v(100, data);
    tiles::parallel_for_each(view, v.extent, tiles::kernel(add_one_source, "add_one"), v);
    view.wait();
    CHECK(view.counters().downloads == 0); // the launch finished, but nobody looked

    CHECK(v(0) == 2.0f);
    CHECK(view.counters().downloads == 1);
    CHECK(view.counters().bytes_downloaded == 100 * sizeof(float));
    for (int i = 0; i < 100; ++i) CHECK(v(i) == 2.0f); // every later read is served from the host
    v.synchronize();
    CHECK(view.counters().downloads == 1);
}

TEST_CASE_METHOD(fresh_view, "a const view is never downloaded", "[copy]") {
    std::vector<float> in(64, 1.0f), out(64);
    {
        tiles::array_view<const float, 1> input(64, in);
        tiles::array_view<float, 1> output(64, out);
        tiles::parallel_for_each(view, input.extent, tiles::kernel(scale_source, "scale"), input, output, 2.0f);
        input.synchronize();
        CHECK(input(3) == 1.0f);
    }
    CHECK(view.counters().downloads == 1); // only output, written back as its last view went
    CHECK(out[63] == 2.0f);
}

TEST_CASE_METHOD(fresh_view, "a non-const view bound to a const parameter is not written back", "[copy]") {
    std::vector<float> in(64, 1.0f), out(64);
    tiles::array_view<float, 1> input(64, in); // not const, but the kernel promises not to write it
    tiles::array_view<float, 1> output(64, out);
    tiles::parallel_for_each(view, input.extent, tiles::kernel(scale_source, "scale"), input, output, 2.0f);
    CHECK(input(0) == 1.0f);
    CHECK(view.counters().downloads == 0);
}

TEST_CASE_METHOD(fresh_view, "a host write through the view makes the next launch upload again", "[copy]") {
    std::vector<float> data(32, 0.0f);
    tiles::array_view<float, 1> v(32, data);
    const tiles::kernel add_one(add_one_source, "add_one");
    tiles::parallel_for_each(view, v.extent, add_one, v);
    v(5) = 10.0f; // downloads, then the device copy is stale
    tiles::parallel_for_each(view, v.extent, add_one, v);
    CHECK(v(5) == 11.0f);
    CHECK(v(6) == 2.0f);
    const auto c = view.counters();
    CHECK(c.uploads == 2);
    CHECK(c.downloads == 2);
}

TEST_CASE_METHOD(fresh_view, "the last view's destruction writes a launch's result back", "[copy]") {
    std::vector<float> data(16, 4.0f);
    {
        tiles::array_view<float, 1> v(16, data);
        tiles::array_view<float, 1> copy = v;
        tiles::parallel_for_each(view, v.extent, tiles::kernel(add_one_source, "add_one"), v);
    }
    CHECK(data == std::vector<float>(16, 5.0f));
    CHECK(view.counters().downloads == 1);
    CHECK(tiles::take_writeback_error().empty());
}

TEST_CASE_METHOD(fresh_view, "an array is uploaded once when made and downloaded once per copy out", "[copy][array]") {
    std::vector<float> init(50);
    for (int i = 0; i < 50; ++i) init[i] = float(i);
    tiles::array<float, 1> a(tiles::extent<1>(50), init.begin(), init.end(), view);
    CHECK(view.counters().uploads == 1);
    tiles::parallel_for_each(view, a.extent, tiles::kernel(add_one_source, "add_one"), a);
    tiles::parallel_for_each(view, a.extent, tiles::kernel(add_one_source, "add_one"), a);
    CHECK(view.counters().uploads == 1); // it lives on the device

    std::vector<float> out = a;
    CHECK(out[49] == 51.0f);
    std::vector<float> again(50);
    tiles::copy(a, again.begin());
    CHECK(again == out);
    CHECK(view.counters().downloads == 2);

    tiles::copy(init.begin(), init.end(), a);
    CHECK(std::vector<float>(a) == init);
}

TEST_CASE_METHOD(fresh_view, "a launch without a view runs where its array lives", "[copy][array]") {
    tiles::array<float, 1> a(tiles::extent<1>(8), std::vector<float>(8, 1.0f), view);
    tiles::parallel_for_each(a.extent, tiles::kernel(add_one_source, "add_one"), a);
    CHECK(view.counters().launches == 1);
    CHECK(std::vector<float>(a) == std::vector<float>(8, 2.0f));
}

TEST_CASE("one view of host memory used on two accelerator views stays coherent", "[copy]") {
    const tiles::accelerator_view first = tiles::accelerator().create_view();
    const tiles::accelerator_view second = tiles::accelerator().create_view();
    std::vector<float> data(64, 0.0f);
    tiles::array_view<float, 1> v(64, data);
    const tiles::kernel add_one(add_one_source, "add_one");
    tiles::parallel_for_each(first, v.extent, add_one, v);
    tiles::parallel_for_each(second, v.extent, add_one, v); // fetches the first view's result
    tiles::parallel_for_each(first, v.extent, add_one, v);  // and back again
    CHECK(v(0) == 3.0f);
    CHECK(first.counters().downloads + second.counters().downloads == 3);
}
