// libtiles: what the library is doing, as a log. At `warning`, the default: what checked views
// find. At `info` also each kernel build (a line before it starts, another with its time and its
// compiler warnings), disk-cache hits, misses and stores (with the time the driver took to give
// its binary), each kernel's first run (the first launch of a kernel built waits for it, to say how
// long it took with what the driver compiles then), tuning and its progress. At `debug` also every
// transfer. TILES_LOG sets the level (`off`, `warning`, `info` or `debug`); messages go to stderr
// unless a program sets a sink.
#pragma once

#include <functional>
#include <string>

namespace tiles {

// `warning` comes last so that the levels before it keep the numbers the C API gave them; the
// log orders them off < warning < info < debug.
enum class log_level { off = 0, info = 1, debug = 2, warning = 3 };

// "off", "warning", "info" or "debug": the level's name, as TILES_LOG, the C API and Python take
// it; "" for a value out of range.
const char* to_string(log_level level);

// Receives each message, on the thread that did the work, which may hold locks of libtiles then:
// the sink must not call libtiles, nor throw.
using log_sink = std::function<void(log_level, const std::string&)>;

// Sends messages up to `level` to `sink` from now on; an empty sink sends them to stderr, each as
// "libtiles LEVEL: message".
void set_log(log_level level, log_sink sink = {});

// The level set last, or TILES_LOG's (warning where it is not set).
log_level get_log_level();

} // namespace tiles
