// The tuner of gemm's parameters: a tuning run records the fastest candidate for the device in
// the tuning file, later lookups take it from there, and devices with measured parameters (as
// PoCL's CPU device) are not tuned behind the user's back.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
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

    // gemm with the tuned parameters, against a CPU loop.
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

TEST_CASE_METHOD(fresh_view, "with tuning off or measured parameters nothing is tuned", "[tuner]") {
    const auto& shipped = tiles::detail::parameters_for(view.get_accelerator().info()).gemm_float;
    {
        const tuning_file off("off");
        CHECK(same(tiles::detail::gemm_parameters_for(view, tiles::element_type::float32), shipped));
    }
    const tuning_file file;
    REQUIRE(tiles::detail::has_measured_parameters(view.get_accelerator().info()));  // PoCL's CPU device
    CHECK(same(tiles::detail::gemm_parameters_for(view, tiles::element_type::float32), shipped));
    CHECK_FALSE(std::filesystem::exists(file.path));
}
