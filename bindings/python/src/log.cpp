// libtiles' log for Python's logging module, under the logger "tiles" and at its level: before
// each call that releases the GIL, and after each call, libtiles' level is set from the logger's
// effective level, so that setLevel on it (or on the root logger) is all it takes. libtiles calls
// the sink on the thread doing the work, maybe holding its locks, so the sink never waits for the
// GIL (a thread holding the GIL may be waiting for those locks): it queues the message and wakes
// the thread "tiles-log", which takes the GIL and hands the messages to the logger while the call
// that caused them goes on without the GIL. check() hands over what is still queued when a call
// returns, so that a call's messages have all arrived by then.
#include <condition_variable>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "common.hpp"
#include "registration.hpp"

namespace tiles_python {

namespace {

struct log_delivery {
    std::mutex queue_mutex;
    std::condition_variable queued;
    std::vector<std::pair<int, std::string>> queue;
    std::size_t undelivered = 0; // queued, or taken from the queue and not yet handed over
    bool stopping = false;
    // Held by whoever hands messages over, taken before the GIL: one at a time, in order.
    std::mutex delivering;
};

// Never destroyed (static destructors run after the interpreter is gone); made anew in a child
// after fork, where the delivery thread is gone and may have left its mutexes locked.
log_delivery* delivery = new log_delivery;
// tiles._log._deliver and the logger "tiles", set at import.
py::object& receiver = *new py::object();
py::object& logger = *new py::object();
int level_given = -1;                      // to libtiles, last; guarded by the GIL
thread_local bool delivering_here = false; // a handler that calls libtiles: its messages follow

void queue_message(tiles_log_level level, const char* message, void*) {
    {
        std::lock_guard<std::mutex> lock(delivery->queue_mutex);
        delivery->queue.emplace_back(int(level), message);
        ++delivery->undelivered;
    }
    delivery->queued.notify_one();
}

} // namespace

void follow_log_level() {
    if (!logger) return;
    const int python = logger.attr("getEffectiveLevel")().cast<int>(); // DEBUG 10, INFO 20, WARNING 30
    const int level = python <= 10   ? TILES_LOG_DEBUG
                      : python <= 20 ? TILES_LOG_INFO
                      : python <= 30 ? TILES_LOG_WARNING
                                     : TILES_LOG_OFF;
    if (level == level_given) return;
    tiles_set_log_callback(tiles_log_level(level), queue_message, nullptr);
    level_given = level;
}

void deliver_log_messages() {
    if (delivering_here || !receiver) return;
    log_delivery& d = *delivery;
    {
        std::lock_guard<std::mutex> lock(d.queue_mutex);
        if (d.undelivered == 0) return;
    }
    // Waits for the messages another thread is handing over, so that a call's have all arrived
    // when it returns.
    std::unique_lock<std::mutex> in_order;
    {
        py::gil_scoped_release release;
        in_order = std::unique_lock<std::mutex>(d.delivering);
    }
    std::vector<std::pair<int, std::string>> messages;
    {
        std::lock_guard<std::mutex> lock(d.queue_mutex);
        messages.swap(d.queue);
    }
    delivering_here = true;
    for (const auto& [level, message] : messages) {
        try {
            receiver(level, message);
        } catch (py::error_already_set& e) {
            e.discard_as_unraisable("libtiles' log");
        }
    }
    delivering_here = false;
    std::lock_guard<std::mutex> lock(d.queue_mutex);
    d.undelivered -= messages.size();
}

void register_log(py::module_& m) {
    m.def(
        "_set_log",
        [](py::object to_logger, py::object to_receiver) {
            logger = std::move(to_logger);
            receiver = std::move(to_receiver);
            follow_log_level();
        },
        py::arg("logger"), py::arg("receiver"));
    m.def("_deliver_log_forever", [] {
        for (;;) {
            {
                py::gil_scoped_release release;
                std::unique_lock<std::mutex> lock(delivery->queue_mutex);
                delivery->queued.wait(lock, [] { return !delivery->queue.empty() || delivery->stopping; });
                if (delivery->stopping) break;
            }
            deliver_log_messages();
        }
    });
    m.def("_stop_log_delivery", [] {
        {
            std::lock_guard<std::mutex> lock(delivery->queue_mutex);
            delivery->stopping = true;
        }
        delivery->queued.notify_all();
    });
    m.def("_renew_log_delivery_after_fork", [] { delivery = new log_delivery; });
}

} // namespace tiles_python
