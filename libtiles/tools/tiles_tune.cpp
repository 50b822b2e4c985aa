// tiles-tune: tunes the tiled algorithms' parameters for a device ahead of use, so that no program
// pays for it on first use: each parameter set's algorithm is timed with each of a list of
// candidates on a context of its own, and the fastest kept in the tuning file, with a progress line
// on a terminal and a line as each set starts elsewhere.
//
//   tiles-tune [--device SELECTOR] [--only SET,SET,...] [--help] [--version]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <unistd.h>

#include "command_line.hpp"
#include "tiles/parameters.hpp"
#include "tiles/tiles.hpp"

namespace {

const char* const usage = "usage: tiles-tune [--device SELECTOR] [--only SET,SET,...] [--help] [--version]\n"
                          "  tunes the tiled algorithms' parameters for a device, into the tuning file\n"
                          "  --device SELECTOR  the device to tune, as TILES_DEVICE names one (default: the default)\n"
                          "  --only SETS        only these parameter sets (default: every one the device uses)\n"
                          "  --help             print this and exit\n"
                          "  --version          print libtiles' version and exit\n";

std::string text(const tiles::parameter_values& values) {
    std::string line;
    for (const auto& [name, value] : values) line += (line.empty() ? "" : " ") + name + "=" + std::to_string(value);
    return line;
}

// The line on stdout that says where tuning is, rewritten in place where stdout is a terminal. In a
// pipe or a file, which would get every version of it, control codes and all, a set's first
// candidate writes a line of its own instead, at once. The log's messages, on stderr, first clear
// the line, so that neither runs into the other.
class progress_line {
  public:
    progress_line() : terminal_(isatty(STDOUT_FILENO) != 0) {}

    // Where tuning is: `set` timing `candidate` of `candidates`, `text` saying so in full.
    void show(const std::string& set, std::size_t candidate, std::size_t candidates, const std::string& text) {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (!terminal_) {
            if (candidate == 1) std::printf("%s: timing %zu candidates\n", set.c_str(), candidates);
            std::fflush(stdout);
            return;
        }
        std::printf("\r\033[K%s", text.c_str());
        std::fflush(stdout);
        open_ = true;
    }
    // Ends the line with `text`, in place of where tuning was.
    void finish(const std::string& text) {
        const std::lock_guard<std::mutex> lock(mutex_);
        clear();
        std::printf("%s\n", text.c_str());
        std::fflush(stdout);
    }
    // Writes `line` to stderr, on a line of its own.
    void to_stderr(const std::string& line) {
        const std::lock_guard<std::mutex> lock(mutex_);
        clear();
        std::fprintf(stderr, "%s\n", line.c_str());
    }

  private:
    void clear() {
        if (!open_) return;
        std::printf("\r\033[K");
        std::fflush(stdout);
        open_ = false;
    }

    const bool terminal_;
    std::mutex mutex_;
    bool open_ = false;
};

} // namespace

int main(int argc, char** argv) {
    CLI::App app("tunes the tiled algorithms' parameters for a device", "tiles-tune");
    std::string device;
    std::vector<std::string> sets;
    app.add_option("--device", device);
    app.add_option("--only", sets)->delimiter(',');
    if (const auto done = tiles::tools::parse_command_line(app, argc, argv, usage, "unknown or incomplete option",
                                                           std::string("tiles-tune (libtiles) ") + tiles::version()))
        return *done;
    sets.erase(std::remove(sets.begin(), sets.end(), std::string()), sets.end()); // "a,,b" and "a," name two
    // Shared with the log's sink, which stays installed until the process ends.
    const auto progress = std::make_shared<progress_line>();
    if (tiles::get_log_level() != tiles::log_level::off)
        tiles::set_log(tiles::get_log_level(), [progress](tiles::log_level level, const std::string& message) {
            progress->to_stderr(std::string("libtiles ") + tiles::to_string(level) + ": " + message);
        });
    try {
        const tiles::accelerator accelerator = device.empty() ? tiles::accelerator() : tiles::accelerator(device);
        const char* file = std::getenv("TILES_TUNING_FILE");
        const bool off = file != nullptr && std::string(file) == "off";
        std::cout << "tuning '" << accelerator.name() << "' (driver " << accelerator.driver_version() << ")"
                  << (off ? "; TILES_TUNING_FILE is off, so the results are not kept" : "") << std::endl;
        if (sets.empty()) sets = tiles::parameter_sets();
        for (const std::string& set : sets) {
            const std::string why_not = tiles::not_tunable_because(accelerator, set);
            if (!why_not.empty()) {
                std::cout << set << ": not tuned: " << why_not << std::endl;
                continue;
            }
            const std::string before = text(tiles::get_parameters(accelerator, set));
            double best = 0;
            std::map<tiles::parameter_values, double> seconds; // of each candidate that ran
            const tiles::parameter_values tuned = tiles::tune(accelerator, set, [&](const tiles::tuning_step& step) {
                if (step.failure.empty() && (best == 0 || step.seconds < best)) best = step.seconds;
                if (step.failure.empty()) seconds[step.values] = step.seconds;
                char line[160];
                std::snprintf(line, sizeof line, "%s: candidate %zu of %zu, best %.3f ms", set.c_str(), step.candidate,
                              step.candidates, best * 1e3);
                progress->show(set, step.candidate, step.candidates, line);
            });
            const std::string after = text(tuned);
            // The chosen values' own time: the tuner may keep the values in effect over one a little
            // faster, once it has timed the fastest again in turns.
            char time[32];
            std::snprintf(time, sizeof time, " (%.3f ms)", seconds[tuned] * 1e3);
            progress->finish(set + ": " + after + time + (after == before ? ", as before" : ""));
        }
        return 0;
    } catch (const std::exception& e) {
        progress->to_stderr(std::string("tiles-tune: ") + e.what());
        return 1;
    }
}
