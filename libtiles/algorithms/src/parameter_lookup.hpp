// libtiles algorithms: the parameters the algorithms run with on a context. Each set's values
// come from, in order: the context's own (a tuning run's candidate, on the tuner's context),
// those set for the device in this process (tiles::set_parameters, tiles_parameters_set), the
// tuning file's for the device, and the table's (parameters.cpp).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "parameters.hpp"
#include "tiles/engine/context.hpp"

namespace tiles::algorithms {

algorithm_parameters parameters_for(const std::shared_ptr<engine::context>& context);

// The same, but where `set` has values from none of them other than the table's generic last
// entry (a device libtiles has no measurements of), `set` is tuned for the device first and the
// result kept in the tuning file, unless tuning files are off: gemm's sets tune themselves so on
// first use, as their speed depends most on the device.
algorithm_parameters parameters_tuned_for(const std::shared_ptr<engine::context>& context, const set_description& set);

// The values of `set` in effect on `device` for contexts without their own: an override, the tuning
// file's or the table's.
std::vector<int> current_values(const device_info& device, const set_description& set);

// Overrides the named parameters of `set` on `device` for this process, the others keeping their
// current values. Throws invalid_argument, changing nothing, for an unknown name or values the
// set's kernel or the device cannot run with.
void override_parameters(const device_info& device, const set_description& set,
                         const std::vector<std::pair<std::string, int>>& values);

// Forgets the overrides of `set` (nullptr: of every set) on `device`.
void reset_overrides(const device_info& device, const set_description* set);

// While it lives, `set` runs with `values` on `context` alone: what the tuner times candidates with.
class context_override {
  public:
    context_override(const std::shared_ptr<engine::context>& context, const set_description& set,
                     std::vector<int> values);
    ~context_override();
    context_override(const context_override&) = delete;
    context_override& operator=(const context_override&) = delete;

  private:
    const engine::context* context_;
    const set_description& set_;
};

} // namespace tiles::algorithms
