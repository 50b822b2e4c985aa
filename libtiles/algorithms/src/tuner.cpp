// libtiles algorithms: the tuner: it times any parameter set's candidates on the work its
// algorithm describes, after reading through the caches for the bandwidth-bound ones, and keeps
// the fastest.
#include "tuner.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>

#include "base/log.hpp"
#include "catalog.hpp"
#include "parameters/tuning_file.hpp"
#include "seam/algorithm_context.hpp"
#include "support.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/kernel.hpp"

namespace tiles::algorithms {

using engine::current_values;
using engine::log;
using engine::logging;

namespace {

// Runs of each candidate in the first pass; how many of the fastest the confirmation times again,
// beside the values in effect, and over how many rounds.
constexpr int first_pass_runs = 3;
constexpr std::size_t challengers = 3;
constexpr int confirmation_rounds = 9;

double median(std::vector<double> seconds) {
    std::sort(seconds.begin(), seconds.end());
    return seconds[seconds.size() / 2];
}

// The time of one run of `run` on `context`, from caches `evict_caches` leaves.
double timed_run(const std::function<void()>& run, const std::function<void()>& evict_caches, context& context) {
    evict_caches();
    narrow(context).wait();
    const auto start = std::chrono::steady_clock::now();
    run();
    narrow(context).wait();
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
    const std::uint64_t least = std::uint64_t(device.is_gpu() ? 256 : 64) << 20;
    const std::uint64_t wanted = std::max(least, 2 * device.global_mem_cache_size);
    return std::min({wanted, device.global_mem_size / 8, device.max_mem_alloc_size});
}

// Back to back, a run finds part of its data in the cache: on the H200, whose L2 cache holds 50 MiB,
// a reduction of 64 MiB took 40 us so, against 52 us after a copy of 256 MiB, which leaves its
// output in the cache to be written back during the next run (28.4 against 22.8 us of the kernel
// alone, after a copy and after a read).
std::function<void()> cache_eviction(const parameter_set& set, const std::shared_ptr<context>& context) {
    if (!set.bandwidth_bound()) return [] {};
    // Every 32 bytes read (a GPU's and a CPU's caches move at least that), nothing written: `never`
    // is a NaN, which equals nothing, but the compiler cannot know so and keeps the loads. What
    // the data holds does not matter.
    static const engine::immortal<kernel> read_through(
        "__kernel void read_through(__global const float8* data, float never,\n"
        "                           __global float* sink) {\n"
        "    if (data[get_global_id(0)].s0 == never) *sink = 0.0f;\n"
        "}\n",
        "read_through");
    const int vectors = int(eviction_bytes(*narrow(*context).device()) / (8 * sizeof(float)));
    const matrix_operand data = tuning_matrix(context, element_type::float32, 1, vectors * 8);
    const matrix_operand sink = tuning_matrix(context, element_type::float32, 1, 1);
    launch_domain domain;
    domain.rank = 1;
    domain.extent = {vectors, 0, 0};
    return [context, domain, data, sink] {
        launch_algorithm(
            context, domain, *read_through,
            std::array<launch_arg, 3>{input_arg(data.data), scalar_arg(std::nanf("")), output_arg(sink.data)});
    };
}

std::string not_tunable_because(const device_info& device, const parameter_set& set) {
    return set.not_tunable_because(device, current_values(device, set));
}

std::vector<std::vector<int>> tuning_candidates(const device_info& device, const parameter_set& set) {
    const std::vector<int> current = current_values(device, set);
    std::vector<std::vector<int>> candidates = {current};
    for (const std::vector<int>& candidate : set.candidates(current))
        if (std::find(candidates.begin(), candidates.end(), candidate) == candidates.end() &&
            set.problem(candidate, device).empty())
            candidates.push_back(candidate);
    return candidates;
}

std::size_t confirmed_choice(const std::vector<std::vector<double>>& finalist_seconds, std::size_t incumbent) {
    std::vector<double> medians;
    for (const std::vector<double>& seconds : finalist_seconds) medians.push_back(median(seconds));
    const std::size_t fastest = std::size_t(std::min_element(medians.begin(), medians.end()) - medians.begin());
    if (incumbent < medians.size() && medians[fastest] >= medians[incumbent] * (1 - replacing_margin)) return incumbent;
    return fastest;
}

std::vector<int> tune_set(const std::shared_ptr<context>& own_context, const parameter_set& set,
                          const tuning_progress& progress, std::vector<std::vector<int>> candidates) {
    const device_info& device = *narrow(*own_context).device();
    if (candidates.empty()) candidates = tuning_candidates(device, set);
    context& own = *own_context;
    const std::function<void()> run = set.workload(own_context);
    const std::function<void()> evict_caches = cache_eviction(set, own_context);
    log(log_level::info, std::string("tuning ") + set.name + " for '" + device.name + "' over " +
                             std::to_string(candidates.size()) + " candidates");
    std::vector<std::pair<double, std::size_t>> ran; // each candidate that ran: its median, its index
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const std::vector<int>& values = candidates[i];
        tuning_step step{set, i + 1, candidates.size(), values, 0, ""};
        try {
            const engine::context_override candidate(own, set, values);
            run(); // builds the kernels
            narrow(own).wait();
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
                const engine::context_override candidate(own, set, candidates[finalists[f]]);
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
    engine::record_tuned_values(device, set, best);
    return best;
}

std::vector<int> tuned_values_on(const std::shared_ptr<context>& context, const parameter_set& set) {
    const device_info& device = *narrow(*context).device();
    if (!engine::checked_as(*context).empty() || set.measured_for(device) || engine::tuning_file_path().empty())
        return values_on(*context, set);
    if (std::optional<std::vector<int>> chosen = engine::chosen_values(device, set, context.get()))
        return std::move(*chosen);
    return tune_set(engine::new_context(narrow(*context).device()), set, nullptr);
}

} // namespace tiles::algorithms
