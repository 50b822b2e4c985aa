// libtiles engine: pinned host memory, the list of every block of it, and the blocks callers own.
#include "memory/pinned_memory.hpp"

#include <cstdint>
#include <iterator>
#include <map>
#include <mutex>
#include <sstream>

#include "context/context.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/engine/pinned.hpp"

namespace tiles::engine {
namespace {

// Every pinned block, by the address of its first byte: its last byte's address + 1.
std::mutex blocks_mutex;
std::map<std::uintptr_t, std::uintptr_t>& blocks() {
    static immortal<std::map<std::uintptr_t, std::uintptr_t>> all; // blocks may outlive statics
    return *all;
}

// The blocks allocate_pinned handed out, by address.
std::mutex callers_mutex;
std::map<void*, std::unique_ptr<pinned_block>>& callers_blocks() {
    static immortal<std::map<void*, std::unique_ptr<pinned_block>>> owned;
    return *owned;
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

void* allocate_pinned(const std::shared_ptr<context>& context, std::size_t bytes) {
    if (bytes == 0) throw invalid_argument("pinned host memory of 0 bytes: ask for at least one byte");
    if (context->device()->host)
        throw invalid_argument("the CPU accelerator has no driver to pin host memory: give the context of the device "
                               "the data is to move to and from");
    auto block = std::make_unique<pinned_block>(context->opencl_context(), context->queue(), *context->device(), bytes,
                                                "pinned host memory");
    void* memory = block->data();
    std::lock_guard<std::mutex> lock(callers_mutex);
    callers_blocks().emplace(memory, std::move(block));
    return memory;
}

void free_pinned(void* memory) {
    if (memory == nullptr) return;
    std::unique_ptr<pinned_block> block;
    {
        std::lock_guard<std::mutex> lock(callers_mutex);
        const auto found = callers_blocks().find(memory);
        if (found == callers_blocks().end())
            throw invalid_argument("the memory to free as pinned host memory was not allocated as such (or was freed "
                                   "already): free only what tiles_host_alloc or pinned_allocator gave, once");
        block = std::move(found->second);
        callers_blocks().erase(found);
    }
}

} // namespace tiles::engine
