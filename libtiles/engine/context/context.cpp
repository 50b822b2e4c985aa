// libtiles engine: contexts. A context submits what libtiles enqueues on its queue as its queuing
// mode says, counts its transfers (and the process's), lends its scratch buffers to the calls that
// run on it, and finishes the asynchronous work left with it when the host waits.
#include "context/context.hpp"

#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "base/log.hpp"
#include "checked/checked_run.hpp"
#include "context/host_waits.hpp"
#include "context/pending_work.hpp"
#include "devices/devices.hpp"
#include "memory/staging.hpp"
#include "seam/backend.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::engine {
namespace {
// Has the exit of the process from this thread, if it is the main thread, finish the queues of the
// contexts that finish_at_exit() named (below).
void arm_finish_at_exit();
} // namespace

context::context(std::shared_ptr<const device_info> device, cl::Context opencl_context, cl::CommandQueue queue,
                 bool immediate)
    : device_(std::move(device)), opencl_context_(std::move(opencl_context)), queue_(std::move(queue)),
      immediate_(immediate), pool_(device_, opencl_context_) {
    static std::atomic<std::uint64_t> next_id{1};
    id_ = next_id++;
}

algorithm_context& narrow(context& c) { return c; }
const algorithm_context& narrow(const context& c) { return c; }

void context::check_runs_kernels(const char* what) const {
    if (device_->host)
        throw invalid_argument(std::string("the CPU accelerator holds data but runs no kernels, as in C++ AMP: ") +
                               what + " needs an accelerator view of an OpenCL device");
}

void context::submit() {
    check(queue_.flush(), "clFlush");
    ++flushes_;
}

void context::enqueued() {
    arm_finish_at_exit(); // on the thread that may return from main, wherever the context was made
    if (immediate_) submit();
}

void context::flush() {
    if (!device_->host) submit();
}

completion_future context::create_marker() {
    if (device_->host) // nothing is ever enqueued there
        return completion_future(std::make_shared<pending_work>(std::vector<cl::Event>{}));
    cl::Event marker;
    check(queue_.enqueueMarkerWithWaitList(nullptr, &marker), "clEnqueueMarkerWithWaitList");
    // Submitted whatever the queuing mode, so that polling its future ends on every driver.
    submit();
    std::vector<std::shared_ptr<pending_work>> earlier;
    {
        std::lock_guard<std::mutex> lock(pending_mutex_);
        earlier = pending_;
    }
    // Their transfers are done when the marker is: their host steps remain, which run at once.
    std::function<void()> finish;
    if (!earlier.empty())
        finish = [earlier = std::move(earlier)] {
            for (const auto& work : earlier) work->wait();
        };
    return completion_future(
        std::make_shared<pending_work>(std::vector<cl::Event>{std::move(marker)}, nullptr, std::move(finish)));
}

namespace {

// The contexts that finish_at_exit() named, still alive.
struct exit_list {
    std::mutex mutex;
    std::set<context*> contexts;
};
exit_list& finished_at_exit() {
    static immortal<exit_list> list;
    return *list;
}

// Waits for every queue of the list, at exit: no status is checked, as nothing is left to report
// it to (a failed command's write-back has already said so where it was waited for).
void finish_queues_at_exit() {
    exit_list& list = finished_at_exit();
    std::lock_guard<std::mutex> lock(list.mutex);
    for (context* c : list.contexts) c->queue().finish();
}

// The point where the exit finishes the queues. exit() destroys the calling thread's thread_local
// objects first, then runs the atexit handlers and static destructors, the last registered first.
// A driver loads its compiler before any context is made, and the compiler makes some of its
// static objects on its first use, which may come after any handler libtiles registers: PoCL
// compiles a kernel for its work-group size on its own thread as the kernel is about to run, and
// LLVM's objects made there (SDNode::getValueTypeList's) were destroyed under a compile still
// under way at exit (SIGSEGV in 2 to 3% of runs of a program that exits with work pending, on
// PoCL 3.1). So the queues are finished by the destructor of a thread_local object of the main
// thread, which runs before every handler and static destructor; an atexit handler does it where
// another thread calls exit().
struct finish_at_main_thread_exit {
    ~finish_at_main_thread_exit() { finish_queues_at_exit(); }
};

bool on_main_thread() {
    thread_local const bool main = getpid() == pid_t(syscall(SYS_gettid));
    return main;
}

void arm_finish_at_exit() {
    if (!on_main_thread()) return;
    thread_local finish_at_main_thread_exit armed;
    (void)armed;
}

} // namespace

void context::finish_at_exit() {
    if (device_->host) return; // no queue
    static const bool registered = std::atexit(finish_queues_at_exit) == 0;
    if (!registered) log(log_level::warning, "atexit refused a handler: work left on a queue at exit may still run");
    arm_finish_at_exit();
    exit_list& list = engine::finished_at_exit();
    std::lock_guard<std::mutex> lock(list.mutex);
    list.contexts.insert(this);
    finished_at_exit_ = true;
}

context::~context() {
    tell_backends_context_ending(*this);
    if (finished_at_exit_) {
        exit_list& list = engine::finished_at_exit();
        std::lock_guard<std::mutex> lock(list.mutex);
        list.contexts.erase(this);
    }
    if (finished_at_exit_ || !pending_.empty()) finish(queue_, "the work of a context being destroyed");
    // The pool's buffers go now rather than with the members, so that the memory a backend allocated
    // for them goes too (free_all releases it); any other buffer's goes at the next release.
    pool().free_all();
}

staging_buffers& context::staging() {
    std::lock_guard<std::mutex> lock(staging_mutex_);
    if (!staging_) staging_ = std::make_unique<staging_buffers>();
    return *staging_;
}

void context::add_pending(std::shared_ptr<pending_work> work) {
    std::lock_guard<std::mutex> lock(pending_mutex_);
    pending_.erase(std::remove_if(pending_.begin(), pending_.end(),
                                  [](const std::shared_ptr<pending_work>& p) { return p->is_done(); }),
                   pending_.end());
    pending_.push_back(std::move(work));
}

void context::wait() {
    if (device_->host) return;
    check(finish(queue_, "the work of accelerator_view::wait()"), "clFinish");
    std::vector<std::shared_ptr<pending_work>> pending;
    {
        std::lock_guard<std::mutex> lock(pending_mutex_);
        pending.swap(pending_);
    }
    for (const auto& work : pending) work->wait();
}

namespace {
context::atomic_counters& totals() {
    static context::atomic_counters counters;
    return counters;
}

void add(std::atomic<std::uint64_t> context::atomic_counters::*counter, context::atomic_counters& mine,
         std::uint64_t amount) {
    (mine.*counter) += amount;
    (totals().*counter) += amount;
}
} // namespace

transfer_counters context::atomic_counters::read() const {
    return {
        uploads,    downloads, bytes_uploaded, bytes_downloaded, device_copies, bytes_copied_on_device, kernel_builds,
        cache_hits, launches,  binary_loads,   staged_transfers, bytes_staged,  buffers_allocated,      buffers_reused};
}

void context::atomic_counters::reset() {
    for (auto* counter : {&uploads, &downloads, &bytes_uploaded, &bytes_downloaded, &device_copies,
                          &bytes_copied_on_device, &kernel_builds, &cache_hits, &launches, &binary_loads,
                          &staged_transfers, &bytes_staged, &buffers_allocated, &buffers_reused})
        *counter = 0;
}

namespace {
// Transfers are counted as they are enqueued, which is where the log's debug level names them.
void log_transfer(const char* what, std::uint64_t bytes, const device_info& device) {
    if (logging(log_level::debug))
        log(log_level::debug, std::string(what) + " of " + std::to_string(bytes) + " bytes on '" + device.name + "'");
}

} // namespace

void context::count_upload(std::uint64_t bytes) {
    add(&atomic_counters::uploads, count_, 1);
    add(&atomic_counters::bytes_uploaded, count_, bytes);
    log_transfer("upload", bytes, *device_);
}

void context::count_download(std::uint64_t bytes) {
    add(&atomic_counters::downloads, count_, 1);
    add(&atomic_counters::bytes_downloaded, count_, bytes);
    log_transfer("download", bytes, *device_);
}

void context::count_device_copy(std::uint64_t bytes) {
    add(&atomic_counters::device_copies, count_, 1);
    add(&atomic_counters::bytes_copied_on_device, count_, bytes);
    log_transfer("copy on the device", bytes, *device_);
}

void context::count_staged(std::uint64_t bytes) {
    add(&atomic_counters::staged_transfers, count_, 1);
    add(&atomic_counters::bytes_staged, count_, bytes);
}

void context::count_build() { add(&atomic_counters::kernel_builds, count_, 1); }
void context::count_binary_load() { add(&atomic_counters::binary_loads, count_, 1); }
void context::count_cache_hit() { add(&atomic_counters::cache_hits, count_, 1); }
void context::count_launch() { add(&atomic_counters::launches, count_, 1); }

namespace {

// Buffers kept for reuse: enough for a few calls in flight at once (several threads on one
// context), without holding on to much memory.
constexpr std::size_t kept_scratch_buffers = 4;

} // namespace

context::scratch_buffer context::take_scratch(std::size_t bytes) {
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
    counted_buffer allocated = allocate_counted(opencl_context_, device_, bytes);
    return {std::move(allocated.buffer), bytes, std::move(allocated.reserved)};
}

void context::give_back_scratch(scratch_buffer scratch) {
    std::lock_guard<std::mutex> lock(scratch_mutex_);
    const auto at = std::find_if(free_scratch_.begin(), free_scratch_.end(),
                                 [&](const scratch_buffer& s) { return s.bytes >= scratch.bytes; });
    free_scratch_.insert(at, std::move(scratch));
    // The smallest go first: a larger buffer serves every call a smaller one would.
    if (free_scratch_.size() > kept_scratch_buffers) free_scratch_.erase(free_scratch_.begin());
}

counted_buffer context::take_buffer(std::size_t bytes) {
    buffer_pool::taken taken = pool_.take(bytes);
    add(taken.reused ? &atomic_counters::buffers_reused : &atomic_counters::buffers_allocated, count_, 1);
    return std::move(taken.buffer);
}

void context::give_back_buffer(counted_buffer buffer) noexcept {
    if (!checked) pool_.give_back(std::move(buffer));
}

const cl::Buffer& context::finished_tiles_counter() {
    std::lock_guard<std::mutex> lock(scratch_mutex_);
    if (!finished_tiles_) {
        finished_tiles_ = allocate_counted(opencl_context_, device_, sizeof(cl_uint));
        const cl_uint zero = 0;
        check(queue_.enqueueWriteBuffer(finished_tiles_->buffer, CL_TRUE, 0, sizeof zero, &zero),
              "clEnqueueWriteBuffer");
    }
    return finished_tiles_->buffer;
}

std::shared_ptr<context> new_context(const std::shared_ptr<const device_info>& device, bool immediate) {
    if (device->host) return std::make_shared<context>(device, cl::Context(), cl::CommandQueue(), immediate);
    cl_int status = CL_SUCCESS;
    cl::Context opencl_context(device->device, nullptr, nullptr, nullptr, &status);
    check(status, "clCreateContext");
    // Profiling on, for completion_future::profile(): a few timestamps per command.
    cl::CommandQueue queue(opencl_context, device->device, CL_QUEUE_PROFILING_ENABLE, &status);
    check(status, "clCreateCommandQueue");
    auto made = std::make_shared<context>(device, std::move(opencl_context), std::move(queue), immediate);
    tell_backends_context_made(*made);
    made->finish_at_exit();
    return made;
}

std::shared_ptr<context> adopt_context(cl_context opencl_context, cl_command_queue queue) {
    if (opencl_context == nullptr || queue == nullptr)
        throw invalid_argument("an accelerator view needs both a cl_context and a cl_command_queue (one is NULL)");
    cl::Context adopted_context(opencl_context, true); // retained: released when the context goes
    cl::CommandQueue adopted_queue(queue, true);
    cl::Context queue_context;
    check(adopted_queue.getInfo(CL_QUEUE_CONTEXT, &queue_context), "clGetCommandQueueInfo");
    if (queue_context() != opencl_context)
        throw invalid_argument("the cl_command_queue belongs to another cl_context than the one given");
    cl_command_queue_properties properties = 0;
    check(adopted_queue.getInfo(CL_QUEUE_PROPERTIES, &properties), "clGetCommandQueueInfo");
    if (properties & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)
        throw invalid_argument("the cl_command_queue is out of order; libtiles orders its transfers and kernels by "
                               "queue order, so give it an in-order queue (another queue on the same context will do)");
    cl::Device device;
    check(adopted_queue.getInfo(CL_QUEUE_DEVICE, &device), "clGetCommandQueueInfo");
    std::shared_ptr<const device_info> info;
    for (const auto& d : all_devices())
        if (d->device() == device()) info = d;
    if (!info) { // a device libtiles did not enumerate (a sub-device, say): read it now
        cl::Platform platform;
        check(device.getInfo(CL_DEVICE_PLATFORM, &platform), "clGetDeviceInfo");
        info = describe_device(platform, device);
    }
    auto adopted = std::make_shared<context>(std::move(info), std::move(adopted_context), std::move(adopted_queue));
    adopted->note_adopted();
    return adopted;
}

namespace {
// TILES_CHECKED's value where it turns checked mode on (1 or strict), else null.
const char* checked_by_environment() {
    const char* checked = std::getenv("TILES_CHECKED");
    return checked == nullptr || *checked == '\0' || std::string(checked) == "0" ? nullptr : checked;
}
} // namespace

std::shared_ptr<context> default_context_of(const std::shared_ptr<const device_info>& device) {
    // The simulator's, under TILES_CHECKED, is the checked default context, where launches
    // without a context run, as AMP's default accelerator's default view is.
    if (device->simulator && checked_by_environment() && default_context()->device()->device() == device->device())
        return default_context();
    // Never destroyed: releasing OpenCL objects while the process exits crashes some drivers.
    static immortal<std::map<cl_device_id, std::shared_ptr<context>>> contexts;
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    auto& found = (*contexts)[device->device()]; // the CPU accelerator's is under no device at all
    if (!found) found = new_context(device);
    return found;
}

std::shared_ptr<context> default_context() {
    // TILES_CHECKED=1 (or strict) puts launches without a context on the Oclgrind simulator.
    // Never destroyed, like the default contexts it may be: a static's destructor runs in the exit
    // handlers, after glibc has destroyed the main thread's thread_local objects, and releasing
    // an Oclgrind context there tears down its LLVM context over state that is gone (the heap
    // corruption "corrupted double-linked list" at the exit of about half the checked runs).
    static const immortal<std::shared_ptr<context>> chosen([] {
        const char* checked = checked_by_environment();
        if (checked == nullptr) return default_context_of(default_device().device);
        return new_checked_context(std::string(checked) == "strict");
    }());
    return *chosen;
}

default_choice default_accelerator() {
    const char* checked = checked_by_environment();
    if (checked == nullptr) return default_device();
    return {default_context()->device(),
            std::string("TILES_CHECKED=") + checked + " puts launches without a view on the Oclgrind simulator"};
}

} // namespace tiles::engine

namespace tiles {
transfer_counters total_counters() { return engine::totals().read(); }
void reset_total_counters() { engine::totals().reset(); }
} // namespace tiles
