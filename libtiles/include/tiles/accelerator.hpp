// libtiles: accelerators (OpenCL devices) and accelerator views (a context and an in-order
// command queue on one device), with the device limits that launches are checked against.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tiles/access_type.hpp"
#include "tiles/counters.hpp"
#include "tiles/engine/context.hpp"

namespace tiles {

class accelerator_view;
class completion_future;

// C++ AMP's queuing modes of an accelerator view, and what they are on OpenCL, whose queues hold
// what is enqueued until the driver submits it to the device (or clFlush does):
// - queuing_mode_immediate: libtiles submits each command it enqueues (a kernel, a transfer, a
//   marker) at once, with clFlush, as AMP sends each command to the device before returning;
// - queuing_mode_automatic (the default): libtiles leaves submission to the driver, which batches
//   commands; a blocking call (a host read, wait()) submits what it waits for, and flush() all.
enum queuing_mode { queuing_mode_immediate, queuing_mode_automatic };

// One OpenCL device, or C++ AMP's CPU accelerator (the host, where data can live but no kernel
// runs). The default one is the one accelerator::set_default chose, else the one the
// TILES_DEVICE environment variable names ("gpu", "cpu", "P:D" platform and device indices, or
// part of a platform or device name), else the first GPU, else the first device of any kind
// (PoCL's CPU device on a machine without a GPU). Under TILES_CHECKED=1 (or strict) the default
// is the Oclgrind simulator, whose default view is the checked view launches without one use.
class accelerator {
  public:
    // C++ AMP's device paths. "default" is the default accelerator and "cpu" the CPU accelerator
    // (the host); Direct3D's name emulated OpenCL devices: WARP the first OpenCL CPU device, REF
    // checked mode's Oclgrind simulator (else the first CPU device).
    static constexpr wchar_t default_accelerator[] = L"default";
    static constexpr wchar_t cpu_accelerator[] = L"cpu";
    static constexpr wchar_t direct3d_warp[] = L"direct3d\\warp";
    static constexpr wchar_t direct3d_ref[] = L"direct3d\\ref";

    // The default accelerator; using it fixes the default (set_default then returns false).
    accelerator();
    // The accelerator a TILES_DEVICE-style selector names ("gpu", "cpu" for an OpenCL CPU device,
    // "P:D", part of a name), "default", a device path of get_device_path(), or AMP's Direct3D
    // paths; invalid_argument if none matches.
    explicit accelerator(const std::string& selector);
    // The accelerator an AMP device path names: L"default", L"cpu" (AMP's CPU accelerator, the
    // host, which only holds data: staging arrays), a device path of get_device_path(), or any
    // selector the narrow constructor takes (AMP's Direct3D paths among them).
    explicit accelerator(const std::wstring& path);

    // Every OpenCL device of every platform, in platform then device order.
    static std::vector<accelerator> get_all();
    // One sentence saying why the default accelerator is the one it is.
    static std::string default_reason();
    // Makes the accelerator `path` names (as the constructors take it) the default, and returns
    // true; returns false, changing nothing, once the default has been used (by accelerator(),
    // a launch or an array without a view, default_reason()) or set. It wins over TILES_DEVICE.
    // invalid_argument for a path that names no device, and for the CPU accelerator, which runs
    // no kernels.
    static bool set_default(const std::wstring& path);
    static bool set_default(const std::string& path);

    // C++ AMP's properties, from OpenCL's device queries (docs/guides/cpp.md, "Accelerators and their views").
    std::wstring get_device_path() const;               // "P:D" indices, which the constructors take back
    std::wstring get_description() const;               // CL_DEVICE_NAME
    unsigned int get_version() const;                   // CL_DEVICE_VERSION, major << 16 | minor
    std::size_t get_dedicated_memory() const;           // CL_DEVICE_GLOBAL_MEM_SIZE in kilobytes, as AMP
    bool get_is_debug() const;                          // the Oclgrind simulator of checked views
    bool get_is_emulated() const;                       // a CPU device, the simulator, the CPU accelerator
    bool get_has_display() const;                       // NVIDIA's CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV, else false
    bool get_supports_double_precision() const;         // CL_DEVICE_DOUBLE_FP_CONFIG is not 0
    bool get_supports_limited_double_precision() const; // the same: OpenCL has no partial fp64
    bool get_supports_cpu_shared_memory() const;        // CL_DEVICE_HOST_UNIFIED_MEMORY
    access_type get_default_cpu_access_type() const;    // read_write with shared memory, else none

    // What the device reports: CL_DEVICE_NAME, CL_DEVICE_VENDOR, its platform's CL_PLATFORM_NAME,
    // CL_DRIVER_VERSION.
    const std::string& name() const;
    const std::string& vendor() const;
    const std::string& platform_name() const;
    const std::string& driver_version() const;
    const std::string& device_version() const; // e.g. "OpenCL 3.0 PoCL ..."
    const std::string& device_path() const;    // get_device_path() in UTF-8
    // Whether it is a GPU or a CPU, and its place in the list of devices: its platform's and its own
    // within that platform.
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
    // Whether kernels and arrays may use double (CL_DEVICE_DOUBLE_FP_CONFIG is not 0).
    bool supports_double_precision() const;

    // The view every launch without an explicit view uses; the same object on every call.
    accelerator_view get_default_view() const;
    // A new view: its own context and in-order queue (on the CPU accelerator, a place for data).
    accelerator_view create_view(queuing_mode mode = queuing_mode_automatic) const;
    // C++ AMP's auto-selection view: a launch through it runs where its first array (or view of
    // one) lives, else on the default view, as a launch without a view does; its other member
    // functions, and arrays made on it, are the default accelerator's default view's.
    static accelerator_view get_auto_selection_view();

    // Whether two accelerators are the same device.
    friend bool operator==(const accelerator& a, const accelerator& b);
    friend bool operator!=(const accelerator& a, const accelerator& b) { return !(a == b); }

    // For libtiles itself and for interoperation with OpenCL code.
    const engine::device_info& info() const { return *info_; }

  private:
    friend class accelerator_view;
    explicit accelerator(std::shared_ptr<const engine::device_info> info);
    std::shared_ptr<const engine::device_info> info_;
};

// A context and an in-order command queue on one accelerator. Copies share the same queue.
// Kernels built for a view are cached with it and released with its last copy.
class accelerator_view {
  public:
    // The accelerator (device) the view is on.
    accelerator get_accelerator() const;

    // Blocks until everything enqueued on this view has finished, copy_async's included: the
    // data of a copy_async whose transfers went through this view has landed when it returns.
    void wait() const;
    // Submits what is enqueued to the device without waiting (clFlush); in immediate mode it
    // was submitted already.
    void flush() const;
    // A future that is ready once everything enqueued on this view before it has finished,
    // host steps of copy_async included (an OpenCL marker, submitted at once). It blocks nothing:
    // work enqueued after it runs on.
    completion_future create_marker() const;

    // The view's queuing mode: immediate submits each command as it is enqueued, automatic leaves that
    // to the driver and to blocking calls (default, adopted and checked views are automatic).
    queuing_mode get_queuing_mode() const;
    // Whether the view reports problems at length: a checked view, on the Oclgrind simulator.
    bool get_is_debug() const;
    // The accelerator's version (get_accelerator().get_version()).
    unsigned int get_version() const;
    // Whether this is the auto-selection view (accelerator::get_auto_selection_view()).
    bool get_is_auto_selection() const { return auto_selection_; }

    // What the view has moved and done since its counters were last reset, and their reset.
    transfer_counters counters() const;
    void reset_counters() const;

    // The view's pool of device buffers, which data released here leaves to later data of the same
    // size, as CuPy's memory pool does (counters() counts the buffers reused): the bytes it keeps,
    // the most it may keep (a quarter of the device's memory at first; 0 turns it off, freeing
    // what it keeps beyond), and the freeing of all it keeps (CuPy's free_all_blocks).
    std::uint64_t pooled_bytes() const;
    std::uint64_t pool_limit() const;
    void set_pool_limit(std::uint64_t bytes) const;
    void free_pool() const;

    // Whether two views are copies of one (the same context and queue, both auto-selecting or neither).
    friend bool operator==(const accelerator_view& a, const accelerator_view& b) {
        return a.context_ == b.context_ && a.auto_selection_ == b.auto_selection_;
    }
    friend bool operator!=(const accelerator_view& a, const accelerator_view& b) { return !(a == b); }

    // The engine's context behind the view, for libtiles itself and for interoperation with OpenCL.
    explicit accelerator_view(std::shared_ptr<engine::context> context);
    const std::shared_ptr<engine::context>& context() const { return context_; }
    // The context a launch through the view is given: none for the auto-selection view, which
    // leaves the choice to engine::context_for, else the view's.
    std::shared_ptr<engine::context> launch_context() const { return auto_selection_ ? nullptr : context_; }

  private:
    friend class accelerator;
    std::shared_ptr<engine::context> context_;
    bool auto_selection_ = false;
};

namespace detail {
// C++ AMP's rule for an array's CPU access on `device`: `asked`, or where it is access_type_auto
// the device's default; runtime_exception for any access but none without memory the CPU shares.
access_type cpu_access_for(const accelerator& device, access_type asked);
// The engine's contexts of a list of views.
inline std::vector<std::shared_ptr<engine::context>> contexts_of(const std::vector<accelerator_view>& views) {
    std::vector<std::shared_ptr<engine::context>> contexts;
    for (const accelerator_view& view : views) contexts.push_back(view.context());
    return contexts;
}
} // namespace detail

} // namespace tiles
