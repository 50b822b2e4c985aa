// The algorithms' parameters as named data: the tuner records the fastest candidate of a set in the
// tuning file, on a context of its own, and later lookups take it from there; devices with
// measured parameters (as PoCL's CPU device) are not tuned behind the user's back; every set's
// algorithm can be tuned; bad lines of the file are skipped with a warning; overrides come first.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <vector>

#include "../libtiles/algorithms/src/catalog.hpp"
#include "../libtiles/algorithms/src/tuner.hpp"
#include "devices/device_info.hpp"
#include "fixture.hpp"
#include "scoped_log.hpp"
#include "tiles/interop.hpp"
#include "tiles/parameters.hpp"

namespace {

// TILES_TUNING_FILE set to a fresh file (or to `setting`) for the test's duration.
struct tuning_file {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("libtiles-tuning-" + std::to_string(getpid()) + ".txt");
    explicit tuning_file(const char* setting = nullptr) {
        std::filesystem::remove(path);
        setenv("TILES_TUNING_FILE", setting != nullptr ? setting : path.c_str(), 1);
    }
    ~tuning_file() {
        unsetenv("TILES_TUNING_FILE");
        std::filesystem::remove(path);
    }
    std::string text() const {
        std::ifstream in(path);
        std::ostringstream all;
        all << in.rdbuf();
        return all.str();
    }
};

// gemm on `view` of fixed 37x29 and 29x41 matrices of small integers, compared with a CPU loop:
// exact, whatever parameters gemm ran with.
void check_gemm_against_cpu(const tiles::accelerator_view& view) {
    const int m = 37, k = 29, n = 41;
    std::vector<float> a(m * k), b(k * n), expected(m * n, 0.0f);
    for (int i = 0; i < m * k; ++i) a[i] = float(i % 7) - 3.0f;
    for (int i = 0; i < k * n; ++i) b[i] = float(i % 5) - 2.0f;
    for (int r = 0; r < m; ++r)
        for (int c = 0; c < n; ++c)
            for (int j = 0; j < k; ++j) expected[r * n + c] += a[r * k + j] * b[j * n + c];
    tiles::array<float, 2> ga(tiles::extent<2>(m, k), a, view), gb(tiles::extent<2>(k, n), b, view);
    tiles::array<float, 2> gc(tiles::extent<2>(m, n), view);
    tiles::gemm(view, 1.0f, ga, gb, 0.0f, gc);
    CHECK(std::vector<float>(gc) == expected);
}

const tiles::algorithms::parameter_set& gemm_float() { return *tiles::algorithms::find_set("gemm_float"); }

std::vector<int> in_effect(const tiles::accelerator_view& view, const tiles::algorithms::parameter_set& set) {
    return tiles::algorithms::values_on(*view.context(), set);
}

std::vector<int> shipped(const tiles::accelerator_view& view, const tiles::algorithms::parameter_set& set) {
    return set.shipped(view.get_accelerator().info());
}

// std::cerr's output while it lives.
struct captured_stderr {
    std::ostringstream text;
    std::streambuf* previous = std::cerr.rdbuf(text.rdbuf());
    ~captured_stderr() { std::cerr.rdbuf(previous); }
};

} // namespace

TEST_CASE_METHOD(fresh_view, "the table names each parameter once and gives every set valid values", "[tuner]") {
    const std::vector<std::string> sets = tiles::parameter_sets();
    CHECK(sets == std::vector<std::string>{"reduce", "block_reduce", "transpose", "stencil", "gemm_float",
                                           "gemm_float_small", "gemm_double", "gemm_mma", "gemm_mma_tf32x3",
                                           "gemm_mma_small", "staging"});
    CHECK(tiles::parameter_names("stencil") == std::vector<std::string>{"TILE_ROWS", "TILE_COLUMNS", "ROWS_PER_THREAD",
                                                                        "VECTOR_WIDTH", "SHIFT_IN_REGISTERS"});
    const tiles::accelerator accelerator = view.get_accelerator();
    for (const tiles::algorithms::parameter_set& set : tiles::algorithms::parameter_sets()) {
        INFO(set.name);
        CHECK(set.problem(shipped(view, set), accelerator.info()) == "");
    }
    REQUIRE_THROWS_MENTIONING(tiles::parameter_names("gemm"), tiles::invalid_argument,
                              "'gemm' is not a parameter set; the sets are reduce, block_reduce");
}

TEST_CASE_METHOD(fresh_view, "a tuning run records its fastest candidate and later lookups use it", "[tuner]") {
    const tuning_file file;
    const std::vector<std::vector<int>> candidates = {{4, 4, 2, 4, 4, 8}, {8, 8, 2, 2, 2, 8}};
    std::vector<std::size_t> steps;
    std::string log; // the tuning's progress, at the info level
    scoped_log progress(tiles::log_level::info,
                        [&](tiles::log_level, const std::string& message) { log += message + "\n"; });
    const std::vector<int> best = tiles::algorithms::tune_set(
        view.get_accelerator().create_view().context(), gemm_float(),
        [&](const tiles::algorithms::tuning_step& step) {
            CHECK(step.failure == "");
            CHECK(step.seconds > 0);
            CHECK(step.candidates == 2);
            steps.push_back(step.candidate);
        },
        candidates);
    progress.stop();
    CHECK(steps == std::vector<std::size_t>{1, 2});
    CHECK((best == candidates[0] || best == candidates[1]));
    CHECK_THAT(log, Catch::Contains("tuning gemm_float for '" + view.get_accelerator().name() + "' over 2 candidates"));
    CHECK_THAT(log, Catch::Contains("tuning gemm_float: candidate 1 of 2 (") && Catch::Contains(") took "));
    CHECK_THAT(log, Catch::Contains("tuning gemm_float: candidate 2 of 2 ("));
    // Both timed again in turns before the choice.
    CHECK_THAT(log, Catch::Contains("tuning gemm_float: in turns, " +
                                    tiles::algorithms::values_text(gemm_float(), candidates[0])) &&
                        Catch::Contains("tuning gemm_float: in turns, " +
                                        tiles::algorithms::values_text(gemm_float(), candidates[1])));
    CHECK_THAT(log, Catch::Contains("tuning gemm_float: keeps " + tiles::algorithms::values_text(gemm_float(), best)));
    // The tuner timed on a context of its own: nothing ran on the caller's.
    CHECK(view.counters().launches == 0);
    const std::string line = view.get_accelerator().name() + "\t" + view.get_accelerator().driver_version() +
                             "\tgemm_float\t" + tiles::algorithms::values_text(gemm_float(), best) + "\n";
    CHECK(file.text() == "libtiles tuning file 2\n" + line);
    CHECK(in_effect(view, gemm_float()) == best);
    check_gemm_against_cpu(view); // with the tuned parameters
}

TEST_CASE("the tuner's confirmation keeps the values in effect unless another is more than 5% faster", "[tuner]") {
    using tiles::algorithms::confirmed_choice;
    // Medians, not means: one slow run (a hiccup of the machine) does not decide.
    const std::vector<double> in_effect = {1.0, 1.0, 9.0, 1.0, 1.0};
    CHECK(confirmed_choice({in_effect, {0.96, 0.96, 0.96, 0.96, 0.96}}, 0) == 0); // 4% faster: stays
    CHECK(confirmed_choice({in_effect, {0.94, 0.94, 0.94, 0.94, 0.94}}, 0) == 1); // 6% faster: replaces
    CHECK(confirmed_choice({{0.94, 0.94, 0.94}, {0.9, 0.9, 0.9}, in_effect}, 2) == 1);
    // Without the values in effect among them (candidates given by hand), the lowest median.
    CHECK(confirmed_choice({in_effect, {0.99, 0.99, 0.99, 0.99, 0.99}}, 2) == 1);
    CHECK(confirmed_choice({{2.0, 0.5, 2.0}, {1.0, 1.0, 1.0}}, 2) == 1);
}

TEST_CASE_METHOD(fresh_view, "every parameter set the device uses can be tuned", "[tuner]") {
    const tuning_file file;
    const tiles::accelerator accelerator = view.get_accelerator();
    int tuned = 0;
    for (const tiles::algorithms::parameter_set& set : tiles::algorithms::parameter_sets()) {
        const std::string why_not = tiles::algorithms::not_tunable_because(accelerator.info(), set);
        if (!why_not.empty()) {
            WARN(set.name << " is not tuned here: " << why_not);
            continue;
        }
        INFO(set.name);
        // One candidate, the values in effect: the set's work runs, is timed and recorded.
        const std::vector<int> values = shipped(view, set);
        CHECK(tiles::algorithms::tune_set(accelerator.create_view().context(), set, nullptr, {values}) == values);
        CHECK_THAT(file.text(), Catch::Contains(std::string("\t") + set.name + "\t" +
                                                tiles::algorithms::values_text(set, values) + "\n"));
        ++tuned;
    }
    CHECK(tuned >= 5); // reduce, block_reduce, transpose, stencil, gemm_float at least
}

TEST_CASE_METHOD(fresh_view, "between timed runs the tuner reads more than caches hold, for the bandwidth-bound sets",
                 "[tuner]") {
    const tiles::accelerator accelerator = view.get_accelerator();
    const bool gpu = accelerator.info().is_gpu();
    // The cache the driver reports, asked of OpenCL here: PoCL reports a CPU's L3, which on a Xeon
    // (260 MiB) held more than the 64 MiB once read.
    cl_ulong cache = 0;
    REQUIRE(clGetDeviceInfo(tiles::interop::get_device(accelerator), CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof cache,
                            &cache, nullptr) == CL_SUCCESS);
    const std::uint64_t bytes = tiles::algorithms::eviction_bytes(accelerator.info());
    const std::uint64_t cap = std::min(accelerator.dedicated_memory() / 8, accelerator.max_allocation());
    INFO("reads " << bytes << " bytes; the reported cache holds " << cache << ", at most " << cap << " are read");
    CHECK(bytes <= cap);
    CHECK(bytes >= std::min(cap, 2 * std::uint64_t(cache)));
    CHECK(bytes >= std::min(cap, std::uint64_t(gpu ? 256 : 64) << 20));
    for (const tiles::algorithms::parameter_set& set : tiles::algorithms::parameter_sets()) {
        INFO(set.name);
        const tiles::transfer_counters before = view.counters();
        tiles::algorithms::cache_eviction(set, view.context())();
        view.wait();
        const tiles::transfer_counters after = view.counters();
        // A kernel that reads and writes nothing: no copy, whose output the cache would hold.
        CHECK(after.device_copies == before.device_copies);
        if (!set.bandwidth_bound())
            CHECK(after.launches == before.launches); // compute-bound, or the host's and the bus's work
        else
            CHECK(after.launches == before.launches + 1);
    }
}

TEST_CASE_METHOD(fresh_view, "staging is tuned where the device stages, and transfers then go by the values kept",
                 "[tuner][staged]") {
    const tuning_file file;
    const tiles::accelerator accelerator = view.get_accelerator();
    const tiles::algorithms::parameter_set& staging = *tiles::algorithms::find_set("staging");
    if (accelerator.info().is_cpu())
        CHECK(tiles::algorithms::not_tunable_because(accelerator.info(), staging) ==
              "'" + accelerator.name() + "' stages no transfer (staging's FROM_KIB is 0)");
    tiles::set_parameters(accelerator, "staging", {{"FROM_KIB", 1}});
    CHECK(tiles::algorithms::not_tunable_because(accelerator.info(), staging).empty());
    // The candidates keep the threshold in effect and try chunks and threads.
    const std::vector<std::vector<int>> candidates = tiles::algorithms::tuning_candidates(accelerator.info(), staging);
    CHECK(candidates.size() > 20);
    CHECK(std::all_of(candidates.begin(), candidates.end(), [](const std::vector<int>& c) { return c[0] == 1; }));
    const std::vector<int> best = tiles::algorithms::tune_set(accelerator.create_view().context(), staging, nullptr,
                                                              {{1, 1024, 1}, {1, 4096, 2}});
    CHECK((best == std::vector<int>{1, 1024, 1} || best == std::vector<int>{1, 4096, 2}));
    CHECK_THAT(file.text(), Catch::Contains("\tstaging\t" + tiles::algorithms::values_text(staging, best) + "\n"));
    // Without the override, the tuning file's values are in effect, and the engine stages by them.
    tiles::reset_parameters(accelerator, "staging");
    CHECK(in_effect(view, staging) == best);
    const std::vector<float> host(1024, 1.0f); // 4 KiB
    const tiles::array<float, 1> a(tiles::extent<1>(1024), host.begin(), view);
    CHECK(view.counters().staged_transfers == 1);
}

TEST_CASE_METHOD(fresh_view, "with tuning off or measured parameters nothing is tuned", "[tuner]") {
    {
        const tuning_file off("off");
        CHECK(tiles::algorithms::tuned_values_on(view.context(), gemm_float()) == shipped(view, gemm_float()));
    }
    const tuning_file file;
    REQUIRE(gemm_float().measured_for(view.get_accelerator().info())); // PoCL's CPU device
    CHECK(tiles::algorithms::tuned_values_on(view.context(), gemm_float()) == shipped(view, gemm_float()));
    CHECK_FALSE(std::filesystem::exists(file.path));
}

TEST_CASE_METHOD(fresh_view, "bad lines of the tuning file are skipped with a warning naming the line, never used",
                 "[tuner]") {
    const tuning_file file;
    const std::string device = view.get_accelerator().name() + "\t" + view.get_accelerator().driver_version();
    const std::string bad_values =
        GENERATE(as<std::string>{}, "TILE_ROWS=8 TILE_COLUMNS=4 WORK_ROWS=4 WORK_COLUMNS=16 VECTOR_WIDTH=8",
                 "TILE_ROWS=8 TILE_ROWS=8 TILE_COLUMNS=4 WORK_ROWS=4 WORK_COLUMNS=16 VECTOR_WIDTH=8 SLICE=16",
                 "TILE_ROWS=8 TILE_COLUMNS=4 WORK_ROWS=4 WORK_COLUMNS=16 VECTOR_WIDTH=8 SLICE=16 DEPTH=2",
                 "TILE_ROWS=8 TILE_COLUMNS=4 WORK_ROWS=4 WORK_COLUMNS=16 VECTOR_WIDTH=8 SLICE=16x",
                 "TILE_ROWS=8 TILE_COLUMNS=4 WORK_ROWS=4 WORK_COLUMNS=16 VECTOR_WIDTH=8 SLICE=99999999999",
                 "TILE_ROWS TILE_COLUMNS=4 WORK_ROWS=4 WORK_COLUMNS=16 VECTOR_WIDTH=8 SLICE=16", "16 16 4 4 4 16");
    CAPTURE(bad_values);
    {
        std::ofstream out(file.path);
        out << "libtiles tuning file 2\n"
            << device << "\tgemm\tTILE_ROWS=8\n"                // line 2: no such set
            << "\x01\x7f junk without tabs\n"                   // line 3
            << device << "\tgemm_float\t" << bad_values << "\n" // line 4
            << device
            << "\tstencil\tTILE_ROWS=0 TILE_COLUMNS=16 ROWS_PER_THREAD=8 VECTOR_WIDTH=8 SHIFT_IN_REGISTERS=0\n"; // kernel
    }
    captured_stderr warnings;
    CHECK(in_effect(view, gemm_float()) == shipped(view, gemm_float()));
    const tiles::algorithms::parameter_set& stencil = *tiles::algorithms::find_set("stencil");
    CHECK(in_effect(view, stencil) == shipped(view, stencil));
    check_gemm_against_cpu(view);
    const std::string said = warnings.text.str();
    CHECK_THAT(said, Catch::Contains(file.path.string() + " line 2 is skipped: 'gemm' is not a parameter set"));
    CHECK_THAT(said, Catch::Contains(" line 3 is skipped: it is not a device name, driver, parameter set"));
    CHECK_THAT(said, Catch::Contains(" line 4 is skipped: "));
    CHECK_THAT(said, Catch::Contains("the stencil parameters for '" + view.get_accelerator().name() +
                                     "' are not used: TILE_ROWS and TILE_COLUMNS must be 1 to 1024"));
}

TEST_CASE_METHOD(fresh_view, "a damaged tuning file gives a few escaped warnings and a count, not one for each line",
                 "[tuner]") {
    const tuning_file file;
    std::size_t lines = 0; // after the first, each a skipped one
    {
        std::ofstream out(file.path, std::ios::binary);
        out << "libtiles tuning file 2\n";
        std::minstd_rand random(43);
        char byte = '\n';
        for (int i = 0; i < (1 << 20) - 64; ++i) {
            lines += byte == '\n';
            byte = char(random() & 0xff);
            out << byte;
        }
    }
    REQUIRE(lines > 1000);
    captured_stderr warnings;
    CHECK(in_effect(view, gemm_float()) == shipped(view, gemm_float()));
    const std::string said = warnings.text.str();
    CHECK(std::count(said.begin(), said.end(), '\n') == 4);
    CHECK_THAT(
        said, Catch::Contains(": " + std::to_string(lines) + " lines are skipped in all (the first 3 are said above)"));
    const auto control = [](char c) { return static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t'; };
    CHECK(std::count_if(said.begin(), said.end(), control) == 0);
    CHECK(std::count(said.begin(), said.end(), '\x7f') == 0);
}

TEST_CASE_METHOD(fresh_view, "the tuning file's warnings reach the log's sink at the warning level", "[tuner]") {
    const tuning_file file;
    {
        std::ofstream out(file.path);
        out << "libtiles tuning file 2\n"
            << view.get_accelerator().name() << "\t" << view.get_accelerator().driver_version()
            << "\tgemm\tTILE_ROWS=8\n";
    }
    std::vector<std::pair<tiles::log_level, std::string>> messages;
    scoped_log log(tiles::log_level::warning,
                   [&](tiles::log_level level, const std::string& message) { messages.emplace_back(level, message); });
    captured_stderr elsewhere;
    CHECK(in_effect(view, gemm_float()) == shipped(view, gemm_float()));
    log.stop();
    REQUIRE(messages.size() == 1);
    CHECK(messages[0].first == tiles::log_level::warning);
    CHECK(messages[0].second == file.path.string() + " line 2 is skipped: 'gemm' is not a parameter set of libtiles'");
    CHECK(elsewhere.text.str().empty());
}

TEST_CASE_METHOD(fresh_view, "a tuning file of another format is not read, and the next tuning replaces it",
                 "[tuner]") {
    const tuning_file file;
    const std::string device = view.get_accelerator().name() + "\t" + view.get_accelerator().driver_version();
    {
        std::ofstream out(file.path);
        out << device << "\t8\t8 8 2 2 2 8\n"; // the format of libtiles 0.3
    }
    {
        captured_stderr warnings;
        CHECK(in_effect(view, gemm_float()) == shipped(view, gemm_float()));
        CHECK_THAT(warnings.text.str(),
                   Catch::Contains(" is not read: its first line is not 'libtiles tuning file 2'"));
    }
    const std::vector<int> values = {8, 8, 2, 2, 2, 8};
    tiles::algorithms::tune_set(view.get_accelerator().create_view().context(), gemm_float(), nullptr, {values});
    CHECK(file.text() == "libtiles tuning file 2\n" + device +
                             "\tgemm_float\tTILE_ROWS=8 TILE_COLUMNS=8 WORK_ROWS=2 WORK_COLUMNS=2 VECTOR_WIDTH=2 "
                             "SLICE=8\n");
}

TEST_CASE_METHOD(fresh_view, "a good line among bad ones is used, and a FIFO as the tuning file does not block",
                 "[tuner]") {
    const tuning_file file;
    const std::string device = view.get_accelerator().name() + "\t" + view.get_accelerator().driver_version();
    {
        std::ofstream out(file.path);
        out << "libtiles tuning file 2\n"
            << device << "\tgemm_float\tTILE_ROWS=8 TILE_COLUMNS=4 WORK_ROWS=4 WORK_COLUMNS=16 VECTOR_WIDTH=8\n"
            << device << "\tgemm_float\tSLICE=8 TILE_ROWS=8 TILE_COLUMNS=8 WORK_ROWS=2 WORK_COLUMNS=2 VECTOR_WIDTH=2\n";
    }
    {
        captured_stderr warnings;
        CHECK(in_effect(view, gemm_float()) == std::vector<int>{8, 8, 2, 2, 2, 8});
        check_gemm_against_cpu(view);
        CHECK_THAT(warnings.text.str(), Catch::Contains("line 2 is skipped: it does not give gemm_float's SLICE"));
    }
    std::filesystem::remove(file.path);
    REQUIRE(mkfifo(file.path.c_str(), 0600) == 0);
    captured_stderr warnings;
    check_gemm_against_cpu(view);
    CHECK_THAT(warnings.text.str(), Catch::Contains("is not a regular file"));
}

TEST_CASE_METHOD(fresh_view, "overrides come before the tuning file, are checked whole, and reset", "[tuner]") {
    const tuning_file file;
    const tiles::accelerator accelerator = view.get_accelerator();
    {
        std::ofstream out(file.path);
        out << "libtiles tuning file 2\n"
            << accelerator.name() << "\t" << accelerator.driver_version()
            << "\tgemm_float\tTILE_ROWS=8 TILE_COLUMNS=8 WORK_ROWS=2 WORK_COLUMNS=2 VECTOR_WIDTH=2 SLICE=8\n";
    }
    CHECK(in_effect(view, gemm_float()) == std::vector<int>{8, 8, 2, 2, 2, 8});
    tiles::set_parameters(accelerator, "gemm_float", {{"TILE_ROWS", 4}, {"TILE_COLUMNS", 4}, {"WORK_COLUMNS", 4}});
    const tiles::parameter_values expected = {{"TILE_ROWS", 4},    {"TILE_COLUMNS", 4}, {"WORK_ROWS", 2},
                                              {"WORK_COLUMNS", 4}, {"VECTOR_WIDTH", 2}, {"SLICE", 8}};
    CHECK(tiles::get_parameters(accelerator, "gemm_float") == expected);
    CHECK(in_effect(view, gemm_float()) == std::vector<int>{4, 4, 2, 4, 2, 8});
    check_gemm_against_cpu(view);

    // A value the kernel cannot run with is refused, naming it, and nothing changes.
    REQUIRE_THROWS_MENTIONING(tiles::set_parameters(accelerator, "gemm_float", {{"VECTOR_WIDTH", 3}}),
                              tiles::invalid_argument, "gemm_float cannot run with TILE_ROWS=4", "VECTOR_WIDTH=3",
                              "VECTOR_WIDTH must be 1, 2, 4 or 8");
    REQUIRE_THROWS_MENTIONING(
        tiles::set_parameters(accelerator, "gemm_float", {{"TILE_ROWS", 32}, {"TILE_COLUMNS", 64}}),
        tiles::invalid_argument, "TILE_ROWS and TILE_COLUMNS must be 1 to 32");
    REQUIRE_THROWS_MENTIONING(
        tiles::set_parameters(accelerator, "stencil", {{"TILE_ROWS", 1024}, {"TILE_COLUMNS", 1024}}),
        tiles::invalid_argument, "a tile of 1024x1024 work-items is more than");
    REQUIRE_THROWS_MENTIONING(tiles::set_parameters(accelerator, "gemm_float", {{"TILE_DEPTH", 4}}),
                              tiles::invalid_argument, "gemm_float has no parameter 'TILE_DEPTH'",
                              "its parameters are TILE_ROWS, TILE_COLUMNS, WORK_ROWS");
    CHECK(tiles::get_parameters(accelerator, "gemm_float") == expected);

    tiles::reset_parameters(accelerator, "gemm_float");
    CHECK(in_effect(view, gemm_float()) == std::vector<int>{8, 8, 2, 2, 2, 8}); // the file's again
    tiles::set_parameters(accelerator, "stencil", {{"ROWS_PER_THREAD", 2}});
    tiles::reset_parameters(accelerator);
    const tiles::algorithms::parameter_set& stencil = *tiles::algorithms::find_set("stencil");
    CHECK(in_effect(view, stencil) == shipped(view, stencil));
}
