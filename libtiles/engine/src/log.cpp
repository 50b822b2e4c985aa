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

log_level level_from_environment() {
    const char* setting = std::getenv("TILES_LOG");
    if (setting == nullptr) return log_level::off;
    const std::string value = setting;
    if (value == "info") return log_level::info;
    if (value == "debug") return log_level::debug;
    if (!value.empty() && value != "off" && value != "0")
        std::cerr << "libtiles: TILES_LOG is '" << value << "'; it takes info, debug or off, so the log stays off\n";
    return log_level::off;
}

struct log_state {
    std::atomic<int> level{int(level_from_environment())};
    std::mutex mutex;
    std::shared_ptr<const log_sink> sink; // empty: stderr
};

log_state& state() {
    static auto* s = new log_state; // outlives static destructors that may still log
    return *s;
}

const char* name_of(log_level level) { return level == log_level::debug ? "debug" : "info"; }

} // namespace

bool logging(log_level level) {
    return int(level) <= state().level.load(std::memory_order_relaxed) && level != log_level::off;
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
        std::cerr << ("libtiles " + std::string(name_of(level)) + ": " + message + "\n") << std::flush;
}

} // namespace tiles::engine

namespace tiles {

void set_log(log_level level, log_sink sink) {
    engine::log_state& s = engine::state();
    std::lock_guard<std::mutex> lock(s.mutex);
    s.sink = sink ? std::make_shared<const log_sink>(std::move(sink)) : nullptr;
    s.level.store(int(level), std::memory_order_relaxed);
}

log_level get_log_level() { return log_level(engine::state().level.load(std::memory_order_relaxed)); }

} // namespace tiles
