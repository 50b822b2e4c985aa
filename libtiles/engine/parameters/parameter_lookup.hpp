// libtiles engine: the parameter sets by name, and the values each runs with on a context. Each
// set's values come from, in order: the context's own (a tuning run's candidate, on the tuner's
// context), those set for the device in this process (tiles::set_parameters,
// tiles_parameters_set), the tuning file's for the device, and the set's table. A checked context
// made with TILES_CHECKED_AS takes the table's row for the device it names. The engine's staged
// transfers read their set, "staging", here; the algorithms read theirs here too.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checked/checked.hpp"
#include "parameters/parameter_set.hpp"
#include "seam/algorithm_context.hpp"

namespace tiles::engine {

// Adds `sets` to those the lookup, the tuning file, tiles-tune and the parameters' API know by
// name: the algorithms hand theirs over once, as the library is loaded.
void register_parameter_sets(const std::vector<const parameter_set*>& sets);

// Every set: those registered, in their order, then the engine's own (staging).
std::vector<std::reference_wrapper<const parameter_set>> parameter_sets();
// The set named `name`; nullptr if there is none.
const parameter_set* find_set(const std::string& name);
// Whether any set besides the engine's own is registered: a program that links no algorithm (a
// C++ program that only copies data) cannot tell their sets' names from unknown ones.
bool algorithms_registered();

// The values of `set` in effect on `context`.
std::vector<int> values_on(const context& context, const parameter_set& set);

// The values of `set` from a source other than its table, for contexts without their own where
// `own` is null: the context's own, an override, the tuning file's; none where only the table
// gives values. TILES_CHECKED_AS plays no part.
std::optional<std::vector<int>> chosen_values(const device_info& device, const parameter_set& set,
                                              const context* own = nullptr);

// The values of `set` in effect on `device` for contexts without their own (or on `own`), leaving
// TILES_CHECKED_AS aside: the chosen values, else the table's.
std::vector<int> current_values(const device_info& device, const parameter_set& set, const context* own = nullptr);

// The values of the table's row a checked context runs `rows` with: the row of the device
// TILES_CHECKED_AS named, else that of the context's device (for the tables of values that are no
// parameter set, gemm's size for its small sets, say).
template <class Rows> const auto& row_on(const Rows& rows, const context& context);

// Overrides the named parameters of `set` on `device` for this process, the others keeping their
// current values. Throws invalid_argument, changing nothing, for an unknown name or values the
// set's kernel or the device cannot run with.
void override_parameters(const device_info& device, const parameter_set& set,
                         const std::vector<std::pair<std::string, int>>& values);

// Forgets the overrides of `set` (nullptr: of every set) on `device`.
void reset_overrides(const device_info& device, const parameter_set* set);

// While it lives, `set` runs with `values` on `context` alone: what the tuner times candidates with.
class context_override {
  public:
    context_override(const context& context, const parameter_set& set, std::vector<int> values);
    ~context_override();
    context_override(const context_override&) = delete;
    context_override& operator=(const context_override&) = delete;

  private:
    const context* context_;
    const parameter_set& set_;
};

template <class Rows> const auto& row_on(const Rows& rows, const context& context) {
    const std::string& as = checked_as(context);
    if (!as.empty())
        if (const auto* named = row_named(rows, as)) return *named;
    return row_for(rows, *narrow(context).device());
}

template <class Params> Params typed_set<Params>::on(const std::shared_ptr<context>& context) const {
    return from_ints(values_on(*context, *this));
}

} // namespace tiles::engine
