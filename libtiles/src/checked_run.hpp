// libtiles: what a checked accelerator view keeps: its Oclgrind log, how much of it has been
// read, and what it found.
#pragma once

#include <fstream>
#include <memory>
#include <mutex>
#include <string>

#include "context_state.hpp"
#include "tiles/checked.hpp"

namespace tiles::detail {

struct algorithm_parameters;

// The file name kernels' own lines carry (`#line 1 "kernel"` follows the prelude), which tells
// them apart from the prelude's in compiler and simulator messages.
inline constexpr const char* kernel_source_name = "kernel";

struct checked_run {
    checked_run(bool strict, std::string build_options);
    ~checked_run();
    checked_run(const checked_run&) = delete;
    checked_run& operator=(const checked_run&) = delete;

    // Opens the log Oclgrind has created with its context, and removes its name: nothing stays
    // on disk, even from the default checked view, which is never destroyed.
    void open_log();
    // Waits for the launch just enqueued and turns what Oclgrind logged meanwhile into
    // diagnostics; throws check_failed for them on a strict view. `tile_size`: the launch's
    // work-items per tile, 0 if it is not tiled; `cpp`: the kernel is C++.
    void after_launch(context_state& view, int rank, int tile_size, const std::string& source, bool cpp);

    const bool strict;
    const std::string build_options; // added to every kernel's on this view
    // The algorithm parameters of the device TILES_CHECKED_AS named when the view was made, which
    // the library's algorithms use on it; null: the simulator's own.
    const algorithm_parameters* checked_as = nullptr;
    const std::string log_path;
    std::ifstream log;
    std::size_t log_read = 0; // one thread at a time uses a checked view (Oclgrind is not thread-safe)
    std::mutex mutex;         // guards the report, which other threads may read
    check_report report;
};

// A context and queue on Oclgrind's simulated device, with a checked_run of its own.
std::shared_ptr<context_state> new_checked_context(bool strict);

} // namespace tiles::detail
