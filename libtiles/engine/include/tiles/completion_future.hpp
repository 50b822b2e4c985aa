// libtiles: completion_future, what asynchronous calls return (AMP's name): wait for the work,
// poll whether it is done, or get() it, which also rethrows what made it fail.
#pragma once

#include <memory>

namespace tiles {

namespace engine {
class pending_work;
} // namespace engine

class completion_future {
  public:
    // A future with nothing to wait for.
    completion_future() = default;
    explicit completion_future(std::shared_ptr<engine::pending_work> work) : work_(std::move(work)) {}

    // Blocks until the work is done.
    void wait() const;
    // Whether the work is done, without blocking.
    bool is_ready() const;
    // Waits, then rethrows the exception the work ended with, if any.
    void get() const;

  private:
    std::shared_ptr<engine::pending_work> work_;
};

} // namespace tiles
