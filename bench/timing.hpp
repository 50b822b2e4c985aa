// tiles_bench: timing. Each contender runs once to warm up (kernels are built, memory is
// touched); then the contenders run in turn, round after round, and each contender's median run
// counts. Taking turns exposes the algorithm and its baseline to the same load on a shared
// machine; a step before each timed run can give each the same caches too.
#pragma once

#include <functional>
#include <vector>

#include <tiles/tiles.hpp>

// Times one run: calls `run`, which enqueues work on the timer's view (and may block, as a
// reduction into host memory does), and returns the run's duration in seconds once it is done.
using run_timer = std::function<double(const std::function<void()>& run)>;

// By the host's steady clock, from the call until `view` has finished: what a caller waits.
run_timer host_clock(const tiles::accelerator_view& view);

struct timing_policy {
    run_timer time_run;         // how each run is timed
    int runs = 5;               // rounds at most
    double budget_seconds = 30; // no new round starts past this, once 3 have been timed
    // Run, untimed, before every timed run of every contender when set: otherwise each would
    // find the caches as the contender before it left them (a copy leaves its output there, to
    // be written back during the next run).
    std::function<void()> before_each_run;
};

// The median duration in seconds of each function of `contenders`, each of which enqueues one
// run on the view that policy.time_run waits for.
std::vector<double> median_seconds(const std::vector<std::function<void()>>& contenders, const timing_policy& policy);
