// libtiles' CUDA backend: device-to-device copies in memory libcuda allocates (peer_copies.hpp).
// Every such allocation is on libcuda's first GPU, in its primary context (cuda_allocation), so a
// copy is one context's, and needs no peer access enabled between contexts.
#include "peer_copies.hpp"

#include <string>

#include "context/context.hpp"
#include "cuda_launch.hpp"
#include "libcuda.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::cuda {
namespace {

// Throws invalid_argument where `bytes` from `offset` run past `buffer`'s end.
void check_within(cl_mem buffer, std::size_t offset, std::size_t bytes, const char* which) {
    std::size_t size = 0;
    check(clGetMemObjectInfo(buffer, CL_MEM_SIZE, sizeof size, &size, nullptr), "clGetMemObjectInfo");
    if (offset > size || bytes > size - offset)
        throw invalid_argument(std::string("a device-to-device copy of ") + std::to_string(bytes) + " bytes at byte " +
                               std::to_string(offset) + " runs past the " + which + " buffer's " +
                               std::to_string(size) + " bytes");
}

} // namespace

bool copy_in_cuda_memory(const device_to_device_copy& copy) {
    const std::uint64_t from = cuda_address_of(copy.from), to = cuda_address_of(copy.to);
    // A queue that may wait for the caller's events may never finish: the host's path keeps the order.
    if (from == 0 || to == 0 || copy.from_context.may_wait_for_callers() || copy.to_context.may_wait_for_callers())
        return false;
    check_within(copy.from, copy.from_offset, copy.bytes, "source");
    check_within(copy.to, copy.to_offset, copy.bytes, "destination");
    // The rows are written by the source's work, and the destination's may still read the old ones.
    check(finish(copy.from_context.queue(), "the work before a copy through libcuda"), "clFinish");
    check(finish(copy.to_context.queue(), "the work before a copy through libcuda"), "clFinish");
    const libcuda& cuda = loaded_libcuda();
    const primary_context_pushed primary(cuda);
    check_cuda(cuda.memcpy_peer_async(to + copy.to_offset, cuda.primary_context, from + copy.from_offset,
                                      cuda.primary_context, copy.bytes, nullptr),
               "cuMemcpyPeerAsync");
    check_cuda(cuda.stream_synchronize(nullptr), "cuStreamSynchronize");
    return true;
}

} // namespace tiles::cuda
