// libtiles algorithms: the tuner. gemm's tile and blocking parameters come from, in order: a
// per-device table on disk that the tuner writes (keyed by device name and driver version, in
// the user's cache directory, or the file TILES_TUNING_FILE names), the table of measured values
// shipped in parameters.cpp, or, for a device with neither, a tuning run on first use: each
// candidate is timed on the device once and the fastest recorded. TILES_TUNING_FILE=off turns
// the file and the tuning off.
#pragma once

#include <vector>

#include "parameters.hpp"
#include "support.hpp"

namespace tiles::detail {

gemm_parameters gemm_parameters_for(const accelerator_view& view, element_type type);

// Times gemm at n x n x n with each candidate that fits the device, records the fastest in the
// tuning file, and returns it.
gemm_parameters tune_gemm(const accelerator_view& view, element_type type, int n,
                          const std::vector<gemm_parameters>& candidates);

// The candidates tuning tries where no others are given.
const std::vector<gemm_parameters>& gemm_candidates();

// gemm with the given parameters, the operands already checked.
void enqueue_gemm(const accelerator_view& view, const gemm_parameters& p, double alpha, const matrix_operand& a,
                  const matrix_operand& b, double beta, const matrix_operand& c);

} // namespace tiles::detail
