// libtiles' CUDA backend: past OpenCL's 48 KiB of tile_static memory on NVIDIA's GPUs, through libcuda
// (loaded once, optional): a route's PTX launched by libcuda with dynamic shared memory, on memory
// libcuda allocates and the context's OpenCL imports (cl_khr_external_memory_opaque_fd), the same
// bytes at two addresses. OpenCL exports no memory and no semaphore libcuda imports, so the
// memory is libcuda's and the two are ordered by waits on the host (BENCHMARKS.md, "the 48 KiB
// wall, a third side"). Every failure is unsupported_feature naming the call and its status, but
// one after a kernel was launched (launch_through_cuda), which is the run's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "base/opencl.hpp"
#include "devices/device_info.hpp"
#include "engine_names.hpp"
#include "tiles/engine/context.hpp"
#include "tiles/engine/launch.hpp"
#include "tiles/kernel.hpp"

namespace tiles::cuda {

// Why the context's device cannot run libcuda's launches on memory it imports: the context's
// queue one that may wait for the caller's events (launch_through_cuda waits for it), libcuda
// missing or without those entry points, the device without cl_khr_external_memory_opaque_fd or
// cl_khr_device_uuid, not of compute capability 9.0 (only Hopper's wide wgmma gemm launches
// there), or not libcuda's first GPU (whose primary context libtiles uses); empty
// where it can. Or, where one failed on the device before (refuse_cuda_launches), that failure.
// What the device lacks is asked of OpenCL and libcuda once a device for the process, and said at
// the info level when first recorded.
std::string cuda_launch_missing(const context& context);
// The device's own part of cuda_launch_missing, whatever the context: why launches through libcuda,
// and the memory libcuda allocates for them, are not for the device (empty where they are). Asks
// libcuda only of devices that may run them (compute capability 9.0, importing the memory).
std::string cuda_device_missing(const device_info& device);
// Remembers for the process that a launch through libcuda failed on the context's device, saying
// `why`, so that cuda_launch_missing refuses the next without trying.
void refuse_cuda_launches(const context& context, const std::string& why);

// Memory libcuda allocates on its first GPU, pinned, exportable as a POSIX fd, mapped and made
// readable and writable: `bytes` rounded up to the allocation's granularity. Released (unmapped,
// its handle released, its addresses freed) with the first GPU's primary context made current
// first: a release may come from any thread, or at exit.
class cuda_allocation {
  public:
    explicit cuda_allocation(std::size_t bytes);
    ~cuda_allocation();
    cuda_allocation(const cuda_allocation&) = delete;
    cuda_allocation& operator=(const cuda_allocation&) = delete;
    std::uint64_t address() const { return address_; }
    std::size_t bytes() const { return bytes_; }
    // A new POSIX fd of the memory, for one import, which takes it.
    int exported_fd() const;

  private:
    void release() noexcept;
    std::uint64_t handle_ = 0, address_ = 0;
    std::size_t bytes_ = 0;
    bool mapped_ = false;
};

// A read-write buffer of `bytes` in `opencl_context` on `device` over a cuda_allocation OpenCL
// imports (the allocation's bytes, `bytes` rounded up). The allocation lives until OpenCL has
// destroyed the buffer, after its last use on any queue, and goes at the next
// release_dropped_cuda_memory (not in OpenCL's callback, where no driver call belongs). Throws
// unsupported_feature naming the step refused.
cl::Buffer import_cuda_memory(const cl::Context& opencl_context, const device_info& device, std::size_t bytes);
// Releases the memory libcuda allocated for imported buffers OpenCL has destroyed since the last
// call: called wherever libtiles gives memory back or wants it (a pool's frees, a context's end,
// before each device allocation, at exit), since OpenCL's destructor callback only notes it.
void release_dropped_cuda_memory() noexcept;
// libcuda's address of the first byte of `buffer`, where it is import_cuda_memory's and alive; 0
// for any other buffer.
std::uint64_t cuda_address_of(cl_mem buffer);

// The allocation's granularity on NVIDIA's GPUs (2 MiB): no smaller buffer is made of memory
// libcuda allocates, which would round it up to this.
constexpr std::size_t cuda_memory_smallest = std::size_t(2) << 20;
// The most bytes one allocation of libcuda's may hold for OpenCL to import it on this host: 510 MiB
// where the host has several NVIDIA GPUs, since NVIDIA's OpenCL ends the process in
// clCreateBufferWithProperties on an import of 512 MiB or more there (BENCHMARKS.md, "imports on a
// host of several GPUs"); no limit on a host of one GPU, where imports of 4 GiB run. A larger buffer
// is OpenCL's own, and a launch that would stage its operands in larger memory takes OpenCL's route.
std::size_t cuda_memory_largest();
// The host's NVIDIA GPUs: those libcuda counts, or those the driver lists where it lists more (the
// crash that cuda_memory_largest avoids was also reported with CUDA_VISIBLE_DEVICES naming one GPU,
// so a GPU hidden from libcuda still counts).
int host_gpus();
// Why an allocation of `bytes` of libcuda's is not imported on this host (over
// cuda_memory_largest), naming the numbers; empty where it is.
std::string cuda_memory_too_large(std::size_t bytes);

// Whether buffers of libtiles' own in `opencl_context` are taken from memory libcuda allocates
// where they can be (buffer_in_cuda_memory): contexts libtiles creates say so from their
// creation until they end (the backend's context_made and context_ending); an adopted context's
// memory is the caller's choice, never this.
void take_cuda_memory_in(cl_context opencl_context, bool takes);
// A buffer of `bytes` over memory libcuda allocates (import_cuda_memory), where `opencl_context`
// takes it (take_cuda_memory_in), the device runs launches through libcuda (its verdict: Hopper's
// alone, the wide wgmma gemm being what uses the memory) and `bytes` is at least
// cuda_memory_smallest; else an empty buffer. Where a step is refused, also empty, and the device
// refused for the process (said at the info level): the caller makes the buffer with clCreateBuffer.
cl::Buffer buffer_in_cuda_memory(const cl::Context& opencl_context, const device_info& device, std::size_t bytes);

// Memory libcuda allocates (import_cuda_memory) for the context's OpenCL, and libcuda's address of
// its first byte.
class cuda_memory {
  public:
    cuda_memory(const std::shared_ptr<context>& context, std::size_t bytes);
    const cl::Buffer& buffer() const { return buffer_; }
    std::uint64_t cuda_address() const { return address_; }
    std::size_t bytes() const { return bytes_; }

  private:
    cl::Buffer buffer_;
    std::uint64_t address_;
    std::size_t bytes_;
};

// A context's memory for launches through libcuda, where an algorithm stages its operands, and the
// lock that keeps one launch's staging from meeting another's on the context (the launch runs
// outside OpenCL's queue). Kept beside the context and dropped when the context ends
// (the backend's context_ending): the memory may hold gigabytes. It goes once OpenCL has destroyed its buffer, which
// a launch still using it may hold a while longer (cuda_memory's buffer is retained where used).
struct cuda_scratch {
    std::mutex mutex;
    std::unique_ptr<cuda_memory> memory; // grown as launches need, under the lock
    // The bytes a launch last wrote at `written_at` of `memory`, where nothing has written over them
    // since (gemm's tensor maps), so that a launch whose bytes there are the same skips the write:
    // OpenCL's work just before a launch through libcuda costs it ~0.15 ms (BENCHMARKS.md). Empty
    // where unknown; whoever writes into `memory` otherwise clears it (holding does, as it grows).
    std::size_t written_at = 0;
    std::vector<unsigned char> written;
    // `memory`, grown to hold at least `bytes` where it holds less (under the lock): the smaller
    // one released before the larger one is allocated, so that both are never held at once.
    const cuda_memory& holding(const std::shared_ptr<context>& context, std::size_t bytes);
};
// The context's cuda_scratch, made on first use.
std::shared_ptr<cuda_scratch> cuda_scratch_of(const context& context);
// Drops the cuda_scratch of the context whose id() is `context_id`, where it has one.
void drop_cuda_scratch(std::uint64_t context_id) noexcept;

// A kernel's function in a module libcuda loaded, allowed `dynamic_shared_bytes`.
struct cuda_function {
    void* function = nullptr;
    std::size_t dynamic_shared_bytes = 0;
};

// The function `name` of the module libcuda loads from `ptx`, allowed `dynamic_shared_bytes` of
// dynamic shared memory (cuFuncSetAttribute). The module stays loaded for the process; where a
// step after its load fails, it is unloaded.
cuda_function load_cuda_function(const std::string& ptx, const std::string& name, std::size_t dynamic_shared_bytes);

// The tile_static array a launch through libcuda makes dynamic (ptx_for_libcuda.hpp): its name in
// the kernel, the bytes it is declared with there (a size no other array has), and the bytes it
// has at launch.
struct dynamic_shared {
    std::string array;
    std::size_t declared_bytes = 0, bytes = 0;
};

// Kernel `k`'s function, from the PTX the context's route built for `domain` (the program cache's
// program), rewritten for libcuda: `shared` made dynamic and the environment registers read as 0.
// Loaded once a device and program key (text and options) and shared array, and found again
// after that.
cuda_function cuda_function_of(const std::shared_ptr<context>& context, const launch_domain& domain, const kernel& k,
                               const dynamic_shared& shared);

// Launches `f` over `blocks` one-dimensional blocks of `threads`, its arguments as cuLaunchKernel
// takes them (a pointer to each), after everything enqueued on the context's queue (clFinish), and
// returns once it has run (cuStreamSynchronize); counted as a launch, as OpenCL's are. Refused (unsupported_feature) on
// a context whose queue may wait for the caller's events (context::may_wait_for_callers), where that wait may never
// end. A failure once the kernel was launched, which may have written part of its output, is runtime_exception (no
// fallback may run on that output) and refuses the device's later launches (refuse_cuda_launches).
void launch_through_cuda(context& context, const cuda_function& f, unsigned blocks, unsigned threads, void** args);

} // namespace tiles::cuda
