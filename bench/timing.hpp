// tiles_bench: timing. Each contender runs once to warm up (kernels are built, memory is
// touched); then the contenders run in turn, round after round, each run timed with a steady
// clock and ending when the device has finished, and each contender's median run counts.
// Taking turns exposes the algorithm and its baseline to the same load on a shared machine; a
// step before each timed run can give each the same caches too.
#pragma once

#include <functional>
#include <vector>

struct timing_policy {
    int runs = 5;               // rounds at most
    double budget_seconds = 30; // no new round starts past this, once 3 have been timed
    // Run, untimed, before every timed run of every contender when set: otherwise each would
    // find the caches as the contender before it left them (a copy leaves its output there, to
    // be written back during the next run).
    std::function<void()> before_each_run;
};

// The median duration in seconds of each function of `contenders`, which must return only when
// its work is done.
std::vector<double> median_seconds(const std::vector<std::function<void()>>& contenders, const timing_policy& policy);
