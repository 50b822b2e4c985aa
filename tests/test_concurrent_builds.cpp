// Builds of one context from several threads: two programs build at once, neither waiting for the
// other's compiler, one program asked for by many threads at once is built once, and one that
// does not build gives each thread that asked an error of its own. Built again under
// ThreadSanitizer, which runs the tests tagged [threads].
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "fixture.hpp"
#include "scoped_log.hpp"

namespace {

// TILES_PROGRAM_CACHE=off while it lives: every program is compiled, none loaded from disk.
class program_cache_off {
  public:
    program_cache_off() {
        if (const char* setting = std::getenv("TILES_PROGRAM_CACHE")) previous_ = setting;
        setenv("TILES_PROGRAM_CACHE", "off", 1);
    }
    ~program_cache_off() {
        previous_.empty() ? unsetenv("TILES_PROGRAM_CACHE") : setenv("TILES_PROGRAM_CACHE", previous_.c_str(), 1);
    }
    program_cache_off(const program_cache_off&) = delete;
    program_cache_off& operator=(const program_cache_off&) = delete;

  private:
    std::string previous_;
};

// A kernel's source, made unique by `name` and `tag` so that no earlier build in the process answers.
std::string fill_source(const std::string& name, int tag) {
    return "__kernel void " + name +
           "(__global int* out) { out[get_thread_index().global_id[0]] = " + std::to_string(tag) + "; }";
}

} // namespace

TEST_CASE_METHOD(fresh_view, "two threads build different kernels of one context at once", "[threads][cache]") {
    const program_cache_off off;
    static int tag = 0;
    ++tag;
    const tiles::kernel first(fill_source("first", tag), "first"), second(fill_source("second", tag), "second");
    // The log says "building kernel 'first'" as the engine starts its build, and "built kernel
    // 'first'" once the compiler is done. The first build waits at its start until the second has
    // started: where one build held the context's programs until it was done, the second could
    // not start, and the first would give up waiting and finish first.
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<std::string> events;
    auto said = [&](const std::string& event) {
        for (const std::string& e : events)
            if (e == event) return true;
        return false;
    };
    scoped_log log(tiles::log_level::info, [&](tiles::log_level, const std::string& message) {
        std::unique_lock<std::mutex> lock(mutex);
        for (const char* kernel : {"first", "second"})
            for (const char* step : {"building", "built"})
                if (message.rfind(std::string(step) + " kernel '" + kernel + "'", 0) == 0) {
                    events.push_back(std::string(step) + " " + kernel);
                    changed.notify_all();
                }
        if (message.rfind("building kernel 'first'", 0) == 0)
            changed.wait_for(lock, std::chrono::seconds(20), [&] { return said("building second"); });
    });
    std::thread builds_first([&] { tiles::build(view, tiles::extent<1>(4), first); });
    {
        std::unique_lock<std::mutex> lock(mutex);
        changed.wait_for(lock, std::chrono::seconds(20), [&] { return said("building first"); });
    }
    tiles::build(view, tiles::extent<1>(4), second);
    builds_first.join();
    log.stop();
    const std::vector<std::string> overlapping{"building first", "building second"};
    REQUIRE(events.size() == 4);
    CHECK(std::vector<std::string>(events.begin(), events.begin() + 2) == overlapping);
    CHECK(view.counters().kernel_builds == 2);
}

TEST_CASE_METHOD(fresh_view, "a kernel asked for by eight threads at once is built once", "[threads][cache]") {
    const program_cache_off off;
    static int tag = 0;
    ++tag;
    const std::string source = fill_source("fill", tag);
    constexpr int threads = 8;
    std::vector<int> out(threads * 4);
    std::vector<std::thread> running;
    for (int t = 0; t < threads; ++t)
        running.emplace_back([&, t] {
            // A kernel object of each thread's own: they meet in the context's programs only.
            const tiles::kernel fill(source, "fill");
            tiles::array_view<int, 1> part(4, out.data() + t * 4);
            tiles::parallel_for_each(view, part.extent, fill, part);
            part.synchronize();
        });
    for (std::thread& t : running) t.join();
    CHECK(view.counters().kernel_builds == 1);
    CHECK(view.counters().cache_hits == threads - 1);
    CHECK(out == std::vector<int>(threads * 4, tag));
}

TEST_CASE_METHOD(fresh_view, "threads that ask for a kernel that does not build each get its build error",
                 "[threads][cache]") {
    const program_cache_off off;
    static int tag = 0;
    ++tag;
    const std::string source = fill_source("broken", tag) + "\n__kernel void also_broken() { undeclared = 1; }";
    constexpr int threads = 4;
    std::vector<std::string> messages(threads);
    std::vector<std::thread> running;
    for (int t = 0; t < threads; ++t)
        running.emplace_back([&, t] {
            try {
                tiles::build(view, tiles::extent<1>(4), tiles::kernel(source, "broken"));
            } catch (const tiles::build_error& e) {
                messages[t] = e.what();
            }
        });
    for (std::thread& t : running) t.join();
    for (const std::string& message : messages) {
        INFO("message: " << message);
        CHECK(message.find("kernel 'broken' could not be built") != std::string::npos);
        CHECK(message.find("undeclared") != std::string::npos);
    }
    // A failed build is not kept: the next request builds again, and fails the same way.
    const std::uint64_t builds = view.counters().kernel_builds;
    CHECK_THROWS_AS(tiles::build(view, tiles::extent<1>(4), tiles::kernel(source, "broken")), tiles::build_error);
    CHECK(view.counters().kernel_builds == builds + 1);
}
