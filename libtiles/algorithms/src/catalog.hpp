// libtiles algorithms: every algorithm's parameter sets, as the parameter lookup, the tuning file,
// the tuner, tiles-tune and checked mode go through them.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "parameter_set.hpp"

namespace tiles::algorithms {

// Every algorithm's parameter sets, in the order of the catalogue.
const std::vector<std::reference_wrapper<const parameter_set>>& parameter_sets();
// The set named `name`; nullptr if there is none.
const parameter_set* find_set(const std::string& name);

} // namespace tiles::algorithms
