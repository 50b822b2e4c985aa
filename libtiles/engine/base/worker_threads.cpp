// libtiles engine: the threads a staged transfer copies host memory with.
#include "base/worker_threads.hpp"

namespace tiles::engine {

worker_threads::~worker_threads() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
}

void worker_threads::run(int count, const std::function<void(int)>& job) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        while (int(threads_.size()) < count - 1) {
            const int index = int(threads_.size()) + 1;
            threads_.emplace_back([this, index] { serve(index); });
        }
        job_ = &job;
        wanted_ = count;
        running_ = count - 1;
        ++generation_;
    }
    wake_.notify_all();
    job(0);
    std::unique_lock<std::mutex> lock(mutex_);
    finished_.wait(lock, [&] { return running_ == 0; });
    job_ = nullptr;
}

void worker_threads::serve(int index) {
    std::unique_lock<std::mutex> lock(mutex_);
    // A thread is started by a run, which counts on it: it takes part in that run first.
    std::uint64_t seen = generation_ - 1;
    for (;;) {
        wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
        if (stopping_) return;
        seen = generation_;
        if (index >= wanted_) continue;
        const std::function<void(int)>& job = *job_;
        lock.unlock();
        job(index);
        lock.lock();
        if (--running_ == 0) finished_.notify_one();
    }
}

} // namespace tiles::engine
