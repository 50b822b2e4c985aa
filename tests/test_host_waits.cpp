// A wait on the host that lasts says what it waits for (host_waits.hpp): a command held back by a
// user event, which the test completes only once the watching thread has said the wait.
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "context/context.hpp"
#include "context/host_waits.hpp"
#include "fixture.hpp"
#include "scoped_log.hpp"

namespace {

// What the log says at the warning level, from any thread; and a wait for a part of it.
class said_log {
  public:
    said_log()
        : log_(tiles::log_level::warning, [this](tiles::log_level, const std::string& message) {
              std::lock_guard<std::mutex> lock(mutex_);
              text_ += message + "\n";
          }) {}
    std::string text() {
        std::lock_guard<std::mutex> lock(mutex_);
        return text_;
    }
    // Whether `part` was said within 20 s.
    bool says_within(const std::string& part) {
        for (int tries = 0; tries < 2000; ++tries) {
            if (text().find(part) != std::string::npos) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    }

  private:
    std::mutex mutex_;
    std::string text_;
    scoped_log log_;
};

// Waits are said after 100 ms while this lives, as they are after a minute otherwise.
struct waits_said_soon {
    waits_said_soon() { tiles::engine::say_waits_after(std::chrono::milliseconds(100)); }
    ~waits_said_soon() { tiles::engine::say_waits_after(std::chrono::minutes(1)); }
};

} // namespace

TEST_CASE_METHOD(fresh_view, "a wait that lasts says what it waits for, on which device, and how its command stands",
                 "[waits]") {
    using namespace tiles::engine;
    const std::shared_ptr<context> c = view.context();
    cl_int status = CL_SUCCESS;
    cl::UserEvent gate(c->opencl_context(), &status);
    REQUIRE(status == CL_SUCCESS);
    const std::vector<cl::Event> held_back{gate};
    cl::Event marker;
    REQUIRE(c->queue().enqueueMarkerWithWaitList(&held_back, &marker) == CL_SUCCESS);
    REQUIRE(c->queue().flush() == CL_SUCCESS);
    const waits_said_soon soon;
    said_log log;
    const std::string device = "'" + c->device()->name + "'";
    bool said = false;
    std::thread opener([&] {
        said = log.says_within("(clWaitForEvents)");
        gate.setStatus(CL_COMPLETE);
    });
    CHECK(wait_for(marker, "a test's marker") == CL_SUCCESS);
    opener.join();
    INFO(log.text());
    CHECK(said);
    // Said as OpenCL tells it: the command (a driver may call a marker with a wait list a barrier),
    // its device, and, held back by the gate, a state short of complete.
    CHECK(log.text().find("still waiting, 0 s so far, for a test's marker: a ") != std::string::npos);
    CHECK(log.text().find(" on " + device + ", ") != std::string::npos);
    CHECK(log.text().find(", complete (clWaitForEvents)") == std::string::npos);
    // And a queue's finish, by its device.
    cl::UserEvent second_gate(c->opencl_context(), &status);
    const std::vector<cl::Event> held_again{second_gate};
    REQUIRE(c->queue().enqueueMarkerWithWaitList(&held_again, nullptr) == CL_SUCCESS);
    std::thread second_opener([&] {
        said = log.says_within("for a test's queue: everything on a queue of " + device + " (clFinish)");
        second_gate.setStatus(CL_COMPLETE);
    });
    CHECK(finish(c->queue(), "a test's queue") == CL_SUCCESS);
    second_opener.join();
    CHECK(said);
}

TEST_CASE_METHOD(fresh_view, "a wait that ends before it is due is never said", "[waits]") {
    const waits_said_soon soon;
    said_log log;
    REQUIRE(tiles::engine::finish(view.context()->queue(), "a test's short wait") == CL_SUCCESS);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    CHECK(log.text().find("a test's short wait") == std::string::npos);
}
