// libtiles: the device memory libtiles' own buffers hold, counted per device. A buffer the device
// cannot hold beside them is refused as out_of_memory before OpenCL is asked, since a driver may
// accept it and fail only later, or never: PoCL hands out more than its global memory and leaves
// the host to run out.
#pragma once

#include <cstdint>
#include <memory>

#include "devices/device_info.hpp"

namespace tiles::engine {

// `bytes` of a device's memory, counted as held from construction (or out_of_memory, naming the
// numbers) until destruction. A default-constructed reservation holds nothing (a caller's buffer).
class memory_reservation {
  public:
    memory_reservation() = default;
    memory_reservation(std::shared_ptr<const device_info> device, std::uint64_t bytes);
    memory_reservation(memory_reservation&& other) noexcept;
    memory_reservation& operator=(memory_reservation&& other) noexcept;
    memory_reservation(const memory_reservation&) = delete;
    memory_reservation& operator=(const memory_reservation&) = delete;
    ~memory_reservation();

    std::uint64_t bytes() const { return bytes_; }

  private:
    void release() noexcept;

    std::shared_ptr<const device_info> device_;
    std::uint64_t bytes_ = 0;
};

// A buffer of libtiles' own, and the reservation that counts it.
struct counted_buffer {
    cl::Buffer buffer;
    memory_reservation reserved;
};

// A new read-write buffer of `bytes` in `context`, on `device`, counted; out_of_memory, naming
// the numbers, beyond the device's largest allocation or the memory libtiles has left there once
// the device's pools of released buffers (buffer_pool.hpp) are freed.
counted_buffer allocate_counted(const cl::Context& context, std::shared_ptr<const device_info> device,
                                std::size_t bytes);

} // namespace tiles::engine
