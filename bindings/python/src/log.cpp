// libtiles' log, for Python's logging module. The C callback may run while libtiles holds its
// locks, so it must not wait for the GIL (a thread holding the GIL may be waiting for those
// locks): it queues the messages, and check() hands them to Python after each call.
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "common.hpp"
#include "registration.hpp"

namespace tiles_python {

namespace {

std::mutex log_mutex;
std::vector<std::pair<int, std::string>> log_queue;
// tiles._log.deliver, set with the level; never destroyed, since static destructors run after
// the interpreter is gone.
py::object& log_receiver = *new py::object();

void queue_log_message(tiles_log_level level, const char* message, void*) {
    std::lock_guard<std::mutex> lock(log_mutex);
    log_queue.emplace_back(int(level), message);
}

} // namespace

void deliver_log_messages() {
    std::vector<std::pair<int, std::string>> messages;
    {
        std::lock_guard<std::mutex> lock(log_mutex);
        if (log_queue.empty()) return;
        messages.swap(log_queue);
    }
    if (!log_receiver) return;
    for (const auto& [level, message] : messages) log_receiver(level, message);
}

void register_log(py::module_& m) {
    m.def(
        "_set_log",
        [](int level, py::object receiver) {
            check(tiles_set_log_callback(tiles_log_level(level), level == TILES_LOG_OFF ? nullptr : queue_log_message,
                                         nullptr));
            log_receiver = std::move(receiver);
        },
        py::arg("level"), py::arg("receiver"));
}

} // namespace tiles_python
