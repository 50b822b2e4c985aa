// Subscripts as C++ AMP has them: av[i] on rank 1, the projection av[i] / a[i] to a view of rank
// N - 1, operator()(i, j, ...) on every rank, array elements on the host, and section()'s
// overloads; each checked against the row-major position computed by hand.
#include <numeric>
#include <vector>

#include "fixture.hpp"

namespace {

std::vector<int> iota(std::size_t n) {
    std::vector<int> v(n);
    std::iota(v.begin(), v.end(), 0);
    return v;
}

// Adds 1000 to every element of the view it is given, whatever its shape.
const char* const add_source = R"(
__kernel void add(__global int* data) {
    thread_index i = get_thread_index();
    data[linear_index(i.global_id, i.extent)] += 1000;
})";

} // namespace

TEST_CASE_METHOD(fresh_view, "av[i] on a rank-1 view is its element, on the host", "[subscript]") {
    std::vector<int> host = iota(10);
    tiles::array_view<int, 1> v(10, host);
    CHECK(v[7] == 7);
    v[7] = 70;
    CHECK(host[7] == 70);
    CHECK(v(7) == 70);
    const tiles::array_view<const int, 1> c(v);
    CHECK(c[3] == 3);
}

TEST_CASE_METHOD(fresh_view, "projections give views of rank N - 1, so a[5][4][3][2] is a(5, 4, 3, 2)",
                 "[subscript][projection]") {
    // A 3-D view of 4x5x6 values i: element (i, j, k) holds i * 30 + j * 6 + k.
    std::vector<int> host = iota(4 * 5 * 6);
    tiles::array_view<int, 3> v(4, 5, 6, host);
    const tiles::array_view<int, 2> plane = v[2];
    CHECK(plane.extent == tiles::extent<2>(5, 6));
    CHECK(plane(3, 4) == 2 * 30 + 3 * 6 + 4);
    const tiles::array_view<int, 1> row = v[2][3];
    CHECK(row.extent == tiles::extent<1>(6));
    CHECK(row[4] == 2 * 30 + 3 * 6 + 4);
    CHECK(v[1][2][3] == 1 * 30 + 2 * 6 + 3);
    CHECK(v(1)(2)(3) == 1 * 30 + 2 * 6 + 3);
    // A projection of a section: the section's own row.
    const auto block = v.section(tiles::index<3>(1, 1, 2), tiles::extent<3>(2, 3, 4));
    CHECK(block[1][2][3] == 2 * 30 + 3 * 6 + 5);
    // Writes through a projection reach the host memory.
    v[3][4][5] = -1;
    CHECK(host.back() == -1);

    REQUIRE_THROWS_MENTIONING(v[4], tiles::invalid_argument, "projection [4]", "extent 4");
    REQUIRE_THROWS_MENTIONING(v[2][-1], tiles::invalid_argument, "projection [-1]", "extent 5");
}

TEST_CASE_METHOD(fresh_view, "a launch over a projection moves and writes only that row", "[subscript][projection]") {
    std::vector<int> host = iota(6 * 7);
    tiles::array_view<int, 2> v(6, 7, host);
    const tiles::array_view<int, 1> row = v[4];
    tiles::parallel_for_each(view, row.extent, tiles::kernel(add_source, "add"), row);
    CHECK(view.counters().bytes_uploaded == 7 * sizeof(int));
    v.synchronize();
    CHECK(view.counters().bytes_downloaded == 7 * sizeof(int));
    for (int i = 0; i < 6; ++i)
        for (int j = 0; j < 7; ++j) CHECK(host[std::size_t(i * 7 + j)] == i * 7 + j + (i == 4 ? 1000 : 0));
}

TEST_CASE_METHOD(fresh_view, "operator() takes as many ints as the rank, for every rank", "[subscript]") {
    std::vector<int> host = iota(2 * 3 * 4 * 5);
    tiles::array_view<int, 1> one(120, host);
    tiles::array_view<int, 2> two(6, 20, host);
    tiles::array_view<int, 3> three(6, 4, 5, host);
    CHECK(one(119) == 119);
    CHECK(two(5, 19) == 119);
    CHECK(two(2, 3) == 43);
    CHECK(three(2, 3, 4) == 2 * 20 + 3 * 5 + 4);
    CHECK(three[tiles::index<3>(2, 3, 4)] == 59);
}

TEST_CASE_METHOD(fresh_view, "array elements are read and written on the host as through a view",
                 "[subscript][array]") {
    tiles::array<int, 2> a(tiles::extent<2>(3, 4), iota(12), view);
    view.reset_counters();
    CHECK(a(2, 3) == 11);
    CHECK(a[tiles::index<2>(1, 1)] == 5);
    CHECK(a[1][2] == 6); // a projection of the array
    CHECK(view.counters().downloads == 1);
    a(0, 0) = 100;
    const tiles::array_view<int, 1> row = a[0];
    tiles::parallel_for_each(view, row.extent, tiles::kernel(add_source, "add"), row);
    const std::vector<int> out = a;
    CHECK(out == std::vector<int>{1100, 1001, 1002, 1003, 4, 5, 6, 7, 8, 9, 10, 11});
    const tiles::array<int, 2>& c = a;
    CHECK(c(0, 1) == 1001);
    CHECK(c[2][0] == 8);
    CHECK(*c.data() == 1100);
    tiles::array<int, 1> flat(tiles::extent<1>(5), iota(5), view);
    CHECK(flat[4] == 4);
}

TEST_CASE_METHOD(fresh_view, "section's overloads view the rectangles AMP says they do", "[subscript][section]") {
    // SPEC 5.2.5: v2 = v1.section(index<2>(15, 25), extent<2>(40, 50)) has v2(0, 0) == v1(15, 25).
    tiles::array<int, 2> a(tiles::extent<2>(200, 100), iota(200 * 100), view);
    tiles::array_view<int, 2> v1(a);
    tiles::array_view<int, 2> v2 = v1.section(tiles::index<2>(15, 25), tiles::extent<2>(40, 50));
    CHECK(v2(0, 0) == v1(15, 25));
    CHECK(v2(39, 49) == 54 * 100 + 74);
    // section(origin) is section(origin, extent - origin): to the end.
    const auto rest = v1.section(tiles::index<2>(190, 95));
    CHECK(rest.extent == tiles::extent<2>(10, 5));
    CHECK(rest(9, 4) == 199 * 100 + 99);
    // section(extent) starts at the origin.
    const auto corner = a.section(tiles::extent<2>(2, 3));
    CHECK(corner.extent == tiles::extent<2>(2, 3));
    CHECK(corner(1, 2) == 102);
    // The int forms.
    CHECK(v1.section(15, 25, 40, 50)(0, 0) == v2(0, 0));
    CHECK(a.section(15, 25, 40, 50)(39, 49) == v2(39, 49));
    std::vector<int> line = iota(10);
    tiles::array_view<int, 1> l(10, line);
    CHECK(l.section(3, 4)[0] == 3);
    CHECK(l.section(tiles::index<1>(8))[1] == 9);
    std::vector<int> cube = iota(3 * 4 * 5);
    tiles::array_view<int, 3> c(3, 4, 5, cube);
    CHECK(c.section(1, 2, 3, 2, 2, 2)(1, 1, 1) == 2 * 20 + 3 * 5 + 4);
    const tiles::array<int, 2>& ca = a;
    CHECK(ca.section(tiles::index<2>(199, 99))(0, 0) == 19999);

    REQUIRE_THROWS_MENTIONING(v1.section(tiles::index<2>(190, 0), tiles::extent<2>(11, 1)), tiles::invalid_argument,
                              "dimension 0 from 190 to 201", "(200)");
    REQUIRE_THROWS_MENTIONING(v1.section(tiles::index<2>(201, 0)), tiles::invalid_argument, "not positive");
}
