// Data and untiled launches of rank above 3: extent, index, array and array_view of ranks 4 and
// 5, their elements, projections and sections, and kernels that see their own N-dimensional
// index, all against plain loops.
#include <numeric>
#include <vector>

#include "fixture.hpp"

namespace {

// Each work-item of a rank-4 launch writes its index as the digits of one number, and checks
// the extent the prelude gives it against the one the host passes.
const char* const digits_source = R"(
__kernel void digits(__global int* out, int e0, int e1, int e2, int e3) {
    thread_index i = get_thread_index();
    const bool extent_right = i.extent[0] == e0 && i.extent[1] == e1 && i.extent[2] == e2 && i.extent[3] == e3;
    out[linear_index(i.global_id, i.extent)] =
        extent_right ? i.global_id[0] * 1000 + i.global_id[1] * 100 + i.global_id[2] * 10 + i.global_id[3] : -1;
})";

// Adds one to every element, of any rank.
const char* const add_one_source = R"(
__kernel void add_one(__global int* data) {
    thread_index i = get_thread_index();
    data[linear_index(i.global_id, i.extent)] += 1;
})";

std::vector<int> iota(std::size_t n) {
    std::vector<int> v(n);
    std::iota(v.begin(), v.end(), 0);
    return v;
}

// The digits kernel's result over extent e, computed on the host.
std::vector<int> digits_of(const tiles::extent<4>& e) {
    std::vector<int> expected;
    for (int a = 0; a < e[0]; ++a)
        for (int b = 0; b < e[1]; ++b)
            for (int c = 0; c < e[2]; ++c)
                for (int d = 0; d < e[3]; ++d) expected.push_back(a * 1000 + b * 100 + c * 10 + d);
    return expected;
}

} // namespace

TEST_CASE_METHOD(fresh_view, "an array of rank 4 holds, indexes and projects its elements", "[rank]") {
    tiles::array<int, 4> a(tiles::extent<4>(2, 3, 4, 5), iota(120), view);
    CHECK(a.get_extent().size() == 120);
    CHECK(a(1, 2, 3, 4) == ((1 * 3 + 2) * 4 + 3) * 5 + 4);
    CHECK(a[tiles::index<4>(1, 0, 2, 1)] == 60 + 10 + 1);
    const tiles::array_view<int, 2> plane = a[1][2];
    CHECK(plane.extent == tiles::extent<2>(4, 5));
    CHECK(plane(3, 4) == 119);
    CHECK(a[1][2][3][4] == 119); // the AMP specification's C-style indexing

    // A launch over the whole array: each element is its own index, read as digits.
    tiles::parallel_for_each(view, a.extent, tiles::kernel(digits_source, "digits"), a, 2, 3, 4, 5);
    CHECK(std::vector<int>(a) == digits_of(a.extent));

    // Copies of it are deep, and another shape of rank 4 builds its own kernel and is right too.
    tiles::array<int, 4> b(a);
    CHECK(std::vector<int>(b) == digits_of(a.extent));
    tiles::array<int, 4> c(tiles::extent<4>(3, 2, 5, 4), view);
    tiles::parallel_for_each(view, c.extent, tiles::kernel(digits_source, "digits"), c, 3, 2, 5, 4);
    CHECK(std::vector<int>(c) == digits_of(c.extent));
}

TEST_CASE_METHOD(fresh_view, "views of rank 5 over host memory: sections, projections and launches", "[rank]") {
    std::vector<int> host = iota(2 * 3 * 4 * 3 * 5);
    tiles::array_view<int, 5> v(tiles::extent<5>(2, 3, 4, 3, 5), host);
    CHECK(v(1, 2, 3, 2, 4) == 359);

    // The projection v[1] has rank 4; a launch over it adds one to that half only.
    const tiles::array_view<int, 4> half = v[1];
    tiles::parallel_for_each(view, half.extent, tiles::kernel(add_one_source, "add_one"), half);
    v.synchronize();
    for (int i = 0; i < 360; ++i) CHECK(host[std::size_t(i)] == i + (i >= 180 ? 1 : 0));
    CHECK(view.counters().bytes_uploaded == 180 * sizeof(int));

    // A section whose leading dimensions take whole slices of the ones after them is one
    // rectangle of the data, and moves alone.
    const auto block = v.section(tiles::index<5>(0, 1, 0, 0, 0), tiles::extent<5>(1, 2, 4, 3, 5));
    CHECK(block(0, 1, 3, 2, 4) == 2 * 60 + 59);
    view.reset_counters();
    tiles::parallel_for_each(view, block.extent, tiles::kernel(add_one_source, "add_one"), block);
    CHECK(view.counters().bytes_uploaded == 2 * 60 * sizeof(int));
    CHECK(v(0, 2, 0, 0, 0) == 121);
    CHECK(v(0, 0, 0, 0, 0) == 0);

    // One that cuts into the dimensions folded together is one rectangle in rows of 60 elements
    // (the section's rows of 30 lie 60 apart), and moves as one.
    const auto rows = v.section(tiles::index<5>(0, 0, 1, 0, 0), tiles::extent<5>(2, 3, 2, 3, 5));
    view.reset_counters();
    tiles::parallel_for_each(view, rows.extent, tiles::kernel(add_one_source, "add_one"), rows);
    v.synchronize();
    for (int i = 0; i < 360; ++i) {
        const int along_2 = i / 15 % 4; // the element's index along dimension 2
        const int added = (i >= 180) + (i >= 60 && i < 180) + (along_2 == 1 || along_2 == 2);
        CHECK(host[std::size_t(i)] == i + added);
    }
    // It moves the box of the data that holds it: from its first element to its last.
    CHECK(view.counters().bytes_downloaded == (344 - 15 + 1) * sizeof(int));
    // One that cuts into three of them at once is no rectangle in rows of any length: refused.
    REQUIRE_THROWS_MENTIONING(v.section(tiles::index<5>(0, 0, 0, 0, 0), tiles::extent<5>(2, 2, 2, 2, 5)),
                              tiles::invalid_argument, "not one rectangle", "24x3x5 elements");
    // A launch whose extent has a component that is not positive is refused as any other.
    REQUIRE_THROWS_MENTIONING(
        tiles::parallel_for_each(view, tiles::extent<4>(2, 0, 2, 2), tiles::kernel(add_one_source, "add_one"), half),
        tiles::invalid_compute_domain, "dimension 1 of the compute domain (0)");
}

TEST_CASE_METHOD(fresh_view, "views without a data source and view_as reach ranks above 3", "[rank]") {
    tiles::array<int, 1> flat(tiles::extent<1>(24), iota(24), view);
    tiles::array_view<int, 4> shaped = flat.view_as(tiles::extent<4>(2, 2, 3, 2));
    CHECK(shaped(1, 1, 2, 1) == 23);
    tiles::array_view<int, 4> scratch(tiles::extent<4>(2, 3, 4, 5));
    view.reset_counters();
    tiles::parallel_for_each(view, scratch.extent, tiles::kernel(digits_source, "digits"), scratch, 2, 3, 4, 5);
    std::vector<int> out(120);
    tiles::copy(scratch, out.begin());
    CHECK(out == digits_of(scratch.extent));
    CHECK(view.counters().uploads == 0);
}

TEST_CASE_METHOD(fresh_view, "a kernel cuts a section of rank 4 from a view of rank 4 and from a view_as of rank 1",
                 "[rank]") {
    // Both hold the elements of a 2x3x4x5 block; the section is its 1x2x3x4 corner from (1, 1, 1, 1).
    const char* source =
        "void k(array_view<const int, 1> flat, array_view<const int, 4> block, array_view<int, 1> out, index<1> i) "
        "restrict(amp) {\n"
        "    const int ones[] = {1, 1, 1, 1}, corner_sizes[] = {1, 2, 3, 4}, block_sizes[] = {2, 3, 4, 5};\n"
        "    const index<4> origin(ones);\n"
        "    const extent<4> corner(corner_sizes);\n"
        "    const array_view<const int, 4> shaped = flat.view_as(extent<4>(block_sizes));\n"
        "    const int place[] = {0, i[0] / 12, i[0] / 4 % 3, i[0] % 4};\n"
        "    const index<4> at(place);\n"
        "    out[i] = shaped.section(origin, corner)[at] * 1000 + block.section(origin, corner)(at);\n"
        "}\n";
    std::vector<int> flat(120), block(120), out(24, -1);
    for (int k = 0; k < 120; ++k) flat[std::size_t(k)] = 3 * k + 1, block[std::size_t(k)] = 119 - k;
    tiles::array_view<const int, 1> flat_view(120, flat);
    tiles::array_view<const int, 4> block_view(tiles::extent<4>(2, 3, 4, 5), block);
    tiles::array_view<int, 1> out_view(24, out);
    tiles::parallel_for_each(view, out_view.extent, tiles::kernel(source, "k", "", tiles::kernel_language::cpp),
                             flat_view, block_view, out_view);
    out_view.synchronize();
    for (int b = 0; b < 2; ++b)
        for (int c = 0; c < 3; ++c)
            for (int d = 0; d < 4; ++d) {
                const int element = ((1 * 3 + 1 + b) * 4 + 1 + c) * 5 + 1 + d;
                INFO("at (0, " << b << ", " << c << ", " << d << ")");
                CHECK(out[std::size_t((b * 3 + c) * 4 + d)] ==
                      flat[std::size_t(element)] * 1000 + block[std::size_t(element)]);
            }
}
