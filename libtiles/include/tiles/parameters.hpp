// libtiles: the tiled algorithms' launch parameters as named data: the parameter sets ("stencil",
// "gemm_float", ...) and their parameters ("TILE_ROWS", ...), the values in effect on an
// accelerator, overrides of them for this process, and tuning them ahead of use (tiles-tune).
// Values come from, in order: an override, the tuning file (TILES_TUNING_FILE), the table of
// measured values shipped with libtiles.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "tiles/accelerator.hpp"

namespace tiles {

// A set's values by name, in the order of its parameters.
using parameter_values = std::vector<std::pair<std::string, int>>;

// The names of the parameter sets.
std::vector<std::string> parameter_sets();

// The names of `set`'s parameters; invalid_argument, listing the sets, for an unknown set.
std::vector<std::string> parameter_names(const std::string& set);

// The values of `set` in effect on `accelerator`.
parameter_values get_parameters(const accelerator& accelerator, const std::string& set);

// From now on, in this process, `set` runs on `accelerator` with `values` for the parameters they
// name and its current values for the others. invalid_argument, changing nothing, for an unknown
// set or name, or values the set's kernel or the accelerator cannot run with (the message says
// which and why).
void set_parameters(const accelerator& accelerator, const std::string& set, const parameter_values& values);

// Forgets the overrides of `set` on `accelerator` (of every set where `set` is empty).
void reset_parameters(const accelerator& accelerator, const std::string& set = "");

// One candidate a tuning run timed: the candidate-th (from 1) of `candidates`, with its median
// time, or with `failure` saying why it did not run.
struct tuning_step {
    // The parameter set tuned, the candidate's number and how many there are, its values, its median
    // time in seconds, and why it did not run ("" if it ran).
    std::string set;
    std::size_t candidate = 0, candidates = 0; // the candidate's number, from 1, of this many
    parameter_values values;
    double seconds = 0;
    std::string failure;
};

// Why tuning `set` on `accelerator` would change nothing (no tensor cores for the gemm_mma sets,
// say); empty if it would.
std::string not_tunable_because(const accelerator& accelerator, const std::string& set);

// Times the algorithm of `set` with each of a list of candidate values on a context of its own on
// `accelerator`, calling `progress` after each, then times the fastest few and the values in
// effect again, in turns, and records the fastest of those in the tuning file (unless
// TILES_TUNING_FILE is off), where the algorithms take it from on later calls and in later
// processes; the values in effect stay unless another is more than 5% faster. Returns what it
// recorded. It takes seconds to minutes; other work on the accelerator meanwhile makes its
// timings less telling.
parameter_values tune(const accelerator& accelerator, const std::string& set,
                      const std::function<void(const tuning_step&)>& progress = {});

} // namespace tiles
