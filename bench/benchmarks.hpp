// tiles_bench: the benchmarks. Each measures libtiles' algorithms and their baselines in the
// same run on the same accelerator view, and hands each figure back as a record.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <tiles/tiles.hpp>

#include "report.hpp"
#include "timing.hpp"

struct bench_config {
    tiles::accelerator_view view;
    int side;                    // the bandwidth benchmarks work on side x side matrices
    std::vector<int> gemm_sizes; // matrix multiply of n x n matrices for each n
    timing_policy timing;
    std::string only;                          // run only benchmarks whose name contains this
    std::function<void(const record&)> report; // called with each record as it is measured
};

// "pthread-haswell-AMD EPYC (Portable Computing Language driver 3.1+debian)"
std::string device_label(const tiles::accelerator& accelerator);

// Reductions, block averages, transpose and stencils, in GB/s against the copy kernel's.
void run_bandwidth_benchmarks(const bench_config& config);
// Matrix multiply, in GFLOP/s against CLBlast's GEMM (when built with it) and a naive kernel.
void run_gemm_benchmarks(const bench_config& config);
