// libtiles' CUDA backend: launches through libcuda on memory OpenCL imports (cuda_launch.hpp).
#include "cuda_launch.hpp"

#include <CL/cl_ext.h>
#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <mutex>
#include <set>
#include <tuple>
#include <vector>

#include "base/log.hpp"
#include "base/step_clock.hpp"
#include "context/host_waits.hpp"
#include "libcuda.hpp"
#include "programs/kernel_program.hpp"
#include "ptx_for_libcuda.hpp"
#include "seam/algorithm_context.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::cuda {
namespace {

// cuda.h's CUmemAllocationProp, CUmemAccessDesc and their enumerations.
struct allocation_properties {
    int type = 1;                   // CU_MEM_ALLOCATION_TYPE_PINNED
    int requested_handle_types = 1; // CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR
    int location_type = 1;          // CU_MEM_LOCATION_TYPE_DEVICE
    int location_id = 0;            // the first GPU
    void* win32_metadata = nullptr;
    unsigned char allocation_flags[8] = {};
};
struct access_description {
    int location_type = 1, location_id = 0;
    int flags = 3; // CU_MEM_ACCESS_FLAGS_PROT_READWRITE
};
constexpr int granularity_minimum = 0, handle_posix_fd = 1, max_dynamic_shared_size_bytes = 8,
              preferred_shared_memory_carveout = 9;

// libcuda where it launches and allocates, else throws unsupported_feature saying why not.
const libcuda& launching_libcuda() {
    const libcuda& cuda = loaded_libcuda();
    if (!cuda.launch_missing.empty()) throw unsupported_feature(cuda.launch_missing);
    return cuda;
}

// OpenCL 3.0's clCreateBufferWithProperties, which the headers libtiles builds with (OpenCL 2.x)
// do not declare, from the ICD loader; null where it has none.
using create_buffer_with_properties = cl_mem (*)(cl_context, const cl_ulong*, cl_mem_flags, std::size_t, void*,
                                                 cl_int*);
create_buffer_with_properties buffer_importer() {
    static const auto importer =
        reinterpret_cast<create_buffer_with_properties>(dlsym(RTLD_DEFAULT, "clCreateBufferWithProperties"));
    return importer;
}

// Why launches through libcuda, and the memory libcuda allocates for them, are not for the device,
// asked of OpenCL alone (empty where they are): they are for Hopper's wide wgmma gemm, the one
// kernel launched there, so only a device of compute capability 9.0 that imports the memory has
// them; on any other, libcuda is not even loaded for them.
std::string not_for_device(const device_info& device) {
    if (!device.has_extension("cl_khr_external_memory_opaque_fd"))
        return "'" + device.name + "' has no cl_khr_external_memory_opaque_fd";
    if (device.compute_capability != 90)
        return "'" + device.name + "' is of compute capability " + std::to_string(device.compute_capability / 10) +
               "." + std::to_string(device.compute_capability % 10) +
               ", and only 9.0's wide wgmma gemm launches through libcuda";
    return "";
}

// Why the device cannot run launches through libcuda on memory it imports, asked of OpenCL and
// libcuda (empty where it can): what a launch needs of the device, not of one context.
std::string device_missing(const device_info& device) {
    const libcuda& cuda = loaded_libcuda();
    if (!cuda.launch_missing.empty()) return cuda.launch_missing;
    if (buffer_importer() == nullptr) return "the OpenCL ICD loader has no clCreateBufferWithProperties (OpenCL 3.0)";
    if (std::string missing = not_for_device(device); !missing.empty()) return missing;
    if (!device.has_extension("cl_khr_device_uuid")) return "'" + device.name + "' has no cl_khr_device_uuid";
    std::array<unsigned char, CL_UUID_SIZE_KHR> opencl_uuid{}, cuda_uuid{};
    if (const cl_int status =
            clGetDeviceInfo(device.device(), CL_DEVICE_UUID_KHR, opencl_uuid.size(), opencl_uuid.data(), nullptr);
        status != CL_SUCCESS)
        return "'" + device.name + "' gives no UUID (clGetDeviceInfo: " + cl_status_name(status) + ")";
    int first = 0;
    if (const int status = cuda.device_get(&first, 0); status != 0)
        return "libcuda's cuDeviceGet failed (CUresult " + std::to_string(status) + ")";
    if (const int status = cuda.device_get_uuid(cuda_uuid.data(), first); status != 0)
        return "libcuda's cuDeviceGetUuid failed (CUresult " + std::to_string(status) + ")";
    if (opencl_uuid != cuda_uuid) return "'" + device.name + "' is not libcuda's first GPU (their UUIDs differ)";
    return "";
}

// Each device's verdict on launches through libcuda: why they cannot run there (empty where they
// can), asked once (device_missing), or how one failed there, which recurs (a failure of the
// device or the driver) and would cost each try its staging and a module's JIT.
struct verdict {
    std::string missing;
    bool failed = false; // a launch failed: the first failure stays, a later one may be its consequence
};
struct verdict_table {
    std::mutex mutex;
    std::map<cl_device_id, verdict> of_device;
};
verdict_table& verdicts() {
    static immortal<verdict_table> table;
    return *table;
}
// Says at the info level the verdict recorded for the device: why launches through libcuda cannot
// run there, or (`missing` empty) that they can.
void tell(const device_info& device, const std::string& missing) {
    if (!logging(log_level::info)) return;
    log(log_level::info, missing.empty() ? "libcuda: launches through libcuda run on '" + device.name + "'"
                                         : "libcuda: no launches through libcuda on '" + device.name + "': " + missing);
}
// Why a launch through libcuda cannot be ordered after the context's queue: it waits for the queue
// on the host (clFinish), which on a queue that may wait for the caller's events (an adopted one,
// context.hpp) may wait for ever. Empty where it can.
std::string waits_missing(const context& context) {
    return narrow(context).may_wait_for_callers()
               ? "the context's queue may wait for the caller's events, and a launch through libcuda waits on "
                 "the host for everything on the queue"
               : "";
}
} // namespace

namespace {
// Records for the process that the device refuses launches through libcuda, or the memory they
// use: `missing` says why.
void refuse_device(const device_info& device, const std::string& missing) {
    {
        verdict_table& table = verdicts();
        std::lock_guard<std::mutex> lock(table.mutex);
        verdict& recorded = table.of_device[device.device()];
        if (recorded.failed) return;
        recorded = {missing, true};
    }
    // Outside the lock: the log's sink is the caller's code.
    tell(device, missing);
}
} // namespace

void refuse_cuda_launches(const context& context, const std::string& why) {
    refuse_device(*narrow(context).device(), "a launch through libcuda failed there before: " + why);
}

namespace {
// The device's verdict (device_missing), asked once a device and said when first recorded.
std::string device_verdict(const device_info& device) {
    // A device libtiles did not list (an adopted context's sub-device) may be released and its
    // handle reused by another device: its answer is not kept (its refusals are: they fail safe).
    if (device.path.empty()) {
        verdict_table& table = verdicts();
        std::lock_guard<std::mutex> lock(table.mutex);
        if (const auto found = table.of_device.find(device.device()); found != table.of_device.end())
            return found->second.missing;
        return device_missing(device);
    }
    std::string missing;
    {
        verdict_table& table = verdicts();
        std::lock_guard<std::mutex> lock(table.mutex);
        if (const auto found = table.of_device.find(device.device()); found != table.of_device.end())
            return found->second.missing;
        // Asked under the lock: once a device, however many threads ask first.
        missing = device_missing(device);
        table.of_device.emplace(device.device(), verdict{missing, false});
    }
    // Outside the lock: the log's sink is the caller's code.
    tell(device, missing);
    return missing;
}
} // namespace

std::string cuda_launch_missing(const context& context) {
    if (std::string waits = waits_missing(context); !waits.empty()) return waits;
    return device_verdict(*narrow(context).device());
}

std::string cuda_device_missing(const device_info& device) {
    if (std::string missing = not_for_device(device); !missing.empty()) return missing;
    return device_verdict(device);
}

cuda_allocation::cuda_allocation(std::size_t bytes) {
    const libcuda& cuda = launching_libcuda();
    const primary_context_pushed primary(cuda);
    const allocation_properties properties;
    std::size_t granularity = 0;
    check_cuda(cuda.allocation_granularity(&granularity, &properties, granularity_minimum),
               "cuMemGetAllocationGranularity");
    if (granularity == 0) granularity = 1;
    const std::size_t rounded = (bytes + granularity - 1) / granularity * granularity;
    check_cuda(cuda.memory_create(&handle_, rounded, &properties, 0), "cuMemCreate");
    bytes_ = rounded;
    // From here on, release() undoes what was done.
    try {
        check_cuda(cuda.address_reserve(&address_, bytes_, 0, 0, 0), "cuMemAddressReserve");
        check_cuda(cuda.memory_map(address_, bytes_, 0, handle_, 0), "cuMemMap");
        mapped_ = true;
        const access_description access;
        check_cuda(cuda.memory_set_access(address_, bytes_, &access, 1), "cuMemSetAccess");
    } catch (...) {
        release();
        throw;
    }
}

cuda_allocation::~cuda_allocation() { release(); }

void cuda_allocation::release() noexcept {
    if (handle_ == 0) return;
    const libcuda& cuda = loaded_libcuda();
    // Errors here have nowhere to go: what is left is the driver's to reclaim at the process's end.
    // The context is current per thread, and this may be another thread than the allocation's.
    const primary_context_pushed primary(cuda, std::nothrow);
    if (mapped_) cuda.memory_unmap(address_, bytes_);
    cuda.memory_release(handle_);
    if (address_ != 0) cuda.address_free(address_, bytes_);
    mapped_ = false, address_ = 0, handle_ = 0;
}

int cuda_allocation::exported_fd() const {
    int fd = -1;
    check_cuda(loaded_libcuda().memory_export(&fd, handle_, handle_posix_fd, 0), "cuMemExportToShareableHandle");
    return fd;
}

int host_gpus() {
    int counted = 0;
    const libcuda& cuda = loaded_libcuda();
    if (cuda.device_get_count == nullptr || cuda.device_get_count(&counted) != 0) counted = 0;
    int listed = 0;
    std::error_code error;
    for (std::filesystem::directory_iterator gpu("/proc/driver/nvidia/gpus", error), end; !error && gpu != end;
         gpu.increment(error))
        ++listed;
    return std::max(counted, listed);
}

namespace {
// The largest whole number of libcuda's granules below 512 MiB.
constexpr std::size_t largest_import_of_several_gpus = (std::size_t(512) << 20) - cuda_memory_smallest;
} // namespace

std::size_t cuda_memory_largest() {
    static const std::size_t largest =
        host_gpus() > 1 ? largest_import_of_several_gpus : std::numeric_limits<std::size_t>::max();
    return largest;
}

std::string cuda_memory_too_large(std::size_t bytes) {
    if (bytes <= cuda_memory_largest()) return "";
    return std::to_string(bytes) + " bytes of libcuda's memory are not imported into OpenCL on a host of " +
           std::to_string(host_gpus()) + " GPUs, where NVIDIA's OpenCL crashes on imports of 512 MiB and more (" +
           std::to_string(cuda_memory_largest()) + " bytes at most)";
}

namespace {
// The buffers import_cuda_memory made that OpenCL has not destroyed, by their cl_mem, with their
// allocations; the allocations of those it has destroyed, to release; and the OpenCL contexts
// libtiles made (take_cuda_memory_in).
struct imported_table {
    std::mutex mutex;
    std::map<cl_mem, std::unique_ptr<cuda_allocation>> alive;
    std::vector<std::unique_ptr<cuda_allocation>> dropped;
    std::set<cl_context> taking;
    bool released_at_exit = false;
};
imported_table& imported() {
    static immortal<imported_table> table;
    return *table;
}

} // namespace

void release_dropped_cuda_memory() noexcept {
    std::vector<std::unique_ptr<cuda_allocation>> dropped; // released after the table's lock is let go
    imported_table& table = imported();
    std::lock_guard<std::mutex> lock(table.mutex);
    dropped.swap(table.dropped);
}

namespace {

// With the table's lock held: the allocation of the buffer `found` names is kept to release.
void drop(imported_table& table, std::map<cl_mem, std::unique_ptr<cuda_allocation>>::iterator found) noexcept {
    try {
        table.dropped.push_back(std::move(found->second));
    } catch (const std::bad_alloc&) {
        found->second.reset(); // released here, then: better than never
    }
    table.alive.erase(found);
}

// OpenCL's callback once it has destroyed the imported buffer of `allocation`: the allocation is
// kept to release, since a driver's call has no place in OpenCL's callback. Where a new buffer has
// the handle already, the import that made it has done so.
void CL_CALLBACK drop_allocation(cl_mem buffer, void* allocation) {
    imported_table& table = imported();
    std::lock_guard<std::mutex> lock(table.mutex);
    const auto found = table.alive.find(buffer);
    if (found != table.alive.end() && found->second.get() == allocation) drop(table, found);
}

// `bytes`, where the context's device imports memory libcuda allocates; else throws, saying why.
std::size_t importable(const context& context, std::size_t bytes) {
    narrow(context).check_runs_kernels("memory libcuda allocates");
    if (const std::string missing = cuda_launch_missing(context); !missing.empty())
        throw unsupported_feature("memory libcuda allocates cannot be imported into OpenCL: " + missing);
    if (const std::string too_large = cuda_memory_too_large(bytes); !too_large.empty())
        throw unsupported_feature(too_large);
    return bytes;
}
} // namespace

cl::Buffer import_cuda_memory(const cl::Context& opencl_context, const device_info& device, std::size_t bytes) {
    // What OpenCL has let go of goes first, where the new allocation may need its room.
    release_dropped_cuda_memory();
    auto allocation = std::make_unique<cuda_allocation>(bytes);
    // Its bytes rounded up to libcuda's granularity: what the import would map.
    if (const std::string too_large = cuda_memory_too_large(allocation->bytes()); !too_large.empty())
        throw unsupported_feature(too_large);
    const int fd = allocation->exported_fd();
    const cl_ulong properties[] = {CL_EXTERNAL_MEMORY_HANDLE_OPAQUE_FD_KHR,
                                   cl_ulong(fd),
                                   CL_DEVICE_HANDLE_LIST_KHR,
                                   cl_ulong(reinterpret_cast<std::uintptr_t>(device.device())),
                                   CL_DEVICE_HANDLE_LIST_END_KHR,
                                   0};
    cl_int status = CL_SUCCESS;
    const cl_mem made =
        buffer_importer()(opencl_context(), properties, CL_MEM_READ_WRITE, allocation->bytes(), nullptr, &status);
    if (status != CL_SUCCESS) {
        // The import takes the fd only where it succeeds.
        close(fd);
        throw unsupported_feature("'" + device.name + "' refused to import " + std::to_string(allocation->bytes()) +
                                  " bytes libcuda allocated (clCreateBufferWithProperties: " + cl_status_name(status) +
                                  ")");
    }
    cl::Buffer buffer(made);
    cuda_allocation* const held = allocation.get();
    imported_table& table = imported();
    {
        std::lock_guard<std::mutex> lock(table.mutex);
        // A handle OpenCL gives again was destroyed, whether or not its callback has come yet.
        if (const auto earlier = table.alive.find(made); earlier != table.alive.end()) drop(table, earlier);
        table.alive.emplace(made, std::move(allocation));
        if (!table.released_at_exit) table.released_at_exit = std::atexit(release_dropped_cuda_memory) == 0;
    }
    if (const cl_int set = clSetMemObjectDestructorCallback(made, drop_allocation, held); set != CL_SUCCESS) {
        // Without the callback the allocation goes once nothing uses the buffer: here.
        buffer = cl::Buffer();
        std::unique_ptr<cuda_allocation> unused;
        {
            std::lock_guard<std::mutex> lock(table.mutex);
            unused = std::move(table.alive[made]);
            table.alive.erase(made);
        }
        check(set, "clSetMemObjectDestructorCallback");
    }
    return buffer;
}

std::uint64_t cuda_address_of(cl_mem buffer) {
    imported_table& table = imported();
    std::lock_guard<std::mutex> lock(table.mutex);
    const auto found = table.alive.find(buffer);
    return found == table.alive.end() ? 0 : found->second->address();
}

void take_cuda_memory_in(cl_context opencl_context, bool takes) {
    imported_table& table = imported();
    std::lock_guard<std::mutex> lock(table.mutex);
    if (takes)
        table.taking.insert(opencl_context);
    else
        table.taking.erase(opencl_context);
}

cl::Buffer buffer_in_cuda_memory(const cl::Context& opencl_context, const device_info& device, std::size_t bytes) {
    // OpenCL's answers first: on other devices libcuda is not even loaded.
    if (bytes < cuda_memory_smallest || !not_for_device(device).empty()) return {};
    {
        imported_table& table = imported();
        std::lock_guard<std::mutex> lock(table.mutex);
        if (table.taking.count(opencl_context()) == 0) return {};
    }
    if (!device_verdict(device).empty()) return {};
    // Not the device's verdict: its smaller buffers still take such memory.
    if (const std::string too_large = cuda_memory_too_large(bytes); !too_large.empty()) {
        static std::once_flag told;
        if (logging(log_level::info))
            std::call_once(told, [&] {
                log(log_level::info, "libcuda: a buffer on '" + device.name + "' made by clCreateBuffer: " + too_large);
            });
        return {};
    }
    try {
        return import_cuda_memory(opencl_context, device, bytes);
    } catch (const unsupported_feature& refused) {
        // Not asked again on this device: the wide gemm's scratch is such memory too, so the
        // device's one verdict refuses launches through libcuda from now on.
        refuse_device(device, std::string("memory libcuda allocates was refused there before: ") + refused.what());
        if (logging(log_level::info))
            log(log_level::info, "libcuda: buffers on '" + device.name +
                                     "' made by clCreateBuffer, memory libcuda allocates refused: " + refused.what());
        return {};
    }
}

cuda_memory::cuda_memory(const std::shared_ptr<context>& context, std::size_t bytes)
    : buffer_(import_cuda_memory(narrow(*context).opencl_context(), *narrow(*context).device(),
                                 importable(*context, bytes))),
      address_(cuda_address_of(buffer_())), bytes_(buffer_.getInfo<CL_MEM_SIZE>()) {}

const cuda_memory& cuda_scratch::holding(const std::shared_ptr<context>& context, std::size_t bytes) {
    if (memory != nullptr && memory->bytes() >= bytes) return *memory;
    // Once the queue is done with it, OpenCL destroys the smaller one's buffer at the reset, and the
    // import releases its memory before it allocates.
    if (memory != nullptr)
        check(finish(narrow(*context).queue(), "the work on a smaller scratch for libcuda"), "clFinish");
    written.clear();
    memory.reset();
    memory = std::make_unique<cuda_memory>(context, bytes);
    return *memory;
}

namespace {
// Each context's cuda_scratch, by the context's id (unique for the process, unlike its address).
struct scratch_table {
    std::mutex mutex;
    std::map<std::uint64_t, std::shared_ptr<cuda_scratch>> of_context;
};
scratch_table& scratches() {
    static immortal<scratch_table> table;
    return *table;
}
} // namespace

std::shared_ptr<cuda_scratch> cuda_scratch_of(const context& context) {
    scratch_table& table = scratches();
    std::lock_guard<std::mutex> lock(table.mutex);
    std::shared_ptr<cuda_scratch>& scratch = table.of_context[narrow(context).id()];
    if (scratch == nullptr) scratch = std::make_shared<cuda_scratch>();
    return scratch;
}

void drop_cuda_scratch(std::uint64_t context_id) noexcept {
    std::shared_ptr<cuda_scratch> dropped;
    {
        scratch_table& table = scratches();
        std::lock_guard<std::mutex> lock(table.mutex);
        const auto found = table.of_context.find(context_id);
        if (found == table.of_context.end()) return;
        dropped = std::move(found->second);
        table.of_context.erase(found);
    }
    // Released here, outside the table's lock; its memory goes once OpenCL has destroyed its buffer.
    dropped.reset();
    release_dropped_cuda_memory();
}

cuda_function load_cuda_function(const std::string& ptx, const std::string& name, std::size_t dynamic_shared_bytes) {
    const libcuda& cuda = launching_libcuda();
    const primary_context_pushed primary(cuda);
    void* module = nullptr;
    check_cuda(cuda.module_load_data(&module, ptx.c_str()), "cuModuleLoadData");
    cuda_function f{nullptr, dynamic_shared_bytes};
    // From here on, a failure unloads the module, which nothing else will use.
    try {
        check_cuda(cuda.module_get_function(&f.function, module, name.c_str()), "cuModuleGetFunction");
        // As much of the multiprocessor's memory as shared memory as it gives (the rest is its L1 cache).
        check_cuda(cuda.function_set_attribute(f.function, preferred_shared_memory_carveout, 100),
                   "cuFuncSetAttribute (CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT)");
        check_cuda(cuda.function_set_attribute(f.function, max_dynamic_shared_size_bytes, int(dynamic_shared_bytes)),
                   "cuFuncSetAttribute (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)");
    } catch (...) {
        cuda.module_unload(module);
        throw;
    }
    return f;
}

cuda_function cuda_function_of(const std::shared_ptr<context>& context, const launch_domain& domain, const kernel& k,
                               const dynamic_shared& shared) {
    const kernel_program built = kernel_program_of(context, domain, k);
    using key = std::tuple<std::string, std::string, std::size_t>;
    struct loaded_functions {
        std::mutex mutex;
        std::map<key, cuda_function> functions;
    };
    static immortal<loaded_functions> loaded;
    const key wanted{built.key, shared.array, shared.declared_bytes};
    std::lock_guard<std::mutex> lock(loaded->mutex);
    if (const auto found = loaded->functions.find(wanted); found != loaded->functions.end()) {
        if (found->second.dynamic_shared_bytes >= shared.bytes) return found->second;
        const libcuda& cuda = launching_libcuda();
        const primary_context_pushed primary(cuda);
        check_cuda(
            cuda.function_set_attribute(found->second.function, max_dynamic_shared_size_bytes, int(shared.bytes)),
            "cuFuncSetAttribute (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)");
        found->second.dynamic_shared_bytes = shared.bytes;
        return found->second;
    }
    const cl::Program& program = built.program;
    std::vector<std::vector<unsigned char>> binaries;
    check(program.getInfo(CL_PROGRAM_BINARIES, &binaries), "clGetProgramInfo");
    std::string ptx = binaries.size() == 1 ? std::string(binaries[0].begin(), binaries[0].end()) : std::string();
    ptx.resize(std::min(ptx.size(), ptx.find('\0')));
    const std::optional<std::string> dynamic = ptx_with_dynamic_shared(ptx, shared.array, shared.declared_bytes);
    if (!dynamic)
        throw unsupported_feature("kernel '" + built.name + "' cannot be launched through libcuda: its program (" +
                                  std::to_string(ptx.size()) + " bytes) declares no tile_static array '" +
                                  shared.array + "' of " + std::to_string(shared.declared_bytes) +
                                  " bytes in PTX to make dynamic");
    const cuda_function f = load_cuda_function(ptx_without_environment_registers(*dynamic), built.name, shared.bytes);
    loaded->functions.emplace(wanted, f);
    return f;
}

void launch_through_cuda(context& context, const cuda_function& f, unsigned blocks, unsigned threads, void** args) {
    const libcuda& cuda = launching_libcuda();
    if (std::string waits = waits_missing(context); !waits.empty()) throw unsupported_feature(waits);
    step_clock steps(logging(log_level::debug));
    narrow(context).flush();
    check(finish(narrow(context).queue(), "the work before a launch through libcuda"), "clFinish");
    steps.mark("clFinish");
    // The launch and its wait on the legacy stream of the context current: libtiles' own.
    const primary_context_pushed primary(cuda);
    check_cuda(cuda.launch_kernel(f.function, blocks, 1, 1, threads, 1, 1, unsigned(f.dynamic_shared_bytes), nullptr,
                                  args, nullptr),
               "cuLaunchKernel");
    steps.mark("cuLaunchKernel");
    narrow(context).count_launch();
    // The kernel may have written part of its output by now: a failure is the run's, never a
    // refusal to fall back from (unsupported_feature), and the device runs no more such launches.
    if (const int status = cuda.stream_synchronize(nullptr); status != 0) {
        const std::string failed = "libcuda's cuStreamSynchronize failed (CUresult " + std::to_string(status) +
                                   ") after the kernel was launched; its output may be partly written";
        refuse_cuda_launches(context, failed);
        throw runtime_exception(failed);
    }
    steps.mark("cuStreamSynchronize");
    if (steps.on())
        log(log_level::debug, "libcuda: " + std::to_string(blocks) + " blocks of " + std::to_string(threads) +
                                  " threads launched; by the host's clock: " + steps.text());
}

} // namespace tiles::cuda
