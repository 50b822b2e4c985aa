// tiles-tune: tunes the tiled algorithms' parameters for a device ahead of use, so that no program
// pays for it on first use: each parameter set's algorithm is timed with each of a list of
// candidates on a context of its own, and the fastest kept in the tuning file, with a progress line.
//
//   tiles-tune [--device SELECTOR] [--only SET,SET,...]
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tiles/parameters.hpp"
#include "tiles/tiles.hpp"

namespace {

const char* const usage = "usage: tiles-tune [--device SELECTOR] [--only SET,SET,...]\n"
                          "  --device SELECTOR  the device to tune, as TILES_DEVICE names one (default: the default)\n"
                          "  --only SETS        only these parameter sets (default: every one the device uses)\n";

std::string text(const tiles::parameter_values& values) {
    std::string line;
    for (const auto& [name, value] : values) line += (line.empty() ? "" : " ") + name + "=" + std::to_string(value);
    return line;
}

std::vector<std::string> split(const std::string& list) {
    std::vector<std::string> items;
    std::istringstream in(list);
    for (std::string item; std::getline(in, item, ',');)
        if (!item.empty()) items.push_back(item);
    return items;
}

} // namespace

int main(int argc, char** argv) {
    std::string device;
    std::vector<std::string> sets;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--device" && i + 1 < argc) {
            device = argv[++i];
        } else if (arg == "--only" && i + 1 < argc) {
            sets = split(argv[++i]);
        } else {
            std::cerr << "tiles-tune: unknown or incomplete option '" << arg << "'\n" << usage;
            return 2;
        }
    }
    try {
        const tiles::accelerator accelerator = device.empty() ? tiles::accelerator() : tiles::accelerator(device);
        const char* file = std::getenv("TILES_TUNING_FILE");
        const bool off = file != nullptr && std::string(file) == "off";
        std::cout << "tuning '" << accelerator.name() << "' (driver " << accelerator.driver_version() << ")"
                  << (off ? "; TILES_TUNING_FILE is off, so the results are not kept" : "") << "\n";
        if (sets.empty()) sets = tiles::parameter_sets();
        for (const std::string& set : sets) {
            const std::string why_not = tiles::not_tunable_because(accelerator, set);
            if (!why_not.empty()) {
                std::cout << set << ": not tuned: " << why_not << "\n";
                continue;
            }
            const std::string before = text(tiles::get_parameters(accelerator, set));
            double best = 0;
            std::map<tiles::parameter_values, double> seconds; // of each candidate that ran
            const tiles::parameter_values tuned = tiles::tune(accelerator, set, [&](const tiles::tuning_step& step) {
                if (step.failure.empty() && (best == 0 || step.seconds < best)) best = step.seconds;
                if (step.failure.empty()) seconds[step.values] = step.seconds;
                // One line, rewritten in place: where the run is, and the best so far.
                std::printf("\r\033[K%s: candidate %zu of %zu, best %.3f ms", set.c_str(), step.candidate,
                            step.candidates, best * 1e3);
                std::fflush(stdout);
            });
            const std::string after = text(tuned);
            // The chosen values' own time: the tuner may keep the values in effect over one a little
            // faster, once it has timed the fastest again in turns.
            std::printf("\r\033[K%s: %s (%.3f ms)%s\n", set.c_str(), after.c_str(), seconds[tuned] * 1e3,
                        after == before ? ", as before" : "");
        }
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "\ntiles-tune: " << e.what() << "\n";
        return 1;
    }
}
