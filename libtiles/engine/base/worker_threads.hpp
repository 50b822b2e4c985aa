// libtiles engine: a few threads kept for one job at a time, so that a staged transfer spreads its
// host copies over threads without paying for a thread's start at every transfer.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tiles::engine {

class worker_threads {
  public:
    worker_threads() = default;
    // Ends the threads (none runs a job then: run() has returned).
    ~worker_threads();
    worker_threads(const worker_threads&) = delete;
    worker_threads& operator=(const worker_threads&) = delete;

    // Calls job(0) to job(count - 1) at once, job(0) on the calling thread and the others on
    // threads of its own, started the first time so many are wanted; returns once every call has
    // returned. `job` must not throw. One run at a time.
    void run(int count, const std::function<void(int)>& job);

  private:
    void serve(int index);

    std::mutex mutex_;
    std::condition_variable wake_, finished_;
    std::vector<std::thread> threads_; // thread i runs job(i + 1)
    const std::function<void(int)>* job_ = nullptr;
    int wanted_ = 0;               // job indices of the run under way
    int running_ = 0;              // worker calls of it not yet returned
    std::uint64_t generation_ = 0; // runs started
    bool stopping_ = false;
};

} // namespace tiles::engine
