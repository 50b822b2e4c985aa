// libtiles algorithms: the parameters the algorithms run with on a context. Each set's values come
// from, in order: the context's own (a tuning run's candidate, on the tuner's context), those set
// for the device in this process (tiles::set_parameters, tiles_parameters_set), the tuning file's
// for the device, and the set's table. A checked context made with TILES_CHECKED_AS takes the
// table's row for the device it names.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "catalog.hpp"
#include "parameter_set.hpp"
#include "tiles/engine/context.hpp"
#include "tiles/engine/inside/context.hpp"

namespace tiles::algorithms {

std::vector<int> values_on(const std::shared_ptr<engine::context>& context, const parameter_set& set);

// The same, but where `set` has values from none of them other than the table's generic last
// row (a device libtiles has no measurements of), `set` is tuned for the device first and the
// result kept in the tuning file, unless tuning files are off: gemm's sets tune themselves so on
// first use, as their speed depends most on the device.
std::vector<int> tuned_values_on(const std::shared_ptr<engine::context>& context, const parameter_set& set);

// The values of the table's row a checked context runs `rows` with: the row of the device
// TILES_CHECKED_AS named, else that of the context's device (for the tables of values that are no
// parameter set, gemm's size for its small sets, say).
template <class Rows> const auto& row_on(const Rows& rows, const std::shared_ptr<engine::context>& context);

// The values of `set` in effect on `device` for contexts without their own: an override, the
// tuning file's or the table's.
std::vector<int> current_values(const device_info& device, const parameter_set& set);

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
    context_override(const std::shared_ptr<engine::context>& context, const parameter_set& set,
                     std::vector<int> values);
    ~context_override();
    context_override(const context_override&) = delete;
    context_override& operator=(const context_override&) = delete;

  private:
    const engine::context* context_;
    const parameter_set& set_;
};

// The name TILES_CHECKED_AS gave a checked context ("" for other contexts).
const std::string& checked_as(const std::shared_ptr<engine::context>& context);

template <class Rows> const auto& row_on(const Rows& rows, const std::shared_ptr<engine::context>& context) {
    const std::string& as = checked_as(context);
    if (!as.empty())
        if (const auto* named = row_named(rows, as)) return *named;
    return row_for(rows, *context->device());
}

template <class Params> Params typed_set<Params>::on(const std::shared_ptr<engine::context>& context) const {
    return from_ints(values_on(context, *this));
}

template <class Params> Params typed_set<Params>::tuned_on(const std::shared_ptr<engine::context>& context) const {
    return from_ints(tuned_values_on(context, *this));
}

} // namespace tiles::algorithms
