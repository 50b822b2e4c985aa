// libtiles engine: what a layer above keeps by a device buffer (gemm: an operand's tensor map and
// the matrices it makes from the operand), dropped by the engine when what it was made for goes:
// what was made from the buffer's data when the buffer goes back to its context's pool, whose
// next user's data is another's (and so before the pool can free the buffer); anything when OpenCL
// destroys the buffer (a caller's own, one handed out, one the pool frees). So what is made from a
// pooled buffer's data goes back to the pool with it, within the pool's limit; what is made from a
// caller's own buffer stays while OpenCL keeps that buffer. What is kept must not hold the
// buffer's context (a storage does): a pool's buffer keeping it would keep its own pool alive.
#pragma once

#include <memory>
#include <string>

struct _cl_mem;

namespace tiles::engine {

// What a thing kept by a buffer was made for, and so how long it stays.
enum class kept_for {
    // The data the buffer holds now (a matrix made from it): dropped when the buffer goes back to
    // its pool too.
    data,
    // The buffer whatever data it holds (a tensor map of its address and a shape, a few bytes):
    // dropped when OpenCL destroys the buffer.
    buffer,
};

// What is kept by `buffer` under `key`, or null. The key is the keeper's own (its name and what
// it made the thing for), and says what type is kept there.
std::shared_ptr<void> kept_by(_cl_mem* buffer, const std::string& key);
// Keeps `kept` by `buffer` under `key`, in place of what was kept there, for as long as `made_for`
// says. Throws where OpenCL refuses the destructor callback by which it learns of the buffer's end.
void keep_by(_cl_mem* buffer, const std::string& key, std::shared_ptr<void> kept, kept_for made_for);

// The pool's notice that it takes `buffer` back (buffer_pool::give_back): what was kept for its
// data goes now, on the caller's thread.
void drop_kept_for_data(_cl_mem* buffer) noexcept;
// Releases what was kept by buffers OpenCL has destroyed since the last call: before each device
// allocation (allocate_counted), where the room it frees may be needed, and at each keep_by, since
// OpenCL's destructor callback, where no OpenCL object may be released, only sets it aside.
void release_dropped_kept() noexcept;

} // namespace tiles::engine
