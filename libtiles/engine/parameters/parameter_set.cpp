// libtiles engine: what every parameter set's description shares (parameter_set.hpp): its values
// in words and the sentences that refuse them; and the sets by name (parameter_lookup.hpp).
#include "parameters/parameter_set.hpp"

#include <algorithm>
#include <mutex>
#include <utility>

#include "base/log.hpp"
#include "parameters/parameter_lookup.hpp"
#include "parameters/staging_parameters.hpp"

namespace tiles::engine {

std::string values_text(const parameter_set& set, const std::vector<int>& values) {
    std::string text;
    for (std::size_t i = 0; i < set.parameters.size() && i < values.size(); ++i)
        text += (i ? " " : "") + std::string(set.parameters[i]) + "=" + std::to_string(values[i]);
    return text;
}

void note_row(const parameter_set& set, const device_class& row, bool generic, const device_info& device) {
    if (!logging(log_level::info) || (!generic && of_class(row, class_of(device))) ||
        !device.said_first_time(std::string("the row of ") + set.name))
        return;
    const std::string cc = device.compute_capability != 0 ? " " + std::to_string(device.compute_capability / 10) + "." +
                                                                std::to_string(device.compute_capability % 10)
                                                          : "";
    log(log_level::info,
        "'" + device.name + "' runs " + set.name +
            (generic ? std::string(" with the table's generic values (no row is for its kind of device)")
                     : " with the values of " + class_description(row) + ", the nearest row to its compute capability" +
                           cc) +
            "; `tiles-tune --only " + set.name + "` measures values of its own");
}

namespace {

// "A", "A and B", "A, B and C" (or with another last word).
std::string listed(const std::vector<std::string>& items, const char* last = " and ") {
    std::string text;
    for (std::size_t i = 0; i < items.size(); ++i)
        text += (i == 0 ? "" : i + 1 == items.size() ? last : ", ") + items[i];
    return text;
}

// Bounds of the commonest kind, 1 to a most, which the sentence that refuses them groups.
bool counts_from_one(const parameter_bounds& b) {
    return b.values == parameter_values::any && b.multiple == 1 && b.least == 1;
}

bool holds(const parameter_bounds& b, int value) {
    if (value < b.least || value > b.most || value % b.multiple != 0) return false;
    if (b.values == parameter_values::vector_width) return value == 1 || value == 2 || value == 4 || value == 8;
    return b.values != parameter_values::power_of_two || (value & (value - 1)) == 0;
}

// "NAME must be ..." for one parameter of other bounds.
std::string sentence(const parameter_bounds& b) {
    const std::string most = std::to_string(b.most);
    if (b.values == parameter_values::vector_width) return std::string(b.name) + " must be 1, 2, 4 or 8";
    if (b.values == parameter_values::power_of_two)
        return std::string(b.name) + " must be a power of two up to " + most;
    if (b.multiple > 1)
        return std::string(b.name) + " must be a multiple of " + std::to_string(b.multiple) + " up to " + most;
    // A few values are named, "0 or 1", "0, 1 or 2".
    std::vector<std::string> each;
    for (int value = b.least; value <= b.most && b.most - b.least <= 2; ++value) each.push_back(std::to_string(value));
    return std::string(b.name) + " must be " +
           (each.empty() ? std::to_string(b.least) + " to " + most : listed(each, " or "));
}

} // namespace

std::string bounds_problem(const std::vector<parameter_bounds>& bounds, const std::vector<int>& values) {
    // Those of 1 to a most, in one sentence of groups of equal bounds, if any is outside them.
    std::vector<std::pair<int, std::vector<std::string>>> groups; // most, names
    bool outside = false;
    for (std::size_t i = 0; i < bounds.size(); ++i) {
        if (!counts_from_one(bounds[i])) continue;
        outside = outside || !holds(bounds[i], values.at(i));
        auto group =
            std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == bounds[i].most; });
        if (group == groups.end()) group = groups.insert(groups.end(), {bounds[i].most, {}});
        group->second.push_back(bounds[i].name);
    }
    if (outside) {
        std::string text;
        for (std::size_t g = 0; g < groups.size(); ++g)
            text += (g == 0                   ? ""
                     : groups.size() == 2     ? " and "
                     : g + 1 == groups.size() ? ", and "
                                              : ", ") +
                    listed(groups[g].second) + (g == 0 ? " must be 1 to " : " 1 to ") + std::to_string(groups[g].first);
        return text;
    }
    for (std::size_t i = 0; i < bounds.size(); ++i)
        if (!counts_from_one(bounds[i]) && !holds(bounds[i], values.at(i))) return sentence(bounds[i]);
    return "";
}

namespace {

// The sets registered, in their order. Registration happens as the library is loaded, lookups at
// any time after, from any thread.
struct registered_sets {
    std::mutex mutex;
    std::vector<const parameter_set*> sets;
};
registered_sets& registered() {
    static immortal<registered_sets> all;
    return *all;
}

} // namespace

void register_parameter_sets(const std::vector<const parameter_set*>& sets) {
    registered_sets& r = registered();
    std::lock_guard<std::mutex> lock(r.mutex);
    for (const parameter_set* set : sets)
        if (std::find(r.sets.begin(), r.sets.end(), set) == r.sets.end()) r.sets.push_back(set);
}

std::vector<std::reference_wrapper<const parameter_set>> parameter_sets() {
    std::vector<std::reference_wrapper<const parameter_set>> all;
    {
        registered_sets& r = registered();
        std::lock_guard<std::mutex> lock(r.mutex);
        for (const parameter_set* set : r.sets) all.emplace_back(*set);
    }
    all.emplace_back(staging_set());
    return all;
}

const parameter_set* find_set(const std::string& name) {
    for (const parameter_set& set : parameter_sets())
        if (name == set.name) return &set;
    return nullptr;
}

bool algorithms_registered() {
    registered_sets& r = registered();
    std::lock_guard<std::mutex> lock(r.mutex);
    return !r.sets.empty();
}

} // namespace tiles::engine
