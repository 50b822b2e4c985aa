// libtiles engine: the parameters in effect on a context: overrides, the tuning file, the table.
#include "parameters/parameter_lookup.hpp"

#include <map>
#include <mutex>

#include "context/context.hpp"
#include "parameters/tuning_file.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::engine {
namespace {

using set_values = std::map<std::string, std::vector<int>>; // by set name

struct overrides {
    std::mutex mutex; // guards both maps
    std::map<cl_device_id, set_values> by_device;
    std::map<const context*, set_values> by_context;
};
overrides& overridden() {
    static immortal<overrides> all;
    return *all;
}

} // namespace

std::vector<int> values_on(const context& context, const parameter_set& set) {
    // As shipped for the device TILES_CHECKED_AS named: no overrides, no tuning, so that checked
    // mode checks the kernels as that device would run them.
    if (const std::string& as = checked_as(context); !as.empty())
        if (const std::optional<std::vector<int>> named = set.shipped_for(as)) return *named;
    return current_values(*context.device(), set, &context);
}

std::optional<std::vector<int>> chosen_values(const device_info& device, const parameter_set& set, const context* own) {
    // The file first, whatever else is chosen, so that its warnings come at the first lookup.
    const set_values tuned = tuned_sets(device);
    {
        overrides& o = overridden();
        std::lock_guard<std::mutex> lock(o.mutex);
        if (own != nullptr)
            if (const auto by_context = o.by_context.find(own); by_context != o.by_context.end())
                if (const auto values = by_context->second.find(set.name); values != by_context->second.end())
                    return values->second;
        if (const auto by_device = o.by_device.find(device.device()); by_device != o.by_device.end())
            if (const auto values = by_device->second.find(set.name); values != by_device->second.end())
                return values->second;
    }
    if (const auto values = tuned.find(set.name); values != tuned.end()) return values->second;
    return std::nullopt;
}

std::vector<int> current_values(const device_info& device, const parameter_set& set, const context* own) {
    if (std::optional<std::vector<int>> chosen = chosen_values(device, set, own)) return std::move(*chosen);
    return set.shipped(device);
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

context_override::context_override(const context& context, const parameter_set& set, std::vector<int> values)
    : context_(&context), set_(set) {
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

} // namespace tiles::engine
