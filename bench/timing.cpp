// tiles_bench: the medians of timed runs taken in turns, after a warm-up.
#include "timing.hpp"

#include <algorithm>
#include <chrono>

namespace {

using steady = std::chrono::steady_clock;

double seconds_since(steady::time_point start) { return std::chrono::duration<double>(steady::now() - start).count(); }

} // namespace

run_timer host_clock(const tiles::accelerator_view& view) {
    return [view](const std::function<void()>& run) {
        const steady::time_point start = steady::now();
        run();
        view.wait();
        return seconds_since(start);
    };
}

std::vector<double> median_seconds(const std::vector<std::function<void()>>& contenders, const timing_policy& policy) {
    for (const auto& run : contenders) policy.time_run(run);
    std::vector<std::vector<double>> durations(contenders.size());
    const steady::time_point first = steady::now();
    for (int round = 0; round < policy.runs && (round < 3 || seconds_since(first) < policy.budget_seconds); ++round)
        for (std::size_t i = 0; i < contenders.size(); ++i) {
            if (policy.before_each_run) policy.before_each_run();
            durations[i].push_back(policy.time_run(contenders[i]));
        }
    std::vector<double> medians;
    for (std::vector<double>& d : durations) {
        std::sort(d.begin(), d.end());
        medians.push_back(d[d.size() / 2]);
    }
    return medians;
}
