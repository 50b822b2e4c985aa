// libtiles engine: how a parameter set is described (an algorithm's tile shapes, work per
// work-item, vector widths; the engine's staged transfers), as CLBlast keeps a kernel's tuning in
// one file: each set with its parameters' names and bounds, its values for each kind of device,
// what a device must hold of it, the candidates the tuner tries and the work the tuner times. The
// parameter lookup (parameter_lookup.hpp), the tuning file, the tuner, tiles-tune and checked mode
// see every set alike, by name.
#pragma once

#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "devices/device_class.hpp"
#include "devices/device_info.hpp"
#include "tiles/engine/immortal.hpp"

namespace tiles::engine {

class context;

// The values of the row of `rows` (an array or a vector of device_row) for `device`, as
// device_class.hpp's rule picks it.
template <class Rows> const auto& row_for(const Rows& rows, const device_info& device) {
    return std::begin(rows)[nearest_row(rows, class_of(device))].values;
}

// The values of the row for the device TILES_CHECKED_AS names ("gpu", "cpu" or a known device's
// name, class_named); null for any other name.
template <class Rows> const auto* row_named(const Rows& rows, const std::string& device) {
    const std::optional<device_class> kind = class_named(device);
    return kind ? &std::begin(rows)[nearest_row(rows, *kind)].values : nullptr;
}

// Whether a table's last row is for every device, as the rule wants it.
constexpr bool for_every_device(const device_class& kind) {
    return kind.type == CL_DEVICE_TYPE_ALL && *kind.vendor == '\0' && kind.compute_capability == 0;
}

// What values a parameter takes between its least and its most: any, in steps of `multiple` from
// it; a vector width (1, 2, 4 or 8); or a power of two.
enum class parameter_values { any, vector_width, power_of_two };

// A parameter of a set of type Params: its name (its -D option in the kernel's build, its key in
// the tuning file and in tiles_parameters_set), the member that holds it, and its bounds, which
// keep every product of the kernel's sizes from overflowing and each work-item's registers within
// what drivers are known to hold, whatever a tuning file or an override asks.
template <class Params> struct named_parameter {
    const char* name;
    int Params::*member;
    int least, most;
    parameter_values values = parameter_values::any;
    int multiple = 1;

    constexpr bool holds(int value) const {
        if (value < least || value > most || value % multiple != 0) return false;
        if (values == parameter_values::vector_width) return value == 1 || value == 2 || value == 4 || value == 8;
        return values != parameter_values::power_of_two || (value & (value - 1)) == 0;
    }
};

// A parameter's name, bounds and kind of values, untyped, for the sentences that refuse values.
struct parameter_bounds {
    const char* name;
    int least, most;
    parameter_values values;
    int multiple;
};
// Why values outside the bounds cannot run, in sentences that group the parameters of equal bounds
// ("TILE_ROWS and TILE_COLUMNS must be 1 to 32, WORK_ROWS and WORK_COLUMNS 1 to 16, ..."); "" where
// every value lies within its bounds.
std::string bounds_problem(const std::vector<parameter_bounds>& bounds, const std::vector<int>& values);

// What checks the constraints between a set's parameters (set_definition::kernel_problem), in
// rows_fit's declaration, where it is not deduced: nullptr may stand for it.
template <class Params> struct set_problem { using type = const char* (*)(const Params&); };

// Whether `values` hold every parameter's bounds and `problem`'s constraints between them (nullptr:
// none).
template <class Params, std::size_t Names>
constexpr bool values_fit(const Params& values, const named_parameter<Params> (&names)[Names],
                          typename set_problem<Params>::type problem) {
    for (const named_parameter<Params>& name : names)
        if (!name.holds(values.*name.member)) return false;
    return problem == nullptr || problem(values) == nullptr;
}

// Whether every row of a set's table (an array of device_row) fits as values_fit says, and its last
// row matches every device: what the algorithms' static_asserts check of their tables.
template <class Params, std::size_t Rows, std::size_t Names>
constexpr bool rows_fit(const device_row<Params> (&rows)[Rows], const named_parameter<Params> (&names)[Names],
                        typename set_problem<Params>::type problem) {
    for (const device_row<Params>& row : rows)
        if (!values_fit(row.values, names, problem)) return false;
    return for_every_device(rows[Rows - 1].kind);
}

// The same of one set's values in a table of an algorithm's values: each row's `column`.
template <class Values, class Params, std::size_t Rows, std::size_t Names>
constexpr bool column_fits(const device_row<Values> (&rows)[Rows], Params Values::*column,
                           const named_parameter<Params> (&names)[Names], typename set_problem<Params>::type problem) {
    for (const device_row<Values>& row : rows)
        if (!values_fit(row.values.*column, names, problem)) return false;
    return for_every_device(rows[Rows - 1].kind);
}

// A set's table, the `column` of the rows of a table of an algorithm's values.
template <class Values, class Params, std::size_t Rows>
std::vector<device_row<Params>> column_of(const device_row<Values> (&rows)[Rows], Params Values::*column) {
    std::vector<device_row<Params>> table;
    for (const device_row<Values>& row : rows) table.push_back({row.kind, row.values.*column});
    return table;
}

// The elements of an array, as a set_definition takes its parameters, table and candidates.
template <class T, std::size_t N> std::vector<T> all_of(const T (&array)[N]) {
    return {std::begin(array), std::end(array)};
}

// One parameter set, by name, its values as ints in the order of its parameters: what the lookup,
// the tuning file, the overrides, the tuner and tiles-tune work with.
class parameter_set {
  public:
    parameter_set(const char* set_name, std::vector<const char*> parameter_names)
        : name(set_name), parameters(std::move(parameter_names)) {}
    virtual ~parameter_set() = default;
    parameter_set(const parameter_set&) = delete;
    parameter_set& operator=(const parameter_set&) = delete;

    // The set's name ("gemm_float"), and its parameters' ("TILE_ROWS", ...).
    const char* const name;
    const std::vector<const char*> parameters;

    // The values the set's table gives `device`, and those of the row TILES_CHECKED_AS names.
    virtual std::vector<int> shipped(const device_info& device) const = 0;
    virtual std::optional<std::vector<int>> shipped_for(const std::string& device) const = 0;
    // Whether the device's row was measured for it (or for its kind of device), rather than the
    // generic starting point that ends the table: a tuner's cue.
    virtual bool measured_for(const device_info& device) const = 0;
    // Why the set's kernel cannot run with `values` on `device`, naming the numbers; "" if it can.
    virtual std::string problem(const std::vector<int>& values, const device_info& device) const = 0;

    // Why tuning the set on `device`, where `current` is in effect, would change nothing (a set the
    // device never uses, say); "" if it would.
    virtual std::string not_tunable_because(const device_info& device, const std::vector<int>& current) const = 0;
    // The values the tuner tries beside `current`, the values in effect, before leaving out those
    // the device cannot run. They span what the tables use on CPUs and GPUs.
    virtual std::vector<std::vector<int>> candidates(const std::vector<int>& current) const = 0;
    // One run of the work the tuner times the set on, enqueued on `context`; its data are made now.
    virtual std::function<void()> workload(const std::shared_ptr<context>& context) const = 0;
    // Whether that work moves data more than it computes: then the tuner reads through the caches
    // before each timed run, so that each run reads its data from memory.
    virtual bool bandwidth_bound() const = 0;
};

// Logs at info level, once per device and set, where `device` runs `set` on a row that was not
// measured on its kind of device: the row of `row`'s class, the nearest to it, or the table's
// generic last row; and that tiles-tune measures values of its own.
void note_row(const parameter_set& set, const device_class& row, bool generic, const device_info& device);

// "TILE_ROWS=16 TILE_COLUMNS=16 ...": a set's values as the tuning file and messages write them.
std::string values_text(const parameter_set& set, const std::vector<int>& values);

// What an algorithm writes of one of its parameter sets; typed_set makes it a parameter_set.
template <class Params> struct set_definition {
    const char* name;
    std::vector<named_parameter<Params>> parameters; // each named once, with its bounds
    std::vector<device_row<Params>> table;           // the values for each kind of device, in order
    // Why the kernel cannot run with values within their bounds whatever the device, for the
    // constraints between parameters (nullptr where there are none, or where it can).
    const char* (*kernel_problem)(const Params&);
    // Why `device` cannot run the kernel with them (its tile limits, its tile_static memory); "" if
    // it can.
    std::function<std::string(const Params&, const device_info&)> device_problem;
    std::vector<Params> candidates; // the tuner's, beside the values in effect
    std::function<std::function<void()>(const std::shared_ptr<context>&)> workload;
    bool bandwidth_bound;
    // Why tuning on `device` would change nothing (optional); and how a candidate takes on values
    // in effect that the tuner leaves as they are (optional).
    std::function<std::string(const device_info&, const Params& current)> not_tunable_because = nullptr;
    void (*keep_from_current)(Params& candidate, const Params& current) = nullptr;
};

template <class Params> class typed_set final : public parameter_set {
  public:
    explicit typed_set(set_definition<Params> definition)
        : parameter_set(definition.name, names_of(definition.parameters)), definition_(std::move(definition)) {}

    // The values in effect on `context` (parameter_lookup.hpp), as the set's struct.
    Params on(const std::shared_ptr<context>& context) const;

    // "-DNAME=value ..." for each of the set's parameters: the kernel's build options.
    std::string build_options(const Params& p) const {
        std::string options;
        for (const named_parameter<Params>& parameter : definition_.parameters)
            options += (options.empty() ? "-D" : " -D") + std::string(parameter.name) + "=" +
                       std::to_string(p.*parameter.member);
        return options;
    }

    std::vector<int> shipped(const device_info& device) const override {
        const std::size_t row = nearest_row(definition_.table, class_of(device));
        note_row(*this, definition_.table[row].kind, row + 1 == definition_.table.size(), device);
        return ints(definition_.table[row].values);
    }
    std::optional<std::vector<int>> shipped_for(const std::string& device) const override {
        const Params* named = row_named(definition_.table, device);
        return named != nullptr ? std::optional<std::vector<int>>(ints(*named)) : std::nullopt;
    }
    bool measured_for(const device_info& device) const override {
        return nearest_row(definition_.table, class_of(device)) + 1 != definition_.table.size();
    }
    std::string problem(const std::vector<int>& values, const device_info& device) const override {
        std::vector<parameter_bounds> bounds;
        for (const named_parameter<Params>& p : definition_.parameters)
            bounds.push_back({p.name, p.least, p.most, p.values, p.multiple});
        if (std::string outside = bounds_problem(bounds, values); !outside.empty()) return outside;
        const Params p = from_ints(values);
        if (definition_.kernel_problem != nullptr)
            if (const char* problem = definition_.kernel_problem(p)) return problem;
        return definition_.device_problem(p, device);
    }
    std::string not_tunable_because(const device_info& device, const std::vector<int>& current) const override {
        return definition_.not_tunable_because ? definition_.not_tunable_because(device, from_ints(current)) : "";
    }
    std::vector<std::vector<int>> candidates(const std::vector<int>& current) const override {
        std::vector<std::vector<int>> all;
        for (Params candidate : definition_.candidates) {
            if (definition_.keep_from_current) definition_.keep_from_current(candidate, from_ints(current));
            all.push_back(ints(candidate));
        }
        return all;
    }
    std::function<void()> workload(const std::shared_ptr<context>& context) const override {
        return definition_.workload(context);
    }
    bool bandwidth_bound() const override { return definition_.bandwidth_bound; }

    Params from_ints(const std::vector<int>& values) const {
        Params p{};
        for (std::size_t i = 0; i < definition_.parameters.size(); ++i)
            p.*definition_.parameters[i].member = values.at(i);
        return p;
    }
    std::vector<int> ints(const Params& p) const {
        std::vector<int> values;
        for (const named_parameter<Params>& parameter : definition_.parameters) values.push_back(p.*parameter.member);
        return values;
    }

  private:
    static std::vector<const char*> names_of(const std::vector<named_parameter<Params>>& parameters) {
        std::vector<const char*> names;
        for (const named_parameter<Params>& parameter : parameters) names.push_back(parameter.name);
        return names;
    }

    set_definition<Params> definition_;
};

} // namespace tiles::engine
