// libtiles: failures that could not be thrown. Destroying the last view of data a launch wrote
// copies it back to host memory; if that fails, the destructor cannot throw, so the failure is
// written to stderr and kept here. Call synchronize() first to see such errors as exceptions.
#pragma once

#include <string>

namespace tiles {

// The message of the latest failed write-back, and clears it; empty if there was none.
std::string take_writeback_error();

namespace engine {
void report_writeback_failure(const std::string& what);
} // namespace engine

} // namespace tiles
