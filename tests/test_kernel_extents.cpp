// libtiles tests: C++ AMP's av.extent inside kernels: extent_of(p) reads the extent of the array
// or view passed for p (at ranks 1 to 3, and of sections), through hidden parameters that keep
// the kernel's lines and columns, and cost nothing to kernels whose source does not use it.
#include <algorithm>
#include <fstream>
#include <iterator>
#include <numeric>

#include "fixture.hpp"
#include "programs/hidden_extents.hpp"
#include "programs/kernel_cache.hpp"

namespace {

// Each work-item doubles its element, found through its argument's own extent; work-item 0 also
// writes that extent into `shape`.
const char* const extents_source = R"(
__kernel void doubled(__global float* data, __global int* shape) {
    thread_index idx = get_thread_index();
    data[linear_index(idx.global_id, extent_of(data))] *= 2.0f;
    if (idx.global_id[0] == 0 && idx.global_id[1] == 0 && idx.global_id[2] == 0)
        for (int d = 0; d < 3; d++) shape[d] = extent_of(data)[d];
}

__kernel void untouched(__global int* v) { v[get_global_id(0)] += 1; }
)";

std::vector<float> ramp(std::size_t n) {
    std::vector<float> v(n);
    std::iota(v.begin(), v.end(), 0.0f);
    return v;
}

template <int N> void check_extents_at_rank(const tiles::accelerator_view& view, const tiles::extent<N>& e) {
    std::vector<float> values = ramp(e.size());
    tiles::array_view<float, N> data(e, values);
    tiles::array<int, 1> shape(tiles::extent<1>(3), view);
    tiles::parallel_for_each(view, e, tiles::kernel(extents_source, "doubled"), data, shape);
    const std::vector<int> got = shape;
    for (int d = 0; d < 3; ++d) CHECK(got[std::size_t(d)] == (d < N ? e[d] : 1)); // AMP order, then 1s
    data.synchronize();
    for (std::size_t i = 0; i < values.size(); ++i) CHECK(values[i] == 2.0f * float(i));
}

} // namespace

TEST_CASE_METHOD(fresh_view, "extent_of gives a kernel the extent of its arguments at ranks 1 2 and 3",
                 "[kernel-extents]") {
    check_extents_at_rank(view, tiles::extent<1>(37));
    check_extents_at_rank(view, tiles::extent<2>(13, 29));
    check_extents_at_rank(view, tiles::extent<3>(3, 5, 7));
    // Tiled launches too, where the data is larger than the domain: its extent, not the launch's.
    const char* const copy_source = R"(
__kernel void first_rows(__global const int* from, __global int* to) {
    tiled_index t = get_tiled_index();
    to[linear_index(t.global_id, extent_of(to))] = from[linear_index(t.global_id, extent_of(from))];
})";
    std::vector<int> from(9 * 11), to(4 * 11, -1);
    std::iota(from.begin(), from.end(), 0);
    tiles::array_view<const int, 2> source(9, 11, from);
    tiles::array_view<int, 2> destination(4, 11, to);
    tiles::parallel_for_each(view, destination.extent.tile<2, 11>(), tiles::kernel(copy_source, "first_rows"), source,
                             destination);
    destination.synchronize();
    CHECK(to == std::vector<int>(from.begin(), from.begin() + 4 * 11));
    // A kernel of the same source that does not use extent_of still launches with its hidden
    // parameters set.
    tiles::array<int, 1> counts(tiles::extent<1>(5), std::vector<int>(5, 1), view);
    tiles::parallel_for_each(view, counts.extent, tiles::kernel(extents_source, "untouched"), counts);
    CHECK(std::vector<int>(counts) == std::vector<int>(5, 2));
}

TEST_CASE_METHOD(fresh_view, "extent_of of a section is the section's extent", "[kernel-extents]") {
    const tiles::extent<2> whole(10, 12);
    std::vector<float> values = ramp(whole.size());
    tiles::array_view<float, 2> data(whole, values);
    const tiles::array_view<float, 2> part = data.section(tiles::index<2>(2, 3), tiles::extent<2>(5, 7));
    tiles::array<int, 1> shape(tiles::extent<1>(3), view);
    tiles::parallel_for_each(view, part.extent, tiles::kernel(extents_source, "doubled"), part, shape);
    CHECK(std::vector<int>(shape) == std::vector<int>{5, 7, 1});
    data.synchronize();
    for (int r = 0; r < 10; ++r)
        for (int c = 0; c < 12; ++c) {
            const float original = float(r * 12 + c);
            const bool inside = r >= 2 && r < 7 && c >= 3 && c < 10;
            CHECK(values[std::size_t(r * 12 + c)] == (inside ? 2.0f * original : original));
        }
}

TEST_CASE_METHOD(fresh_view, "extent_of beside scalars and local memory", "[kernel-extents]") {
    const char* const source = R"(
__kernel void mixed(__global int* out, int scale, __local int* scratch) {
    const int i = get_global_id(0);
    out[i] = scale * extent_of(out)[0] + extent_of(scratch)[0] + extent_of(scratch)[1];
})";
    tiles::array<int, 1> out(tiles::extent<1>(21), view);
    tiles::parallel_for_each(view, out.extent, tiles::kernel(source, "mixed"), out, 3, tiles::local_memory{64});
    CHECK(std::vector<int>(out) == std::vector<int>(21, 3 * 21)); // local memory has no extent: zeros
    // Arguments are still counted without the hidden parameters.
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, out.extent, tiles::kernel(source, "mixed"), out, 3),
                              tiles::invalid_argument, "takes 3 arguments, 2 were given");
}

TEST_CASE_METHOD(fresh_view, "extent_of is refused for data of rank above 3 and such data launches without it",
                 "[kernel-extents][refusal]") {
    const tiles::extent<4> shape4(2, 3, 4, 5);
    std::vector<float> values = ramp(shape4.size());
    tiles::array_view<float, 4> data(shape4, values);
    tiles::array<int, 1> shape(tiles::extent<1>(3), view);
    // Its three components could not hold four: the launch is refused before its kernel runs.
    REQUIRE_THROWS_MENTIONING(
        tiles::parallel_for_each(view, shape4, tiles::kernel(extents_source, "doubled"), data, shape),
        tiles::invalid_argument,
        "extent_of gives three components, and a kernel parameter was given an array_view of rank 4",
        "pass the extent of data of rank above 3 by hand");
    tiles::array<float, 5> five(tiles::extent<5>(2, 1, 3, 1, 2), view);
    REQUIRE_THROWS_MENTIONING(
        tiles::parallel_for_each(view, five.extent, tiles::kernel(extents_source, "doubled"), five, shape),
        tiles::invalid_argument, "an array of rank 5");
    CHECK(view.counters().launches == 0);
    data.synchronize();
    CHECK(values == ramp(shape4.size()));
    // The same data is launched on where the kernel does not use extent_of.
    const char* const by_hand = R"(
__kernel void doubled(__global float* data, int e1, int e2, int e3) {
    thread_index i = get_thread_index();
    data[((i.global_id[0] * e1 + i.global_id[1]) * e2 + i.global_id[2]) * e3 + i.global_id[3]] *= 2.0f;
})";
    tiles::parallel_for_each(view, shape4, tiles::kernel(by_hand, "doubled"), data, shape4[1], shape4[2], shape4[3]);
    data.synchronize();
    for (std::size_t i = 0; i < values.size(); ++i) CHECK(values[i] == 2.0f * float(i));
}

TEST_CASE("the hidden parameters are appended where a source uses extent_of, and nowhere else", "[kernel-extents]") {
    using tiles::engine::with_hidden_extents;
    const std::string plain = "__kernel void f(__global int* a) { a[0] = 1; }\n";
    CHECK(with_hidden_extents(plain, "kernel") == plain);
    const std::string one_line = "__kernel void f(__global int* a, int n) { a[0] = extent_of(a)[0]; }\n";
    CHECK(with_hidden_extents(one_line, "kernel") ==
          "__kernel void f(__global int* a, int n, tiles_extent tiles_extent_a\n#line 1 \"kernel\"\n" +
              std::string(38, ' ') + ") { a[0] = extent_of(a)[0]; }\n");
    // Attributes, comments, several lines, restrict and const, and a prototype, which is left alone.
    const std::string several = "// kernel void not_this(__global int* x) {}\n"
                                "kernel void g(__global int* p);\n"
                                "__kernel __attribute__((reqd_work_group_size(1, 1, 1))) void g(\n"
                                "    __global const float* restrict in, /* the input, ) */\n"
                                "    __global float* out) {\n"
                                "    out[0] = in[0] + extent_of(in)[0];\n"
                                "}\n";
    const std::string rewritten = with_hidden_extents(several, "kernel");
    CHECK(rewritten.substr(0, several.find("    __global float* out)") + 23) ==
          several.substr(0, several.find("    __global float* out)") + 23));
    CHECK(rewritten.find(", tiles_extent tiles_extent_in, tiles_extent tiles_extent_out\n#line 5 \"kernel\"\n" +
                         std::string(23, ' ') + ") {\n") != std::string::npos);
    CHECK(rewritten.find("not_this(__global int* x, tiles_extent") == std::string::npos);
    CHECK(rewritten.find("g(__global int* p, tiles_extent") == std::string::npos);
    // Kernels made by macros, and unnamed parameters, are left as they are.
    const std::string macro = "#define K(name) __kernel void name(__global int* v) { v[0] = extent_of(v)[0]; }\nK(h)\n";
    CHECK(with_hidden_extents(macro, "kernel") == macro);
}

TEST_CASE_METHOD(fresh_view, "a kernel that uses extent_of keeps its lines and columns in build errors",
                 "[kernel-extents][refusal]") {
    const std::string source = "__kernel void f(__global int* a) { a[0] = extent_of(a)[0] + undefined_one; }\n"
                               "\n"
                               "__kernel void g(__global int* b,\n"
                               "                __global int* c) {\n"
                               "    b[0] = extent_of(c)[0] + undefined_two;\n"
                               "}\n";
    const std::string first = "kernel:1:" + std::to_string(source.find("undefined_one") + 1) + ":";
    REQUIRE_THROWS_MENTIONING(tiles::build(view, tiles::extent<1>(1), tiles::kernel(source, "f")), tiles::build_error,
                              first, "kernel:5:30:");
    // On drivers that ignore #line (NVIDIA's), the program's own lines are mapped back all the same.
    std::ifstream prelude(TILES_SOURCE_DIR "/kernels/prelude.cl");
    const std::string header((std::istreambuf_iterator<char>(prelude)), std::istreambuf_iterator<char>());
    const std::string program =
        header + "\n#line 1 \"kernel\"\n" + tiles::engine::with_hidden_extents(source, "kernel");
    const int header_lines = int(std::count(header.begin(), header.end(), '\n')) + 2;
    const std::string log = "<kernel>:" + std::to_string(header_lines + 5 + 4) + ":30: error: two\n";
    CHECK(tiles::engine::with_kernel_lines(log, program) == "kernel:5:30: error: two\n");
}

TEST_CASE("extent_of under the simulator: clean, and a race reported at its own column", "[kernel-extents][checked]") {
    const tiles::accelerator_view checked = tiles::create_checked_view();
    std::vector<float> values = ramp(6 * 5);
    tiles::array_view<float, 2> data(6, 5, values);
    tiles::array<int, 1> shape(tiles::extent<1>(3), std::vector<int>(3, 0), checked);
    tiles::parallel_for_each(checked, data.extent, tiles::kernel(extents_source, "doubled"), data, shape);
    CHECK(std::vector<int>(shape) == std::vector<int>{6, 5, 1});
    data.synchronize();
    for (std::size_t i = 0; i < values.size(); ++i) CHECK(values[i] == 2.0f * float(i));
    CHECK(tiles::get_check_report(checked).diagnostics.empty());

    // The same racy store in a kernel with extent_of and in one without, at the same column:
    // the simulator names the same line and column for both.
    // (Oclgrind reports only races between different values.)
    const char* const with =
        "__kernel void racy(__global int* out       ) { out[0] = (int)get_global_id(0) + extent_of(out)[0]; }";
    const char* const without = "__kernel void racy(__global int* out, int n) { out[0] = (int)get_global_id(0) + n; }";
    std::vector<tiles::diagnostic> found;
    for (const char* source : {with, without}) {
        const tiles::accelerator_view view = tiles::create_checked_view();
        tiles::array<int, 1> out(tiles::extent<1>(4), std::vector<int>(4, 0), view);
        if (source == with)
            tiles::parallel_for_each(view, tiles::extent<1>(8), tiles::kernel(source, "racy"), out);
        else
            tiles::parallel_for_each(view, tiles::extent<1>(8), tiles::kernel(source, "racy"), out, 4);
        const tiles::check_report report = tiles::get_check_report(view);
        REQUIRE(!report.diagnostics.empty());
        found.push_back(report.diagnostics.front());
    }
    CHECK(found[0].kind == tiles::diagnostic_kind::write_write_race);
    CHECK(found[0].line == 1);
    CHECK(found[0].line == found[1].line);
    CHECK(found[0].column == found[1].column);
    CHECK(found[0].column > 40); // in the body, past the parameter list
}
