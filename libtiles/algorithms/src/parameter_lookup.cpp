// libtiles algorithms: the parameters in effect on a context: overrides, the tuning file, the table.
#include "parameter_lookup.hpp"

#include <map>
#include <mutex>
#include <optional>

#include "tiles/engine/inside/checked.hpp"
#include "tiles/engine/inside/staging_parameters.hpp"
#include "tiles/exceptions.hpp"
#include "tuner.hpp"
#include "tuning_file.hpp"

namespace tiles::algorithms {

const typed_set<engine::staging_parameters>& staging_set(); // staging_set.cpp

namespace {

using set_values = std::map<std::string, std::vector<int>>; // by set name

struct overrides {
    std::mutex mutex; // guards both maps
    std::map<cl_device_id, set_values> by_device;
    std::map<const engine::context*, set_values> by_context;
};
overrides& overridden() {
    static engine::immortal<overrides> all;
    return *all;
}

// The values each set has from a source other than the table, by set name: the context's own, the
// device's overrides, the tuning file's.
set_values chosen_sets(const engine::context* context, const device_info& device) {
    set_values sets = tuned_sets(device);
    overrides& o = overridden();
    std::lock_guard<std::mutex> lock(o.mutex);
    if (const auto by_device = o.by_device.find(device.device()); by_device != o.by_device.end())
        for (const auto& [set, values] : by_device->second) sets[set] = values;
    if (context != nullptr)
        if (const auto own = o.by_context.find(context); own != o.by_context.end())
            for (const auto& [set, values] : own->second) sets[set] = values;
    return sets;
}

// The values of `set` from `chosen`, else from the table.
std::vector<int> values_from(const set_values& chosen, const parameter_set& set, const device_info& device) {
    const auto found = chosen.find(set.name);
    return found != chosen.end() ? found->second : set.shipped(device);
}

// Whether some set's table has a row for the device TILES_CHECKED_AS names: checked mode asks,
// through the engine, when a checked context is made.
bool has_row_named(const std::string& device) {
    for (const parameter_set& set : parameter_sets())
        if (set.shipped_for(device)) return true;
    return false;
}

const bool checked_as_known = (engine::set_parameter_table_check(&has_row_named), true);

// The staging values in effect on a context, as the engine asks for them at each transfer.
engine::staging_parameters staging_values_on(const engine::context& context) {
    const device_info& device = *context.device();
    return staging_set().from_ints(values_from(chosen_sets(&context, device), staging_set(), device));
}
const bool staging_lookup_set = (engine::set_staging_lookup(&staging_values_on), true);

} // namespace

const std::string& checked_as(const std::shared_ptr<engine::context>& context) { return engine::checked_as(*context); }

std::vector<int> values_on(const std::shared_ptr<engine::context>& context, const parameter_set& set) {
    // As shipped for the device TILES_CHECKED_AS named: no overrides, no tuning, so that checked
    // mode checks the kernels as that device would run them.
    if (const std::string& as = checked_as(context); !as.empty())
        if (const std::optional<std::vector<int>> named = set.shipped_for(as)) return *named;
    const device_info& device = *context->device();
    return values_from(chosen_sets(context.get(), device), set, device);
}

std::vector<int> tuned_values_on(const std::shared_ptr<engine::context>& context, const parameter_set& set) {
    if (!checked_as(context).empty()) return values_on(context, set);
    const device_info& device = *context->device();
    const set_values chosen = chosen_sets(context.get(), device);
    if (set.measured_for(device) || tuning_file_path().empty() || chosen.count(set.name) != 0)
        return values_from(chosen, set, device);
    return tune_set(engine::new_context(context->device()), set, nullptr);
}

std::vector<int> current_values(const device_info& device, const parameter_set& set) {
    return values_from(chosen_sets(nullptr, device), set, device);
}

void override_parameters(const device_info& device, const parameter_set& set,
                         const std::vector<std::pair<std::string, int>>& values) {
    std::vector<int> all = current_values(device, set);
    for (const auto& [name, value] : values) {
        std::size_t i = 0;
        while (i < set.parameters.size() && name != set.parameters[i]) ++i;
        if (i == set.parameters.size()) {
            std::string names;
            for (const char* parameter : set.parameters) names += (names.empty() ? "" : ", ") + std::string(parameter);
            throw invalid_argument("the parameter set " + std::string(set.name) + " has no parameter '" + name +
                                   "'; its parameters are " + names);
        }
        all[i] = value;
    }
    const std::string problem = set.problem(all, device);
    if (!problem.empty())
        throw invalid_argument(std::string(set.name) + " cannot run with " + values_text(set, all) + " on '" +
                               device.name + "': " + problem);
    overrides& o = overridden();
    std::lock_guard<std::mutex> lock(o.mutex);
    o.by_device[device.device()][set.name] = std::move(all);
}

void reset_overrides(const device_info& device, const parameter_set* set) {
    overrides& o = overridden();
    std::lock_guard<std::mutex> lock(o.mutex);
    const auto found = o.by_device.find(device.device());
    if (found == o.by_device.end()) return;
    if (set == nullptr)
        o.by_device.erase(found);
    else
        found->second.erase(set->name);
}

context_override::context_override(const std::shared_ptr<engine::context>& context, const parameter_set& set,
                                   std::vector<int> values)
    : context_(context.get()), set_(set) {
    overrides& o = overridden();
    std::lock_guard<std::mutex> lock(o.mutex);
    o.by_context[context_][set.name] = std::move(values);
}

context_override::~context_override() {
    overrides& o = overridden();
    std::lock_guard<std::mutex> lock(o.mutex);
    const auto found = o.by_context.find(context_);
    found->second.erase(set_.name);
    if (found->second.empty()) o.by_context.erase(found);
}

} // namespace tiles::algorithms
