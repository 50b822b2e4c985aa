// array_view in full: sections, discard_data, refresh, synchronize_async and synchronize_to,
// each rule counted in transfers and bytes.
#include <algorithm>
#include <numeric>
#include <vector>

#include "fixture.hpp"

namespace {

// Adds `amount` to every element of a 2-D view.
const char* const add_source = R"(
__kernel void add(__global float* data, float amount) {
    thread_index i = get_thread_index();
    data[linear_index(i.global_id, i.extent)] += amount;
})";

// Writes row * 1000 + column of the launch's extent, reading nothing.
const char* const fill_source = R"(
__kernel void fill(__global float* data) {
    thread_index i = get_thread_index();
    data[linear_index(i.global_id, i.extent)] = i.global_id[0] * 1000 + i.global_id[1];
})";

const char* const sum_source = R"(
__kernel void sum(__global const float* data, __global float* out) {
    thread_index i = get_thread_index();
    out[i.global_id[0]] += data[i.global_id[0]];
})";

// Writes part * 100 + i into element i of each of ten parts.
const char* const ten_parts_source = R"(
__kernel void ten_parts(__global float* p0, __global float* p1, __global float* p2, __global float* p3,
                        __global float* p4, __global float* p5, __global float* p6, __global float* p7,
                        __global float* p8, __global float* p9) {
    const int i = get_thread_index().global_id[0];
    p0[i] = i; p1[i] = 100 + i; p2[i] = 200 + i; p3[i] = 300 + i; p4[i] = 400 + i;
    p5[i] = 500 + i; p6[i] = 600 + i; p7[i] = 700 + i; p8[i] = 800 + i; p9[i] = 900 + i;
})";

} // namespace

TEST_CASE_METHOD(fresh_view, "a 16x16 section written by a launch comes home as one 16x16 download",
                 "[section][copy]") {
    std::vector<float> host(1024 * 1024, 1.0f);
    tiles::array_view<float, 2> whole(1024, 1024, host);
    const auto part = whole.section(tiles::index<2>(32, 64), tiles::extent<2>(16, 16));
    tiles::parallel_for_each(view, part.extent, tiles::kernel(add_source, "add"), part, 2.0f);

    CHECK(view.counters().uploads == 1); // the section only
    CHECK(view.counters().bytes_uploaded == 16 * 16 * sizeof(float));
    CHECK(part(0, 0) == 3.0f); // host read of the section
    CHECK(part(15, 15) == 3.0f);
    CHECK(view.counters().downloads == 1);
    CHECK(view.counters().bytes_downloaded == 16 * 16 * sizeof(float));
    // The parent shows the change and nothing else moved for it.
    CHECK(whole(32, 64) == 3.0f);
    CHECK(whole(47, 79) == 3.0f);
    CHECK(whole(31, 64) == 1.0f);
    CHECK(whole(48, 80) == 1.0f);
    CHECK(view.counters().downloads == 1);
}

TEST_CASE_METHOD(fresh_view, "discard_data then a write-only launch uploads nothing", "[copy]") {
    std::vector<float> host(64 * 64, -1.0f);
    tiles::array_view<float, 2> v(64, 64, host);
    v.discard_data();
    tiles::parallel_for_each(view, v.extent, tiles::kernel(fill_source, "fill"), v);
    CHECK(view.counters().uploads == 0);
    CHECK(v(3, 5) == 3005.0f);
    CHECK(view.counters().downloads == 1);
}

TEST_CASE_METHOD(fresh_view, "refresh after a host change uploads once and the launch sees the new values", "[copy]") {
    std::vector<float> host(100, 1.0f), totals(100, 0.0f);
    tiles::array_view<const float, 1> data(100, host);
    tiles::array_view<float, 1> out(100, totals);
    const tiles::kernel sum(sum_source, "sum");
    tiles::parallel_for_each(view, data.extent, sum, data, out);
    std::fill(host.begin(), host.end(), 5.0f); // behind the view's back
    data.refresh();
    view.reset_counters();
    tiles::parallel_for_each(view, data.extent, sum, data, out);
    CHECK(view.counters().uploads == 1);
    CHECK(out(42) == 6.0f);
}

TEST_CASE_METHOD(fresh_view, "a const view across ten launches is uploaded once and never downloaded", "[copy]") {
    std::vector<float> host(256, 1.0f), totals(256, 0.0f);
    {
        tiles::array_view<const float, 1> data(256, host);
        tiles::array_view<float, 1> out(256, totals);
        const tiles::kernel sum(sum_source, "sum");
        for (int i = 0; i < 10; ++i) tiles::parallel_for_each(view, data.extent, sum, data, out);
        data.synchronize();
        CHECK(view.counters().uploads == 2); // data once, out once
        CHECK(view.counters().downloads == 0);
    }
    CHECK(view.counters().downloads == 1); // out, written back as its last view went
    CHECK(totals[255] == 10.0f);
}

TEST_CASE_METHOD(fresh_view, "overlapping sections and their parent stay coherent", "[section]") {
    std::vector<float> host(8 * 8, 0.0f);
    tiles::array_view<float, 2> whole(8, 8, host);
    const tiles::kernel add(add_source, "add");
    const auto top = whole.section(tiles::index<2>(0, 0), tiles::extent<2>(5, 8));   // rows 0..4
    const auto lower = whole.section(tiles::index<2>(3, 2), tiles::extent<2>(5, 4)); // rows 3..7, cols 2..5
    tiles::parallel_for_each(view, top.extent, add, top, 1.0f);
    tiles::parallel_for_each(view, lower.extent, add, lower, 10.0f);
    whole(4, 3) += 100.0f; // on the host, inside both
    tiles::parallel_for_each(view, whole.extent, add, whole, 1000.0f);
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c) {
            const float expected = 1000.0f + (r < 5 ? 1.0f : 0.0f) + (r >= 3 && c >= 2 && c < 6 ? 10.0f : 0.0f) +
                                   (r == 4 && c == 3 ? 100.0f : 0.0f);
            INFO(r << "," << c);
            CHECK(whole(r, c) == expected);
        }
    CHECK(lower(1, 1) == 1111.0f); // (4, 3) seen through the section
}

// A storage keeps the dense buffers of its last 8 sections launched; a launch of more must not
// release one that an earlier argument of the same launch is bound to.
TEST_CASE_METHOD(fresh_view, "one launch of ten sections of one view writes each of them", "[section]") {
    std::vector<float> host(100, -1.0f);
    tiles::array_view<float, 1> whole(100, host);
    std::vector<tiles::array_view<float, 1>> parts;
    for (int p = 0; p < 10; ++p) parts.push_back(whole.section(tiles::index<1>(p * 10), tiles::extent<1>(10)));
    const tiles::kernel ten_parts(ten_parts_source, "ten_parts");
    for (int round = 0; round < 2; ++round) {
        tiles::parallel_for_each(view, tiles::extent<1>(10), ten_parts, parts[0], parts[1], parts[2], parts[3],
                                 parts[4], parts[5], parts[6], parts[7], parts[8], parts[9]);
        whole.synchronize();
        for (int e = 0; e < 100; ++e) {
            INFO("round " << round << ", element " << e);
            CHECK(host[std::size_t(e)] == float(e / 10 * 100 + e % 10));
        }
        std::fill(host.begin(), host.end(), -1.0f);
        whole.refresh();
    }
}

TEST_CASE_METHOD(fresh_view, "sections of rank 1 and rank 3 move only themselves", "[section]") {
    std::vector<float> line(1000, 0.0f);
    tiles::array_view<float, 1> v1(1000, line);
    const auto middle = v1.section(tiles::index<1>(100), tiles::extent<1>(50));
    tiles::parallel_for_each(view, middle.extent, tiles::kernel(add_source, "add"), middle, 1.0f);
    middle.synchronize();
    CHECK(view.counters().bytes_uploaded == 50 * sizeof(float));
    CHECK(view.counters().bytes_downloaded == 50 * sizeof(float));
    CHECK(line[99] == 0.0f);
    CHECK(line[100] == 1.0f);
    CHECK(line[149] == 1.0f);
    CHECK(line[150] == 0.0f);

    const char* add3 = R"(
__kernel void add3(__global int* data) {
    thread_index i = get_thread_index();
    data[linear_index(i.global_id, i.extent)] += 100 * i.global_id[0] + 10 * i.global_id[1] + i.global_id[2];
})";
    std::vector<int> cube(6 * 7 * 8, 0);
    tiles::array_view<int, 3> v3(6, 7, 8, cube);
    const auto block = v3.section(tiles::index<3>(1, 2, 3), tiles::extent<3>(2, 3, 4));
    view.reset_counters();
    tiles::parallel_for_each(view, block.extent, tiles::kernel(add3, "add3"), block);
    v3.synchronize();
    CHECK(view.counters().downloads == 1);
    CHECK(view.counters().bytes_downloaded == 2 * 3 * 4 * sizeof(int));
    for (int a = 0; a < 6; ++a)
        for (int b = 0; b < 7; ++b)
            for (int c = 0; c < 8; ++c) {
                const bool inside = a >= 1 && a < 3 && b >= 2 && b < 5 && c >= 3 && c < 7;
                CHECK(v3(a, b, c) == (inside ? 100 * (a - 1) + 10 * (b - 2) + (c - 3) : 0));
            }
}

TEST_CASE_METHOD(fresh_view, "synchronize_async brings a view home and can be polled", "[async]") {
    std::vector<float> host(4096, 0.0f);
    tiles::array_view<float, 1> v(4096, host);
    tiles::parallel_for_each(view, v.extent, tiles::kernel(add_source, "add"), v, 7.0f);
    tiles::completion_future done = v.synchronize_async();
    while (!done.is_ready()) {
    }
    done.get();
    CHECK(host[4095] == 7.0f); // in the caller's memory, with no further transfer
    CHECK(v(0) == 7.0f);
    CHECK(view.counters().downloads == 1);
    // A host read right after an asynchronous synchronize waits for it.
    tiles::parallel_for_each(view, v.extent, tiles::kernel(add_source, "add"), v, 1.0f);
    v.synchronize_async();
    CHECK(v(100) == 8.0f);
}

TEST_CASE("synchronize_to uploads to another view now and its launch uploads nothing", "[async]") {
    const tiles::accelerator_view other = tiles::accelerator().create_view();
    std::vector<float> host(512, 2.0f);
    tiles::array_view<float, 1> v(512, host);
    v.synchronize_to(other);
    CHECK(other.counters().uploads == 1);
    tiles::parallel_for_each(other, v.extent, tiles::kernel(add_source, "add"), v, 1.0f);
    CHECK(other.counters().uploads == 1);
    CHECK(v(511) == 3.0f);
}

TEST_CASE_METHOD(fresh_view, "a view of an array has no host copy until the host reads it", "[array]") {
    tiles::array<float, 2> a(tiles::extent<2>(32, 32), std::vector<float>(32 * 32, 1.0f), view);
    tiles::array_view<float, 2> v(a);
    tiles::parallel_for_each(view, v.extent, tiles::kernel(add_source, "add"), v, 1.0f);
    CHECK(view.counters().uploads == 1); // the array's initial data
    const auto corner = a.section(tiles::index<2>(30, 30), tiles::extent<2>(2, 2));
    CHECK(corner(1, 1) == 2.0f);
    CHECK(view.counters().downloads == 1);
    CHECK(view.counters().bytes_downloaded == 4 * sizeof(float));
    const std::vector<float> all = a;
    CHECK(all[0] == 2.0f);
}

TEST_CASE_METHOD(fresh_view, "total counters add up every accelerator view", "[counters]") {
    const tiles::accelerator_view other = tiles::accelerator().create_view();
    std::vector<float> a(16), b(16);
    tiles::array_view<float, 1> va(16, a), vb(16, b);
    tiles::reset_total_counters();
    tiles::parallel_for_each(view, va.extent, tiles::kernel(fill_source, "fill"), va.section(tiles::extent<1>(16)));
    tiles::parallel_for_each(other, vb.extent, tiles::kernel(add_source, "add"), vb, 1.0f);
    const tiles::transfer_counters total = tiles::total_counters();
    CHECK(total.launches == 2);
    CHECK(total.uploads == view.counters().uploads + other.counters().uploads);
    CHECK(total.kernel_builds + total.binary_loads == 2); // compiled or loaded from the disk cache
    tiles::reset_total_counters();
    CHECK(tiles::total_counters().launches == 0);
    CHECK(view.counters().launches == 1); // resetting the totals leaves each view's counters
}

TEST_CASE("a section outside its view is refused naming the numbers", "[section][refusal]") {
    std::vector<float> host(10 * 10);
    tiles::array_view<float, 2> v(10, 10, host);
    REQUIRE_THROWS_MENTIONING(v.section(tiles::index<2>(5, 8), tiles::extent<2>(5, 3)), tiles::invalid_argument,
                              "dimension 1 from 8 to 11", "extent (10)");
    REQUIRE_THROWS_MENTIONING(v.section(tiles::index<2>(0, -1), tiles::extent<2>(1, 1)), tiles::invalid_argument,
                              "dimension 1 from -1");
    REQUIRE_THROWS_MENTIONING(v.section(tiles::index<2>(0, 0), tiles::extent<2>(0, 1)), tiles::invalid_argument,
                              "dimension 0 of a section (0)");
}
