// libtiles tools: the command line of tiles-info, tiles-tune and tiles_bench, parsed by CLI11 as GNU
// tools take one (`--option value` or `--option=value`, `-h` or `--help`, `--version`), each tool
// keeping its own usage text and its message for an option it does not know.
#pragma once

#include <iostream>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

namespace tiles::tools {

// Parses `argv` into the options `app` was given, plus -h/--help (which prints `usage`) and, where
// `version` is not empty, --version (which prints it). Returns the status to exit with where the
// command line says the tool is done: 0 after help or the version, 2 after a mistake, said on
// stderr as "TOOL: UNKNOWN 'ARG'" or CLI11's words, with the usage; nullopt where the tool goes on.
inline std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv, const std::string& usage,
                                             const std::string& unknown, const std::string& version = "") {
    app.set_help_flag("-h,--help");
    bool version_asked = false;
    if (!version.empty()) app.add_flag("--version", version_asked);
    app.allow_extras(); // an argument it does not know is named below, in the tool's own words
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
        std::cout << usage;
        return 0;
    } catch (const CLI::ParseError& e) {
        std::cerr << app.get_name() << ": " << e.what() << "\n" << usage;
        return 2;
    }
    if (const auto extras = app.remaining(); !extras.empty()) {
        std::cerr << app.get_name() << ": " << unknown << " '" << extras.front() << "'\n" << usage;
        return 2;
    }
    if (version_asked) {
        std::cout << version << "\n";
        return 0;
    }
    return std::nullopt;
}

} // namespace tiles::tools
