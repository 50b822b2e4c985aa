// libtiles: what checked mode finds (tiles/checked.hpp): each problem as a diagnostic at the
// kernel's own line, a report of them, and the exception strict checked views throw with it.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "tiles/exceptions.hpp"

namespace tiles {

// What checked mode found.
enum class diagnostic_kind {
    read_write_race,     // one work-item reads what another writes, with no barrier between
    write_write_race,    // two work-items write one location, with no barrier between
    uninitialized_read,  // tile_static memory read before anything was stored there, at the read
    uninitialized_write, // a value computed from such a read stored (only without libtiles' Oclgrind plugin,
                         // or with TILES_CHECKED_OCLGRIND_UNINITIALIZED=1: docs/guides/checked-mode.md)
    out_of_bounds,       // an access outside every buffer the kernel was given, or past the end of an array it
                         // declares (tile_static or private)
    barrier_divergence,  // a barrier only some work-items of a tile reached
    other,               // anything else the simulator reported
    host_write,          // host memory behind a view written since libtiles last read or wrote it, with no
                         // refresh(), while the launch's device holds a copy of it: the launch reads that old copy
};

// The address space of the memory a diagnostic is about: tile_static (OpenCL's __local), global,
// constant, a work-item's private memory, or unknown where the simulator did not say.
enum class memory_space { tile_static, global, constant, private_memory, unknown };

// "read-write race", ...: a kind in the words of a report; "problem" for `other` or a value out of
// range.
const char* to_string(diagnostic_kind kind);
// "read_write_race", ...: a kind's name in the C API and Python; "" for a value out of range.
const char* identifier(diagnostic_kind kind);
// "tile_static", "global", "constant", "private" or "unknown" (also for a value out of range).
const char* to_string(memory_space space);

// One problem, found by one or more work-items at one place of a kernel.
struct diagnostic {
    // What was found, and in which memory.
    diagnostic_kind kind = diagnostic_kind::other;
    memory_space space = memory_space::unknown;
    // The kernel's name.
    std::string kernel;
    int line = 0; // in the kernel's own source, from 1; 0 if the prelude or unknown
    // The column in `line`, from 1; 0 if unknown.
    int column = 0;
    std::string source_line; // that line of the kernel's source
    int other_line = 0;      // a race's other access, like `line`; 0 for the rest
    // The column of the race's other access.
    int other_column = 0;
    int rank = 0;                               // of the launch
    std::vector<std::array<int, 3>> work_items; // global indices involved (AMP order, padded to 3)
    // Barrier divergence: the tiles where it happened (AMP order, padded to 3), and how many of
    // the tile_size work-items of each reached the barrier at `line`; other_line is the barrier
    // the others reached, where they reached another. 0 and empty for the rest.
    std::vector<std::array<int, 3>> tiles;
    int reached_barrier = 0;
    int tile_size = 0;
    std::string message; // the simulator's own words

    // "read-write race in tile_static memory in kernel 'k' at line 9, column 11: ...".
    std::string to_string() const;
};

// What checked launches found, in the order found.
struct check_report {
    // Every diagnostic, in the order found.
    std::vector<diagnostic> diagnostics;
    // Whether nothing was found.
    bool clean() const { return diagnostics.empty(); }
    // Every diagnostic's text, one per line.
    std::string to_string() const;
};

// Thrown by a launch on a strict checked view that found something; report() has it all.
class check_failed : public runtime_exception {
  public:
    // The exception for `report`, whose text what() lists.
    explicit check_failed(check_report report)
        : runtime_exception("checked mode found problems:\n" + report.to_string()), report_(std::move(report)) {}
    // Everything the launch found.
    const check_report& report() const noexcept { return report_; }

  private:
    check_report report_;
};

} // namespace tiles
