// Checked mode: the seed's race conditions, missing barriers and uninitialized tile_static reads
// found by the Oclgrind simulator and reported at the kernel's own lines; the seed's correct
// kernels reported clean.
#include <algorithm>
#include <vector>

#include "tiles/algorithms.hpp"

#include "example_kernels.hpp"
#include "fixture.hpp"
#include "random_data.hpp"

namespace {

// Whether the report has a diagnostic of `kind` in `space` at `line` (either access, for a race).
bool has(const tiles::check_report& r, tiles::diagnostic_kind kind, tiles::memory_space space, int line) {
    return std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [&](const tiles::diagnostic& d) {
        return d.kind == kind && d.space == space && (d.line == line || d.other_line == line);
    });
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
    const auto found = tiles::detail::parse_oclgrind_log(log, 2, "first line\n    total += x;\n");
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
}

TEST_CASE("the seed's unsynchronized total on a tile_static variable is reported at its line", "[checked]") {
    const tiles::accelerator_view view = tiles::create_checked_view();
    REQUIRE(tiles::is_checked(view));
    sampling(view, tiles::kernel(example_kernel_race_condition, "racy_total"));
    const tiles::check_report report = tiles::get_check_report(view);
    INFO(report.to_string());
    // race_condition.cl line 9: `total += matrix[...]`, with no initializer and no barrier.
    CHECK(has(report, tiles::diagnostic_kind::uninitialized_write, tiles::memory_space::tile_static, 9));
    CHECK(has(report, tiles::diagnostic_kind::write_write_race, tiles::memory_space::tile_static, 9));
    CHECK(has(report, tiles::diagnostic_kind::read_write_race, tiles::memory_space::tile_static, 9));
    CHECK(report.diagnostics.front().source_line.rfind("total += matrix", 0) == 0);
    CHECK(report.diagnostics.front().kernel == "racy_total");
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
    // The write of line 4 races with the read of line 7.
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

TEST_CASE("a view that is not checked has no report and costs no simulator", "[checked]") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    CHECK_FALSE(tiles::is_checked(view));
    CHECK(tiles::get_check_report(view).clean());
}

// Every algorithm of the library, on small awkward shapes (partial tiles, one row), under a strict
// checked view: a race, an uninitialized tile_static read or an out-of-bounds access in any of
// them would throw check_failed here.
TEST_CASE("the library's algorithms run clean under the simulator", "[checked][algorithms]") {
    const tiles::accelerator_view view = tiles::create_checked_view(true);
    const std::vector<float> values = random_floats(13 * 10, 90);
    const tiles::array_view<const float, 2> matrix(13, 10, values);
    const std::vector<int> counts = random_ints(300, 91, -50, 50);
    const tiles::array_view<const int, 1> list(300, counts);

    CHECK_NOTHROW(tiles::reduce(view, list, tiles::reduction_op::sum));
    CHECK_NOTHROW(tiles::reduce(view, list, tiles::reduction_op::max));
    CHECK_NOTHROW(tiles::reduce(view, matrix, tiles::reduction_op::sum));
    CHECK_NOTHROW(tiles::block_sum(view, matrix, tiles::extent<2>(3, 4)));
    CHECK_NOTHROW(tiles::block_average(view, matrix, tiles::extent<2>(2, 2)));
    CHECK_NOTHROW(tiles::transpose(view, matrix));
    const std::vector<float> b_values = random_floats(10 * 7, 92);
    const tiles::array_view<const float, 2> b(10, 7, b_values);
    CHECK_NOTHROW(tiles::matrix_multiply(view, matrix, b));
    const std::vector<float> mask_values = random_floats(3 * 3, 93);
    const tiles::array_view<const float, 2> mask(3, 3, mask_values);
    CHECK_NOTHROW(tiles::stencil(view, matrix, mask));
    CHECK(tiles::get_check_report(view).clean());
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
        CHECK(report.diagnostics.size() == 4);
        CHECK(work_items == first_work_items);
    }
}
