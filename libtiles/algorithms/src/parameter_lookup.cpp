// libtiles algorithms: the parameters in effect on a context: overrides, the tuning file, the table.
#include "parameter_lookup.hpp"

#include <map>
#include <mutex>

#include "checked_run.hpp"
#include "context.hpp"
#include "tiles/exceptions.hpp"
#include "tuner.hpp"
#include "tuning_file.hpp"

namespace tiles::algorithms {
namespace {

using set_values = std::map<std::string, std::vector<int>>; // by set name

std::mutex overrides_mutex; // guards both maps
std::map<cl_device_id, set_values> device_overrides;
std::map<const engine::context*, set_values> context_overrides;

// The values each set has from a source other than the table, by set name: the context's own, the
// device's overrides, the tuning file's.
set_values chosen_sets(const engine::context* context, const device_info& device) {
    set_values sets = tuned_sets(device);
    std::lock_guard<std::mutex> lock(overrides_mutex);
    if (const auto overridden = device_overrides.find(device.device()); overridden != device_overrides.end())
        for (const auto& [set, values] : overridden->second) sets[set] = values;
    if (context != nullptr)
        if (const auto own = context_overrides.find(context); own != context_overrides.end())
            for (const auto& [set, values] : own->second) sets[set] = values;
    return sets;
}

algorithm_parameters parameters_on(const set_values& chosen, const device_info& device) {
    algorithm_parameters parameters = shipped_parameters(device);
    for (const set_description& set : set_descriptions())
        if (const auto found = chosen.find(set.name); found != chosen.end()) set.write(parameters, found->second);
    return parameters;
}

// The table entry a checked context made with TILES_CHECKED_AS runs the kernels with, as shipped (no
// overrides, no tuning: it checks the kernels as that device would run them); else null.
const algorithm_parameters* checked_as(const std::shared_ptr<engine::context>& context) {
    const auto& checked = context->checked;
    return checked ? checked->checked_as : nullptr;
}

// The staging values in effect on a context, as the engine asks for them at each transfer.
engine::staging_parameters staging_values_on(const engine::context& context) {
    const device_info& device = *context.device();
    return parameters_on(chosen_sets(&context, device), device).staging;
}
[[maybe_unused]] const bool staging_lookup_set = (engine::set_staging_lookup(&staging_values_on), true);

} // namespace

algorithm_parameters parameters_for(const std::shared_ptr<engine::context>& context) {
    if (const algorithm_parameters* as = checked_as(context)) return *as;
    const device_info& device = *context->device();
    return parameters_on(chosen_sets(context.get(), device), device);
}

algorithm_parameters parameters_tuned_for(const std::shared_ptr<engine::context>& context, const set_description& set) {
    if (const algorithm_parameters* as = checked_as(context)) return *as;
    const device_info& device = *context->device();
    const set_values chosen = chosen_sets(context.get(), device);
    algorithm_parameters parameters = parameters_on(chosen, device);
    if (has_measured_parameters(device) || tuning_file_path().empty() || chosen.count(set.name) != 0) return parameters;
    set.write(parameters, tune_set(engine::new_context(context->device()), set, nullptr));
    return parameters;
}

std::vector<int> current_values(const device_info& device, const set_description& set) {
    return set.read(parameters_on(chosen_sets(nullptr, device), device));
}

void override_parameters(const device_info& device, const set_description& set,
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
    std::lock_guard<std::mutex> lock(overrides_mutex);
    device_overrides[device.device()][set.name] = std::move(all);
}

void reset_overrides(const device_info& device, const set_description* set) {
    std::lock_guard<std::mutex> lock(overrides_mutex);
    const auto found = device_overrides.find(device.device());
    if (found == device_overrides.end()) return;
    if (set == nullptr)
        device_overrides.erase(found);
    else
        found->second.erase(set->name);
}

context_override::context_override(const std::shared_ptr<engine::context>& context, const set_description& set,
                                   std::vector<int> values)
    : context_(context.get()), set_(set) {
    std::lock_guard<std::mutex> lock(overrides_mutex);
    context_overrides[context_][set.name] = std::move(values);
}

context_override::~context_override() {
    std::lock_guard<std::mutex> lock(overrides_mutex);
    const auto found = context_overrides.find(context_);
    found->second.erase(set_.name);
    if (found->second.empty()) context_overrides.erase(found);
}

} // namespace tiles::algorithms
