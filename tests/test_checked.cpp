// Checked mode: the seed's race conditions, missing barriers and uninitialized tile_static reads
// found by the Oclgrind simulator and reported at the kernel's own lines; the seed's correct
// kernels reported clean.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <numeric>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "tiles/algorithms.hpp"
#include "tiles/linalg.hpp"
#include "tiles/log.hpp"
#include "tiles/parameters.hpp"
#include "tiles/reductions.hpp"

#include "../libtiles/algorithms/src/support.hpp"
#include "checked/checked_run.hpp"
#include "example_kernels.hpp"
#include "fixture.hpp"
#include "random_data.hpp"
#include "scoped_log.hpp"

namespace {

// Whether the report has a diagnostic of `kind` in `space` at `line` (either access, for a race).
bool has(const tiles::check_report& r, tiles::diagnostic_kind kind, tiles::memory_space space, int line) {
    return std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [&](const tiles::diagnostic& d) {
        return d.kind == kind && d.space == space && (d.line == line || d.other_line == line);
    });
}

// The report of one launch of kernel `name` of `source`, built as the library builds its own
// (after kernels/elements.cl, ELEMENT float), over 16 floats in and 16 out, on a new checked view.
tiles::check_report checked_report_of_library_kernel(const char* source, const char* name) {
    const tiles::kernel kernel = tiles::algorithms::algorithm_kernel(source, name, tiles::element_type::float32, "");
    const tiles::accelerator_view view = tiles::create_checked_view();
    std::vector<float> in(16, 1.0f), out(16, 0.0f);
    tiles::array_view<const float, 1> in_view(16, in);
    tiles::array_view<float, 1> out_view(16, out);
    tiles::parallel_for_each(view, tiles::extent<1>(16), kernel, in_view, out_view);
    const tiles::check_report report = tiles::get_check_report(view);
    return report;
}

// The seed's sampling example (8x8 matrix in 2x2 tiles) on `view`, with `kernel`.
void sampling(const tiles::accelerator_view& view, const tiles::kernel& kernel) {
    std::vector<float> raw(64);
    for (int i = 0; i < 64; ++i) raw[i] = float(i);
    tiles::array_view<const float, 2> matrix(8, 8, raw);
    tiles::array<float, 2> averages(tiles::extent<2>(4, 4), std::vector<float>(16, 0.0f), view);
    tiles::parallel_for_each(view, matrix.extent.tile<2, 2>(), kernel, matrix, averages);
}

} // namespace

TEST_CASE("the simulator's log becomes one diagnostic per place with every work-item involved", "[checked]") {
    const std::string log = "\nRead-write data race at local memory address 0x1000000000000\n"
                            "\tKernel: racy_total\n\t\n"
                            "\tFirst entity:  Global(1,0,0) Local(1,0,0) Group(0,0,0)\n"
                            "\t  %7 = load float, float addrspace(3)* @racy_total.total\n"
                            "\tAt line 2 (column 11) of kernel:\n\t  // not the user's text\n\t\n"
                            "\tSecond entity: Global(0,3,0) Local(0,0,0) Group(0,0,0)\n"
                            "\tAt line 2 (column 11) of kernel:\n\t\n\n"
                            "Read-write data race at local memory address 0x1000000000000\n"
                            "\tKernel: racy_total\n"
                            "\tFirst entity:  Global(2,0,0) Local(0,0,0) Group(1,0,0)\n"
                            "\tAt line 2 (column 11) of kernel:\n"
                            "\tSecond entity: Global(1,0,0) Local(1,0,0) Group(0,0,0)\n"
                            "\tAt line 2 (column 11) of kernel:\n\n"
                            "Invalid write of size 4 at global memory address 0x1000000000190\n"
                            "\tKernel: racy_total\n"
                            "\tEntity: Global(0,0,0) Local(0,0,0) Group(0,0,0)\n"
                            "\tAt line 40 (column 3) of input.cl:\n";
    const auto found = tiles::engine::parse_oclgrind_log(log, 2, 4, "first line\n    total += x;\n");
    REQUIRE(found.size() == 2);
    CHECK(found[0].kind == tiles::diagnostic_kind::read_write_race);
    CHECK(found[0].space == tiles::memory_space::tile_static);
    CHECK(found[0].kernel == "racy_total");
    CHECK(found[0].line == 2);
    CHECK(found[0].column == 11);
    CHECK(found[0].source_line == "total += x;");
    // OpenCL's (x, y) is AMP's (row, column) = (y, x), padded to rank 3.
    CHECK(found[0].other_line == 2);
    CHECK(found[0].work_items == std::vector<std::array<int, 3>>{{0, 0, 1}, {0, 3, 0}, {0, 0, 2}});
    CHECK(found[1].kind == tiles::diagnostic_kind::out_of_bounds);
    CHECK(found[1].space == tiles::memory_space::global);
    CHECK(found[1].line == 0); // a line of the prelude, not of the kernel
    CHECK_THAT(found[1].to_string(), Catch::Contains("at a line the simulator could not tell"));
}

TEST_CASE("a diagnostic quotes its line as the compiler numbers it, after a #line", "[checked]") {
    // The library's kernels follow their shared header, elements.cl, and restart their numbering
    // with #line 1 "kernel": a place in the kernel quotes the kernel's line, and one in the header
    // (whose lines the kernel's numbers also reach) is not taken for the kernel's.
    const std::string source = "#line 1 \"elements.cl\"\nheader 1\n    header 2;\nheader 3\n#line 1 \"kernel\"\nfirst\n"
                               "    second;\nthird\n";
    const auto read_at = [&](const std::string& place) {
        return tiles::engine::parse_oclgrind_log("Invalid read of size 4 at global memory address 0x1000000000190\n"
                                                 "\tKernel: k\n\tEntity: Global(0,0,0) Local(0,0,0) Group(0,0,0)\n"
                                                 "\tAt line 2 (column 3) of " +
                                                     place + ":\n",
                                                 1, 0, source);
    };
    const auto in_kernel = read_at("kernel");
    REQUIRE(in_kernel.size() == 1);
    CHECK(in_kernel[0].line == 2);
    CHECK(in_kernel[0].source_line == "second;");
    const auto in_header = read_at("elements.cl");
    REQUIRE(in_header.size() == 1);
    CHECK(in_header[0].line == 0);
    CHECK(in_header[0].source_line == "");
    // Without its name, the kernel's numbering after the header still quotes the kernel's line.
    CHECK(tiles::engine::parse_oclgrind_log("Invalid read of size 4 at global memory address 0x1000000000190\n"
                                            "\tKernel: k\n\tEntity: Global(0,0,0) Local(0,0,0) Group(0,0,0)\n"
                                            "\tAt line 3 (column 3) of kernel:\n",
                                            1, 0, "a\nb\nc\nd\n#line 1\nfirst\nsecond\n    third;\n")[0]
              .source_line == "third;");
}

TEST_CASE("a bug inside the library's shared header is not quoted as a line of the kernel", "[checked]") {
    // The read past the end happens in load_vector_or_fill, elements.cl's: the simulator places it
    // in elements.cl, whose lines are not the kernel's (before, a line of elements.cl was taken for
    // the kernel's line of the same number, and quoted from elements.cl).
    const char* source = R"(__kernel void load_past_the_end(__global const ELEMENT* in, __global ELEMENT* out) {
    const int g = get_global_id(0);
    out[g] = load_vector_or_fill(in, g + 1000, 2000, 0);
})";
    const tiles::check_report report = checked_report_of_library_kernel(source, "load_past_the_end");
    INFO(report.to_string());
    REQUIRE(!report.diagnostics.empty());
    const tiles::diagnostic& d = report.diagnostics[0];
    CHECK(d.kind == tiles::diagnostic_kind::out_of_bounds);
    CHECK(d.line == 0);
    CHECK(d.source_line == "");
    CHECK_THAT(d.to_string(), Catch::Contains("at a line the simulator could not tell"));
}

TEST_CASE("a bug in a kernel built as the library's own are is reported at the kernel's own line", "[checked]") {
    // The library's kernels follow kernels/elements.cl and a #line 1 (algorithm_kernel), which the
    // simulator honours: line 3 here is the store, not elements.cl's third line.
    const char* source = R"(__kernel void store_past_the_end(__global const ELEMENT* in, __global ELEMENT* out) {
    const int g = get_global_id(0);
    out[g + get_global_size(0)] = in[g];
})";
    const tiles::check_report report = checked_report_of_library_kernel(source, "store_past_the_end");
    INFO(report.to_string());
    REQUIRE(report.diagnostics.size() == 1);
    const tiles::diagnostic& d = report.diagnostics[0];
    CHECK(d.kind == tiles::diagnostic_kind::out_of_bounds);
    CHECK(d.space == tiles::memory_space::global);
    CHECK(d.kernel == "store_past_the_end");
    CHECK(d.line == 3);
    CHECK(d.source_line == "out[g + get_global_size(0)] = in[g];");
    CHECK(d.work_items.size() == 16);
    CHECK_THAT(d.to_string(), Catch::StartsWith("out-of-bounds access in global memory in kernel "
                                                "'store_past_the_end' at line 3, column "));
}

TEST_CASE("a bug the simulator places in no line of the kernel's own is reported at an unknown line", "[checked]") {
    // The prelude's linear_index, given a pointer past a private array of the kernel's, reads out
    // of bounds in the prelude's code, of which the simulator names no line of the kernel.
    const char* source = R"(__kernel void index_past_the_end(__global const float* in, __global float* out) {
    thread_index t = get_thread_index();
    int origin[3] = {0, 0, 0};
    out[t.global_id[0]] = (float)linear_index(origin + 3, t.extent);
})";
    const tiles::accelerator_view view = tiles::create_checked_view();
    std::vector<float> in(4, 1.0f), out(4, 0.0f);
    tiles::array_view<const float, 1> in_view(4, in);
    tiles::array_view<float, 1> out_view(4, out);
    tiles::parallel_for_each(view, tiles::extent<1>(4), tiles::kernel(source, "index_past_the_end"), in_view, out_view);
    const tiles::check_report report = tiles::get_check_report(view);
    INFO(report.to_string());
    REQUIRE(report.diagnostics.size() == 1);
    const tiles::diagnostic& d = report.diagnostics[0];
    CHECK(d.kind == tiles::diagnostic_kind::out_of_bounds);
    CHECK(d.space == tiles::memory_space::private_memory);
    CHECK(d.kernel == "index_past_the_end");
    CHECK(d.line == 0);
    CHECK(d.source_line.empty());
    CHECK(d.work_items.size() == 4);
    CHECK_THAT(d.to_string(), Catch::StartsWith("out-of-bounds access in private memory in kernel "
                                                "'index_past_the_end' at a line the simulator could not tell\n"));
    CHECK_THAT(d.to_string(), !Catch::Contains("prelude"));
}

TEST_CASE("a race between two lines is one diagnostic whichever line the simulator names first", "[checked]") {
    const auto race = [](int first_line, int second_line, int x) {
        return "Read-write data race at local memory address 0x1000000000000\n"
               "\tKernel: k\n"
               "\tFirst entity:  Global(" +
               std::to_string(x) + ",0,0) Local(0,0,0) Group(0,0,0)\n\tAt line " + std::to_string(first_line) +
               " (column 5) of kernel:\n"
               "\tSecond entity: Global(1,0,0) Local(1,0,0) Group(0,0,0)\n\tAt line " +
               std::to_string(second_line) + " (column 5) of kernel:\n\n";
    };
    const auto found = tiles::engine::parse_oclgrind_log(race(8, 9, 0) + race(9, 8, 2) + race(9, 10, 3), 1, 2,
                                                         "1\n2\n3\n4\n5\n6\n7\nwrite\nread\nagain\n");
    REQUIRE(found.size() == 2); // lines 8 and 9, then lines 9 and 10
    CHECK(found[0].line == 8);
    CHECK(found[0].other_line == 9);
    CHECK(found[0].work_items.size() == 3); // 0 and 1, then 2 (and 1 again)
    CHECK(found[1].line == 9);
    CHECK(found[1].other_line == 10);
}

TEST_CASE("divergent barriers become one diagnostic per barrier and count, naming the tiles", "[checked]") {
    // Oclgrind's two messages: how many of a tile reached a barrier, and a work-item that reached
    // another barrier than the work-items before it.
    const auto only_some = [](int tile, int line) {
        return "Work-group divergence detected (barrier)\n\tKernel:     k\n\tWork-group: (" + std::to_string(tile) +
               ",0,0)\n\tOnly 2 out of 4 work-items executed barrier\n\t  tail call spir_func void "
               "@_Z7barrierj(i32 1)\n\tAt line " +
               std::to_string(line) + " (column 5) of kernel:\n\t  barrier(CLK_LOCAL_MEM_FENCE);\n\n";
    };
    const auto another = [](int item) {
        const std::string tile = std::to_string(item / 4);
        return "Work-group divergence detected (barrier)\n\tKernel:     k\n\tWork-group: (" + tile +
               ",0,0)\n\t\n\tWork-item:  Global(" + std::to_string(item) + ",0,0) Local(" + std::to_string(item % 4) +
               ",0,0) Group(" + tile +
               ",0,0)\n\tAt line 7 (column 3) of kernel:\n\t  barrier(CLK_LOCAL_MEM_FENCE);\n\tfence=0x1, "
               "num_events=0\n\t\n\tPrevious work-items executed:\n\tAt line 6 (column 5) of kernel:\n\t  "
               "barrier(CLK_LOCAL_MEM_FENCE);\n\n";
    };
    const auto found =
        tiles::engine::parse_oclgrind_log(only_some(1, 5) + only_some(0, 5) + another(2) + another(3) + another(7), 1,
                                          4, "1\n2\n3\n4\nfive\nsix\nseven\n");
    REQUIRE(found.size() == 3);
    CHECK(found[0].kind == tiles::diagnostic_kind::barrier_divergence);
    CHECK(found[0].line == 5);
    CHECK(found[0].tiles == std::vector<std::array<int, 3>>{{0, 0, 0}, {0, 0, 1}});
    CHECK(found[0].reached_barrier == 2);
    CHECK(found[0].tile_size == 4);
    CHECK(found[0].work_items.empty());
    CHECK_THAT(found[0].to_string(), Catch::Contains("in tiles (0) (1), 2 of the 4 work-items of each reached"));
    // Two work-items of tile 0 reached line 7's barrier, and one of tile 1: two counts.
    CHECK(found[1].line == 7);
    CHECK(found[1].other_line == 6);
    CHECK(found[1].tiles == std::vector<std::array<int, 3>>{{0, 0, 0}});
    CHECK(found[1].reached_barrier == 2);
    CHECK(found[1].work_items == std::vector<std::array<int, 3>>{{0, 0, 2}, {0, 0, 3}});
    CHECK_THAT(
        found[1].to_string(),
        Catch::Contains("in tile (0), 2 of its 4 work-items reached this barrier, the others the one at line 6"));
    CHECK(found[2].tiles == std::vector<std::array<int, 3>>{{0, 0, 1}});
    CHECK(found[2].reached_barrier == 1);
}

TEST_CASE("the seed's unsynchronized total on a tile_static variable is reported at its line", "[checked]") {
    const tiles::accelerator_view view = tiles::create_checked_view();
    REQUIRE(tiles::is_checked(view));
    sampling(view, tiles::kernel(example_kernel_race_condition, "racy_total"));
    const tiles::check_report report = tiles::get_check_report(view);
    INFO(report.to_string());
    // race_condition.cl line 9: `total += matrix[...]`, with no initializer and no barrier: three
    // problems there, and nothing more where the total is stored (line 12).
    REQUIRE(report.diagnostics.size() == 3);
    CHECK(has(report, tiles::diagnostic_kind::uninitialized_read, tiles::memory_space::tile_static, 9));
    CHECK(has(report, tiles::diagnostic_kind::write_write_race, tiles::memory_space::tile_static, 9));
    CHECK(has(report, tiles::diagnostic_kind::read_write_race, tiles::memory_space::tile_static, 9));
    CHECK(report.diagnostics.front().source_line.rfind("total += matrix", 0) == 0);
    CHECK(report.diagnostics.front().kernel == "racy_total");
    // The first work-item of each of the 16 tiles reads the total before anything stored it.
    for (const tiles::diagnostic& d : report.diagnostics)
        if (d.kind == tiles::diagnostic_kind::uninitialized_read) CHECK(d.work_items.size() == 16);
}

TEST_CASE("a tile_static read without a barrier is a read-write race at the read", "[checked]") {
    // The seed's tile average with its barrier left out.
    const char* source = R"(__kernel void no_barrier(__global const float* matrix, __global float* averages) {
    tiled_index t_idx = get_tiled_index();
    tile_static float tileValues[TILE_DIM0][TILE_DIM1];
    tileValues[t_idx.local_id[0]][t_idx.local_id[1]] = matrix[linear_index(t_idx.global_id, t_idx.extent)];
    if (t_idx.local_id[0] == 0 && t_idx.local_id[1] == 0) {
        float sum = 0;
        for (int r = 0; r < TILE_DIM0; r++) for (int c = 0; c < TILE_DIM1; c++) sum += tileValues[r][c];
        averages[t_idx.tile[0] * 4 + t_idx.tile[1]] = sum / 4;
    }
})";
    const tiles::accelerator_view view = tiles::create_checked_view();
    sampling(view, tiles::kernel(source, "no_barrier"));
    const tiles::check_report report = tiles::get_check_report(view);
    INFO(report.to_string());
    // The write of line 4 races with the read of line 7; that the read finds values not yet
    // stored, and line 8 stores what came of them, is the race's doing and not reported again.
    REQUIRE(report.diagnostics.size() == 1);
    CHECK(has(report, tiles::diagnostic_kind::read_write_race, tiles::memory_space::tile_static, 7));
    CHECK(has(report, tiles::diagnostic_kind::read_write_race, tiles::memory_space::tile_static, 4));
}

TEST_CASE("the seed's correct kernels and the prelude report nothing", "[checked]") {
    const tiles::accelerator_view view = tiles::create_checked_view(true); // strict: would throw
    sampling(view, tiles::kernel(example_kernel_tile_average, "tile_average"));
    sampling(view, tiles::kernel(example_kernel_tile_average, "tile_average_tile_static_fence"));
    sampling(view, tiles::kernel(example_kernel_race_condition, "serialized_total"));
    std::vector<int> sample = {2, 2, 9, 7, 1, 4, 4, 4, 8, 8, 3, 4, 1, 5, 1, 2, 5, 2, 6, 8, 3, 2, 7, 2}, average(24);
    tiles::array_view<const int, 2> in(4, 6, sample);
    tiles::array_view<int, 2> out(4, 6, average);
    tiles::parallel_for_each(view, in.extent.tile<2, 2>(),
                             tiles::kernel(example_kernel_tile_static_average, "tile_static_average"), in, out);
    CHECK(out(3, 5) == 4);
    // The prelude's atomics and index functions, at every rank.
    const char* prelude_user = R"(__kernel void use(__global int* counts, __global uint* ucounts) {
    tiled_index t = get_tiled_index();
    tile_static int local_count;
    if (t.local_id[0] == 0) local_count = 0;
    tile_barrier_wait();
    atomic_fetch_add(&local_count, 1);
    tile_barrier_wait_with_tile_static_memory_fence();
    if (t.local_id[0] == 0) atomic_fetch_add(&counts[0], local_count);
    int expected = 0;
    atomic_compare_exchange(&counts[1], &expected, 0);
    atomic_fetch_max(&counts[2], linear_index(t.global_id, t.extent));
    atomic_fetch_inc(&ucounts[0]);
})";
    std::vector<int> counts(3, 0);
    std::vector<unsigned> ucounts(1, 0);
    tiles::array_view<int, 1> c(3, counts);
    tiles::array_view<unsigned, 1> u(1, ucounts);
    tiles::parallel_for_each(view, tiles::extent<1>(32).tile<8>(), tiles::kernel(prelude_user, "use"), c, u);
    CHECK(c(0) == 32);
    CHECK(c(2) == 31);
    CHECK(tiles::get_check_report(view).clean());
}

TEST_CASE("a deliberate out-of-bounds write and a divergent barrier are reported", "[checked]") {
    const char* source = R"(__kernel void wrong(__global int* out) {
    tiled_index t = get_tiled_index();
    out[t.global_id[0] + 100] = 1;
    if (t.local_id[0] < 2)
        tile_barrier_wait();
})";
    const tiles::accelerator_view view = tiles::create_checked_view();
    std::vector<int> host(16);
    tiles::array_view<int, 1> out(16, host);
    tiles::parallel_for_each(view, out.extent.tile<4>(), tiles::kernel(source, "wrong"), out);
    const tiles::check_report report = tiles::get_check_report(view);
    INFO(report.to_string());
    CHECK(has(report, tiles::diagnostic_kind::out_of_bounds, tiles::memory_space::global, 3));
    CHECK(has(report, tiles::diagnostic_kind::barrier_divergence, tiles::memory_space::unknown, 5));
    tiles::clear_check_report(view);
    CHECK(tiles::get_check_report(view).clean());
}

TEST_CASE("an index past the end of a row of a tile_static array is an out-of-bounds access", "[checked]") {
    // rows[0][8] lies where rows[1][0] does: only the index is wrong, and the simulator says
    // "Index (8) exceeds static array size (8)".
    const char* source = R"(__kernel void next_in_row(__global int* out) {
    tiled_index t = get_tiled_index();
    tile_static int rows[2][8];
    rows[0][t.local_id[0]] = t.local_id[0];
    rows[1][t.local_id[0]] = 8 + t.local_id[0];
    tile_barrier_wait();
    out[t.global_id[0]] = rows[0][t.local_id[0] + 1];
})";
    const tiles::accelerator_view view = tiles::create_checked_view();
    std::vector<int> host(8);
    tiles::array_view<int, 1> out(8, host);
    tiles::parallel_for_each(view, out.extent.tile<8>(), tiles::kernel(source, "next_in_row"), out);
    const tiles::check_report report = tiles::get_check_report(view);
    INFO(report.to_string());
    REQUIRE(report.diagnostics.size() == 1);
    const tiles::diagnostic& d = report.diagnostics[0];
    CHECK(d.kind == tiles::diagnostic_kind::out_of_bounds);
    CHECK(d.line == 7);
    CHECK(d.work_items == std::vector<std::array<int, 3>>{{0, 0, 7}});
    CHECK_THAT(d.message, Catch::Contains("exceeds static array size"));
}

TEST_CASE("a strict checked view throws check_failed with the report", "[checked]") {
    const tiles::accelerator_view view = tiles::create_checked_view(true);
    try {
        sampling(view, tiles::kernel(example_kernel_race_condition, "racy_total"));
        FAIL("no exception");
    } catch (const tiles::check_failed& e) {
        CHECK_FALSE(e.report().clean());
        CHECK(std::string(e.what()).find("race in tile_static memory in kernel 'racy_total' at line 9") !=
              std::string::npos);
    }
}

// AMP's rule: a launch reuses a view's copy on the device, so writes into the host memory behind
// the view that no refresh() announced are not seen (4 + 4, not 4 + 20). Checked views report
// them before the launch, naming the argument; strict ones throw; after refresh() the launch sees them.
TEST_CASE("checked views report host writes behind a view that no refresh announced", "[checked]") {
    const tiles::kernel add("__kernel void add(__global float* d, __global const float* s) "
                            "{ d[get_global_id(0)] += s[get_global_id(0)]; }",
                            "add");
    std::vector<float> total(4, 0.0f), step(4, 4.0f);
    tiles::array_view<float, 1> t(4, total);
    tiles::array_view<const float, 1> s(4, step);
    const tiles::accelerator_view checked = tiles::create_checked_view();
    tiles::parallel_for_each(checked, t.extent, add, t, s);
    step.assign(4, 20.0f); // behind the view's back
    tiles::parallel_for_each(checked, t.extent, add, t, s);
    t.synchronize();
    CHECK(total == std::vector<float>(4, 8.0f));
    const tiles::check_report report = tiles::get_check_report(checked);
    REQUIRE(report.diagnostics.size() == 1);
    CHECK(report.diagnostics[0].kind == tiles::diagnostic_kind::host_write);
    CHECK(report.diagnostics[0].kernel == "add");
    CHECK_THAT(report.to_string(), Catch::StartsWith("host write not refreshed in global memory in kernel 'add':\n"
                                                     "    argument 1 (an array_view) views host memory that was "
                                                     "written after the view was last used, without refresh()"));
    // After refresh() the launch sees the write, and reading the results home is libtiles' own
    // write into the host memory: neither is reported.
    s.refresh();
    tiles::parallel_for_each(checked, t.extent, add, t, s);
    CHECK(t[0] == 28.0f);
    tiles::parallel_for_each(checked, t.extent, add, t, s);
    CHECK(tiles::get_check_report(checked).diagnostics.size() == 1);

    const tiles::accelerator_view strict = tiles::create_checked_view(true);
    tiles::parallel_for_each(strict, t.extent, add, t, s);
    step.assign(4, 30.0f);
    CHECK_THROWS_AS(tiles::parallel_for_each(strict, t.extent, add, t, s), tiles::check_failed);
    s.refresh();
    tiles::parallel_for_each(strict, t.extent, add, t, s);
    t.synchronize();
    CHECK(total == std::vector<float>(4, 98.0f)); // 28 + 20 + 20 + 30
}

TEST_CASE("what a checked view finds goes to the log at the warning level, the default", "[checked][log]") {
    std::vector<std::pair<tiles::log_level, std::string>> messages;
    if (std::getenv("TILES_LOG") == nullptr) CHECK(tiles::get_log_level() == tiles::log_level::warning);
    scoped_log log(tiles::log_level::warning,
                   [&](tiles::log_level level, const std::string& message) { messages.emplace_back(level, message); });
    sampling(tiles::create_checked_view(), tiles::kernel(example_kernel_race_condition, "racy_total"));
    // A strict view throws what it finds instead, and logs nothing.
    CHECK_THROWS_AS(
        sampling(tiles::create_checked_view(true), tiles::kernel(example_kernel_race_condition, "racy_total")),
        tiles::check_failed);
    log.stop();
    REQUIRE(messages.size() == 3); // the three problems at line 9, once each
    for (const auto& [level, message] : messages) {
        CHECK(level == tiles::log_level::warning);
        CHECK_THAT(message, Catch::Matches("checked mode: .* in tile_static memory in kernel 'racy_total' at line 9, "
                                           "column 11: total \\+= matrix[\\s\\S]*",
                                           Catch::CaseSensitive::Yes));
    }
}

TEST_CASE("a view that is not checked has no report and costs no simulator", "[checked]") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    CHECK_FALSE(tiles::is_checked(view));
    CHECK(tiles::get_check_report(view).clean());
}

namespace {

// Every algorithm of the library, on small awkward shapes (partial tiles, one row), under a strict
// checked view made with TILES_CHECKED_AS=`as`: a race, an uninitialized tile_static read or an
// out-of-bounds access in any of them would throw check_failed here. Their kernels' reduce builds
// use tiles of `reduce_tile` work-items, the parameter table's for that device.
void check_algorithms_run_clean(const char* as, int reduce_tile) {
    const std::vector<float> values = random_floats(13 * 10, 90);
    const tiles::array_view<const float, 2> matrix(13, 10, values);
    const std::vector<int> counts = random_ints(300, 91, -50, 50);
    const tiles::array_view<const int, 1> list(300, counts);
    const std::vector<float> b_values = random_floats(10 * 7, 92);
    const tiles::array_view<const float, 2> b(10, 7, b_values);
    const std::vector<float> mask_values = random_floats(3 * 3, 93);
    const tiles::array_view<const float, 2> mask(3, 3, mask_values);
    // The truth, from plain loops.
    std::vector<float> product(13 * 7, 0.0f);
    for (int i = 0; i < 13; ++i)
        for (int j = 0; j < 7; ++j)
            for (int k = 0; k < 10; ++k) product[i * 7 + j] += values[i * 10 + k] * b_values[k * 7 + j];
    std::vector<float> transposed(10 * 13);
    for (int i = 0; i < 13; ++i)
        for (int j = 0; j < 10; ++j) transposed[j * 13 + i] = values[i * 10 + j];

    std::vector<std::string> reduce_builds;
    scoped_log log(tiles::log_level::info, [&](tiles::log_level, const std::string& message) {
        if (message.rfind("built kernel 'reduce'", 0) == 0) reduce_builds.push_back(message);
    });
    setenv("TILES_CHECKED_AS", as, 1);
    const tiles::accelerator_view view = tiles::create_checked_view(true);
    unsetenv("TILES_CHECKED_AS");

    CHECK(tiles::reduce(view, list, tiles::reduction_op::sum) == std::accumulate(counts.begin(), counts.end(), 0));
    CHECK(tiles::reduce(view, list, tiles::reduction_op::max) == *std::max_element(counts.begin(), counts.end()));
    CHECK(tiles::reduce(view, matrix, tiles::reduction_op::sum) ==
          Approx(std::accumulate(values.begin(), values.end(), 0.0)).margin(1e-4));
    CHECK_NOTHROW(tiles::block_sum(view, matrix, tiles::extent<2>(3, 4)));
    CHECK_NOTHROW(tiles::block_average(view, matrix, tiles::extent<2>(2, 2)));
    CHECK(static_cast<std::vector<float>>(tiles::transpose(view, matrix)) == transposed);
    const std::vector<float> c = tiles::matrix_multiply(view, matrix, b);
    for (std::size_t i = 0; i < c.size(); ++i) CHECK(c[i] == Approx(product[i]).margin(1e-5));
    CHECK_NOTHROW(tiles::stencil(view, matrix, mask));
    log.stop();
    CHECK(tiles::get_check_report(view).clean());
    REQUIRE(!reduce_builds.empty());
    CHECK_THAT(reduce_builds[0], Catch::Matches(".*-DTILE_DIM0=" + std::to_string(reduce_tile) + "[ )].*"));
}

} // namespace

// Oclgrind presents itself as a CPU, and gets the parameters (tile shapes, vector widths) of CPUs.
TEST_CASE("the library's algorithms run clean under the simulator", "[checked][algorithms]") {
    check_algorithms_run_clean("", 8);
}

TEST_CASE("the library's algorithms run clean with a GPU's parameters (TILES_CHECKED_AS=gpu)",
          "[checked][algorithms]") {
    check_algorithms_run_clean("gpu", 256); // those of a GPU the table has no entry of its own for
}

TEST_CASE("the library's algorithms run clean with the H200's parameters (TILES_CHECKED_AS=H200)",
          "[checked][algorithms]") {
    check_algorithms_run_clean("H200", 256);
}

TEST_CASE("masked sums and maxima run clean and match CPU loops with a GPU's parameters (a work-group a result)",
          "[checked][reductions]") {
    setenv("TILES_CHECKED_AS", "gpu", 1);
    const tiles::accelerator_view view = tiles::create_checked_view(true);
    unsetenv("TILES_CHECKED_AS");
    const int rows = 3, columns = 100; // rows long enough that a work-group combines each
    const std::vector<float> values = random_floats(rows * columns, 94);
    std::vector<std::uint8_t> picked(values.size()), column_picked(static_cast<std::size_t>(columns));
    for (std::size_t i = 0; i < picked.size(); ++i) picked[i] = std::uint8_t(i % 7 < 4);
    for (std::size_t c = 0; c < column_picked.size(); ++c) column_picked[c] = std::uint8_t(c % 3 == 0);
    const tiles::array<float, 2> a(tiles::extent<2>(rows, columns), values.begin(), view);
    const tiles::array<std::uint8_t, 2> mask(tiles::extent<2>(rows, columns), picked.begin(), view);
    const tiles::array<std::uint8_t, 2> row_mask(tiles::extent<2>(1, columns), column_picked.begin(), view);
    const std::vector<float> sums = tiles::sum(a, {1}, mask, 1.0f), maxima = tiles::max(a, {1}, row_mask, -9.0f);
    for (int r = 0; r < rows; ++r) {
        double sum = 1.0;
        float greatest = -9.0f;
        for (int c = 0; c < columns; ++c) {
            const std::size_t i = std::size_t(r * columns + c);
            sum += picked[i] ? values[i] : 0.0;
            greatest = column_picked[std::size_t(c)] ? std::fmax(greatest, values[i]) : greatest;
        }
        INFO("row " << r);
        CHECK(sums[std::size_t(r)] == Approx(sum).margin(1e-4));
        CHECK(maxima[std::size_t(r)] == greatest);
    }
    CHECK(tiles::get_check_report(view).clean());
}

TEST_CASE("qr's panel kernels and cholesky's block kernel run clean under the simulator", "[checked][algorithms]") {
    // 20 columns: a leaf of 16 and one of 4, joined by gemm; cholesky's 20 x 20 block in one
    // work-group. Each work-group passes columns between its work-items through tile_static memory.
    const tiles::accelerator_view view = tiles::create_checked_view(true);
    const int m = 40, n = 20;
    const std::vector<float> values = random_floats(std::size_t(m) * n, 96);
    const tiles::array_view<const float, 2> matrix(m, n, values);
    const auto [q, r] = tiles::linalg::qr(view, matrix);
    const std::vector<float> qh(q), rh(r);
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            double sum = 0;
            for (int k = 0; k < n; ++k) sum += double(qh[std::size_t(i) * n + k]) * rh[std::size_t(k) * n + j];
            CHECK(sum == Approx(values[std::size_t(i) * n + j]).margin(1e-4));
        }
    // A^T A + n I, positive definite.
    std::vector<float> spd(std::size_t(n) * n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            double sum = i == j ? n : 0;
            for (int k = 0; k < m; ++k) sum += double(values[std::size_t(k) * n + i]) * values[std::size_t(k) * n + j];
            spd[std::size_t(i) * n + j] = float(sum);
        }
    const tiles::array_view<const float, 2> symmetric(n, n, spd);
    const std::vector<float> l(tiles::linalg::cholesky(view, symmetric));
    for (int i = 0; i < n; ++i)
        for (int j = 0; j <= i; ++j) {
            double sum = 0;
            for (int k = 0; k <= j; ++k) sum += double(l[std::size_t(i) * n + k]) * l[std::size_t(j) * n + k];
            CHECK(sum == Approx(spd[std::size_t(i) * n + j]).epsilon(1e-5));
        }
    CHECK(tiles::get_check_report(view).clean());
}

TEST_CASE("LU's panel kernels run clean under the simulator", "[checked][algorithms]") {
    // 20 columns: a leaf of 16 and one of 4, joined by the swaps, the triangular solve and gemm;
    // each leaf's work-group passes the pivot's row and the swapped rows between its work-items.
    // inv's columns of the identity are checked against A X = I.
    const tiles::accelerator_view view = tiles::create_checked_view(true);
    const int n = 20;
    const std::vector<float> values = random_floats(std::size_t(n) * n, 97);
    const tiles::array_view<const float, 2> matrix(n, n, values);
    const std::vector<float> inverse(tiles::linalg::inv(view, matrix));
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            double sum = 0;
            for (int k = 0; k < n; ++k) sum += double(values[std::size_t(i) * n + k]) * inverse[std::size_t(k) * n + j];
            CHECK(sum == Approx(i == j ? 1.0 : 0.0).margin(1e-3));
        }
    std::vector<float> sign(1), logarithm(1);
    tiles::array_view<float, 1> sign_view(1, sign), logarithm_view(1, logarithm);
    tiles::linalg::slogdet(view, matrix, sign_view, logarithm_view);
    sign_view.synchronize();
    CHECK(std::abs(sign[0]) == 1);
    CHECK(tiles::get_check_report(view).clean());
}

TEST_CASE("qr's tall leaf kernels, spread over work-groups, run clean under the simulator", "[checked][algorithms]") {
    // 1100 rows, past the 1024 at most that one work-group factors: the work-groups pass each
    // column's norm parts and products to the next kernel through global memory.
    const tiles::accelerator_view view = tiles::create_checked_view(true);
    const int m = 1100, n = 3;
    const std::vector<float> values = random_floats(std::size_t(m) * n, 97);
    const tiles::array_view<const float, 2> matrix(m, n, values);
    const auto [q, r] = tiles::linalg::qr(view, matrix);
    const std::vector<float> qh(q), rh(r);
    double worst = 0; // the largest |Q R - A|
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            double sum = -double(values[std::size_t(i) * n + j]);
            for (int k = 0; k < n; ++k) sum += double(qh[std::size_t(i) * n + k]) * rh[std::size_t(k) * n + j];
            worst = std::max(worst, std::abs(sum));
        }
    CHECK(worst <= 1e-4);
    CHECK(tiles::get_check_report(view).clean());
}

TEST_CASE("a checked view refuses to check as a device the parameter table has no entry for", "[checked]") {
    setenv("TILES_CHECKED_AS", "Radeon", 1);
    REQUIRE_THROWS_MENTIONING(tiles::create_checked_view(), tiles::invalid_argument, "TILES_CHECKED_AS='Radeon'",
                              "gpu, cpu or a name containing GH200, H200, H100 or H20");
    unsetenv("TILES_CHECKED_AS");
}

TEST_CASE("checked launches are reported in full however many problems the process found before", "[checked]") {
    // Oclgrind counts problems over the whole process and by default stops logging at 1000; the
    // seed's racy kernel alone makes some 200 each launch.
    const tiles::kernel racy(example_kernel_race_condition, "racy_total");
    std::size_t first_work_items = 0;
    for (int launch = 0; launch < 7; ++launch) {
        const tiles::accelerator_view view = tiles::create_checked_view();
        sampling(view, racy);
        const tiles::check_report report = tiles::get_check_report(view);
        std::size_t work_items = 0;
        for (const tiles::diagnostic& d : report.diagnostics) work_items += d.work_items.size();
        if (launch == 0) first_work_items = work_items;
        INFO("launch " << launch);
        CHECK(report.diagnostics.size() == 3);
        CHECK(work_items == first_work_items);
    }
}

TEST_CASE("the tensor-core kernel's emulation runs clean under the simulator, through its ring of stages",
          "[checked][algorithms][precision]") {
    // gemm_mma's stages hold as many slices as the device's tile_static memory has room for, up to
    // 4: all four of these 32 x 32 blocks' two-step slices, in the simulator's 32 KiB; k gives them
    // five or more slices, so that each stage is reused. The smallest warps' parts keep the
    // simulated work small (the simulator runs each work-item's instructions one by one).
    const tiles::accelerator_view view = tiles::create_checked_view(true);
    tiles::accelerator accelerator = view.get_accelerator();
    INFO("tile_static memory: " << accelerator.tile_static_memory() << " bytes");
    const tiles::parameter_values emulated = {{"WARPS_DOWN", 2},    {"WARPS_ACROSS", 2}, {"WARP_ROWS", 16},
                                              {"WARP_COLUMNS", 16}, {"SLICE_STEPS", 2},  {"TENSOR_CORES", 2}};
    for (const char* set : {"gemm_mma", "gemm_mma_tf32x3", "gemm_mma_small"})
        tiles::set_parameters(accelerator, set, emulated);
    const int m = 9, n = 11, k = 150;
    const std::vector<float> a = random_floats(m * k, 94), b = random_floats(k * n, 95);
    // Their products are exact in the 16-bit floats and TF32 that the precisions round to: a
    // multiple of 1/8 below 2 in magnitude keeps 4 bits.
    std::vector<float> a8(a.size()), b8(b.size());
    std::transform(a.begin(), a.end(), a8.begin(), [](float x) { return std::round(x * 8) / 8; });
    std::transform(b.begin(), b.end(), b8.begin(), [](float x) { return std::round(x * 8) / 8; });
    std::vector<float> expected(std::size_t(m) * n, 0.0f);
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            double sum = 0;
            for (int l = 0; l < k; ++l) sum += double(a8[i * k + l]) * b8[l * n + j];
            expected[std::size_t(i) * n + j] = float(sum);
        }
    const tiles::array_view<const float, 2> a_view(m, k, a8), b_view(k, n, b8);
    const std::vector<tiles::half> a_half(a8.begin(), a8.end()), b_half(b8.begin(), b8.end());
    const tiles::array_view<const tiles::half, 2> a_half_view(m, k, a_half), b_half_view(k, n, b_half);
    for (const tiles::gemm_precision precision :
         {tiles::gemm_precision::tf32x3, tiles::gemm_precision::float16, tiles::gemm_precision::bfloat16}) {
        std::vector<float> c(std::size_t(m) * n);
        tiles::array_view<float, 2> c_view(m, n, c);
        tiles::gemm(view, 1.0f, a_view, b_view, 0.0f, c_view, precision);
        c_view.synchronize();
        CHECK(c == expected); // sums of exact products in float, of values with few bits: exact
    }
    std::vector<float> c(std::size_t(m) * n);
    tiles::array_view<float, 2> c_view(m, n, c);
    tiles::gemm(view, 1.0f, a_half_view, b_half_view, 0.0f, c_view, tiles::gemm_precision::float16);
    c_view.synchronize();
    CHECK(c == expected);
    CHECK(tiles::get_check_report(view).clean());
    tiles::reset_parameters(accelerator);
}

TEST_CASE("a sum over the innermost axis runs a work-group per row with a GPU's parameters, clean under the simulator",
          "[checked][reductions]") {
    // 300 columns: a group of 256 work-items, of which the first 44 read two elements of a row.
    const int rows = 5, columns = 300;
    const std::vector<float> values = random_floats(rows * columns, 94);
    std::vector<std::string> builds;
    scoped_log log(tiles::log_level::info, [&](tiles::log_level, const std::string& message) {
        if (message.rfind("built kernel 'tiles_reduce_axes'", 0) == 0) builds.push_back(message);
    });
    setenv("TILES_CHECKED_AS", "gpu", 1); // CPUs keep a work-item per row
    const tiles::accelerator_view view = tiles::create_checked_view(true);
    unsetenv("TILES_CHECKED_AS");
    const tiles::array<float, 2> matrix(tiles::extent<2>(rows, columns), values.begin(), view);
    const std::vector<float> row_sums = tiles::sum(matrix, {1}), column_sums = tiles::sum(matrix, {0});
    log.stop();
    CHECK(tiles::get_check_report(view).clean());
    for (int r = 0; r < rows; ++r)
        CHECK(row_sums[std::size_t(r)] ==
              Approx(std::accumulate(values.begin() + r * columns, values.begin() + (r + 1) * columns, 0.0))
                  .margin(1e-4));
    for (int c = 0; c < columns; ++c) {
        double sum = 0;
        for (int r = 0; r < rows; ++r) sum += values[std::size_t(r * columns + c)];
        CHECK(column_sums[std::size_t(c)] == Approx(sum).margin(1e-5));
    }
    // The rows' kernel is a work-group's; the columns', whose neighbours read neighbours, a work-item's.
    REQUIRE(builds.size() == 2);
    CHECK_THAT(builds[0], Catch::Matches(".*-DTILE_DIM0=256[ )].*"));
    CHECK_THAT(builds[1], !Catch::Matches(".*-DTILE_DIM0.*"));
}

// The first position of `row` whose value `better` prefers to all others, the first NaN
// winning as numpy's does.
template <class Better> std::int64_t first_best(const std::vector<float>& row, Better better) {
    std::int64_t found = 0;
    for (std::size_t k = 1; k < row.size() && !std::isnan(row[std::size_t(found)]); ++k)
        if (std::isnan(row[k]) || better(row[k], row[std::size_t(found)])) found = std::int64_t(k);
    return found;
}

TEST_CASE("argmax and argmin of few long rows run work-groups over shares with a GPU's parameters, clean under "
          "the simulator",
          "[checked][reductions]") {
    // 131,101 columns: on the simulator (a CPU, whose shares are of 4,096 elements or more), 32
    // shares a row, each combined by a work-group of 256; then a work-group of 32 over each row's shares.
    const int rows = 2, columns = 131101;
    std::vector<float> values = random_floats(rows * columns, 96);
    for (int r = 0; r < rows; ++r)
        for (int c : {9000, 15001, 19990}) values[std::size_t(r * columns + c)] = 100.0f; // ties far apart
    for (int c : {17000, 12000}) values[std::size_t(columns + c)] = std::nanf("");        // the second row's NaNs
    std::vector<std::string> builds;
    scoped_log log(tiles::log_level::info, [&](tiles::log_level, const std::string& message) {
        if (message.rfind("built kernel 'tiles_reduce_axes'", 0) == 0) builds.push_back(message);
    });
    setenv("TILES_CHECKED_AS", "gpu", 1); // CPUs keep a work-item per share
    const tiles::accelerator_view view = tiles::create_checked_view(true);
    unsetenv("TILES_CHECKED_AS");
    const tiles::array<float, 2> matrix(tiles::extent<2>(rows, columns), values.begin(), view);
    const std::vector<std::int64_t> greatest = tiles::argmax(matrix, 1), least = tiles::argmin(matrix, 1);
    log.stop();
    CHECK(tiles::get_check_report(view).clean());
    for (int r = 0; r < rows; ++r) {
        const std::vector<float> row(values.begin() + r * columns, values.begin() + (r + 1) * columns);
        CHECK(greatest[std::size_t(r)] == first_best(row, std::greater<float>()));
        CHECK(least[std::size_t(r)] == first_best(row, std::less<float>()));
    }
    CHECK(greatest == std::vector<std::int64_t>{9000, 12000});
    REQUIRE(builds.size() == 4);
    CHECK_THAT(builds[0], Catch::Matches(".*-DTILE_DIM0=256[ )].*"));
    CHECK_THAT(builds[1], Catch::Matches(".*-DTILE_DIM0=32[ )].*"));
}

TEST_CASE("cumulative sums and products of long lines of consecutive elements run a work-group a block with a "
          "GPU's parameters, clean under the simulator",
          "[checked][reductions]") {
    // 20,001 elements: blocks of 2,048 (256 work-items of 8 elements), the last one short; two rows
    // of 9,000 along the last axis; products of 1s and -1s, which wrap nothing.
    const int count = 20001, rows = 2, columns = 9000;
    std::vector<std::int32_t> x(static_cast<std::size_t>(count)), signs(static_cast<std::size_t>(rows * columns));
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = std::int32_t(i % 7) - 3 + (i % 11 == 0 ? 2000000000 : 0);
    for (std::size_t i = 0; i < signs.size(); ++i) signs[i] = i % 13 == 0 ? -1 : 1;
    const std::vector<float> values = random_floats(count, 97);
    std::vector<std::string> builds;
    scoped_log log(tiles::log_level::info, [&](tiles::log_level, const std::string& message) {
        if (message.rfind("built kernel 'tiles_scan_", 0) == 0) builds.push_back(message);
    });
    setenv("TILES_CHECKED_AS", "gpu", 1); // CPUs keep a work-item per line
    const tiles::accelerator_view view = tiles::create_checked_view(true);
    unsetenv("TILES_CHECKED_AS");
    const tiles::array<std::int32_t, 1> a(tiles::extent<1>(count), x.begin(), view);
    const tiles::array<std::int32_t, 2> s(tiles::extent<2>(rows, columns), signs.begin(), view);
    const tiles::array<float, 1> f(tiles::extent<1>(count), values.begin(), view);
    const std::vector<std::int64_t> running = tiles::cumulative_sum(a, 0), products = tiles::cumulative_prod(s, 1);
    const std::vector<float> running_floats = tiles::cumulative_sum(f, 0);
    log.stop();
    CHECK(tiles::get_check_report(view).clean());
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sum += x[i];
        INFO("element " << i);
        REQUIRE(running[i] == sum);
    }
    for (int r = 0; r < rows; ++r) {
        std::int64_t product = 1;
        for (int c = 0; c < columns; ++c) {
            product *= signs[std::size_t(r * columns + c)];
            INFO("row " << r << ", column " << c);
            REQUIRE(products[std::size_t(r * columns + c)] == product);
        }
    }
    // Floats in another order than one after another: within n * eps of the sum of magnitudes.
    double exact = 0, magnitude = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        exact += values[i];
        magnitude += std::fabs(values[i]);
        INFO("element " << i);
        REQUIRE(std::fabs(running_floats[i] - exact) <= double(i + 1) * 1.2e-7 * magnitude);
    }
    REQUIRE(!builds.empty());
    CHECK_THAT(builds[0], Catch::StartsWith("built kernel 'tiles_scan_group_blocks'"));
    CHECK_THAT(builds[0], Catch::Matches(".*-DTILE_DIM0=256[ )].*"));
}

TEST_CASE("cumulative sums of few long lines run in blocks with a GPU's parameters, clean under the simulator",
          "[checked][reductions]") {
    // 1,100 rows of 3 columns: 3 lines along axis 0, 5 blocks each, the last one short.
    const int rows = 1100, columns = 3;
    std::vector<std::int32_t> x(std::size_t(rows * columns));
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = std::int32_t(i % 7) - 3 + (i % 11 == 0 ? 2000000000 : 0);
    const std::vector<float> values = random_floats(rows * columns, 95);
    std::vector<std::string> builds;
    scoped_log log(tiles::log_level::info, [&](tiles::log_level, const std::string& message) {
        if (message.rfind("built kernel 'tiles_scan_", 0) == 0) builds.push_back(message);
    });
    setenv("TILES_CHECKED_AS", "gpu", 1); // CPUs keep a work-item per line
    const tiles::accelerator_view view = tiles::create_checked_view(true);
    unsetenv("TILES_CHECKED_AS");
    const tiles::array<std::int32_t, 2> a(tiles::extent<2>(rows, columns), x.begin(), view);
    const tiles::array<float, 1> f(tiles::extent<1>(rows * columns), values.begin(), view);
    const std::vector<std::int64_t> along_rows = tiles::cumulative_sum(a, 0);
    const std::vector<float> running_floats = tiles::cumulative_sum(f, 0);
    log.stop();
    CHECK(tiles::get_check_report(view).clean());
    for (int c = 0; c < columns; ++c) {
        std::int64_t running = 0;
        for (int r = 0; r < rows; ++r) {
            running += x[std::size_t(r * columns + c)];
            INFO("row " << r << ", column " << c);
            REQUIRE(along_rows[std::size_t(r * columns + c)] == running);
        }
    }
    // Floats in another order than one after another: within n * eps of the sum of magnitudes.
    double running = 0, magnitude = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        running += values[i];
        magnitude += std::fabs(values[i]);
        INFO("element " << i);
        REQUIRE(std::fabs(running_floats[i] - running) <= double(i + 1) * 1.2e-7 * magnitude);
    }
    REQUIRE(builds.size() >= 2);
    CHECK_THAT(builds[0], Catch::StartsWith("built kernel 'tiles_scan_totals'"));
}

TEST_CASE("threads with a checked view each launch at once and get their own results", "[checked]") {
    // The simulator's contexts share its state: two kernels at once gave wrong elements or aborted
    // in Oclgrind's notifyKernelBegin. (ThreadSanitizer does not run it: it cannot see into Oclgrind.)
    constexpr int threads = 3, launches = 8, size = 64;
    std::vector<std::vector<int>> results(threads);
    std::vector<std::string> errors(threads);
    std::vector<std::thread> running;
    for (int t = 0; t < threads; ++t)
        running.emplace_back([&results, &errors, t] {
            try {
                const tiles::accelerator_view view = tiles::create_checked_view();
                tiles::array<int, 1> a(tiles::extent<1>(size), std::vector<int>(size, t + 1), view);
                const tiles::kernel twice("__kernel void twice(__global int* a) { a[get_global_id(0)] *= 2; }",
                                          "twice");
                for (int k = 0; k < launches; ++k) tiles::parallel_for_each(view, a.extent, twice, a);
                results[t] = a;
            } catch (const std::exception& e) {
                errors[t] = e.what();
            }
        });
    for (std::thread& t : running) t.join();
    for (int t = 0; t < threads; ++t) {
        CHECK(errors[t].empty());
        CHECK(results[t] == std::vector<int>(size, (t + 1) << launches));
    }
}
