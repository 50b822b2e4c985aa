// Checked mode on sections: a correct kernel over sections of host views and of arrays reports
// nothing (the data a checked launch moves counts as initialized), while its twin with a bug at a
// known line is still reported there, at tile shapes 1x1, 16x16 and 1x256.
//
// With libtiles' Oclgrind plugin, checked views leave Oclgrind's own uninitialized-value checker
// off, and it is that checker which would report the false alarm these tests guard against (the
// uninitialized writes of a section moved into part of a simulator buffer, issue 21). Their views
// are made with TILES_CHECKED_OCLGRIND_UNINITIALIZED=1, which turns it on beside the plugin; the
// first test shows that it is on, by its report of global memory nothing initialized.
#include <stdlib.h> // setenv, unsetenv

#include <array>
#include <string>
#include <vector>

#include "fixture.hpp"

namespace {

// Line 4 reads in[g] and stores out[g]; the twin's line 4 reads past its row's end.
const char* const twice_source = R"(__kernel void twice(__global const float* in, __global float* out) {
    thread_index t = get_thread_index();
    const int g = linear_index(t.global_id, t.extent);
    out[g] = 2.0f * in[g];
})";
const char* const past_the_end_source = R"(__kernel void past_the_end(__global const float* in, __global float* out) {
    thread_index t = get_thread_index();
    const int g = linear_index(t.global_id, t.extent);
    out[g] = 2.0f * in[g + t.extent[0] * t.extent[1]];
})";

// A checked view on which Oclgrind's own checker reports uninitialized values in global memory.
tiles::accelerator_view checked_view_seeing_global_memory() {
    setenv("TILES_CHECKED_OCLGRIND_UNINITIALIZED", "1", 1);
    const tiles::accelerator_view view = tiles::create_checked_view();
    unsetenv("TILES_CHECKED_OCLGRIND_UNINITIALIZED");
    return view;
}

// A 32 x 512 matrix of 1, 2, 3, ... and a section of it at (4, 4) that the tiles 1x1, 16x16 and
// 1x256 all divide.
constexpr int rows = 32, columns = 512;
const tiles::index<2> origin(4, 4);
const tiles::extent<2> section_extent(16, 256);

std::vector<float> counting() {
    std::vector<float> values(rows * columns);
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = float(i + 1);
    return values;
}

// Launches `kernel` over the sections of `in` and `out` with the given tile (none for {0, 0}).
template <class In, class Out>
void launch(const tiles::accelerator_view& view, const tiles::kernel& kernel, In& in, Out& out,
            std::array<int, 2> tile) {
    auto in_section = in.section(origin, section_extent);
    auto out_section = out.section(origin, section_extent);
    if (tile[0] == 0)
        tiles::parallel_for_each(view, section_extent, kernel, in_section, out_section);
    else
        tiles::parallel_for_each(view, section_extent.tile(tile[0], tile[1]), kernel, in_section, out_section);
}

// Each element of the section of `out` is twice the one of `in` there, and the rest is 0.
void check_twice_over_the_section(const std::vector<float>& in, const std::vector<float>& out) {
    int wrong = 0;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) {
            const bool inside = r >= origin[0] && r < origin[0] + section_extent[0] && c >= origin[1] &&
                                c < origin[1] + section_extent[1];
            const float expected = inside ? 2.0f * in[r * columns + c] : 0.0f;
            wrong += out[r * columns + c] != expected;
        }
    CHECK(wrong == 0);
}

const std::array<int, 2> tile_shapes[] = {{0, 0}, {1, 1}, {16, 16}, {1, 256}};

// The report of a launch of the past_the_end twin: its one bug, at its line, and no knock-on
// report of the value the bad read gave. (The twin runs on a checked view as users make them:
// with TILES_CHECKED_OCLGRIND_UNINITIALIZED=1, Oclgrind's checker would report that value again,
// as an uninitialized write, where it is stored.)
void check_only_the_read_past_the_end(const tiles::check_report& report) {
    INFO(report.to_string());
    REQUIRE(report.diagnostics.size() == 1);
    CHECK(report.diagnostics[0].kind == tiles::diagnostic_kind::out_of_bounds);
    CHECK(report.diagnostics[0].space == tiles::memory_space::global);
    CHECK(report.diagnostics[0].line == 4);
    CHECK(report.diagnostics[0].work_items.size() == std::size_t(section_extent.size()));
}

} // namespace

TEST_CASE("TILES_CHECKED_OCLGRIND_UNINITIALIZED=1 reports global memory nothing initialized", "[checked][sections]") {
    // An array made without data: what the kernel reads of it, and stores, nothing initialized.
    const tiles::kernel twice(twice_source, "twice");
    const tiles::accelerator_view view = checked_view_seeing_global_memory();
    tiles::array<float, 2> in(section_extent, view);
    tiles::array<float, 2> out(section_extent, view);
    tiles::parallel_for_each(view, section_extent, twice, in, out);
    const tiles::check_report report = tiles::get_check_report(view);
    INFO(report.to_string());
    REQUIRE_FALSE(report.clean());
    CHECK(report.diagnostics[0].kind == tiles::diagnostic_kind::uninitialized_write);
    CHECK(report.diagnostics[0].space == tiles::memory_space::global);
    CHECK(report.diagnostics[0].line == 4);

    // The same launch on data the view was given reports nothing.
    const tiles::accelerator_view other = checked_view_seeing_global_memory();
    tiles::array<float, 2> given(section_extent, std::vector<float>(section_extent.size(), 1.0f), other);
    tiles::array<float, 2> result(section_extent, other);
    tiles::parallel_for_each(other, section_extent, twice, given, result);
    INFO(tiles::get_check_report(other).to_string());
    CHECK(tiles::get_check_report(other).clean());
}

TEST_CASE("a correct kernel over sections of host views reports nothing in checked mode", "[checked][sections]") {
    const tiles::kernel twice(twice_source, "twice");
    for (const auto tile : tile_shapes) {
        INFO("tile " << tile[0] << "x" << tile[1]);
        const tiles::accelerator_view view = checked_view_seeing_global_memory();
        const std::vector<float> host_in = counting();
        std::vector<float> host_out(rows * columns, 0.0f);
        tiles::array_view<const float, 2> in(rows, columns, host_in);
        tiles::array_view<float, 2> out(rows, columns, host_out);
        launch(view, twice, in, out, tile);
        out.synchronize();
        const tiles::check_report report = tiles::get_check_report(view);
        INFO(report.to_string());
        CHECK(report.clean());
        check_twice_over_the_section(host_in, host_out);
    }
}

TEST_CASE("a correct kernel over sections of arrays reports nothing in checked mode", "[checked][sections]") {
    const tiles::kernel twice(twice_source, "twice");
    for (const auto tile : tile_shapes) {
        INFO("tile " << tile[0] << "x" << tile[1]);
        const tiles::accelerator_view view = checked_view_seeing_global_memory();
        const std::vector<float> host_in = counting();
        tiles::array<float, 2> in(tiles::extent<2>(rows, columns), host_in, view);
        tiles::array<float, 2> out(tiles::extent<2>(rows, columns), std::vector<float>(rows * columns, 0.0f), view);
        launch(view, twice, in, out, tile);
        const tiles::check_report report = tiles::get_check_report(view);
        INFO(report.to_string());
        CHECK(report.clean());
        check_twice_over_the_section(host_in, static_cast<std::vector<float>>(out));
    }
}

TEST_CASE("a read past a section's end is reported at its line in checked mode", "[checked][sections]") {
    const tiles::kernel past_the_end(past_the_end_source, "past_the_end");
    for (const auto tile : tile_shapes) {
        INFO("tile " << tile[0] << "x" << tile[1]);
        const std::vector<float> host_in = counting();
        {
            const tiles::accelerator_view view = tiles::create_checked_view();
            std::vector<float> host_out(rows * columns, 0.0f);
            tiles::array_view<const float, 2> in(rows, columns, host_in);
            tiles::array_view<float, 2> out(rows, columns, host_out);
            launch(view, past_the_end, in, out, tile);
            out.synchronize();
            check_only_the_read_past_the_end(tiles::get_check_report(view));
        }
        const tiles::accelerator_view view = tiles::create_checked_view();
        tiles::array<float, 2> in(tiles::extent<2>(rows, columns), host_in, view);
        tiles::array<float, 2> out(tiles::extent<2>(rows, columns), std::vector<float>(rows * columns, 0.0f), view);
        launch(view, past_the_end, in, out, tile);
        check_only_the_read_past_the_end(tiles::get_check_report(view));
    }
}
