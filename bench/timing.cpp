// tiles_bench: the medians of timed runs taken in turns, after a warm-up.
#include "timing.hpp"

#include <algorithm>
#include <chrono>

std::vector<double> median_seconds(const std::vector<std::function<void()>>& contenders, const timing_policy& policy) {
    using clock = std::chrono::steady_clock;
    const auto seconds_since = [](clock::time_point start) {
        return std::chrono::duration<double>(clock::now() - start).count();
    };
    for (const auto& run : contenders) run();
    std::vector<std::vector<double>> durations(contenders.size());
    const clock::time_point first = clock::now();
    for (int round = 0; round < policy.runs && (round < 3 || seconds_since(first) < policy.budget_seconds); ++round)
        for (std::size_t i = 0; i < contenders.size(); ++i) {
            if (policy.before_each_run) policy.before_each_run();
            const clock::time_point start = clock::now();
            contenders[i]();
            durations[i].push_back(seconds_since(start));
        }
    std::vector<double> medians;
    for (std::vector<double>& d : durations) {
        std::sort(d.begin(), d.end());
        medians.push_back(d[d.size() / 2]);
    }
    return medians;
}
