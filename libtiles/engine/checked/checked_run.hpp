// libtiles engine: what a checked context keeps: its Oclgrind log, how much of it has been
// read, and what it found.
#pragma once

#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "checked/checked.hpp"
#include "context/context.hpp"
#include "tiles/check_report.hpp"

namespace tiles::engine {

struct checked_run {
    checked_run(bool strict, std::string build_options);
    ~checked_run();
    checked_run(const checked_run&) = delete;
    checked_run& operator=(const checked_run&) = delete;

    // Opens the log Oclgrind has created with its context, and removes its name: nothing stays
    // on disk, even from the default checked context, which is never destroyed.
    void open_log();
    // Waits for the launch just enqueued and turns what Oclgrind logged meanwhile into
    // diagnostics; throws check_failed for them on a strict context. `tile_size`: the launch's
    // work-items per tile, 0 if it is not tiled; `cpp`: the kernel is C++.
    void after_launch(context& context, int rank, int tile_size, const std::string& source, bool cpp);
    // Adds what a launch found to the report, and throws check_failed for it on a strict context,
    // else logs it as a warning.
    void report_found(std::vector<diagnostic> found);
    // The simulator's turn for one launch, from its arguments' transfers to its kernel's end, where
    // `context` is checked; else no lock. Oclgrind's contexts share the simulator: two kernels at
    // once, from two threads each with a checked context, give wrong results or abort the process.
    // Recursive, so that a launch the turn's own thread starts inside it (an algorithm's step, say)
    // takes the turn again rather than waiting for itself.
    static std::unique_lock<std::recursive_mutex> simulator_turn(const context& context);

    const bool strict;
    const std::string build_options; // added to every kernel's on this context
    // The device TILES_CHECKED_AS named when the context was made, whose parameters the library's
    // algorithms run with on it; "": the simulator's own.
    std::string checked_as;
    const std::string log_path;
    std::ifstream log;
    std::size_t log_read = 0; // one thread at a time uses a checked context (Oclgrind is not thread-safe)
    std::mutex mutex;         // guards the report, which other threads may read
    check_report report;
};

// Turns the simulator's log text into diagnostics; `rank` maps its work-item and tile indices
// (OpenCL order) to AMP order, `tile_size` is the launch's work-items per tile (0 if untiled),
// and `source` gives the lines they point at. `cpp`: the kernel is in C++, whose lines are those of
// any file but its prelude's (a C++ call site's own file); an OpenCL C kernel's are the file
// "kernel"'s.
std::vector<diagnostic> parse_oclgrind_log(const std::string& log, int rank, int tile_size, const std::string& source,
                                           bool cpp = false);

} // namespace tiles::engine
