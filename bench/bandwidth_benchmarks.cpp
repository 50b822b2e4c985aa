// tiles_bench: the bandwidth-bound algorithms, each moving a side x side float matrix, against
// the bandwidth of a plain copy of the same matrix, timed in turns with it, each run after a read
// that leaves the caches without the data of the run before.
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <random>
#include <utility>

#include <tiles/parameters.hpp>

#include "baselines.hpp"
#include "benchmarks.hpp"

namespace {

std::vector<float> random_values(std::size_t count) {
    std::mt19937 generator(1);
    std::uniform_real_distribution<float> distribution(-1.0f, 1.0f);
    std::vector<float> values(count);
    for (float& v : values) v = distribution(generator);
    return values;
}

} // namespace

std::string device_label(const tiles::accelerator& accelerator) {
    return accelerator.name() + " (" + accelerator.platform_name() + " driver " + accelerator.driver_version() + ")";
}

namespace {

const char* const names[] = {
    "reduce sum float",    "reduce sum float to array", "reduce max float", "block_average 2x2",
    "block_average 16x16", "transpose float",           "stencil 3x3",      "stencil 5x5",
    "upload from staging"};

} // namespace

void print_bandwidth_parameters(const bench_config& config) {
    // Each parameter set, and the start of the names of the benchmarks that run with it.
    const std::pair<const char*, const char*> sets[] = {
        {"reduce", "reduce"}, {"block_reduce", "block_average"}, {"transpose", "transpose"}, {"stencil", "stencil"}};
    for (const auto& [set, benchmarks] : sets) {
        if (std::none_of(std::begin(names), std::end(names), [&, prefix = std::string(benchmarks)](const char* name) {
                return std::string(name).rfind(prefix, 0) == 0 && config.wants(name);
            }))
            continue;
        std::string line = std::string("parameters: ") + set;
        for (const auto& [parameter, value] : tiles::get_parameters(config.view.get_accelerator(), set))
            line += " " + parameter + "=" + std::to_string(value);
        std::printf("%s\n", line.c_str());
    }
}

void run_bandwidth_benchmarks(const bench_config& config) {
    if (std::none_of(std::begin(names), std::end(names), [&](const char* name) { return config.wants(name); })) return;
    const tiles::accelerator_view& view = config.view;
    const int side = config.side;
    const std::size_t count = std::size_t(side) * side;
    const double bytes = double(count) * sizeof(float);
    const std::string size = std::to_string(side) + "x" + std::to_string(side);
    const std::string device = device_label(view.get_accelerator());

    const std::vector<float> values = random_values(count);
    const tiles::extent<2> shape(side, side);
    const tiles::array<float, 2> matrix(shape, values, view);
    tiles::array<float, 2> output(shape, view);
    const tiles::array<float, 1> flat_in(tiles::extent<1>(int(count)), values, view);
    tiles::array<float, 1> flat_out(tiles::extent<1>(int(count)), view);
    // Every run from the same caches, whatever ran before it.
    timing_policy timing = config.timing;
    timing.before_each_run = cache_cleaner(view);
    const std::function<void()> copy = fastest_copy(view, flat_in, flat_out, timing);

    // `moved` is the bytes the algorithm must read and write at the least; the copy moves 2 * bytes.
    const auto measure = [&](const std::string& name, double moved, const std::function<void()>& run) {
        if (!config.wants(name)) return;
        const std::vector<double> seconds = median_seconds({run, copy}, timing);
        config.report(
            {name, device, size, moved / seconds[0] / 1e9, "GB/s", "copy kernel", 2 * bytes / seconds[1] / 1e9});
    };

    // Host to device: from a staging array's pinned memory, against from pageable host memory
    // (a std::vector), into the same array.
    const std::string staging_name = "upload from staging";
    if (config.wants(staging_name)) {
        const tiles::accelerator_view cpu = tiles::accelerator(tiles::accelerator::cpu_accelerator).get_default_view();
        const tiles::array<float, 1> staging(flat_out.extent, values.begin(), values.end(), cpu, view);
        const std::vector<double> seconds = median_seconds(
            {[&] { tiles::copy(staging, flat_out); }, [&] { tiles::copy(values.begin(), values.end(), flat_out); }},
            timing);
        config.report({staging_name, device, size, bytes / seconds[0] / 1e9, "GB/s", "pageable memory",
                       bytes / seconds[1] / 1e9});
    }
    measure("reduce sum float", bytes, [&] { tiles::reduce(view, matrix, tiles::reduction_op::sum); });
    // The same sum left on the device: the launch and the wait, as the copy's, without reading 4 bytes back.
    tiles::array<float, 1> sum(tiles::extent<1>(1), view);
    measure("reduce sum float to array", bytes, [&] { tiles::reduce(view, matrix, tiles::reduction_op::sum, sum); });
    measure("reduce max float", bytes, [&] { tiles::reduce(view, matrix, tiles::reduction_op::max); });
    for (const int block : {2, 16}) {
        const int blocks = (side + block - 1) / block;
        tiles::array<float, 2> averages(tiles::extent<2>(blocks, blocks), view);
        measure("block_average " + std::to_string(block) + "x" + std::to_string(block),
                bytes * (1 + 1.0 / (block * block)),
                [&] { tiles::block_average(view, matrix, tiles::extent<2>(block, block), averages); });
    }
    measure("transpose float", 2 * bytes, [&] { tiles::transpose(view, matrix, output); });
    for (const int mask_side : {3, 5}) {
        const std::vector<float> weights(std::size_t(mask_side) * mask_side, 1.0f / float(mask_side * mask_side));
        const tiles::array<float, 2> mask(tiles::extent<2>(mask_side, mask_side), weights, view);
        measure("stencil " + std::to_string(mask_side) + "x" + std::to_string(mask_side), 2 * bytes,
                [&] { tiles::stencil(view, matrix, mask, output); });
    }
}
