// libtiles engine: the tuning file. Its first line names its format; each line after it is one
// device's values of one parameter set:
//
//   libtiles tuning file 2
//   NVIDIA H200<TAB>580.159.04<TAB>gemm_float<TAB>TILE_ROWS=16 TILE_COLUMNS=16 WORK_ROWS=8 ...
#include "parameters/tuning_file.hpp"

#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <tuple>

#include "base/log.hpp"
#include "base/regular_file.hpp"
#include "devices/device_info.hpp"
#include "parameters/parameter_lookup.hpp"

namespace tiles::engine {
namespace {

const char* const format_line = "libtiles tuning file 2";

using tuning_key = std::tuple<std::string, std::string, std::string>; // device name, driver version, set
using tuning_entries = std::map<tuning_key, std::vector<int>>;

// The file is untrusted input (a user may edit it, a disk may damage it): larger files are not
// tuning files of libtiles'.
constexpr std::uint64_t largest_tuning_file = 1 << 20;

void warn(const std::string& file, const std::string& what) { log(log_level::warning, file + what); }

// `text` in quotes as a warning may show it: its first 40 bytes, control bytes and bytes above 0x7e
// as \xNN, so that a damaged file's bytes never reach a terminal.
std::string quoted_for_warning(const std::string& text) {
    constexpr std::size_t shown = 40;
    std::string out = "'";
    for (std::size_t i = 0; i < text.size() && i < shown; ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x7f) {
            out += char(c);
            continue;
        }
        char escaped[5];
        std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
        out += escaped;
    }
    return out + (text.size() > shown ? "'..." : "'");
}

// The skipped lines of a file, of which the first few are said one by one and the rest counted, so
// that a damaged file gives a few lines of warning, not one for each of its lines.
class skipped_lines {
  public:
    explicit skipped_lines(const std::string& file) : file_(file) {}
    void skip(int number, const std::string& why) {
        if (++count_ <= said_one_by_one) warn(file_, " line " + std::to_string(number) + " is skipped: " + why);
    }
    // Says how many lines were skipped in all, where more were than were said one by one.
    void finish() const {
        if (count_ > said_one_by_one)
            warn(file_, ": " + std::to_string(count_) + " lines are skipped in all (the first " +
                            std::to_string(said_one_by_one) + " are said above)");
    }

  private:
    static constexpr int said_one_by_one = 3;
    const std::string& file_;
    int count_ = 0;
};

// `text` as an int if it is one in full: digits, an optional minus sign, nothing else.
std::optional<int> whole_int(const std::string& text) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
    return value;
}

// The set's values from "NAME=value ..." if it names each of the set's parameters once and nothing
// else; else why not.
std::optional<std::vector<int>> parse_values(const parameter_set& set, const std::string& text, std::string& why) {
    std::vector<std::optional<int>> values(set.parameters.size());
    std::istringstream fields(text);
    std::string field;
    while (fields >> field) {
        const std::size_t equals = field.find('=');
        const std::string name = field.substr(0, equals);
        std::size_t i = 0;
        while (i < set.parameters.size() && name != set.parameters[i]) ++i;
        const std::optional<int> value =
            equals == std::string::npos ? std::nullopt : whole_int(field.substr(equals + 1));
        if (i == set.parameters.size() || !value || values[i]) {
            why = quoted_for_warning(field) + " is not one of " + set.name +
                  "'s parameters, named once, with an integer value";
            return std::nullopt;
        }
        values[i] = value;
    }
    std::vector<int> all;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!values[i]) {
            why = std::string("it does not give ") + set.name + "'s " + set.parameters[i];
            return std::nullopt;
        }
        all.push_back(*values[i]);
    }
    return all;
}

// Each line that is a device, its driver, a known set and values the set's kernel can run with.
// What is skipped is said on stderr, once per version of the file.
tuning_entries read_tuning(const std::string& file) {
    tuning_entries entries;
    const std::optional<std::string> text = read_regular_file(file, largest_tuning_file);
    if (!text) {
        warn(file, " is not read: it is not a regular file of at most " + std::to_string(largest_tuning_file) +
                       " bytes; the algorithms use their shipped parameters");
        return entries;
    }
    std::istringstream in(*text);
    std::string line;
    if (!std::getline(in, line) || line != format_line) {
        warn(file, std::string(" is not read: its first line is not '") + format_line +
                       "' (an earlier libtiles' tuning file, or no tuning file); the next tuning replaces it");
        return entries;
    }
    skipped_lines skipped(file);
    for (int number = 2; std::getline(in, line); ++number) {
        std::istringstream fields(line);
        std::string name, driver, set_name, values;
        if (!std::getline(fields, name, '\t') || !std::getline(fields, driver, '\t') ||
            !std::getline(fields, set_name, '\t') || !std::getline(fields, values)) {
            skipped.skip(number, "it is not a device name, driver, parameter set and parameters, tab-separated");
            continue;
        }
        const parameter_set* set = find_set(set_name);
        if (set == nullptr) {
            // Without the algorithms, their sets' lines are no concern of this program's.
            if (algorithms_registered())
                skipped.skip(number, quoted_for_warning(set_name) + " is not a parameter set of libtiles'");
            continue;
        }
        std::string why;
        const std::optional<std::vector<int>> parsed = parse_values(*set, values, why);
        if (!parsed) {
            skipped.skip(number, why);
            continue;
        }
        entries[{name, driver, set_name}] = *parsed;
    }
    skipped.finish();
    return entries;
}

void write_tuning(const std::string& file, const tuning_entries& entries) {
    std::error_code error;
    std::filesystem::create_directories(std::filesystem::path(file).parent_path(), error);
    const std::string temporary = file + ".tmp" + std::to_string(getpid());
    {
        std::ofstream out(temporary);
        out << format_line << '\n';
        for (const auto& [key, values] : entries)
            out << std::get<0>(key) << '\t' << std::get<1>(key) << '\t' << std::get<2>(key) << '\t'
                << values_text(*find_set(std::get<2>(key)), values) << '\n';
        if (!out) return; // the next tuning writes it again
    }
    std::filesystem::rename(temporary, file, error);
}

std::mutex tuning_mutex; // guards the file and the process's copy of it

// The entries of `file`, read again only when the file is another or has changed since, or sets
// were registered since (which may make lines of unknown sets known), so that a lookup costs a
// stat of the file rather than a read of it. Needs tuning_mutex.
tuning_entries& entries_of(const std::string& file) {
    struct read_copy {
        std::string file;
        std::filesystem::file_time_type time;
        tuning_entries entries;
        std::size_t sets = 0; // how many sets were known then
    };
    static immortal<read_copy> read;
    std::error_code error;
    const std::filesystem::file_time_type written = std::filesystem::last_write_time(file, error);
    if (error) {
        read->file.clear(); // no file (yet): nothing tuned
        read->entries.clear();
    } else if (const std::size_t sets = parameter_sets().size();
               file != read->file || written != read->time || sets != read->sets) {
        read->entries = read_tuning(file);
        read->file = file;
        read->time = written;
        read->sets = sets;
    }
    return read->entries;
}

} // namespace

std::string tuning_file_path() {
    if (const char* file = std::getenv("TILES_TUNING_FILE"); file != nullptr && *file != '\0')
        return std::string(file) == "off" ? std::string() : file;
    const std::string home = user_cache_directory();
    return home.empty() ? home : home + "/tuning.txt";
}

std::map<std::string, std::vector<int>> tuned_sets(const device_info& device) {
    std::map<std::string, std::vector<int>> sets;
    const std::string file = tuning_file_path();
    if (file.empty()) return sets;
    std::lock_guard<std::mutex> lock(tuning_mutex);
    tuning_entries& entries = entries_of(file);
    auto entry = entries.lower_bound({device.name, device.driver_version, ""});
    while (entry != entries.end() && std::get<0>(entry->first) == device.name &&
           std::get<1>(entry->first) == device.driver_version) {
        const parameter_set& set = *find_set(std::get<2>(entry->first));
        const std::string problem = set.problem(entry->second, device);
        if (problem.empty()) {
            sets[set.name] = (entry++)->second;
            continue;
        }
        // Forgotten until the file changes, so that the warning is given once.
        warn(file, std::string(": the ") + set.name + " parameters for '" + device.name + "' are not used: " + problem);
        entry = entries.erase(entry);
    }
    return sets;
}

void record_tuned_values(const device_info& device, const parameter_set& set, const std::vector<int>& values) {
    const std::string file = tuning_file_path();
    if (file.empty()) return;
    std::lock_guard<std::mutex> lock(tuning_mutex);
    tuning_entries entries = entries_of(file);
    entries[{device.name, device.driver_version, set.name}] = values;
    write_tuning(file, entries);
}

} // namespace tiles::engine
