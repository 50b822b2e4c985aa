// The seed's worked examples, run through libtiles, against the numbers the seed prints.
#include <vector>

#include "example_kernels.hpp"
#include "fixture.hpp"

namespace {

// The seed's SamplingExample: the 8x8 matrix 0..63, averaged over tiles by `kernel_name` from
// the seed's tile average kernels, or from its race conditions where `source` says so.
std::vector<float> sampling_example(const tiles::accelerator_view& view, const char* kernel_name, int sample_size,
                                    const char* source = example_kernel_tile_average) {
    std::vector<float> raw(64);
    for (int i = 0; i < 64; i++) raw[i] = float(i);
    tiles::array_view<const float, 2> matrix(tiles::extent<2>(8, 8), raw);
    const int n = 8 / sample_size;
    const std::vector<float> zeros(n * n, 0.0f);
    tiles::array<float, 2> averages(tiles::extent<2>(n, n), zeros.begin(), zeros.end(), view);
    tiles::parallel_for_each(view, matrix.extent.tile(sample_size, sample_size), tiles::kernel(source, kernel_name),
                             matrix, averages);
    return averages;
}

} // namespace

TEST_CASE_METHOD(fresh_view, "tile average with SAMPLESIZE 2 gives the seed's 4x4 averages", "[seed]") {
    const std::vector<float> seed = {4.5f,  6.5f,  8.5f,  10.5f, 20.5f, 22.5f, 24.5f, 26.5f,
                                     36.5f, 38.5f, 40.5f, 42.5f, 52.5f, 54.5f, 56.5f, 58.5f};
    CHECK(sampling_example(view, "tile_average", 2) == seed);
}

TEST_CASE_METHOD(fresh_view, "tile average with SAMPLESIZE 4 gives the seed's 2x2 averages", "[seed]") {
    CHECK(sampling_example(view, "tile_average", 4) == std::vector<float>{13.5f, 17.5f, 45.5f, 49.5f});
}

TEST_CASE_METHOD(fresh_view, "the memory-fence variant prints the same averages", "[seed]") {
    CHECK(sampling_example(view, "tile_average_tile_static_fence", 2) == sampling_example(view, "tile_average", 2));
    CHECK(sampling_example(view, "tile_average_tile_static_fence", 2)[15] == 58.5f);
}

TEST_CASE_METHOD(fresh_view, "the seed's serialized total is slow but right", "[seed]") {
    CHECK(sampling_example(view, "serialized_total", 2, example_kernel_race_condition)[0] == 4.5f);
    CHECK(sampling_example(view, "serialized_total", 4, example_kernel_race_condition) ==
          std::vector<float>{13.5f, 17.5f, 45.5f, 49.5f});
}

TEST_CASE_METHOD(fresh_view, "the racy total runs to completion on every tile shape", "[seed]") {
    // Its values are undefined (that is the seed's point); it must still finish, not hang.
    for (int sample_size : {1, 2, 4, 8})
        CHECK(sampling_example(view, "racy_total", sample_size, example_kernel_race_condition).size() ==
              size_t(64 / (sample_size * sample_size)));
}

TEST_CASE_METHOD(fresh_view, "tile_static keyword example prints the seed's 4x6 integer averages", "[seed]") {
    int sampledata[] = {2, 2, 9, 7, 1, 4, 4, 4, 8, 8, 3, 4, 1, 5, 1, 2, 5, 2, 6, 8, 3, 2, 7, 2};
    int averagedata[24] = {};
    {
        tiles::array_view<const int, 2> sample(4, 6, sampledata);
        tiles::array_view<int, 2> average(4, 6, averagedata);
        tiles::parallel_for_each(view, sample.extent.tile<2, 2>(),
                                 tiles::kernel(example_kernel_tile_static_average, "tile_static_average"), sample,
                                 average);
    } // the last view goes: its data is written back to averagedata
    const int seed[24] = {3, 3, 8, 8, 3, 3, 3, 3, 8, 8, 3, 3, 5, 5, 2, 2, 4, 4, 5, 5, 2, 2, 4, 4};
    for (int i = 0; i < 24; i++) CHECK(averagedata[i] == seed[i]);
}
