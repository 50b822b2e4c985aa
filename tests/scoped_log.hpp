// The log sent to a test's sink while it lives, then as the test found it: at the level it had,
// to stderr. A test that left the log off, or its sink in place, would silence the warnings a
// later test of the same process checks (the tuning file's, say).
#pragma once

#include <tiles/log.hpp>

#include <utility>

class scoped_log {
  public:
    scoped_log(tiles::log_level level, tiles::log_sink sink) : before_(tiles::get_log_level()) {
        tiles::set_log(level, std::move(sink));
    }
    scoped_log(const scoped_log&) = delete;
    scoped_log& operator=(const scoped_log&) = delete;
    ~scoped_log() { stop(); }

    // The log as the test found it from now on: what the sink holds is complete.
    void stop() {
        if (stopped_) return;
        tiles::set_log(before_);
        stopped_ = true;
    }

  private:
    tiles::log_level before_;
    bool stopped_ = false;
};
