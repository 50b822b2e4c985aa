// tiles_bench: the benchmarks. Each measures libtiles' algorithms and their baselines in the
// same run on the same accelerator view, and hands each figure back as a record.
#pragma once

#include <functional>
#include <set>
#include <string>
#include <vector>

#include <tiles/tiles.hpp>

#include "report.hpp"
#include "timing.hpp"

struct bench_config {
    tiles::accelerator_view view;
    int side;                                   // the bandwidth benchmarks work on side x side matrices
    std::vector<int> gemm_sizes;                // matrix multiply of n x n matrices for each n
    std::set<tiles::gemm_precision> precisions; // gemm's precisions other than exact to time
    std::vector<int> transfer_mib;              // copies between host and device of these sizes, in MiB
    timing_policy timing;
    std::vector<std::string> only;             // run only benchmarks whose name contains one of these
    std::function<void(const record&)> report; // called with each record as it is measured

    bool wants(const std::string& name) const {
        for (const std::string& part : only)
            if (name.find(part) != std::string::npos) return true;
        return only.empty();
    }
};

// "pthread-haswell-AMD EPYC (Portable Computing Language driver 3.1+debian)"
std::string device_label(const tiles::accelerator& accelerator);

// The parameters in effect (the table's, unless a tuning file or an override says otherwise) of the
// algorithms of the bandwidth benchmarks that run, a line each: what their figures are of.
void print_bandwidth_parameters(const bench_config& config);
// Reductions, block averages, transpose and stencils, in GB/s against the copy kernel's.
void run_bandwidth_benchmarks(const bench_config& config);
// Matrix multiply, in GFLOP/s against CLBlast's GEMM (when built with it) and a naive kernel, and at
// the other precisions asked for against the exact gemm.
void run_gemm_benchmarks(const bench_config& config);
// C++ kernels (tiles/amp.hpp) against the same kernels in OpenCL C: the seed's tile average, a
// tiled matrix multiply and a stencil, in GB/s or GFLOP/s.
void run_cpp_kernel_benchmarks(const bench_config& config);
// Uploads and downloads from and to pageable and pinned host memory, in GB/s against raw OpenCL's
// from pageable and pinned memory; by the host's clock, which times the host's part of them too.
void run_transfer_benchmarks(const bench_config& config);
