// The tuner of gemm's parameters: a tuning run records the fastest candidate for the device in
// the tuning file, later lookups take it from there, and devices with measured parameters (as
// PoCL's CPU device) are not tuned behind the user's back.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "../libtiles/src/algorithms/tuner.hpp"
#include "../libtiles/src/device_info.hpp"
#include "fixture.hpp"

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

bool same(const tiles::detail::gemm_parameters& a, const tiles::detail::gemm_parameters& b) {
    return a.tile_rows == b.tile_rows && a.tile_columns == b.tile_columns && a.work_rows == b.work_rows &&
           a.work_columns == b.work_columns && a.vector_width == b.vector_width && a.slice == b.slice;
}

} // namespace

TEST_CASE_METHOD(fresh_view, "a tuning run records its fastest candidate and later lookups use it", "[tuner]") {
    const tuning_file file;
    const std::vector<tiles::detail::gemm_parameters> candidates = {{4, 4, 2, 4, 4, 8}, {8, 8, 2, 2, 2, 8}};
    const auto best = tiles::detail::tune_gemm(view, tiles::element_type::float32, 64, candidates);
    CHECK((same(best, candidates[0]) || same(best, candidates[1])));
    std::ifstream in(file.path);
    std::string line;
    REQUIRE(std::getline(in, line));
    CHECK(line.rfind(view.get_accelerator().name() + "\t", 0) == 0);
    CHECK(same(tiles::detail::gemm_parameters_for(view, tiles::element_type::float32), best));

    check_gemm_against_cpu(view); // with the tuned parameters
}

TEST_CASE_METHOD(fresh_view, "with tuning off or measured parameters nothing is tuned", "[tuner]") {
    const auto& shipped = tiles::detail::parameters_for(view.get_accelerator().info()).gemm_float;
    {
        const tuning_file off("off");
        CHECK(same(tiles::detail::gemm_parameters_for(view, tiles::element_type::float32), shipped));
    }
    const tuning_file file;
    REQUIRE(tiles::detail::has_measured_parameters(view.get_accelerator().info())); // PoCL's CPU device
    CHECK(same(tiles::detail::gemm_parameters_for(view, tiles::element_type::float32), shipped));
    CHECK_FALSE(std::filesystem::exists(file.path));
}

namespace {

// std::cerr's output while it lives.
struct captured_stderr {
    std::ostringstream text;
    std::streambuf* previous = std::cerr.rdbuf(text.rdbuf());
    ~captured_stderr() { std::cerr.rdbuf(previous); }
};

} // namespace

TEST_CASE_METHOD(fresh_view, "bad lines of the tuning file are skipped with a warning naming the line, never used",
                 "[tuner]") {
    const tuning_file file;
    const std::string device = view.get_accelerator().name() + "\t" + view.get_accelerator().driver_version();
    const auto& shipped = tiles::detail::parameters_for(view.get_accelerator().info()).gemm_float;
    const std::string bad_parameters =
        GENERATE(as<std::string>{}, "8 4 4 16 8 1024", "0 0 0 0 0 0", "-4 4 4 4 4 16", "2147483647 2147483647 2 2 2 2",
                 "16 16 4 4 4", "16 16 4 4 4 16 7", "16 16 4 4 4 16x", "4096 1 4 4 4 16");
    CAPTURE(bad_parameters);
    {
        std::ofstream out(file.path);
        out << "another device\tdriver\tfloat\t16 16 4 4 4 16\n" // not a number: skipped, not fatal
            << "\x01\x7f junk without tabs\n"
            << device << "\t8\t" << bad_parameters << "\n";
    }
    captured_stderr warnings;
    CHECK(same(tiles::detail::gemm_parameters_for(view, tiles::element_type::float32), shipped));
    check_gemm_against_cpu(view);
    const std::string said = warnings.text.str();
    CHECK_THAT(said, Catch::Contains(file.path.string() + " line 1 is skipped: its element type 'float'"));
    CHECK_THAT(said, Catch::Contains(" line 2 is skipped"));
    const bool line_3_or_device_limits =
        said.find(" line 3 is skipped") != std::string::npos || said.find("exceed its work-group") != std::string::npos;
    CHECK(line_3_or_device_limits);
}

TEST_CASE_METHOD(fresh_view, "a good line among bad ones is used, and a FIFO as the tuning file does not block",
                 "[tuner]") {
    const tuning_file file;
    const std::string device = view.get_accelerator().name() + "\t" + view.get_accelerator().driver_version();
    const tiles::detail::gemm_parameters good{8, 8, 2, 2, 2, 8};
    {
        std::ofstream out(file.path);
        out << device << "\t9\t8 4 4 16 8 1024\n" << device << "\t8\t8 8 2 2 2 8\n";
    }
    {
        captured_stderr warnings;
        CHECK(same(tiles::detail::gemm_parameters_for(view, tiles::element_type::float32), good));
        check_gemm_against_cpu(view);
        CHECK_THAT(warnings.text.str(), Catch::Contains("line 1 is skipped: gemm's kernel cannot run with"));
    }
    std::filesystem::remove(file.path);
    REQUIRE(mkfifo(file.path.c_str(), 0600) == 0);
    captured_stderr warnings;
    check_gemm_against_cpu(view);
    CHECK_THAT(warnings.text.str(), Catch::Contains("is not a regular file"));
}
