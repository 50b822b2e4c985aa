// libtiles: counting the device memory that libtiles' own buffers hold.
#include "memory/device_memory.hpp"

#include <algorithm>
#include <sstream>
#include <utility>

#include "memory/buffer_pool.hpp"
#include "memory/kept_by_buffer.hpp"
#include "seam/backend.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::engine {

memory_reservation::memory_reservation(std::shared_ptr<const device_info> device, std::uint64_t bytes)
    : device_(std::move(device)), bytes_(bytes) {
    std::uint64_t held = device_->bytes_held.load();
    do {
        if (bytes_ > device_->global_mem_size - std::min(held, device_->global_mem_size)) {
            std::ostringstream os;
            os << "cannot allocate " << bytes_ << " bytes on '" << device_->name << "': libtiles holds " << held
               << " of its " << device_->global_mem_size << " bytes already";
            throw out_of_memory(os.str(), CL_MEM_OBJECT_ALLOCATION_FAILURE);
        }
    } while (!device_->bytes_held.compare_exchange_weak(held, held + bytes_));
}

memory_reservation::memory_reservation(memory_reservation&& other) noexcept
    : device_(std::move(other.device_)), bytes_(std::exchange(other.bytes_, 0)) {}

memory_reservation& memory_reservation::operator=(memory_reservation&& other) noexcept {
    if (this != &other) {
        release();
        device_ = std::move(other.device_);
        bytes_ = std::exchange(other.bytes_, 0);
    }
    return *this;
}

memory_reservation::~memory_reservation() { release(); }

counted_buffer allocate_counted(const cl::Context& context, std::shared_ptr<const device_info> device,
                                std::size_t bytes) {
    if (device->host)
        throw invalid_argument("the CPU accelerator has no device memory: data used on it by a launch or a "
                               "device copy needs an accelerator view of an OpenCL device");
    if (bytes > device->max_mem_alloc_size) {
        std::ostringstream os;
        os << "cannot allocate " << bytes << " bytes on '" << device->name << "': its largest allocation is "
           << device->max_mem_alloc_size << " bytes (" << device->global_mem_size << " bytes in all)";
        throw out_of_memory(os.str(), CL_INVALID_BUFFER_SIZE);
    }
    const auto allocate = [&] {
        // Before each try, the retry after the pools are freed too: the memory a backend allocated
        // for buffers OpenCL has destroyed is the device's again only once released, and what was
        // kept by those buffers (kept_by_buffer.hpp) goes back to the pools, which the retry frees.
        release_dropped_kept();
        release_backends_dropped_memory();
        memory_reservation reserved(device, bytes);
        // A backend's memory where one makes the buffer (libcuda's, on Hopper, so that its launches
        // read and write the buffer in place), else OpenCL's.
        cl::Buffer buffer = buffer_from_backends(context, *device, bytes);
        if (buffer() == nullptr) {
            cl_int status = CL_SUCCESS;
            buffer = cl::Buffer(context, CL_MEM_READ_WRITE, bytes, nullptr, &status);
            check(status, "clCreateBuffer");
        } else if (const std::size_t held = buffer.getInfo<CL_MEM_SIZE>(); held > bytes) {
            // A backend's memory may hold `bytes` rounded up to its granularity: that is what counts.
            { const memory_reservation asked = std::move(reserved); }
            reserved = memory_reservation(device, held);
        }
        return counted_buffer{std::move(buffer), std::move(reserved)};
    };
    try {
        return allocate();
    } catch (const out_of_memory&) {
        // Every allocation, not the pools' own alone: the memory the pools keep is never what
        // stands in the way of one.
        free_device_pools(*device);
        return allocate();
    }
}

void memory_reservation::release() noexcept {
    if (device_ != nullptr) device_->bytes_held -= bytes_;
    device_.reset();
    bytes_ = 0;
}

} // namespace tiles::engine
