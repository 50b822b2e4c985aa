// reinterpret_as and view_as as C++ AMP gives them: the same bytes as other elements or another
// shape, on arrays of any rank and on rank-1 views, with AMP's refusals and libtiles' one (a view
// that is not one rectangle of the data beneath it).
#include <cstring>
#include <numeric>
#include <vector>

#include "fixture.hpp"

namespace {

struct rgb {
    float r, g, b;
};

// Adds 1 to every float of the view it is given.
const char* const add_one_source = R"(
__kernel void add_one(__global float* data) {
    thread_index i = get_thread_index();
    data[linear_index(i.global_id, i.extent)] += 1.0f;
})";

std::vector<float> iota(std::size_t n, float first) {
    std::vector<float> v(n);
    std::iota(v.begin(), v.end(), first);
    return v;
}

} // namespace

TEST_CASE_METHOD(fresh_view, "reinterpret_as views an array of structs as its floats, as the AMP specification does",
                 "[reinterpret]") {
    // SPEC 5.1.5: array<RGB, 3> a; array_view<float, 1> v = a.reinterpret_as<float>();
    // assert(v.extent == 3 * a.extent).
    std::vector<rgb> pixels(2 * 3 * 4);
    for (std::size_t i = 0; i < pixels.size(); ++i) pixels[i] = {float(i), float(i) + 0.25f, float(i) + 0.5f};
    tiles::array<rgb, 3> a(tiles::extent<3>(2, 3, 4), pixels, view);
    tiles::array_view<float, 1> v = a.reinterpret_as<float>();
    CHECK(v.extent == tiles::extent<1>(3 * int(a.extent.size())));
    CHECK(v[3 * 5 + 1] == 5.25f);
    // A launch through the float view changes the structs.
    tiles::parallel_for_each(view, v.extent, tiles::kernel(add_one_source, "add_one"), v);
    std::vector<rgb> out(pixels.size());
    tiles::copy(a, out.begin());
    for (std::size_t i = 0; i < out.size(); ++i) {
        CHECK(out[i].r == float(i) + 1);
        CHECK(out[i].b == float(i) + 1.5f);
    }
    // And a const array gives const views.
    const tiles::array<rgb, 3>& c = a;
    tiles::array_view<const float, 1> cv = c.reinterpret_as<float>();
    CHECK(cv[2] == 1.5f);
}

TEST_CASE_METHOD(fresh_view, "reinterpret_as of a rank-1 view changes the extent by the element size",
                 "[reinterpret]") {
    std::vector<double> host(6);
    for (std::size_t i = 0; i < host.size(); ++i) host[i] = 1.0 + double(i);
    tiles::array_view<double, 1> d(6, host);
    tiles::array_view<float, 1> halves = d.section(tiles::index<1>(2), tiles::extent<1>(3)).reinterpret_as<float>();
    CHECK(halves.extent == tiles::extent<1>(6));
    float expected[2];
    std::memcpy(expected, &host[2], sizeof expected);
    CHECK(halves[0] == expected[0]);
    CHECK(halves[1] == expected[1]);
    // Into larger elements: 6 floats are 3 doubles.
    std::vector<float> floats = iota(6, 0.0f);
    tiles::array_view<float, 1> f(6, floats);
    tiles::array_view<double, 1> pairs = f.reinterpret_as<double>();
    CHECK(pairs.extent == tiles::extent<1>(3));
    double second;
    std::memcpy(&second, &floats[2], sizeof second);
    CHECK(pairs[1] == second);
    // 5 floats are not a whole number of doubles: refused, as in AMP.
    REQUIRE_THROWS_MENTIONING(f.section(tiles::extent<1>(5)).reinterpret_as<double>(), tiles::invalid_argument,
                              "reinterpret_as", "5 elements of 4 bytes (20 bytes)", "8 bytes");
}

TEST_CASE_METHOD(fresh_view, "view_as reshapes an array, as the AMP specification's example does", "[view_as]") {
    // SPEC 5.1.5: array<float, 1> a(100); array_view<float, 2> av = a.view_as(extent<2>(2, 50)).
    tiles::array<float, 1> a(tiles::extent<1>(100), iota(100, 0.0f), view);
    tiles::array_view<float, 2> av = a.view_as(tiles::extent<2>(2, 50));
    CHECK(av.extent == tiles::extent<2>(2, 50));
    CHECK(av(1, 7) == 57.0f);
    // A launch over a row of the reshaped view writes those elements of the array.
    tiles::parallel_for_each(view, tiles::extent<1>(50), tiles::kernel(add_one_source, "add_one"), av[1]);
    const std::vector<float> out = a;
    for (int i = 0; i < 100; ++i) CHECK(out[std::size_t(i)] == float(i) + (i >= 50 ? 1 : 0));

    // A rank-3 array as rank 1, and rank 1 again as rank 3: the first elements, in order.
    tiles::array<float, 3> cube(tiles::extent<3>(2, 3, 4), iota(24, 0.0f), view);
    tiles::array_view<float, 1> flat = cube.view_as(tiles::extent<1>(24));
    CHECK(flat[23] == 23.0f);
    tiles::array_view<float, 3> again = flat.view_as(tiles::extent<3>(4, 3, 2));
    CHECK(again(3, 2, 1) == 23.0f);
    // Fewer elements than the data has: the first ones (a prefix of whole rows here).
    tiles::array_view<float, 2> first_rows = flat.view_as(tiles::extent<2>(2, 4));
    CHECK(first_rows(1, 3) == 7.0f);

    REQUIRE_THROWS_MENTIONING(a.view_as(tiles::extent<2>(11, 10)), tiles::invalid_argument, "view_as(11x10)",
                              "110 elements", "100");
    REQUIRE_THROWS_MENTIONING(a.view_as(tiles::extent<2>(0, 10)), tiles::invalid_argument, "not positive");
}

TEST_CASE_METHOD(fresh_view, "views that are not one rectangle of the data beneath them are refused, naming why",
                 "[view_as][refusal]") {
    // The flat view of a 2x3x4 array is fine; 5 of its elements from the 3rd cut across rows of 4.
    tiles::array<float, 3> cube(tiles::extent<3>(2, 3, 4), iota(24, 0.0f), view);
    tiles::array_view<float, 1> flat = cube.view_as(tiles::extent<1>(24));
    CHECK(flat.section(tiles::index<1>(4), tiles::extent<1>(8))[7] == 11.0f); // two whole rows
    // 5 of its elements from the 3rd cut across rows of 4: one rectangle of the bytes in one row.
    CHECK(flat.section(tiles::index<1>(2), tiles::extent<1>(5))[4] == 6.0f);
    // A view of rank 4 cutting into three of the dimensions folded together is none.
    std::vector<float> four(2 * 3 * 3 * 3);
    tiles::array_view<float, 4> hyper(tiles::extent<4>(2, 3, 3, 3), four);
    REQUIRE_THROWS_MENTIONING(hyper.section(tiles::index<4>(0, 0, 0, 0), tiles::extent<4>(2, 2, 2, 2)),
                              tiles::invalid_argument, "a section (2x2x2x2 elements of 4 bytes from byte 0)",
                              "not one rectangle", "6x3x3 elements of 4 bytes");
    // Part of a float's bytes is no rectangle of floats either.
    std::vector<double> host(4, 1.0);
    tiles::array_view<float, 1> halves = tiles::array_view<double, 1>(4, host).reinterpret_as<float>();
    REQUIRE_THROWS_MENTIONING(halves.section(tiles::index<1>(1), tiles::extent<1>(2)), tiles::invalid_argument,
                              "not one rectangle");
}

TEST_CASE_METHOD(fresh_view, "a reinterpreted view passes to kernels of its own element type", "[reinterpret]") {
    tiles::array<int, 1> bits(tiles::extent<1>(4), std::vector<int>{0x3f800000, 0x40000000, 0x40400000, 0}, view);
    tiles::array_view<float, 1> as_floats = bits.reinterpret_as<float>();
    tiles::parallel_for_each(view, as_floats.extent, tiles::kernel(add_one_source, "add_one"), as_floats);
    CHECK(as_floats[0] == 2.0f);
    CHECK(as_floats[2] == 4.0f);
    CHECK(as_floats[3] == 1.0f);
    // The int array's own type is refused by the float kernel.
    REQUIRE_THROWS_MENTIONING(
        tiles::parallel_for_each(view, bits.extent, tiles::kernel(add_one_source, "add_one"), bits),
        tiles::invalid_argument, "the element types differ");
    // The tiled algorithms read whole storages in their own type: a reinterpreted view is refused.
    REQUIRE_THROWS_MENTIONING(tiles::reduce(as_floats, tiles::reduction_op::sum), tiles::invalid_argument,
                              "reinterpret_as");
}
