// libtiles: where destructors report the failures they cannot throw.
#include "tiles/diagnostics.hpp"

#include "base/log.hpp"
#include "tiles/engine/immortal.hpp"

#include <mutex>
#include <utility>

namespace tiles {
namespace {
std::mutex writeback_mutex;
engine::immortal<std::string> writeback_error; // a write-back at exit may fail after static destruction began
} // namespace

std::string take_writeback_error() {
    std::lock_guard<std::mutex> lock(writeback_mutex);
    return std::exchange(*writeback_error, std::string());
}

namespace engine {
void report_writeback_failure(const std::string& what) {
    const std::string failure = "writing a view's data back to host memory failed: " + what;
    log(log_level::warning, failure);
    std::lock_guard<std::mutex> lock(writeback_mutex);
    *writeback_error = failure;
}
} // namespace engine

} // namespace tiles
