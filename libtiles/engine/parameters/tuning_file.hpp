// libtiles engine: the tuning file, where tuned parameter sets are kept per device (name and
// driver version): in the user's cache directory, or the file TILES_TUNING_FILE names (off: none).
// It is untrusted input: a line that is not a known set's complete parameters, each named once, or
// whose values the set's kernel cannot run with, is skipped with a warning, never used.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "parameters/parameter_set.hpp"

namespace tiles::engine {

// The file's path; empty when tuning files are off.
std::string tuning_file_path();

// The sets the tuning file holds values of for `device`, by name: those the device runs. One call
// costs a stat of the file, which is read again only when it has changed.
std::map<std::string, std::vector<int>> tuned_sets(const device_info& device);

// Records `values` for `set` on `device` in the tuning file (nothing when it is off).
void record_tuned_values(const device_info& device, const parameter_set& set, const std::vector<int>& values);

} // namespace tiles::engine
