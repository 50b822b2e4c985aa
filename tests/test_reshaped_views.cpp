// Views that reshape, cut or reinterpret data (view_as, section with offsets, projections,
// reinterpret_as), of host memory and of arrays, ranks 1 to 3, written by kernels: each element
// lands where the host sees it, the kernel sees the view's own extent, and the bytes around the
// view, those just after it among them, stay as they were.
#include <array>
#include <cstddef>
#include <cstring>
#include <vector>

#include "tiles/elementwise.hpp"

#include "fixture.hpp"

namespace {

constexpr float untouched = -1.0f;

struct rgb {
    float r, g, b;
};

// Writes into each element of `v` 1 + its place in the view's row-major order, where the kernel
// sees the extent the host does; -2 where it sees another.
void number_elements(const tiles::accelerator_view& on, const tiles::array_view<float, 1>& v) {
    const tiles::extent<1> e = v.extent;
    tiles::parallel_for_each(on, v.extent, TILES_LAMBDA((v, e), [=](tiles::index<1> i) restrict(amp) {
                                 v[i] = v.extent == e ? float(i[0] + 1) : -2.0f;
                             }));
}
void number_elements(const tiles::accelerator_view& on, const tiles::array_view<float, 2>& v) {
    const tiles::extent<2> e = v.extent;
    tiles::parallel_for_each(on, v.extent, TILES_LAMBDA((v, e), [=](tiles::index<2> i) restrict(amp) {
                                 v[i] = v.extent == e ? float(i[0] * e[1] + i[1] + 1) : -2.0f;
                             }));
}
void number_elements(const tiles::accelerator_view& on, const tiles::array_view<float, 3>& v) {
    const tiles::extent<3> e = v.extent;
    tiles::parallel_for_each(on, v.extent, TILES_LAMBDA((v, e), [=](tiles::index<3> i) restrict(amp) {
                                 v[i] = v.extent == e ? float((i[0] * e[1] + i[1]) * e[2] + i[2] + 1) : -2.0f;
                             }));
}

// Where the elements of a box of data of extent `whole` (rank 3, leading 1s for less) lie, in the
// box's row-major order, as element offsets from the data's first.
std::vector<std::size_t> places_of(const std::array<int, 3>& whole, const std::array<int, 3>& origin,
                                   const std::array<int, 3>& part) {
    std::vector<std::size_t> places;
    for (int i = 0; i < part[0]; ++i)
        for (int j = 0; j < part[1]; ++j)
            for (int k = 0; k < part[2]; ++k)
                places.push_back(std::size_t(((origin[0] + i) * whole[1] + origin[1] + j) * whole[2] + origin[2] + k));
    return places;
}
// The `count` elements from `first` on, of data laid out in a row.
std::vector<std::size_t> run_of(int first, int count) {
    return places_of({1, 1, first + count}, {0, 0, first}, {1, 1, count});
}

// `before` with 1 + k written at the k-th of `places`: what number_elements leaves there.
std::vector<float> numbered(std::vector<float> before, const std::vector<std::size_t>& places) {
    for (std::size_t k = 0; k < places.size(); ++k) before[places[k]] = float(k + 1);
    return before;
}

std::vector<float> untouched_floats(std::size_t count) { return std::vector<float>(count, untouched); }

// Whether number_elements' C++ kernels build here (fixture.hpp's lambda_built): a GPU machine
// without clang has not what they need, and its test cases say so and stop.
bool cpp_kernels_build(const tiles::accelerator_view& on) {
    tiles::array<float, 1> one(tiles::extent<1>(1), on);
    return lambda_built([&] { number_elements(on, one); });
}

} // namespace

TEST_CASE_METHOD(fresh_view, "a kernel writing a view_as of a host view writes its elements and none after them",
                 "[reshape][view_as]") {
    if (!cpp_kernels_build(view)) return;
    // C++ AMP's BLAS libraries build every matrix so: 256 elements as 16x16, 64 more behind them.
    std::vector<float> host = untouched_floats(256 + 64);
    const tiles::array_view<float, 1> flat(256, host.data());
    SECTION("as rank 2") {
        const tiles::array_view<float, 2> b = flat.view_as(tiles::extent<2>(16, 16));
        number_elements(view, b);
        b.synchronize();
        CHECK(host == numbered(untouched_floats(320), run_of(0, 256)));
    }
    SECTION("as rank 3") {
        const tiles::array_view<float, 3> c = flat.view_as(tiles::extent<3>(4, 8, 8));
        number_elements(view, c);
        c.synchronize();
        CHECK(host == numbered(untouched_floats(320), run_of(0, 256)));
    }
    SECTION("fewer elements than the view has") {
        const tiles::array_view<float, 2> b = flat.view_as(tiles::extent<2>(5, 16));
        number_elements(view, b);
        b.synchronize();
        CHECK(host == numbered(untouched_floats(320), run_of(0, 80)));
    }
    SECTION("of a section at an offset") {
        const tiles::array_view<float, 2> b = flat.section(64, 128).view_as(tiles::extent<2>(8, 16));
        number_elements(view, b);
        b.synchronize();
        CHECK(host == numbered(untouched_floats(320), run_of(64, 128)));
    }
}

TEST_CASE_METHOD(fresh_view, "sections and projections of a view_as write their own elements", "[reshape][view_as]") {
    if (!cpp_kernels_build(view)) return;
    std::vector<float> host = untouched_floats(256 + 64);
    const tiles::array_view<float, 1> flat(256, host.data());
    const tiles::array_view<float, 3> c = flat.view_as(tiles::extent<3>(4, 8, 8));
    SECTION("a projection of rank 2") {
        number_elements(view, c[2]);
        c.synchronize();
        CHECK(host == numbered(untouched_floats(320), run_of(128, 64)));
    }
    SECTION("a projection of a projection, of rank 1") {
        number_elements(view, c[1][3]);
        c.synchronize();
        CHECK(host == numbered(untouched_floats(320), run_of(88, 8)));
    }
    SECTION("a section of rank 3 at an offset") {
        number_elements(view, c.section(tiles::index<3>(1, 0, 0), tiles::extent<3>(2, 8, 8)));
        c.synchronize();
        CHECK(host == numbered(untouched_floats(320), run_of(64, 128)));
    }
    SECTION("a section of rank 2 at an offset") {
        const tiles::array_view<float, 2> b = flat.view_as(tiles::extent<2>(16, 16));
        number_elements(view, b.section(tiles::index<2>(3, 0), tiles::extent<2>(5, 16)));
        b.synchronize();
        CHECK(host == numbered(untouched_floats(320), run_of(48, 80)));
    }
}

TEST_CASE_METHOD(fresh_view, "reinterpret_as of a view and of an array, written by a kernel, changes their bytes",
                 "[reshape][reinterpret]") {
    if (!cpp_kernels_build(view)) return;
    SECTION("a section of doubles as floats, and those as rank 2") {
        std::vector<double> host(32 + 8, -1.0);
        std::vector<unsigned char> expected(host.size() * sizeof(double));
        std::memcpy(expected.data(), host.data(), expected.size());
        const tiles::array_view<double, 1> doubles(32, host.data());
        const tiles::array_view<float, 1> floats = doubles.section(4, 16).reinterpret_as<float>();
        REQUIRE(floats.extent == tiles::extent<1>(32));
        SECTION("rank 1") { number_elements(view, floats); }
        SECTION("rank 2") { number_elements(view, floats.view_as(tiles::extent<2>(4, 8))); }
        doubles.synchronize();
        for (int k = 0; k < 32; ++k) {
            const float value = float(k + 1);
            std::memcpy(&expected[4 * sizeof(double) + std::size_t(k) * sizeof(float)], &value, sizeof value);
        }
        CHECK(std::memcmp(host.data(), expected.data(), expected.size()) == 0);
    }
    SECTION("an array of rank 2 of structs as its floats") {
        tiles::array<rgb, 2> pixels(tiles::extent<2>(2, 3), std::vector<rgb>(6, rgb{-1, -1, -1}), view);
        number_elements(view, pixels.reinterpret_as<float>());
        std::vector<rgb> out(6);
        tiles::copy(pixels, out.begin());
        for (int p = 0; p < 6; ++p) {
            CHECK(out[std::size_t(p)].r == float(3 * p + 1));
            CHECK(out[std::size_t(p)].b == float(3 * p + 3));
        }
    }
}

TEST_CASE_METHOD(fresh_view, "reshapes, sections and projections of arrays, written by kernels, change only themselves",
                 "[reshape][view_as][section]") {
    if (!cpp_kernels_build(view)) return;
    SECTION("an array of rank 1 as rank 2, with elements after the view") {
        tiles::array<float, 1> a(tiles::extent<1>(256 + 64), untouched_floats(320), view);
        number_elements(view, a.view_as(tiles::extent<2>(16, 16)));
        CHECK(std::vector<float>(a) == numbered(untouched_floats(320), run_of(0, 256)));
    }
    SECTION("an array of rank 3 as rank 2, and a section of that at an offset") {
        tiles::array<float, 3> a(tiles::extent<3>(2, 6, 8), untouched_floats(96), view);
        const tiles::array_view<float, 2> rows = a.view_as(tiles::extent<2>(12, 8));
        SECTION("all of it") {
            number_elements(view, rows);
            CHECK(std::vector<float>(a) == numbered(untouched_floats(96), run_of(0, 96)));
        }
        SECTION("rows 6 to 9") {
            number_elements(view, rows.section(tiles::index<2>(6, 0), tiles::extent<2>(4, 8)));
            CHECK(std::vector<float>(a) == numbered(untouched_floats(96), run_of(48, 32)));
        }
    }
    SECTION("a section of a view of an array of rank 2") {
        tiles::array<float, 2> a(tiles::extent<2>(8, 12), untouched_floats(96), view);
        number_elements(view, tiles::array_view<float, 2>(a).section(tiles::index<2>(2, 3), tiles::extent<2>(4, 5)));
        CHECK(std::vector<float>(a) == numbered(untouched_floats(96), places_of({1, 8, 12}, {0, 2, 3}, {1, 4, 5})));
    }
    SECTION("a section of an array of rank 3 and a projection of one") {
        tiles::array<float, 3> a(tiles::extent<3>(3, 4, 5), untouched_floats(60), view);
        SECTION("section") {
            number_elements(view, a.section(tiles::index<3>(1, 1, 2), tiles::extent<3>(2, 3, 3)));
            CHECK(std::vector<float>(a) == numbered(untouched_floats(60), places_of({3, 4, 5}, {1, 1, 2}, {2, 3, 3})));
        }
        SECTION("projection") {
            number_elements(view, a[1].section(tiles::index<2>(1, 1), tiles::extent<2>(2, 3)));
            CHECK(std::vector<float>(a) == numbered(untouched_floats(60), places_of({3, 4, 5}, {1, 1, 1}, {1, 2, 3})));
        }
    }
}

TEST_CASE_METHOD(fresh_view, "an OpenCL C kernel's extent_of is a reshaped view's own extent", "[reshape][view_as]") {
    const char* const source = R"(
__kernel void number_rows(__global float* data) {
    thread_index i = get_thread_index();
    const int columns = extent_of(data)[1];
    data[i.global_id[0] * columns + i.global_id[1]] = 1 + i.global_id[0] * columns + i.global_id[1];
})";
    std::vector<float> host = untouched_floats(256 + 64);
    const tiles::array_view<float, 1> flat(256, host.data());
    const tiles::array_view<float, 2> b = flat.view_as(tiles::extent<2>(16, 16));
    tiles::parallel_for_each(view, b.extent, tiles::kernel(source, "number_rows"), b);
    b.synchronize();
    CHECK(host == numbered(untouched_floats(320), run_of(0, 256)));
}

TEST_CASE_METHOD(fresh_view,
                 "a section of a reshaped view with longer rows is read in its rows by kernels and numpy's "
                 "arithmetic",
                 "[reshape][view_as][section]") {
    if (!cpp_kernels_build(view)) return;
    // A 2x3 tile of a 4x6 matrix viewed from 30 floats: rows of 3 elements, 6 apart.
    std::vector<float> host(30);
    for (std::size_t i = 0; i < host.size(); ++i) host[i] = float(i);
    const tiles::array_view<float, 1> flat(30, host.data());
    const tiles::array_view<float, 2> tile =
        flat.view_as(tiles::extent<2>(4, 6)).section(tiles::index<2>(1, 2), tiles::extent<2>(2, 3));
    const std::vector<float> expected = {9, 10, 11, 15, 16, 17};
    CHECK(std::vector<float>(tile + 1.0f) == expected);
    // A kernel numbers its elements; those between its rows stay.
    number_elements(view, tile);
    tile.synchronize();
    std::vector<float> numbered_host(30);
    for (std::size_t i = 0; i < host.size(); ++i) numbered_host[i] = float(i);
    for (std::size_t k = 0; k < 6; ++k) numbered_host[8 + k / 3 * 6 + k % 3] = float(k + 1);
    CHECK(host == numbered_host);
}
