// libtiles: tiles/parameters.hpp, the parameter sets by name for an accelerator, over the engine's
// parameter lookup and the algorithms' tuner.
#include "tiles/parameters.hpp"

#include "parameters/parameter_lookup.hpp"
#include "tiles/exceptions.hpp"
#include "tuner.hpp"

namespace tiles {
namespace {

const engine::parameter_set& set_named(const std::string& name) {
    if (const engine::parameter_set* set = engine::find_set(name)) return *set;
    std::string names;
    for (const engine::parameter_set& set : engine::parameter_sets())
        names += (names.empty() ? "" : ", ") + std::string(set.name);
    throw invalid_argument("'" + name + "' is not a parameter set; the sets are " + names);
}

parameter_values named(const engine::parameter_set& set, const std::vector<int>& values) {
    parameter_values result;
    for (std::size_t i = 0; i < values.size(); ++i) result.emplace_back(set.parameters[i], values[i]);
    return result;
}

} // namespace

std::vector<std::string> parameter_sets() {
    std::vector<std::string> names;
    for (const engine::parameter_set& set : engine::parameter_sets()) names.emplace_back(set.name);
    return names;
}

std::vector<std::string> parameter_names(const std::string& set) {
    const engine::parameter_set& description = set_named(set);
    return {description.parameters.begin(), description.parameters.end()};
}

parameter_values get_parameters(const accelerator& accelerator, const std::string& set) {
    const engine::parameter_set& description = set_named(set);
    return named(description, engine::current_values(accelerator.info(), description));
}

void set_parameters(const accelerator& accelerator, const std::string& set, const parameter_values& values) {
    engine::override_parameters(accelerator.info(), set_named(set), values);
}

void reset_parameters(const accelerator& accelerator, const std::string& set) {
    engine::reset_overrides(accelerator.info(), set.empty() ? nullptr : &set_named(set));
}

std::string not_tunable_because(const accelerator& accelerator, const std::string& set) {
    return algorithms::not_tunable_because(accelerator.info(), set_named(set));
}

parameter_values tune(const accelerator& accelerator, const std::string& set,
                      const std::function<void(const tuning_step&)>& progress) {
    const engine::parameter_set& description = set_named(set);
    const algorithms::tuning_progress report = [&](const algorithms::tuning_step& step) {
        if (progress)
            progress({step.set.name, step.candidate, step.candidates, named(step.set, step.values), step.seconds,
                      step.failure});
    };
    return named(description, algorithms::tune_set(accelerator.create_view().context(), description, report));
}

} // namespace tiles
