// libtiles algorithms: the tuner. It times an algorithm with each of a list of candidate values of
// one of its parameter sets, on a context of its own on the device (never a caller's queue, whose
// work would be timed with it and wait behind it), keeps the fastest in the tuning file and
// returns it. tiles-tune tunes a device ahead of use; gemm tunes itself on first use on devices
// the table has no measurements of (tuned_on).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "catalog.hpp"

namespace tiles::algorithms {

// One candidate timed: the candidate-th (from 1) of `candidates`, with its median time in seconds,
// or with `failure` saying why it did not run.
struct tuning_step {
    const parameter_set& set;
    std::size_t candidate, candidates;
    const std::vector<int>& values;
    double seconds;
    std::string failure;
};
using tuning_progress = std::function<void(const tuning_step&)>;

// Why tuning `set` on `device` would change nothing ("" if it would), as the set says: gemm's
// tensor-core sets where the device has no tensor cores, its _small sets where the table never
// uses them.
std::string not_tunable_because(const device_info& device, const parameter_set& set);

// The candidates tuning tries for `set` on `device` where no others are given: the values in
// effect first, then the set's candidates, less those the device cannot run.
std::vector<std::vector<int>> tuning_candidates(const device_info& device, const parameter_set& set);

// The bytes cache_eviction reads on `device`: twice the cache the driver reports before global
// memory, and at least 256 MiB on a GPU, 64 MiB on a CPU; at most an eighth of its memory and no
// more than one allocation.
std::uint64_t eviction_bytes(const device_info& device);

// What runs, untimed, before each timed run of `set`'s work on `context`: for the bandwidth-bound
// sets, a kernel that reads eviction_bytes and writes nothing, so that each run reads its data
// from memory and has nothing of another's to write back, as a program streaming its data does
// and as tiles_bench times it; nothing for the others.
std::function<void()> cache_eviction(const parameter_set& set, const std::shared_ptr<engine::context>& context);

// A challenger replaces the values in effect only when its median is lower by more than this
// fraction: a median of runs in turns moves from one tuning to the next by about as much as the
// gains of candidates that then proved no faster in tiles_bench (BENCHMARKS.md, the H200's fifth
// run).
constexpr double replacing_margin = 0.05;

// Which finalist the confirmation chooses, from each finalist's times in seconds (one a round):
// the lowest median, unless the finalist `incumbent` (the values in effect; none where it is
// finalist_seconds.size()) is within replacing_margin of it.
std::size_t confirmed_choice(const std::vector<std::vector<double>>& finalist_seconds, std::size_t incumbent);

// Tunes `set` on `own_context`, a context of its own on the device (never a caller's, whose work
// would be timed with it and wait behind it), over `candidates` (none: tuning_candidates), calling
// `progress` (if any) after each, and returns the fastest, which the tuning file now holds. The
// candidates are timed one after another; the fastest few, with the values in effect, are then
// timed again in turns, which exposes each to the same drift of the device's clocks and load, and
// confirmed_choice picks among them. Where no candidate runs, returns the values in effect and
// records nothing.
std::vector<int> tune_set(const std::shared_ptr<engine::context>& own_context, const parameter_set& set,
                          const tuning_progress& progress, std::vector<std::vector<int>> candidates = {});

// The values of `set` in effect on `context` (engine::values_on), but where `set` has values from
// no source other than the table's generic last row (a device libtiles has no measurements of),
// `set` is tuned for the device first and the result kept in the tuning file, unless tuning files
// are off: gemm's sets tune themselves so on first use, as their speed depends most on the device.
std::vector<int> tuned_values_on(const std::shared_ptr<engine::context>& context, const parameter_set& set);
template <class Params> Params tuned_on(const typed_set<Params>& set, const std::shared_ptr<engine::context>& context) {
    return set.from_ints(tuned_values_on(context, set));
}

} // namespace tiles::algorithms
