// libtiles: what the library is doing, as an opt-in log. At `info`: each kernel build with its
// time and its compiler warnings, disk-cache hits and misses, tuning and its progress. At `debug`
// also every transfer. Off unless TILES_LOG is `info` or `debug` (messages then go to stderr), or
// a program sets a sink.
#pragma once

#include <functional>
#include <string>

namespace tiles {

enum class log_level { off = 0, info = 1, debug = 2 };

// Receives each message, on the thread that did the work, which may hold locks of libtiles then:
// the sink must not call libtiles, nor throw.
using log_sink = std::function<void(log_level, const std::string&)>;

// Sends messages up to `level` to `sink` from now on; an empty sink sends them to stderr.
void set_log(log_level level, log_sink sink = {});

// The level set last, or TILES_LOG's.
log_level get_log_level();

} // namespace tiles
