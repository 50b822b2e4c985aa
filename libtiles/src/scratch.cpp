// libtiles: the scratch buffers of an accelerator view (context_state.hpp).
#include <algorithm>

#include "context_state.hpp"

namespace tiles::detail {
namespace {

// Buffers kept for reuse: enough for a few calls in flight at once (several threads on one
// view), without holding on to much memory.
constexpr std::size_t kept_scratch_buffers = 4;

} // namespace

context_state::scratch_buffer context_state::take_scratch(std::size_t bytes) {
    {
        std::lock_guard<std::mutex> lock(scratch_mutex_);
        const auto fits = std::find_if(free_scratch_.begin(), free_scratch_.end(),
                                       [&](const scratch_buffer& s) { return s.bytes >= bytes; });
        if (fits != free_scratch_.end()) {
            scratch_buffer found = std::move(*fits);
            free_scratch_.erase(fits);
            return found;
        }
    }
    counted_buffer allocated = allocate_counted(context_, device_, bytes);
    return {std::move(allocated.buffer), bytes, std::move(allocated.reserved)};
}

void context_state::give_back_scratch(scratch_buffer scratch) {
    std::lock_guard<std::mutex> lock(scratch_mutex_);
    const auto at = std::find_if(free_scratch_.begin(), free_scratch_.end(),
                                 [&](const scratch_buffer& s) { return s.bytes >= scratch.bytes; });
    free_scratch_.insert(at, std::move(scratch));
    // The smallest go first: a larger buffer serves every call a smaller one would.
    if (free_scratch_.size() > kept_scratch_buffers) free_scratch_.erase(free_scratch_.begin());
}

const cl::Buffer& context_state::finished_tiles_counter() {
    std::lock_guard<std::mutex> lock(scratch_mutex_);
    if (!finished_tiles_) {
        finished_tiles_ = allocate_counted(context_, device_, sizeof(cl_uint));
        const cl_uint zero = 0;
        check(queue_.enqueueWriteBuffer(finished_tiles_->buffer, CL_TRUE, 0, sizeof zero, &zero),
              "clEnqueueWriteBuffer");
    }
    return finished_tiles_->buffer;
}

} // namespace tiles::detail
