// libtiles engine: a context, what stands behind an accelerator_view: an OpenCL context and
// in-order queue on one device, the programs built for it, its scratch memory and its transfer
// counters. Everything cached here lives and dies with the context, so a recycled context can
// never meet a stale kernel.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/opencl.hpp"
#include "devices/device_info.hpp"
#include "devices/devices.hpp"
#include "memory/buffer_pool.hpp"
#include "memory/device_memory.hpp"
#include "seam/algorithm_context.hpp"
#include "tiles/completion_future.hpp"
#include "tiles/counters.hpp"
#include "tiles/engine/context.hpp"
#include "tiles/kernel.hpp"

namespace tiles::engine {

struct compiled_kernel;
struct declared_kernel;
struct program_entry;
struct checked_run;
class pending_work;
class staging_buffers;

// The programs built for one context, each once per (source, options), with their kernels
// (kernel.cpp builds them). Builds run outside its lock: while one thread's build takes seconds,
// others find and build the context's other programs, and wait only for the same program.
class program_cache {
  public:
    // The program built from (source, options) for `owner`, building it on first use; `built_for`
    // names what it is built for ("kernel 'name'") in the log and in build errors.
    // `language` says which compile route builds it.
    std::shared_ptr<program_entry> program(context& owner, const std::string& source, const std::string& options,
                                           const std::string& built_for, std::size_t source_hash,
                                           kernel_language language = kernel_language::opencl_c);

    // Whether the program of (source, options) is built, without building it (waiting for it where
    // another thread is building it).
    bool holds(const std::string& source, const std::string& options, std::size_t source_hash);

    // The kernel `name` of the program built from (source, options), building it on first use; its
    // parameters as `declared`, where its program's generator knows them, else as the driver says.
    std::shared_ptr<compiled_kernel> kernel(context& owner, const std::string& source, const std::string& options,
                                            const std::string& name, std::size_t source_hash,
                                            kernel_language language = kernel_language::opencl_c,
                                            const declared_kernel* declared = nullptr);

  private:
    // Fills in the sizes of the structs k's pointer parameters point to, measured by the probe kernel
    // of its program where it has one, else by one built from the same program text and options.
    void measure_pointees(context& owner, compiled_kernel& k, const program_entry& entry, const std::string& source,
                          const std::string& options);

    std::mutex mutex_;
    std::unordered_multimap<std::size_t, std::shared_ptr<program_entry>> programs_;
};

// The engine's context; algorithms and backends see only its algorithm_context.
class context final : public algorithm_context {
  public:
    // The CPU accelerator's contexts (device->host) have no OpenCL context and no queue.
    // `immediate`: each command enqueued is submitted at once (AMP's queuing_mode_immediate).
    context(std::shared_ptr<const device_info> device, cl::Context opencl_context, cl::CommandQueue queue,
            bool immediate = false);
    // Waits for the queue if work is pending (its transfers may still use memory it keeps), and
    // always where the queue is libtiles' own (finish_at_exit).
    ~context();
    context(const context&) = delete;
    context& operator=(const context&) = delete;

    const std::shared_ptr<const device_info>& device() const override { return device_; }
    const cl::Context& opencl_context() const override { return opencl_context_; }
    const cl::CommandQueue& queue() const override { return queue_; }
    // Unique over the process's lifetime, unlike the address of this object or its cl_context.
    std::uint64_t id() const override { return id_; }
    bool immediate() const { return immediate_; }
    // Whether work on the queue may wait for events the caller sets later: the caller's own queue
    // (adopted), or once a launch here waited for the caller's events. libtiles then never waits
    // for its own work where nothing asked it to (the log's timing of first runs), lest it wait
    // for ever.
    bool may_wait_for_callers() const override { return adopted_ || callers_events_; }
    void note_callers_events() { callers_events_ = true; }
    void note_adopted() { adopted_ = true; }
    // Whether the context is the caller's, adopted, rather than one libtiles made.
    bool adopted() const override { return adopted_; }

    // Throws invalid_argument, saying that `what` needs an OpenCL device, on the CPU accelerator.
    void check_runs_kernels(const char* what) const override;
    // Called after each command libtiles enqueues here: in immediate mode it is submitted now.
    void enqueued();
    // Submits everything enqueued (clFlush).
    void flush() override;
    // How many times libtiles has called clFlush on the queue (enqueued(), flush() and
    // create_marker()): what tells immediate mode from automatic mode, where drivers such as PoCL
    // run commands the same with or without it.
    std::uint64_t flushes() const { return flushes_; }
    // A future ready once everything enqueued here before it has finished, pending host steps
    // included (accelerator_view::create_marker).
    completion_future create_marker();

    // Counted on this context and in the process's totals.
    void count_upload(std::uint64_t bytes);
    void count_download(std::uint64_t bytes);
    void count_device_copy(std::uint64_t bytes);
    // An upload or download (counted as such too) that went through the staging buffers.
    void count_staged(std::uint64_t bytes);
    void count_build();
    void count_binary_load();
    void count_cache_hit();
    void count_launch() override;
    transfer_counters counters() const { return count_.read(); }
    void reset_counters() { count_.reset(); }

    // Counters that threads update at once.
    struct atomic_counters {
        std::atomic<std::uint64_t> uploads{0}, downloads{0}, bytes_uploaded{0}, bytes_downloaded{0}, device_copies{0},
            bytes_copied_on_device{0}, kernel_builds{0}, cache_hits{0}, launches{0}, binary_loads{0},
            staged_transfers{0}, bytes_staged{0}, buffers_allocated{0}, buffers_reused{0};
        transfer_counters read() const;
        void reset();
    };

    // The programs built here.
    program_cache& programs() { return programs_; }

    // The device buffer of data's copy here: of exactly `bytes`, from the pool of buffers released
    // here (buffer_pool.hpp) where it holds one, else new; counted as reused or allocated.
    counted_buffer take_buffer(std::size_t bytes);
    // Gives a buffer take_buffer made back to the pool once no command but those enqueued here
    // already will use it. A checked context keeps none: the simulator is to see each new buffer
    // as uninitialized memory, not as what an earlier array left there.
    void give_back_buffer(counted_buffer buffer) noexcept;
    buffer_pool& pool() { return pool_; }

    // Device buffers that calls on this context use for their own intermediate data (a reduction's
    // partials) and that later calls reuse, so that a call pays for no allocation. take_scratch
    // hands out a buffer of at least `bytes` that no other call holds, making one if none is
    // free; give_back_scratch takes it back once the call has enqueued its last use of it, since
    // the context's in-order queue runs any later use after that. A buffer never given back (the
    // call failed) is simply freed. (scratch_buffer is algorithm_context's.)
    scratch_buffer take_scratch(std::size_t bytes) override;
    void give_back_scratch(scratch_buffer scratch) override;
    // A uint in device memory, 0 between kernels, where the tiles of a kernel whose last tile
    // finishes the work (a one-pass reduction) count themselves; that last tile sets it back to 0.
    // Made, as 0, on first use; the in-order queue keeps two such kernels from sharing it.
    const cl::Buffer& finished_tiles_counter() override;

    // Asynchronous work that enqueued transfers here and that wait() must finish: a host step
    // still to run after them, or memory to keep alive until they complete. Work already done
    // is dropped as more comes, so a caller who never waits keeps only what is under way.
    void add_pending(std::shared_ptr<pending_work> work);
    // Waits for everything enqueued on the queue, then finishes the pending work (its host
    // steps run on this thread, unless their completion_future ran them first).
    void wait() override;

    // Has the queue finished at the process's exit, and at this context's end: for queues that
    // libtiles made, whose every command is its own (an adopted queue may hold the caller's
    // commands, waiting on events libtiles knows nothing of). A default context is never
    // destroyed, and a user's may never be: without this, the driver's threads would still run
    // its kernels and write views' data back (into host memory the program may free at exit, or
    // compiling the kernels they run) while the process tears down its static objects, the
    // driver's and its compiler's among them. The exit finishes them before any static object is
    // destroyed, where the main thread exits the process (context.cpp says how). Not for checked
    // contexts: Oclgrind runs commands on the thread that waits for them, none on threads of its
    // own at exit, and its simulator run from the exit's thread_local destruction corrupted the heap.
    void finish_at_exit();

    // The pinned memory and threads that transfers between host memory and the device go through
    // (staging.hpp), made on first use.
    staging_buffers& staging();

    // Set on a checked context (checked mode); empty otherwise, at the cost of one test per launch.
    std::shared_ptr<checked_run> checked;

  private:
    // clFlush on the queue, counted.
    void submit();

    std::shared_ptr<const device_info> device_;
    cl::Context opencl_context_;
    cl::CommandQueue queue_;
    std::uint64_t id_;
    const bool immediate_;
    std::atomic<bool> adopted_{false};
    std::atomic<bool> callers_events_{false};
    bool finished_at_exit_ = false;
    atomic_counters count_;
    std::atomic<std::uint64_t> flushes_{0};

    program_cache programs_;
    buffer_pool pool_;

    std::mutex pending_mutex_;
    std::vector<std::shared_ptr<pending_work>> pending_;

    std::mutex scratch_mutex_;
    std::vector<scratch_buffer> free_scratch_; // the largest few given back, smallest first
    std::optional<counted_buffer> finished_tiles_;

    std::mutex staging_mutex_;
    std::unique_ptr<staging_buffers> staging_; // after the queue: released before it
};

// A context over a caller's cl_context and in-order cl_command_queue, both retained.
std::shared_ptr<context> adopt_context(cl_context opencl_context, cl_command_queue queue);

// The context every launch on `device` without one of its own uses (accelerator::get_default_view),
// the same object on every call and never destroyed.
std::shared_ptr<context> default_context_of(const std::shared_ptr<const device_info>& device);

// The device of default_context() and why (AMP's default accelerator): default_device(), or under
// TILES_CHECKED=1 (or strict) the simulator, whose default context is then the checked one.
default_choice default_accelerator();

} // namespace tiles::engine
