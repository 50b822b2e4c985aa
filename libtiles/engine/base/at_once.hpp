// libtiles engine: work for several contexts at once, each part on a thread of its own, since the
// host's side of a transfer from or to host memory (the staging pipeline's copies, a driver's
// copies through its own buffers) runs on the thread that asks for it.
#pragma once

#include <cstddef>
#include <exception>
#include <system_error>
#include <thread>
#include <vector>

namespace tiles::engine {

// Calls each(i) for i = 0 to count - 1 at once, each on a thread of its own (the calling thread
// takes the first), and returns once all have returned, throwing the first one's failure.
template <class Each> void at_once(std::size_t count, const Each& each) {
    std::vector<std::exception_ptr> failures(count);
    const auto run = [&](std::size_t i) {
        try {
            each(i);
        } catch (...) {
            failures[i] = std::current_exception();
        }
    };
    std::vector<std::thread> threads;
    // Where a thread cannot start, its part runs here: none is left unjoined.
    for (std::size_t i = 1; i < count; ++i) {
        try {
            threads.emplace_back(run, i);
        } catch (const std::system_error&) {
            run(i);
        }
    }
    if (count > 0) run(0);
    for (std::thread& t : threads) t.join();
    for (const std::exception_ptr& failure : failures)
        if (failure) std::rethrow_exception(failure);
}

} // namespace tiles::engine
