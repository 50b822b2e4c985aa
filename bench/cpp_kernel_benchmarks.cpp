// tiles_bench: C++ kernels against the same kernels in OpenCL C, timed in turns in one run: the
// seed's tile average, a tiled matrix multiply through tile_static blocks, a 5-point stencil and
// tile sums of 1024 threads. The C++
// kernels are the C++ AMP lambdas (tiles/amp.hpp), compiled by clang for the device's route; the
// OpenCL C ones (kernels/same_kernels.cl) by the driver. The ratio is C++ to OpenCL C.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <random>
#include <stdexcept>

#include "baselines.hpp"
#include "benchmarks.hpp"

extern const char tiles_bench_kernel_same_kernels[];

namespace {

std::vector<float> random_values(std::size_t count, unsigned seed) {
    std::mt19937 generator(seed);
    std::uniform_real_distribution<float> distribution(-1.0f, 1.0f);
    std::vector<float> values(count);
    for (float& v : values) v = distribution(generator);
    return values;
}

using namespace tiles;

// The seed's sampling example's lambda, over 16 x 16 tiles.
#define SAMPLESIZE 16
void cpp_tile_average(const accelerator_view& view, const array<float, 2>& matrix, array<float, 2>& averages) {
    // clang-format off
    parallel_for_each(view, matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
        TILES_LAMBDA((matrix, averages, TILES_CONSTANT(SAMPLESIZE)),
        [=, &averages] (tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp)
    {
        // Copy the values of the tile into a tile-sized array.
        tile_static float tileValues[SAMPLESIZE][SAMPLESIZE];
        tileValues[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx];

        // Wait for the tile-sized array to load before you calculate the average.
        t_idx.barrier.wait();

        // If you remove the if statement, then the calculation executes for every
        // thread in the tile, and makes the same assignment to averages each time.
        if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {
            for (int trow = 0; trow < SAMPLESIZE; trow++) {
                for (int tcol = 0; tcol < SAMPLESIZE; tcol++) {
                    averages(t_idx.tile[0],t_idx.tile[1]) += tileValues[trow][tcol];
                }
            }
            averages(t_idx.tile[0],t_idx.tile[1]) /= (float) (SAMPLESIZE * SAMPLESIZE);
        }
    }));
    // clang-format on
}

// The tiled multiply of kernels/same_kernels.cl: c = a b, a of `inner` columns, through tile_static
// blocks of 16 x 16.
constexpr int multiply_tile = 16;
void cpp_tiled_multiply(const accelerator_view& view, const array<float, 2>& a, const array<float, 2>& b,
                        array<float, 2>& c, int inner) {
    // clang-format off
    parallel_for_each(view, c.extent.tile<multiply_tile, multiply_tile>(),
        TILES_LAMBDA((a, b, c, inner, TILES_CONSTANT(multiply_tile)),
        [=, &a, &b, &c](tiled_index<multiply_tile, multiply_tile> t) restrict(amp) {
        tile_static float a_block[multiply_tile][multiply_tile];
        tile_static float b_block[multiply_tile][multiply_tile];
        const int r = t.local[0], k = t.local[1];
        float sum = 0.0f;
        for (int start = 0; start < inner; start += multiply_tile) {
            a_block[r][k] = a(t.global[0], start + k);
            b_block[r][k] = b(start + r, t.global[1]);
            t.barrier.wait();
            for (int j = 0; j < multiply_tile; ++j) sum += a_block[r][j] * b_block[j][k];
            t.barrier.wait();
        }
        c[t.global] = sum;
    }));
    // clang-format on
}

void cpp_stencil(const accelerator_view& view, const array<float, 2>& in, array<float, 2>& out) {
    // clang-format off
    parallel_for_each(view, out.extent, TILES_LAMBDA((in, out), [=, &in, &out](index<2> idx) restrict(amp) {
        const int r = idx[0], c = idx[1], rows = in.extent[0], cols = in.extent[1];
        const int up = max(r - 1, 0), down = min(r + 1, rows - 1), left = max(c - 1, 0), right = min(c + 1, cols - 1);
        out[idx] = 0.2f * (in[idx] + in(up, c) + in(down, c) + in(r, left) + in(r, right));
    }));
    // clang-format on
}

// A tiled reduction with tiles of 1024 threads (the most NVIDIA's hardware runs): each tile's sum
// of its elements by halving in tile_static memory, into `sums`.
#define REDUCTION_TILE 1024
void cpp_tile_sums(const accelerator_view& view, const array<float, 1>& in, array<float, 1>& sums) {
    // clang-format off
    parallel_for_each(view, in.extent.tile<REDUCTION_TILE>(),
        TILES_LAMBDA((in, sums, TILES_CONSTANT(REDUCTION_TILE)),
        [=, &in, &sums](tiled_index<REDUCTION_TILE> t) restrict(amp) {
        tile_static float partial[REDUCTION_TILE];
        const int i = t.local[0];
        partial[i] = in[t.global];
        t.barrier.wait();
        for (int step = REDUCTION_TILE / 2; step > 0; step /= 2) {
            if (i < step) partial[i] += partial[i + step];
            t.barrier.wait();
        }
        if (i == 0) sums[t.tile[0]] = partial[0];
    }));
    // clang-format on
}

// Runs each kernel once into `out`, from zeros, and refuses results that differ by more than
// `terms` (the values each element adds up) float roundings, as the two compilers' contractions
// may: a ratio of kernels that compute different things would mean nothing.
template <int N>
void check_agreement(const std::string& name, array<float, N>& out, int terms, const std::function<void()>& cpp,
                     const std::function<void()>& opencl_c) {
    const std::vector<float> zeros(out.get_extent().size());
    std::vector<float> results[2];
    const std::function<void()>* const runs[2] = {&cpp, &opencl_c};
    for (int i = 0; i < 2; ++i) {
        copy(zeros.begin(), zeros.end(), out);
        (*runs[i])();
        results[i] = out;
    }
    const float tolerance = float(terms) * std::numeric_limits<float>::epsilon();
    for (std::size_t i = 0; i < zeros.size(); ++i) {
        const float made = results[0][i], expected = results[1][i];
        if (!(std::fabs(made - expected) <= tolerance * std::max(1.0f, std::fabs(expected))))
            throw std::runtime_error(name + ": the C++ kernel gives " + std::to_string(made) + " at element " +
                                     std::to_string(i) + ", the OpenCL C kernel " + std::to_string(expected));
    }
}

} // namespace

void run_cpp_kernel_benchmarks(const bench_config& config) {
    const char* const names[] = {"C++ kernel: tile average", "C++ kernel: tiled multiply", "C++ kernel: stencil",
                                 "C++ kernel: tile sums, 1024 threads"};
    if (std::none_of(std::begin(names), std::end(names), [&](const char* name) { return config.wants(name); })) return;
    const accelerator_view& view = config.view;
    const std::string device = device_label(view.get_accelerator());
    timing_policy timing = config.timing;
    timing.before_each_run = cache_cleaner(view);
    // Times C++ against OpenCL C, in turns, once they agree on `out`; `work` is the bytes or flops of
    // one run, in `unit`s.
    const auto measure = [&](const std::string& name, const std::string& size, double work, const char* unit, auto& out,
                             int terms, const std::function<void()>& cpp, const std::function<void()>& opencl_c) {
        check_agreement(name, out, terms, cpp, opencl_c);
        const std::vector<double> seconds = median_seconds({cpp, opencl_c}, timing);
        config.report({name, device, size, work / seconds[0], unit, "OpenCL C", work / seconds[1]});
    };

    const int side = config.side;
    const std::string square = std::to_string(side) + "x" + std::to_string(side);
    const std::vector<float> values = random_values(std::size_t(side) * side, 1);
    const array<float, 2> matrix(extent<2>(side, side), values, view);
    if (config.wants(names[0])) {
        const int tiled = side / SAMPLESIZE * SAMPLESIZE; // whole tiles
        const array<float, 2> samples(extent<2>(tiled, tiled), values.begin(), view);
        array<float, 2> averages(extent<2>(tiled / SAMPLESIZE, tiled / SAMPLESIZE), view);
        const kernel tile_average(tiles_bench_kernel_same_kernels, "tile_average");
        measure(
            names[0], std::to_string(tiled) + "x" + std::to_string(tiled), double(tiled) * tiled * sizeof(float) / 1e9,
            "GB/s", averages, SAMPLESIZE * SAMPLESIZE, [&] { cpp_tile_average(view, samples, averages); },
            [&] {
                parallel_for_each(view, samples.extent.tile<SAMPLESIZE, SAMPLESIZE>(), tile_average, samples, averages);
            });
    }
    if (config.wants(names[1])) {
        // A quarter of the side: n^3 multiply-adds where the others move n^2 elements.
        const int n = side / 4 / multiply_tile * multiply_tile;
        const std::vector<float> a_values = random_values(std::size_t(n) * n, 2),
                                 b_values = random_values(std::size_t(n) * n, 3);
        const array<float, 2> a(extent<2>(n, n), a_values, view), b(extent<2>(n, n), b_values, view);
        array<float, 2> c(extent<2>(n, n), view);
        const kernel multiply(tiles_bench_kernel_same_kernels, "multiply");
        measure(
            names[1], std::to_string(n) + "x" + std::to_string(n), 2.0 * n * n * n / 1e9, "GFLOP/s", c, n,
            [&] { cpp_tiled_multiply(view, a, b, c, n); },
            [&] { parallel_for_each(view, c.extent.tile<multiply_tile, multiply_tile>(), multiply, a, b, c, n); });
    }
    if (config.wants(names[2])) {
        array<float, 2> out(matrix.extent, view);
        const kernel stencil(tiles_bench_kernel_same_kernels, "stencil");
        measure(
            names[2], square, 2.0 * double(values.size()) * sizeof(float) / 1e9, "GB/s", out, 5,
            [&] { cpp_stencil(view, matrix, out); },
            [&] { parallel_for_each(view, out.extent, stencil, matrix, out); });
    }
    if (config.wants(names[3])) {
        // The matrix's elements in one dimension, whole tiles of them, where the device runs such tiles.
        const int count = int(values.size()) / REDUCTION_TILE * REDUCTION_TILE;
        if (count == 0 || view.get_accelerator().max_tile_size() < std::size_t(REDUCTION_TILE)) return;
        const array<float, 1> in(extent<1>(count), values.begin(), view);
        array<float, 1> sums(extent<1>(count / REDUCTION_TILE), view);
        const kernel tile_sums(tiles_bench_kernel_same_kernels, "tile_sums");
        measure(
            names[3], std::to_string(count), double(count) * sizeof(float) / 1e9, "GB/s", sums, REDUCTION_TILE,
            [&] { cpp_tile_sums(view, in, sums); },
            [&] { parallel_for_each(view, in.extent.tile<REDUCTION_TILE>(), tile_sums, in, sums); });
    }
}
