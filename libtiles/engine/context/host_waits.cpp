// libtiles engine: waits on the host that say what they wait for (host_waits.hpp).
#include "context/host_waits.hpp"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "base/log.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::engine {
namespace {

using wait_clock = std::chrono::steady_clock;

// A wait in progress, on its waiter's stack: `event` is the waiter's, alive until it is forgotten;
// `what` a literal, which the watching thread may still read after the wait.
struct noted {
    const char* what;
    cl_event event;         // null where a queue is finished
    cl_command_queue queue; // the queue finished; the event's is asked of the event
    wait_clock::time_point since, said_at;
};

struct wait_table {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<noted*> waits;
    bool watched = false;
    wait_clock::duration say_after = std::chrono::minutes(1);
};
wait_table& waits() {
    static immortal<wait_table> table;
    return *table;
}

const char* command_name(cl_command_type type) {
    switch (type) {
    case CL_COMMAND_NDRANGE_KERNEL:
        return "a kernel";
    case CL_COMMAND_READ_BUFFER:
    case CL_COMMAND_READ_BUFFER_RECT:
        return "a read of a buffer";
    case CL_COMMAND_WRITE_BUFFER:
    case CL_COMMAND_WRITE_BUFFER_RECT:
        return "a write of a buffer";
    case CL_COMMAND_COPY_BUFFER:
    case CL_COMMAND_COPY_BUFFER_RECT:
        return "a copy between buffers";
    case CL_COMMAND_FILL_BUFFER:
        return "a fill of a buffer";
    case CL_COMMAND_MAP_BUFFER:
        return "a map of a buffer";
    case CL_COMMAND_UNMAP_MEM_OBJECT:
        return "an unmap";
    case CL_COMMAND_MARKER:
        return "a marker";
    case CL_COMMAND_BARRIER:
        return "a barrier";
    case CL_COMMAND_USER:
        return "a user event";
    default:
        return "a command";
    }
}

std::string status_text(cl_int status) {
    switch (status) {
    case CL_QUEUED:
        return "queued (not yet handed to the device)";
    case CL_SUBMITTED:
        return "submitted";
    case CL_RUNNING:
        return "running";
    case CL_COMPLETE:
        return "complete";
    default:
        return std::string("failed with ") + cl_status_name(status);
    }
}

std::string device_of(cl_command_queue queue) {
    cl_device_id device = nullptr;
    char name[256] = "";
    if (queue == nullptr || clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof device, &device, nullptr) != 0 ||
        clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name - 1, name, nullptr) != CL_SUCCESS)
        return "an unknown device";
    return std::string("'") + name + "'";
}

// A wait due to be said, taken from the table: its event or queue retained, so that OpenCL is asked
// of it outside the table's lock. A driver that answers no query while a wait lasts then stalls
// the watching thread alone, never the waits that note themselves in the table.
struct due_wait {
    const char* what;
    cl_event event;
    cl_command_queue queue;
    wait_clock::duration lasted;
};

due_wait taken(const noted& w, wait_clock::time_point now) {
    if (w.event != nullptr) clRetainEvent(w.event);
    if (w.queue != nullptr) clRetainCommandQueue(w.queue);
    return {w.what, w.event, w.queue, now - w.since};
}

// What `w` waits for, as OpenCL tells it now; its handles released.
std::string said_of(const due_wait& w) {
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(w.lasted).count();
    std::string text = "still waiting, " + std::to_string(seconds) + " s so far, for " + w.what;
    if (w.event == nullptr) {
        text += ": everything on a queue of " + device_of(w.queue) + " (clFinish)";
        clReleaseCommandQueue(w.queue);
        return text;
    }
    cl_command_queue queue = nullptr;
    cl_command_type type = 0;
    cl_int status = CL_QUEUED;
    clGetEventInfo(w.event, CL_EVENT_COMMAND_QUEUE, sizeof queue, &queue, nullptr);
    clGetEventInfo(w.event, CL_EVENT_COMMAND_TYPE, sizeof type, &type, nullptr);
    clGetEventInfo(w.event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr);
    text += std::string(": ") + command_name(type) + " on " + device_of(queue) + ", " + status_text(status) +
            " (clWaitForEvents)";
    clReleaseEvent(w.event);
    return text;
}

// Takes the waits due (with `lock` on the table held) and says them with the lock let go.
void say_due(wait_table& table, std::unique_lock<std::mutex>& lock) {
    const wait_clock::time_point now = wait_clock::now();
    std::vector<due_wait> said;
    said.reserve(table.waits.size()); // before any handle is retained
    for (noted* w : table.waits)
        if (now - w->said_at >= table.say_after) said.push_back(taken(*w, now)), w->said_at = now;
    lock.unlock();
    for (const due_wait& w : said) {
        try {
            log(log_level::warning, said_of(w));
        } catch (const std::exception&) {
            // Out of memory: this one goes unsaid; the thread must not end the process.
        }
    }
    lock.lock();
}

// The watching thread: sleeps until the first wait is due to be said, takes those due, says them
// outside the lock (the log's sink is the caller's code, and OpenCL is asked), and sleeps again.
// Never ends: the process does.
void watch() {
    wait_table& table = waits();
    std::unique_lock<std::mutex> lock(table.mutex);
    for (;;) {
        auto due = wait_clock::time_point::max();
        for (const noted* w : table.waits) due = std::min(due, w->said_at + table.say_after);
        if (due == wait_clock::time_point::max())
            table.changed.wait(lock);
        else
            table.changed.wait_until(lock, due);
        try {
            say_due(table, lock);
        } catch (const std::exception&) {
            // Out of memory before any was taken: the waits go unsaid this time, the lock still held.
        }
    }
}

// `w` noted while it lives, the watching thread started with the first.
class noting {
  public:
    explicit noting(noted& w) : w_(w) {
        wait_table& table = waits();
        {
            std::lock_guard<std::mutex> lock(table.mutex);
            table.waits.push_back(&w_);
            if (!table.watched) start_watching(table);
        }
        table.changed.notify_one();
    }
    ~noting() {
        wait_table& table = waits();
        std::lock_guard<std::mutex> lock(table.mutex);
        table.waits.erase(std::find(table.waits.begin(), table.waits.end(), &w_));
    }
    noting(const noting&) = delete;
    noting& operator=(const noting&) = delete;

  private:
    // A thread that cannot be started leaves waits unsaid, not failed.
    static void start_watching(wait_table& table) {
        try {
            std::thread(watch).detach();
            table.watched = true;
        } catch (const std::system_error&) {
        }
    }
    noted& w_;
};

} // namespace

cl_int wait_for(const cl::Event& event, const char* what) {
    const wait_clock::time_point now = wait_clock::now();
    noted w{what, event(), nullptr, now, now};
    const noting noting_it(w);
    return event.wait();
}

cl_int finish(const cl::CommandQueue& queue, const char* what) {
    const wait_clock::time_point now = wait_clock::now();
    noted w{what, nullptr, queue(), now, now};
    const noting noting_it(w);
    return queue.finish();
}

void say_waits_after(std::chrono::milliseconds after) {
    wait_table& table = waits();
    {
        std::lock_guard<std::mutex> lock(table.mutex);
        table.say_after = after;
    }
    table.changed.notify_one();
}

} // namespace tiles::engine
