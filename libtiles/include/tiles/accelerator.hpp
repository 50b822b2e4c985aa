// libtiles: accelerators (OpenCL devices) and accelerator views (a context and an in-order
// command queue on one device), with the device limits that launches are checked against.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tiles {

namespace detail {
struct device_info;
class context_state;
} // namespace detail

class accelerator_view;

// What an accelerator view (or the whole process) has moved and done since its counters were
// last reset. Each transfer is one rectangle: a section moves as one, however many rows it has.
struct transfer_counters {
    std::uint64_t uploads = 0;   // host -> device transfers
    std::uint64_t downloads = 0; // device -> host transfers
    std::uint64_t bytes_uploaded = 0;
    std::uint64_t bytes_downloaded = 0;
    std::uint64_t device_copies = 0; // copies within one device (sections, array copies)
    std::uint64_t bytes_copied_on_device = 0;
    std::uint64_t kernel_builds = 0; // programs compiled from source
    std::uint64_t cache_hits = 0;    // launches that found their kernel already built
    std::uint64_t launches = 0;
    std::uint64_t binary_loads = 0; // programs loaded from the disk cache instead
};

// The counters of every accelerator view of the process together, and their reset.
transfer_counters total_counters();
void reset_total_counters();

// One OpenCL device. The default one is chosen by the TILES_DEVICE environment variable
// ("gpu", "cpu", "P:D" platform and device indices, or part of a platform or device name),
// else the first GPU, else the first device of any kind (PoCL's CPU device on a machine
// without a GPU).
class accelerator {
  public:
    // The default accelerator.
    accelerator();
    // The accelerator a TILES_DEVICE-style selector names; invalid_argument if none matches.
    explicit accelerator(const std::string& selector);

    // Every OpenCL device of every platform, in platform then device order.
    static std::vector<accelerator> get_all();
    // One sentence saying why the default accelerator is the one it is.
    static std::string default_reason();

    const std::string& name() const;
    const std::string& vendor() const;
    const std::string& platform_name() const;
    const std::string& driver_version() const;
    const std::string& device_version() const; // e.g. "OpenCL 3.0 PoCL ..."
    bool is_gpu() const;
    bool is_cpu() const;
    int platform_index() const;
    int device_index() const;

    // Limits, read from the device once.
    std::size_t max_tile_size() const;                  // CL_DEVICE_MAX_WORK_GROUP_SIZE
    std::array<std::size_t, 3> max_tile_extent() const; // per AMP dimension of a rank-3 tile
    std::size_t tile_static_memory() const;             // CL_DEVICE_LOCAL_MEM_SIZE, bytes
    std::uint64_t dedicated_memory() const;             // CL_DEVICE_GLOBAL_MEM_SIZE, bytes
    std::uint64_t max_allocation() const;               // CL_DEVICE_MAX_MEM_ALLOC_SIZE, bytes
    bool supports_double_precision() const;

    // The view every launch without an explicit view uses; the same object on every call.
    accelerator_view get_default_view() const;
    // A new view: its own context and in-order queue.
    accelerator_view create_view() const;

    friend bool operator==(const accelerator& a, const accelerator& b);
    friend bool operator!=(const accelerator& a, const accelerator& b) { return !(a == b); }

    // For libtiles itself and for interoperation with OpenCL code.
    const detail::device_info& info() const { return *info_; }

  private:
    friend class accelerator_view;
    explicit accelerator(std::shared_ptr<const detail::device_info> info);
    std::shared_ptr<const detail::device_info> info_;
};

// A context and an in-order command queue on one accelerator. Copies share the same queue.
// Kernels built for a view are cached with it and released with its last copy.
class accelerator_view {
  public:
    accelerator get_accelerator() const;

    // Blocks until everything enqueued on this view has finished, copy_async's included: the
    // data of a copy_async whose transfers went through this view has landed when it returns.
    void wait() const;
    // Submits what is enqueued to the device without waiting.
    void flush() const;

    transfer_counters counters() const;
    void reset_counters() const;

    friend bool operator==(const accelerator_view& a, const accelerator_view& b) { return a.state_ == b.state_; }
    friend bool operator!=(const accelerator_view& a, const accelerator_view& b) { return !(a == b); }

    // For libtiles itself and for interoperation with OpenCL code.
    explicit accelerator_view(std::shared_ptr<detail::context_state> state);
    const std::shared_ptr<detail::context_state>& state() const { return state_; }

  private:
    std::shared_ptr<detail::context_state> state_;
};

} // namespace tiles
