// libtiles: the log. The level is an atomic that every call site reads; the sink is swapped
// under a mutex and called outside it, through a shared_ptr, so a sink replaced meanwhile stays
// alive until its last message is delivered.
#include "base/log.hpp"

#include <atomic>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "tiles/engine/immortal.hpp"

namespace tiles::engine {
namespace {

constexpr log_level by_verbosity[] = {log_level::off, log_level::warning, log_level::info, log_level::debug};

int verbosity(log_level level) {
    for (int v = 0; v < 4; ++v)
        if (by_verbosity[v] == level) return v;
    return 0;
}

// The level TILES_LOG sets, and what to say about a value it does not take (else empty).
std::pair<log_level, std::string> level_from_environment() {
    const char* setting = std::getenv("TILES_LOG");
    if (setting == nullptr || *setting == '\0') return {log_level::warning, ""};
    const std::string value = setting;
    for (log_level level : by_verbosity)
        if (value == to_string(level)) return {level, ""};
    if (value == "0") return {log_level::off, ""};
    std::string takes;
    for (int v = 0; v < 4; ++v) takes += std::string(v == 0 ? "" : v == 3 ? " or " : ", ") + to_string(by_verbosity[v]);
    return {log_level::warning, "TILES_LOG is '" + value + "'; it takes " + takes + ", so the log stays at warning"};
}

struct log_state {
    log_state() {
        auto [level, complaint] = level_from_environment();
        verbosity = engine::verbosity(level);
        environment_complaint = std::move(complaint);
    }
    std::atomic<int> verbosity{0};
    std::mutex mutex;
    std::shared_ptr<const log_sink> sink; // empty: stderr
    std::string environment_complaint;
};

log_state& state() {
    static immortal<log_state> s; // static destructors and atexit handlers may still log
    return *s;
}

bool passes(const log_state& s, log_level level) {
    return level != log_level::off && verbosity(level) <= s.verbosity.load(std::memory_order_relaxed);
}

// Hands `message` to the sink of the moment, or writes it on stderr where there is none.
void deliver(log_state& s, log_level level, const std::string& message) {
    std::shared_ptr<const log_sink> sink;
    {
        std::lock_guard<std::mutex> lock(s.mutex);
        sink = s.sink;
    }
    if (sink)
        (*sink)(level, message);
    else
        std::cerr << ("libtiles " + std::string(to_string(level)) + ": " + message + "\n") << std::flush;
}

// The log, once its first use has said, as a warning, what was wrong with TILES_LOG: by the sink
// set_log installs where that comes first (Python's logging, which sets its sink at import),
// else on stderr.
log_state& used_state() {
    static log_state& s = []() -> log_state& {
        log_state& first = state();
        if (!first.environment_complaint.empty() && passes(first, log_level::warning))
            deliver(first, log_level::warning, first.environment_complaint);
        return first;
    }();
    return s;
}

} // namespace

bool logging(log_level level) { return passes(used_state(), level); }

void log(log_level level, const std::string& message) {
    if (logging(level)) deliver(state(), level, message);
}

} // namespace tiles::engine

namespace tiles {

const char* to_string(log_level level) {
    // By value: the names of the C API's tiles_log_level and of Python's levels.
    static constexpr const char* names[] = {"off", "info", "debug", "warning"};
    const int value = int(level);
    return value >= 0 && value < int(std::size(names)) ? names[value] : "";
}

void set_log(log_level level, log_sink sink) {
    engine::log_state& s = engine::state();
    std::unique_lock<std::mutex> lock(s.mutex);
    s.sink = sink ? std::make_shared<const log_sink>(std::move(sink)) : nullptr;
    s.verbosity.store(engine::verbosity(level), std::memory_order_relaxed);
    lock.unlock();
    engine::used_state();
}

log_level get_log_level() { return engine::by_verbosity[engine::state().verbosity.load(std::memory_order_relaxed)]; }

} // namespace tiles
