// libtiles: the log's entry point inside the library (tiles/log.hpp is its public face).
#pragma once

#include <string>

#include "tiles/log.hpp"

namespace tiles::engine {

// Whether a message at `level` goes anywhere: one relaxed load, so that call sites build their
// message only when it does.
bool logging(log_level level);

// Hands `message` to the sink (or stderr).
void log(log_level level, const std::string& message);

} // namespace tiles::engine
