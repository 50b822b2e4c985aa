// libtiles algorithms: the tuner: candidates for each parameter set, the work each set is timed
// on, and the timing.
#include "tuner.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>

#include "../context_state.hpp"
#include "../device_info.hpp"
#include "../log.hpp"
#include "parameter_lookup.hpp"
#include "tiles/algorithms.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/kernel.hpp"
#include "tiles/parallel_for_each.hpp"
#include "tuning_file.hpp"

namespace tiles::detail {
namespace {

bool is(const set_description& set, const char* name) { return std::string(set.name) == name; }

bool is_mma(const set_description& set) {
    return is(set, "gemm_mma") || is(set, "gemm_mma_tf32x3") || is(set, "gemm_mma_small");
}

bool is_small(const set_description& set) { return is(set, "gemm_float_small") || is(set, "gemm_mma_small"); }

bool is_gemm(const set_description& set) { return std::string(set.name).compare(0, 4, "gemm") == 0; }

// Shapes to try, in each set's order of parameters. They span what the table's entries use on CPUs
// and GPUs; those a device cannot run are left out.
const std::vector<std::vector<int>>& shapes_of(const set_description& set) {
    static const std::vector<std::vector<int>> reduce = {{256, 32, 4}, {256, 16, 4}, {128, 32, 4}, {512, 16, 4},
                                                         {256, 8, 8},  {1024, 8, 4}, {64, 64, 4},  {8, 256, 8},
                                                         {16, 128, 8}, {32, 64, 8},  {4, 512, 8}};
    static const std::vector<std::vector<int>> block_reduce = {{1, 256, 16, 4}, {1, 256, 8, 8},  {1, 128, 16, 4},
                                                               {2, 128, 16, 4}, {1, 256, 32, 4}, {1, 64, 16, 8},
                                                               {1, 256, 8, 4},  {4, 64, 8, 8}};
    static const std::vector<std::vector<int>> transpose = {
        {32, 32, 4, 1, 1, 1},  {32, 32, 4, 4, 1, 1},   {64, 64, 4, 4, 1, 1},   {32, 64, 8, 4, 1, 1},
        {64, 128, 8, 8, 8, 1}, {64, 64, 8, 8, 4, 1},   {64, 128, 8, 8, 1, 1},  {32, 32, 8, 8, 8, 1},
        {64, 256, 8, 8, 8, 1}, {128, 256, 8, 8, 8, 1}, {64, 128, 8, 8, 8, 0},  {64, 256, 8, 8, 8, 0},
        {32, 256, 8, 8, 8, 0}, {64, 512, 8, 8, 8, 0},  {64, 256, 16, 8, 8, 0}, {128, 256, 16, 8, 8, 0},
        {32, 32, 4, 4, 1, 0},  {64, 64, 8, 8, 4, 0}};
    static const std::vector<std::vector<int>> stencil = {
        {8, 16, 4, 4, 1}, {4, 16, 8, 8, 0}, {8, 32, 4, 4, 1}, {16, 16, 2, 4, 1}, {8, 8, 8, 8, 1}, {16, 16, 4, 4, 1},
        {4, 32, 4, 4, 1}, {8, 16, 8, 4, 1}, {8, 16, 4, 4, 0}, {4, 16, 8, 8, 1},  {4, 8, 8, 8, 0}, {16, 32, 2, 2, 1}};
    // Tiles of C from 64x64 to 128x128, 4 to 64 elements per work-item, slices of 8 to 32.
    static const std::vector<std::vector<int>> gemm = {
        {16, 16, 4, 4, 4, 16}, {16, 16, 8, 8, 4, 16}, {16, 16, 8, 8, 4, 32}, {16, 16, 8, 8, 8, 16},
        {16, 16, 8, 4, 4, 16}, {16, 16, 4, 8, 4, 16}, {8, 16, 8, 8, 4, 16},  {16, 8, 8, 8, 4, 16},
        {32, 8, 4, 8, 4, 16},  {8, 8, 8, 8, 4, 16},   {16, 16, 8, 8, 2, 8},  {16, 16, 6, 8, 4, 16},
        {8, 4, 4, 16, 8, 16},  {8, 4, 6, 8, 8, 16},   {16, 16, 8, 4, 4, 8},  {16, 16, 8, 4, 4, 32},
        {8, 16, 8, 4, 4, 16},  {16, 16, 4, 8, 4, 8},  {32, 8, 4, 4, 4, 16}};
    // Blocks of C from 64x64 to 256x128, warps' parts from 32x32 to 64x64, slices of 1 or 2 steps
    // (two stages of longer ones pass the 48 KiB a tile has on NVIDIA's OpenCL); TENSOR_CORES is
    // replaced by the value in effect.
    static const std::vector<std::vector<int>> mma = {
        {2, 2, 64, 64, 1, 1}, {2, 2, 64, 64, 2, 1}, {2, 4, 64, 32, 1, 1}, {2, 4, 64, 32, 2, 1}, {4, 2, 32, 64, 1, 1},
        {4, 2, 32, 64, 2, 1}, {2, 4, 64, 64, 1, 1}, {4, 2, 64, 64, 1, 1}, {2, 2, 32, 32, 1, 1}, {2, 2, 32, 32, 2, 1},
        {2, 2, 64, 32, 1, 1}, {2, 2, 32, 64, 1, 1}, {1, 2, 64, 64, 1, 1}, {4, 4, 32, 32, 1, 1}};
    if (is(set, "reduce")) return reduce;
    if (is(set, "block_reduce")) return block_reduce;
    if (is(set, "transpose")) return transpose;
    if (is(set, "stencil")) return stencil;
    return is_mma(set) ? mma : gemm;
}

// A float matrix of side x side on `view`, of values in [-1, 1).
array<float, 2> matrix(int side, const accelerator_view& view) {
    std::vector<float> values(std::size_t(side) * side);
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = float(i % 251) / 125.5f - 1.0f;
    return array<float, 2>(extent<2>(side, side), values, view);
}

// One run of the work `set` is timed on, enqueued on `view`. The bandwidth-bound sets move matrices
// of 4096 x 4096 floats (64 MiB), as tiles_bench does, on every device: more than most caches
// hold, the sizes where their parameters matter. On a Xeon's PoCL, tuned at 1024 x 1024 (4 MiB),
// transpose's candidates came within 20% of each other in an order that changed from one tuning
// to the next; at 4096 x 4096, blocks of 64 x 256 or 128 x 256 won every tuning, 1.16x to 1.23x
// faster than the table's. gemm's products keep a GPU busy for a while and a CPU for a few
// milliseconds.
std::function<void()> work_of(const set_description& set, const accelerator_view& view) {
    constexpr int side = 4096; // the bandwidth-bound sets' matrices
    if (is(set, "reduce")) {
        auto data = std::make_shared<array<float, 2>>(matrix(side, view));
        return [data] { reduce(*data, reduction_op::sum); };
    }
    if (is(set, "block_reduce") || is(set, "transpose") || is(set, "stencil")) {
        auto in = std::make_shared<array<float, 2>>(matrix(side, view));
        auto out = std::make_shared<array<float, 2>>(extent<2>(side, side), view);
        if (is(set, "transpose")) return [view, in, out] { transpose(view, *in, *out); };
        if (is(set, "stencil")) {
            auto small = std::make_shared<array<float, 2>>(extent<2>(3, 3), std::vector<float>(9, 1.0f / 9), view);
            auto large = std::make_shared<array<float, 2>>(extent<2>(5, 5), std::vector<float>(25, 1.0f / 25), view);
            return [view, in, out, small, large] {
                stencil(view, *in, *small, *out);
                stencil(view, *in, *large, *out);
            };
        }
        auto twos = std::make_shared<array<float, 2>>(extent<2>(side / 2, side / 2), view);
        auto sixteens = std::make_shared<array<float, 2>>(extent<2>(side / 16, side / 16), view);
        return [view, in, twos, sixteens] {
            block_average(view, *in, extent<2>(2, 2), *twos);
            block_average(view, *in, extent<2>(16, 16), *sixteens);
        };
    }
    // gemm: a size in the set's class (the _small sets below the table's switch, the others at it
    // or above).
    const device_info& device = *view.state()->device(); // the view holds it
    const bool gpu = (device.type & CL_DEVICE_TYPE_GPU) != 0;
    const int below = shipped_parameters(device).small_gemm_below;
    const int switch_side = int(std::ceil(std::sqrt(double(below))));
    int n = gpu ? (is_small(set) ? 1024 : is_mma(set) ? 4096 : 2048) : (is_small(set) ? 256 : 512);
    if (below > 0) n = is_small(set) ? std::min(n, switch_side - 1) : std::max(n, switch_side);
    const gemm_precision precision = is(set, "gemm_mma_tf32x3") ? gemm_precision::tf32x3
                                     : is_mma(set)              ? gemm_precision::tf32
                                                                : gemm_precision::exact;
    if (is(set, "gemm_double")) {
        auto a =
            std::make_shared<array<double, 2>>(extent<2>(n, n), std::vector<double>(std::size_t(n) * n, 0.5), view);
        auto c = std::make_shared<array<double, 2>>(extent<2>(n, n), view);
        return [view, a, c] { gemm(view, 1.0, *a, *a, 0.0, *c); };
    }
    auto a = std::make_shared<array<float, 2>>(matrix(n, view));
    auto c = std::make_shared<array<float, 2>>(extent<2>(n, n), view);
    return [view, a, c, precision] { gemm(view, 1.0f, *a, *a, 0.0f, *c, precision); };
}

// Runs of each candidate in the first pass; how many of the fastest the confirmation times again,
// beside the values in effect, and over how many rounds.
constexpr int first_pass_runs = 3;
constexpr std::size_t challengers = 3;
constexpr int confirmation_rounds = 9;

double median(std::vector<double> seconds) {
    std::sort(seconds.begin(), seconds.end());
    return seconds[seconds.size() / 2];
}

// The time of one run of `run`, from caches `evict_caches` leaves.
double timed_run(const std::function<void()>& run, const std::function<void()>& evict_caches,
                 const accelerator_view& view) {
    evict_caches();
    view.wait();
    const auto start = std::chrono::steady_clock::now();
    run();
    view.wait();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The indices of the candidates the confirmation times: the `challengers` fastest of those that
// ran (`ran`: each one's time and index), and the candidate `in_effect` where it ran and is not
// among them. *incumbent is where `in_effect` is among the finalists (their count if nowhere).
std::vector<std::size_t> finalists_of(std::vector<std::pair<double, std::size_t>> ran, std::size_t in_effect,
                                      std::size_t* incumbent) {
    std::sort(ran.begin(), ran.end());
    std::vector<std::size_t> finalists;
    for (std::size_t f = 0; f < ran.size() && f < challengers; ++f) finalists.push_back(ran[f].second);
    *incumbent = finalists.size();
    if (std::none_of(ran.begin(), ran.end(),
                     [&](const std::pair<double, std::size_t>& r) { return r.second == in_effect; }))
        return finalists;
    *incumbent = std::size_t(std::find(finalists.begin(), finalists.end(), in_effect) - finalists.begin());
    if (*incumbent == finalists.size()) finalists.push_back(in_effect);
    return finalists;
}

} // namespace

// A fixed amount was not enough everywhere: PoCL reports a Xeon's L3 cache, 260 MiB, which held the
// 64 MiB that were read before. A driver may also report less than its last cache (NVIDIA's: 4 MiB
// on the H200, whose L2 holds 50 MiB), so that GPUs keep their 256 MiB.
std::uint64_t eviction_bytes(const device_info& device) {
    const std::uint64_t least = std::uint64_t((device.type & CL_DEVICE_TYPE_GPU) != 0 ? 256 : 64) << 20;
    const std::uint64_t wanted = std::max(least, 2 * device.global_mem_cache_size);
    return std::min({wanted, device.global_mem_size / 8, device.max_mem_alloc_size});
}

// Back to back, a run finds part of its data in the cache: on the H200, whose L2 cache holds 50 MiB,
// a reduction of 64 MiB took 40 us so, against 52 us after a copy of 256 MiB, which leaves its
// output in the cache to be written back during the next run (28.4 against 22.8 us of the kernel
// alone, after a copy and after a read). gemm's work is compute-bound.
std::function<void()> cache_eviction(const set_description& set, const accelerator_view& view) {
    if (is_gemm(set)) return [] {};
    // Every 32 bytes read (a GPU's and a CPU's caches move at least that), nothing written: `never`
    // is a NaN, which equals nothing, but the compiler cannot know so and keeps the loads. What
    // the data holds does not matter.
    static const kernel read_through("__kernel void read_through(__global const float8* data, float never,\n"
                                     "                           __global float* sink) {\n"
                                     "    if (data[get_global_id(0)].s0 == never) *sink = 0.0f;\n"
                                     "}\n",
                                     "read_through");
    const int vectors = int(eviction_bytes(*view.state()->device()) / (8 * sizeof(float)));
    auto data = std::make_shared<array<float, 1>>(extent<1>(vectors * 8), view);
    auto sink = std::make_shared<array<float, 1>>(extent<1>(1), view);
    return [view, vectors, data, sink] {
        parallel_for_each(view, extent<1>(vectors), read_through, *data, std::nanf(""), *sink);
    };
}

std::string not_tunable_because(const device_info& device, const set_description& set) {
    const algorithm_parameters& shipped = shipped_parameters(device);
    if (is_small(set) && shipped.small_gemm_below == 0)
        return std::string("the table never uses ") + set.name + " on '" + device.name + "'";
    if (is(set, "gemm_double") && !device.fp64) return "'" + device.name + "' has no double precision";
    if (is_mma(set) && !has_ptx_tensor_cores(device))
        return "'" + device.name + "' has no tensor cores libtiles reaches (NVIDIA's, sm_80 on)";
    if (is_mma(set) && current_values(device, set).back() == 0) return std::string(set.name) + "'s TENSOR_CORES is 0";
    return "";
}

std::vector<std::vector<int>> tuning_candidates(const device_info& device, const set_description& set) {
    const std::vector<int> current = current_values(device, set);
    std::vector<std::vector<int>> candidates = {current};
    for (std::vector<int> shape : shapes_of(set)) {
        if (is_mma(set)) shape.back() = current.back();
        if (std::find(candidates.begin(), candidates.end(), shape) == candidates.end() &&
            set.problem(shape, device).empty())
            candidates.push_back(shape);
    }
    return candidates;
}

std::size_t confirmed_choice(const std::vector<std::vector<double>>& finalist_seconds, std::size_t incumbent) {
    std::vector<double> medians;
    for (const std::vector<double>& seconds : finalist_seconds) medians.push_back(median(seconds));
    const std::size_t fastest = std::size_t(std::min_element(medians.begin(), medians.end()) - medians.begin());
    if (incumbent < medians.size() && medians[fastest] >= medians[incumbent] * (1 - replacing_margin)) return incumbent;
    return fastest;
}

std::vector<int> tune_set(const accelerator& accelerator, const set_description& set, const tuning_progress& progress,
                          std::vector<std::vector<int>> candidates) {
    const device_info& device = accelerator.info();
    if (candidates.empty()) candidates = tuning_candidates(device, set);
    const accelerator_view own = accelerator.create_view();
    const std::function<void()> run = work_of(set, own);
    const std::function<void()> evict_caches = cache_eviction(set, own);
    log(log_level::info, std::string("tuning ") + set.name + " for '" + device.name + "' over " +
                             std::to_string(candidates.size()) + " candidates");
    std::vector<std::pair<double, std::size_t>> ran; // each candidate that ran: its median, its index
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const std::vector<int>& values = candidates[i];
        tuning_step step{set, i + 1, candidates.size(), values, 0, ""};
        try {
            const view_override candidate(own, set, values);
            run(); // builds the kernels
            own.wait();
            std::vector<double> seconds;
            for (int repeat = 0; repeat < first_pass_runs; ++repeat)
                seconds.push_back(timed_run(run, evict_caches, own));
            step.seconds = median(seconds);
            ran.emplace_back(step.seconds, i);
        } catch (const runtime_exception& e) {
            // A candidate the device cannot build or run (too many registers, say) just loses.
            step.failure = e.what();
        }
        log(log_level::info, "tuning " + std::string(set.name) + ": candidate " + std::to_string(i + 1) + " of " +
                                 std::to_string(candidates.size()) + " (" + values_text(set, values) + ") " +
                                 (step.failure.empty() ? "took " + std::to_string(step.seconds * 1e3) + " ms"
                                                       : "failed: " + step.failure));
        if (progress) progress(step);
    }
    if (ran.empty()) return current_values(device, set);

    // The fastest few, and the values in effect where they ran, timed again in turns.
    const std::size_t in_effect =
        std::size_t(std::find(candidates.begin(), candidates.end(), current_values(device, set)) - candidates.begin());
    std::size_t incumbent = 0;
    const std::vector<std::size_t> finalists = finalists_of(ran, in_effect, &incumbent);
    std::size_t chosen = 0;
    if (finalists.size() > 1) {
        std::vector<std::vector<double>> finalist_seconds(finalists.size());
        for (int round = 0; round < confirmation_rounds; ++round)
            for (std::size_t f = 0; f < finalists.size(); ++f) {
                const view_override candidate(own, set, candidates[finalists[f]]);
                finalist_seconds[f].push_back(timed_run(run, evict_caches, own));
            }
        for (std::size_t f = 0; f < finalists.size(); ++f)
            log(log_level::info, "tuning " + std::string(set.name) + ": in turns, " +
                                     values_text(set, candidates[finalists[f]]) +
                                     (f == incumbent ? " (in effect)" : "") + " took " +
                                     std::to_string(median(finalist_seconds[f]) * 1e3) + " ms");
        chosen = confirmed_choice(finalist_seconds, incumbent);
        if (chosen != confirmed_choice(finalist_seconds, finalists.size()))
            log(log_level::info, "tuning " + std::string(set.name) + ": no candidate is " +
                                     std::to_string(int(replacing_margin * 100)) +
                                     "% faster than the values in effect");
    }
    const std::vector<int>& best = candidates[finalists[chosen]];
    log(log_level::info, "tuning " + std::string(set.name) + ": keeps " + values_text(set, best));
    record_tuned_values(device, set, best);
    return best;
}

} // namespace tiles::detail
