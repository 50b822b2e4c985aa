// libtiles engine: pinned host memory, and the list of every block of it.
#include "pinned_memory.hpp"

#include <cstdint>
#include <iterator>
#include <map>
#include <mutex>
#include <sstream>

#include "context.hpp"

namespace tiles::engine {
namespace {

// Every pinned block, by the address of its first byte: its last byte's address + 1.
std::mutex blocks_mutex;
std::map<std::uintptr_t, std::uintptr_t>& blocks() {
    static auto* const all =
        new std::map<std::uintptr_t, std::uintptr_t>; // never destroyed: blocks may outlive statics
    return *all;
}

} // namespace

pinned_block::pinned_block(const cl::Context& context, const cl::CommandQueue& queue, const device_info& device,
                           std::size_t bytes, const std::string& purpose)
    : queue_(queue), bytes_(bytes) {
    if (bytes > device.max_mem_alloc_size) {
        std::ostringstream os;
        os << purpose << " of " << bytes << " bytes exceeds the largest allocation of '" << device.name << "' ("
           << device.max_mem_alloc_size << " bytes), which pins its memory";
        throw out_of_memory(os.str(), CL_INVALID_BUFFER_SIZE);
    }
    cl_int status = CL_SUCCESS;
    buffer_ = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes, nullptr, &status);
    check(status,
          ("clCreateBuffer of " + std::to_string(bytes) + " bytes of pinned host memory for " + purpose).c_str());
    mapped_ =
        queue_.enqueueMapBuffer(buffer_, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, nullptr, nullptr, &status);
    check(status,
          ("clEnqueueMapBuffer of " + std::to_string(bytes) + " bytes of pinned host memory for " + purpose).c_str());
    const auto begin = reinterpret_cast<std::uintptr_t>(mapped_);
    std::lock_guard<std::mutex> lock(blocks_mutex);
    blocks()[begin] = begin + bytes;
}

pinned_block::~pinned_block() {
    {
        std::lock_guard<std::mutex> lock(blocks_mutex);
        blocks().erase(reinterpret_cast<std::uintptr_t>(mapped_));
    }
    // Should the unmap fail, nothing is lost: the mapping ends with the buffer.
    cl::Event unmapped;
    if (queue_.enqueueUnmapMemObject(buffer_, mapped_, nullptr, &unmapped) == CL_SUCCESS) unmapped.wait();
}

bool is_pinned(const void* begin, std::size_t bytes) {
    const auto first = reinterpret_cast<std::uintptr_t>(begin);
    std::lock_guard<std::mutex> lock(blocks_mutex);
    const auto after = blocks().upper_bound(first);
    if (after == blocks().begin()) return false;
    const auto block = std::prev(after);
    return first < block->second && bytes <= block->second - first;
}

} // namespace tiles::engine
