// libtiles engine: the host's clock between the steps of one call, for the debug log, where what a
// call costs beyond its kernel is looked for (BENCHMARKS.md, the wgmma gemm through libcuda).
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

namespace tiles::engine {

// Where `on` (the debug log is), the milliseconds each step took by the host's clock, as
// "step 0.123 ms, next 0.045 ms"; where off, nothing is read or kept.
class step_clock {
  public:
    explicit step_clock(bool on) : on_(on), last_(on ? clock::now() : clock::time_point()) {}
    bool on() const { return on_; }
    // The step that ends now.
    void mark(const char* step) {
        if (!on_) return;
        const clock::time_point now = clock::now();
        char figure[32];
        std::snprintf(figure, sizeof figure, " %.3f ms",
                      std::chrono::duration<double, std::milli>(now - last_).count());
        text_ += (text_.empty() ? "" : ", ") + std::string(step) + figure;
        last_ = now;
    }
    const std::string& text() const { return text_; }

  private:
    using clock = std::chrono::steady_clock;
    bool on_;
    clock::time_point last_;
    std::string text_;
};

} // namespace tiles::engine
