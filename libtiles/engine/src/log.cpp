// libtiles: the log. The level is an atomic that every call site reads; the sink is swapped
// under a mutex and called outside it, through a shared_ptr, so a sink replaced meanwhile stays
// alive until its last message is delivered.
#include "log.hpp"

#include <atomic>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <mutex>

namespace tiles::engine {
namespace {

constexpr log_level by_verbosity[] = {log_level::off, log_level::warning, log_level::info, log_level::debug};

int verbosity(log_level level) {
    for (int v = 0; v < 4; ++v)
        if (by_verbosity[v] == level) return v;
    return 0;
}

log_level level_from_environment() {
    const char* setting = std::getenv("TILES_LOG");
    if (setting == nullptr || *setting == '\0') return log_level::warning;
    const std::string value = setting;
    for (log_level level : by_verbosity)
        if (value == to_string(level)) return level;
    if (value == "0") return log_level::off;
    std::cerr << "libtiles warning: TILES_LOG is '" << value
              << "'; it takes off, warning, info or debug, so the log stays at warning\n";
    return log_level::warning;
}

struct log_state {
    std::atomic<int> verbosity{engine::verbosity(level_from_environment())};
    std::mutex mutex;
    std::shared_ptr<const log_sink> sink; // empty: stderr
};

log_state& state() {
    static auto* s = new log_state; // outlives static destructors that may still log
    return *s;
}

} // namespace

bool logging(log_level level) {
    return level != log_level::off && verbosity(level) <= state().verbosity.load(std::memory_order_relaxed);
}

void log(log_level level, const std::string& message) {
    if (!logging(level)) return;
    std::shared_ptr<const log_sink> sink;
    {
        std::lock_guard<std::mutex> lock(state().mutex);
        sink = state().sink;
    }
    if (sink)
        (*sink)(level, message);
    else
        std::cerr << ("libtiles " + std::string(to_string(level)) + ": " + message + "\n") << std::flush;
}

} // namespace tiles::engine

namespace tiles {

const char* to_string(log_level level) {
    switch (level) {
    case log_level::warning:
        return "warning";
    case log_level::info:
        return "info";
    case log_level::debug:
        return "debug";
    case log_level::off:
        break;
    }
    return "off";
}

void set_log(log_level level, log_sink sink) {
    engine::log_state& s = engine::state();
    std::lock_guard<std::mutex> lock(s.mutex);
    s.sink = sink ? std::make_shared<const log_sink>(std::move(sink)) : nullptr;
    s.verbosity.store(engine::verbosity(level), std::memory_order_relaxed);
}

log_level get_log_level() { return engine::by_verbosity[engine::state().verbosity.load(std::memory_order_relaxed)]; }

} // namespace tiles
