// Checked mode on kernels written for the test (tests/kernels/checked.cl), at tile shapes 1x1,
// 16x16 and 1x256: each bug is reported once, as what it is, in the memory it is in, at its line;
// each correct twin reports nothing and computes what a plain loop computes.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "checked_kernels.h"
#include "fixture.hpp"

namespace {

// A tile shape and an extent of a few of its tiles (an odd number of them across).
struct shape {
    int tile_rows, tile_columns, rows, columns;
};
const shape shapes[] = {{1, 1, 3, 5}, {16, 16, 16, 48}, {1, 256, 3, 256}};

template <class T> struct run_result {
    tiles::check_report report;
    std::vector<T> out;
};

// Launches kernel `name` of checked.cl over `s` on a new checked view, with an output of -1s.
template <class T> run_result<T> run(const char* name, const shape& s) {
    const tiles::accelerator_view view = tiles::create_checked_view();
    std::vector<T> out(std::size_t(s.rows * s.columns), T(-1));
    tiles::array_view<T, 2> view_of_out(s.rows, s.columns, out);
    tiles::parallel_for_each(view, view_of_out.extent.tile(s.tile_rows, s.tile_columns),
                             tiles::kernel(test_kernel_checked, name), view_of_out);
    view_of_out.synchronize();
    return {tiles::get_check_report(view), out};
}

// What mirror_values computes: twice the linear index of the work-item mirrored through the
// centre of its tile.
std::vector<float> mirrored_indices(const shape& s) {
    std::vector<float> expected;
    for (int r = 0; r < s.rows; ++r)
        for (int c = 0; c < s.columns; ++c) {
            const int mirror_row = r / s.tile_rows * s.tile_rows + s.tile_rows - 1 - r % s.tile_rows;
            const int mirror_column = c / s.tile_columns * s.tile_columns + s.tile_columns - 1 - c % s.tile_columns;
            expected.push_back(2.0f * float(mirror_row * s.columns + mirror_column));
        }
    return expected;
}

std::string name_of(const shape& s) { return std::to_string(s.tile_rows) + "x" + std::to_string(s.tile_columns); }

} // namespace

TEST_CASE("a read of tile_static memory nothing stored is reported at the read", "[checked]") {
    for (const shape& s : shapes) {
        INFO("tile " << name_of(s));
        const auto twin = run<float>("mirror_values", s);
        INFO(twin.report.to_string());
        CHECK(twin.report.clean());
        CHECK(twin.out == mirrored_indices(s));

        const auto bug = run<float>("mirror_unset_values", s);
        INFO(bug.report.to_string());
        // One diagnostic, at the read: not where its value is stored, the line after, in global memory.
        REQUIRE(bug.report.diagnostics.size() == 1);
        const tiles::diagnostic& d = bug.report.diagnostics[0];
        CHECK(d.kind == tiles::diagnostic_kind::uninitialized_read);
        CHECK(d.space == tiles::memory_space::tile_static);
        CHECK(d.kernel == "mirror_unset_values");
        CHECK(d.line == UNSET_VALUE_READ_LINE);
        CHECK(d.source_line.rfind("const float mirrored = values[", 0) == 0);
        CHECK(d.work_items.size() == std::size_t(s.rows * s.columns)); // every work-item read one
    }
}

TEST_CASE("a tile_static flag nothing stored is reported at the if it decides", "[checked]") {
    for (const shape& s : shapes) {
        INFO("tile " << name_of(s));
        const auto twin = run<int>("odd_tiles_flagged", s);
        INFO(twin.report.to_string());
        CHECK(twin.report.clean());
        std::vector<int> expected;
        for (int r = 0; r < s.rows; ++r)
            for (int c = 0; c < s.columns; ++c) expected.push_back(c / s.tile_columns % 2 == 1 ? 2 : 1);
        CHECK(twin.out == expected);

        // Compiled with optimization, the read of the flag nothing stores would not be there to see.
        const auto bug = run<int>("unset_flag", s);
        INFO(bug.report.to_string());
        REQUIRE(bug.report.diagnostics.size() == 1);
        const tiles::diagnostic& d = bug.report.diagnostics[0];
        CHECK(d.kind == tiles::diagnostic_kind::uninitialized_read);
        CHECK(d.space == tiles::memory_space::tile_static);
        CHECK(d.line == UNSET_FLAG_LINE);
        CHECK(d.source_line.rfind("if (odd) out[", 0) == 0);
        CHECK(d.work_items.size() == std::size_t(s.rows * s.columns));
    }
}

TEST_CASE("a missing barrier is one race, without knock-on reports of the values read too early", "[checked]") {
    for (const shape& s : shapes) {
        INFO("tile " << name_of(s));
        const auto bug = run<float>("mirror_without_barrier", s);
        INFO(bug.report.to_string());
        if (s.tile_rows * s.tile_columns == 1) {
            // A work-item alone in its tile reads what it stored itself: nothing to report. (Its
            // race of this kind, in global memory with other tiles, is the next test's.)
            CHECK(bug.report.clean());
            CHECK(bug.out == mirrored_indices(s));
            continue;
        }
        // Half of the reads come before the mirrored work-item's store, so they find nothing
        // stored; they are the race's doing, not missing initializations, and are not reported.
        REQUIRE(bug.report.diagnostics.size() == 1);
        const tiles::diagnostic& d = bug.report.diagnostics[0];
        CHECK(d.kind == tiles::diagnostic_kind::read_write_race);
        CHECK(d.space == tiles::memory_space::tile_static);
        CHECK(std::min(d.line, d.other_line) == UNFENCED_STORE_LINE);
        CHECK(std::max(d.line, d.other_line) == UNFENCED_READ_LINE);
    }
}

TEST_CASE("a barrier only part of each tile reaches is reported with the tiles and how many reached it", "[checked]") {
    for (const shape& s : shapes) {
        INFO("tile " << name_of(s));
        const int tile_size = s.tile_rows * s.tile_columns;
        const int tile_count = s.rows / s.tile_rows * (s.columns / s.tile_columns);
        std::vector<std::array<int, 3>> every_tile;
        for (int r = 0; r < s.rows / s.tile_rows; ++r)
            for (int c = 0; c < s.columns / s.tile_columns; ++c) every_tile.push_back({0, r, c});

        const auto twin = run<int>("all_at_barrier", s);
        INFO(twin.report.to_string());
        CHECK(twin.report.clean());
        CHECK(twin.out == std::vector<int>(std::size_t(s.rows * s.columns), 1));

        const auto half = run<int>("half_at_barrier", s);
        const auto split = run<int>("split_at_barriers", s);
        INFO(half.report.to_string() << split.report.to_string());
        if (s.tile_columns == 1) {
            // No work-item of a tile one column wide reaches the first barrier: they all agree.
            // At 1x1 no kernel can have this bug: a barrier waits for the work-items of one tile,
            // and the only work-item of a tile of one reaches it or not, with none to disagree.
            CHECK(half.report.clean());
            CHECK(split.report.clean());
            continue;
        }
        REQUIRE(half.report.diagnostics.size() == 1);
        const tiles::diagnostic& d = half.report.diagnostics[0];
        CHECK(d.kind == tiles::diagnostic_kind::barrier_divergence);
        CHECK(d.line == HALF_BARRIER_LINE);
        CHECK(d.tiles == every_tile);
        CHECK(d.reached_barrier == tile_size / 2);
        CHECK(d.tile_size == tile_size);
        CHECK_THAT(d.to_string(), Catch::Contains("in tiles (0,0) (0,1)") || Catch::Contains("in tiles (0,0) (1,0)"));
        CHECK_THAT(d.to_string(),
                   Catch::Contains(std::to_string(tile_size / 2) + " of the " + std::to_string(tile_size) +
                                   " work-items of each reached this barrier"));

        // Half the work-items of each tile wait at one barrier and half at another: reported at
        // the second, naming the first and the work-items at the second.
        REQUIRE(split.report.diagnostics.size() == 1);
        const tiles::diagnostic& e = split.report.diagnostics[0];
        CHECK(e.kind == tiles::diagnostic_kind::barrier_divergence);
        CHECK(std::max(e.line, e.other_line) == SPLIT_SECOND_BARRIER_LINE);
        CHECK(std::min(e.line, e.other_line) == SPLIT_FIRST_BARRIER_LINE);
        CHECK(e.tiles == every_tile);
        CHECK(e.reached_barrier == tile_size / 2);
        CHECK(e.work_items.size() == std::size_t(tile_count * tile_size / 2));
        CHECK_THAT(e.to_string(), Catch::Contains("the others the one at line"));
    }
}

TEST_CASE("a race in global memory between tiles is one report, at every tile shape", "[checked]") {
    // The bug of one report per race that a tile of one work-item can have: tile_static memory is
    // its own, but global memory is shared with every other tile, and nothing orders tiles. Each
    // pair of mirrored work-items meets in both orders (the first tile to run reads before its
    // mirror stores, the other after), which the simulator reports as two races, one line against
    // the other and back: they are one problem.
    for (const shape& s : shapes) {
        INFO("tile " << name_of(s));
        const auto twin = run<float>("own_from_global", s);
        INFO(twin.report.to_string());
        CHECK(twin.report.clean());
        std::vector<float> expected;
        for (int g = 0; g < s.rows * s.columns; ++g) expected.push_back(float(g) - 1.0f);
        CHECK(twin.out == expected);

        const auto bug = run<float>("mirror_from_global", s);
        INFO(bug.report.to_string());
        REQUIRE(bug.report.diagnostics.size() == 1);
        const tiles::diagnostic& d = bug.report.diagnostics[0];
        CHECK(d.kind == tiles::diagnostic_kind::read_write_race);
        CHECK(d.space == tiles::memory_space::global);
        CHECK(d.kernel == "mirror_from_global");
        CHECK(std::min(d.line, d.other_line) == GLOBAL_MIRROR_READ_LINE);
        CHECK(std::max(d.line, d.other_line) == GLOBAL_STORE_LINE);
        // Oclgrind names the work-items of the races it meets first at each address, not all.
        CHECK(!d.work_items.empty());
    }
}
