// libtiles: enumerating OpenCL devices once, choosing the default one (TILES_DEVICE, else a GPU,
// else the first device), and the accelerator and accelerator_view classes over them.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>

#include "context_state.hpp"
#include "pending_work.hpp"
#include "tiles/array.hpp"
#include "tiles/checked.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::detail {
namespace {

template <cl_device_info Name, class T> T device_query(const cl::Device& device) {
    T value{};
    check(device.getInfo(Name, &value), "clGetDeviceInfo");
    return value;
}

// "OpenCL 3.0 PoCL ..." as C++ AMP's versions are: major << 16 | minor (0 if it says otherwise).
unsigned int version_number(const std::string& device_version) {
    unsigned int major = 0, minor = 0;
    char dot = 0;
    std::istringstream words(device_version);
    std::string opencl;
    if (!(words >> opencl >> major >> dot >> minor) || opencl != "OpenCL" || dot != '.') return 0;
    return major << 16 | minor;
}

// Whether a display's watchdog limits the device's kernels: only NVIDIA's drivers say.
bool has_display(const cl::Device& device) {
    const auto extensions = device_query<CL_DEVICE_EXTENSIONS, std::string>(device);
    if (extensions.find("cl_nv_device_attribute_query") == std::string::npos) return false;
    cl_bool timeout = CL_FALSE;
    check(clGetDeviceInfo(device(), CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV, sizeof timeout, &timeout, nullptr),
          "clGetDeviceInfo");
    return timeout != CL_FALSE;
}

// Whether the space-separated extension list names `extension` exactly.
bool has_extension(const std::string& extensions, const std::string& extension) {
    std::istringstream words(extensions);
    for (std::string word; words >> word;)
        if (word == extension) return true;
    return false;
}

// Whether NVIDIA's OpenCL compiles inline PTX shfl.sync for the device: a compute capability of
// 7.0 or more (whose PTX is of ISA 6.0 or later, where shfl.sync is) and warps of 32.
bool has_ptx_shuffles(const cl::Device& device, const std::string& extensions) {
    if (!has_extension(extensions, "cl_nv_device_attribute_query")) return false;
    cl_uint major = 0, warp = 0;
    return clGetDeviceInfo(device(), CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, sizeof major, &major, nullptr) ==
               CL_SUCCESS &&
           clGetDeviceInfo(device(), CL_DEVICE_WARP_SIZE_NV, sizeof warp, &warp, nullptr) == CL_SUCCESS && major >= 7 &&
           warp == 32;
}

std::shared_ptr<const device_info> read_device(const cl::Platform& platform, const cl::Device& device,
                                               int platform_index, int device_index) {
    auto info = std::make_shared<device_info>();
    info->platform = platform;
    info->device = device;
    info->platform_index = platform_index;
    info->device_index = device_index;
    check(platform.getInfo(CL_PLATFORM_NAME, &info->platform_name), "clGetPlatformInfo");
    info->name = device_query<CL_DEVICE_NAME, std::string>(device);
    info->vendor = device_query<CL_DEVICE_VENDOR, std::string>(device);
    info->driver_version = device_query<CL_DRIVER_VERSION, std::string>(device);
    info->device_version = device_query<CL_DEVICE_VERSION, std::string>(device);
    info->type = device_query<CL_DEVICE_TYPE, cl_device_type>(device);
    info->max_work_group_size = device_query<CL_DEVICE_MAX_WORK_GROUP_SIZE, std::size_t>(device);
    const auto item_sizes = device_query<CL_DEVICE_MAX_WORK_ITEM_SIZES, std::vector<std::size_t>>(device);
    for (std::size_t d = 0; d < 3; ++d) info->max_work_item_sizes[d] = d < item_sizes.size() ? item_sizes[d] : 1;
    info->local_mem_size = device_query<CL_DEVICE_LOCAL_MEM_SIZE, cl_ulong>(device);
    info->global_mem_size = device_query<CL_DEVICE_GLOBAL_MEM_SIZE, cl_ulong>(device);
    info->max_mem_alloc_size = device_query<CL_DEVICE_MAX_MEM_ALLOC_SIZE, cl_ulong>(device);
    info->global_mem_cache_size = device_query<CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, cl_ulong>(device);
    info->fp64 = device_query<CL_DEVICE_DOUBLE_FP_CONFIG, cl_device_fp_config>(device) != 0;
    info->version = version_number(info->device_version);
    info->host_unified_memory = device_query<CL_DEVICE_HOST_UNIFIED_MEMORY, cl_bool>(device) != CL_FALSE;
    info->has_display = has_display(device);
    info->simulator = info->platform_name == "Oclgrind";
    const auto extensions = device_query<CL_DEVICE_EXTENSIONS, std::string>(device);
    info->ptx_shuffles = has_ptx_shuffles(device, extensions);
    info->sub_groups = has_extension(extensions, "cl_khr_subgroups");
    // A device libtiles did not enumerate (an adopted queue's sub-device, Oclgrind's) has none.
    if (platform_index >= 0) info->path = std::to_string(platform_index) + ":" + std::to_string(device_index);
    return info;
}

// C++ AMP's CPU accelerator: the host, where staging arrays live; no OpenCL device, no kernels.
const std::shared_ptr<const device_info>& host_device() {
    static const std::shared_ptr<const device_info> host = [] {
        auto info = std::make_shared<device_info>();
        info->platform_index = info->device_index = -1;
        info->name = "CPU accelerator";
        info->path = "cpu";
        info->host = true;
        info->host_unified_memory = true;
        return info;
    }();
    return host;
}

struct enumeration {
    std::vector<std::shared_ptr<const device_info>> devices;
    std::string platforms_without_devices; // "'name': CL_..." for each platform that listed none
};

enumeration enumerate_devices() {
    std::vector<cl::Platform> platforms;
    const cl_int status = cl::Platform::get(&platforms);
    if (status == CL_PLATFORM_NOT_FOUND_KHR) return {};
    check(status, "clGetPlatformIDs");
    enumeration found;
    for (std::size_t p = 0; p < platforms.size(); ++p) {
        std::vector<cl::Device> platform_devices;
        const cl_int listed = platforms[p].getDevices(CL_DEVICE_TYPE_ALL, &platform_devices);
        if (listed != CL_SUCCESS || platform_devices.empty()) {
            std::string name;
            platforms[p].getInfo(CL_PLATFORM_NAME, &name);
            // Asked again without OpenCL-CLHPP, which turns CL_DEVICE_NOT_FOUND into success.
            cl_uint count = 0;
            const cl_int direct = clGetDeviceIDs(platforms[p](), CL_DEVICE_TYPE_ALL, 0, nullptr, &count);
            found.platforms_without_devices += std::string(found.platforms_without_devices.empty() ? "" : ", ") + "'" +
                                               name + "': " + cl_status_name(direct);
            continue;
        }
        for (std::size_t d = 0; d < platform_devices.size(); ++d)
            found.devices.push_back(read_device(platforms[p], platform_devices[d], int(p), int(d)));
    }
    return found;
}

// Why a platform that is installed may list no device: PoCL, for one, gives up when it cannot
// create its kernel cache ($POCL_CACHE_DIR, else $XDG_CACHE_HOME/pocl, else $HOME/.cache/pocl).
// Said only where that directory cannot be made: its nearest existing folder is no writable one.
std::string cache_directory_hint() {
    const auto set = [](const char* name) {
        const char* value = std::getenv(name);
        return value != nullptr && *value != '\0' ? std::optional<std::string>(value) : std::nullopt;
    };
    std::string path, cause;
    if (const auto dir = set("POCL_CACHE_DIR")) {
        path = *dir, cause = "POCL_CACHE_DIR=" + *dir;
    } else if (const auto xdg = set("XDG_CACHE_HOME")) {
        path = *xdg + "/pocl", cause = "XDG_CACHE_HOME=" + *xdg;
    } else if (const auto home = set("HOME")) {
        path = *home + "/.cache/pocl", cause = "HOME=" + *home;
    } else {
        return {};
    }
    std::filesystem::path existing = path;
    std::error_code error;
    while (!std::filesystem::exists(existing, error) && existing.has_relative_path()) existing = existing.parent_path();
    if (std::filesystem::is_directory(existing, error) && access(existing.c_str(), W_OK) == 0) return {};
    return "; PoCL lists none when it cannot create its cache directory '" + path + "' (" + cause +
           "): set POCL_CACHE_DIR to a writable directory";
}

const std::vector<std::shared_ptr<const device_info>>& all_devices() {
    static const auto found = enumerate_devices();
    if (found.devices.empty() && !found.platforms_without_devices.empty())
        throw runtime_exception("no OpenCL device was found: the installed OpenCL platforms listed none (" +
                                    found.platforms_without_devices + "), so their drivers may not have started" +
                                    cache_directory_hint(),
                                CL_DEVICE_NOT_FOUND);
    if (found.devices.empty())
        throw runtime_exception("no OpenCL device was found: install an OpenCL driver "
                                "(on Debian, pocl-opencl-icd runs kernels on the CPU)",
                                CL_DEVICE_NOT_FOUND);
    return found.devices;
}

std::string lowercase(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

std::string device_list() {
    std::ostringstream os;
    for (const auto& d : all_devices())
        os << "\n  " << d->platform_index << ':' << d->device_index << "  " << d->name << " (" << d->platform_name
           << ')';
    return os.str();
}

// The device a TILES_DEVICE-style selector names: "gpu", "cpu", "accelerator", "P:D", or a
// case-insensitive part of "platform name device name". `variable` names the environment
// variable the selector came from, if it came from one.
std::shared_ptr<const device_info> select_device(const std::string& selector, const std::string& variable = "") {
    const std::string wanted = lowercase(selector);
    const std::map<std::string, cl_device_type> types = {
        {"gpu", CL_DEVICE_TYPE_GPU}, {"cpu", CL_DEVICE_TYPE_CPU}, {"accelerator", CL_DEVICE_TYPE_ACCELERATOR}};
    int platform = -1, device = -1;
    char colon = 0, rest = 0;
    std::istringstream indices(wanted);
    const bool by_index = bool(indices >> platform >> colon >> device) && colon == ':' && !(indices >> rest);
    for (const auto& d : all_devices()) {
        const auto type = types.find(wanted);
        const bool matches = type != types.end() ? (d->type & type->second) != 0
                             : by_index          ? d->platform_index == platform && d->device_index == device
                                        : lowercase(d->platform_name + " " + d->name).find(wanted) != std::string::npos;
        if (matches) return d;
    }
    const std::string given = variable.empty() ? "'" + selector + "'" : variable + "='" + selector + "'";
    throw invalid_argument("no OpenCL device matches " + given +
                           " (give gpu, cpu, accelerator, platform:device indices or part of a name); "
                           "the devices are:" +
                           device_list());
}

struct default_choice {
    std::shared_ptr<const device_info> device;
    std::string reason;
};

// UTF-8 and wchar_t strings (UTF-32 here), for AMP's wide device paths and descriptions.
std::string narrow(const std::wstring& wide) {
    std::string utf8;
    for (const wchar_t w : wide) {
        const auto c = static_cast<std::uint32_t>(w);
        const int continuation = c < 0x80 ? 0 : c < 0x800 ? 1 : c < 0x10000 ? 2 : 3;
        static const unsigned char lead[] = {0x00, 0xC0, 0xE0, 0xF0};
        utf8 += char(lead[continuation] | (c >> (6 * continuation)));
        for (int i = continuation - 1; i >= 0; --i) utf8 += char(0x80 | ((c >> (6 * i)) & 0x3F));
    }
    return utf8;
}

std::wstring widen(const std::string& utf8) {
    std::wstring wide;
    for (std::size_t i = 0; i < utf8.size();) {
        const auto byte = static_cast<unsigned char>(utf8[i]);
        const int continuation = byte < 0x80 ? 0 : byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : byte >= 0xC0 ? 1 : -1;
        std::uint32_t c = continuation <= 0 ? byte : byte & (0x3F >> continuation);
        bool valid = continuation >= 0 && i + std::size_t(continuation) < utf8.size();
        for (int k = 1; valid && k <= continuation; ++k) {
            const auto next = static_cast<unsigned char>(utf8[i + std::size_t(k)]);
            valid = (next & 0xC0) == 0x80;
            c = c << 6 | (next & 0x3F);
        }
        wide += valid ? wchar_t(c) : L'\uFFFD'; // bytes that are not UTF-8 become the replacement character
        i += valid ? std::size_t(continuation) + 1 : 1;
    }
    return wide;
}

[[noreturn]] void refuse_direct3d(const std::string& path) {
    throw invalid_argument("'" + path +
                           "' is a Direct3D device path of C++ AMP, which has no OpenCL counterpart: give "
                           "\"default\", a device path of accelerator::get_device_path() or a selector (gpu, cpu, "
                           "platform:device indices, part of a name); the devices are:" +
                           device_list());
}

// The device an AMP device path or a TILES_DEVICE-style selector names; `amp_cpu`: "cpu" is AMP's
// CPU accelerator (wide paths), not a selector of an OpenCL CPU device (narrow ones).
std::shared_ptr<const device_info> device_at(const std::string& path, bool amp_cpu);

default_choice choose_default() {
    if (const char* env = std::getenv("TILES_DEVICE"); env != nullptr && *env != '\0')
        return {select_device(env, "TILES_DEVICE"), std::string("TILES_DEVICE=") + env + " selects it"};
    for (const auto& d : all_devices())
        if (d->type & CL_DEVICE_TYPE_GPU) return {d, "it is the first GPU (TILES_DEVICE is not set)"};
    return {all_devices().front(), "there is no GPU, and it is the first device (TILES_DEVICE is not set)"};
}

// The default, fixed by its first use or by set_default, whichever comes first.
struct default_state {
    std::mutex mutex;
    std::optional<default_choice> choice;
};

default_state& the_default() {
    static default_state state;
    return state;
}

default_choice default_device() {
    default_state& state = the_default();
    std::lock_guard<std::mutex> lock(state.mutex);
    if (!state.choice) state.choice = choose_default();
    return *state.choice;
}

bool set_default_device(const std::string& path, bool amp_cpu) {
    const std::shared_ptr<const device_info> device = device_at(path, amp_cpu);
    if (device->host)
        throw invalid_argument("the CPU accelerator holds data but runs no kernels, so it cannot be the default "
                               "accelerator; name an OpenCL device");
    default_state& state = the_default();
    std::lock_guard<std::mutex> lock(state.mutex);
    if (state.choice) return false;
    state.choice = default_choice{device, "accelerator::set_default chose it"};
    return true;
}

std::shared_ptr<const device_info> device_at(const std::string& path, bool amp_cpu) {
    if (path == "default") return default_device().device;
    if (amp_cpu && path == "cpu") return host_device();
    if (path == "direct3d\\warp" || path == "direct3d\\ref") refuse_direct3d(path);
    return select_device(path);
}

std::shared_ptr<context_state> new_context_state(const std::shared_ptr<const device_info>& device,
                                                 queuing_mode mode = queuing_mode_automatic) {
    if (device->host) return std::make_shared<context_state>(device, cl::Context(), cl::CommandQueue(), mode);
    cl_int status = CL_SUCCESS;
    cl::Context context(device->device, nullptr, nullptr, nullptr, &status);
    check(status, "clCreateContext");
    // Profiling on, for completion_future::profile(): a few timestamps per command.
    cl::CommandQueue queue(context, device->device, CL_QUEUE_PROFILING_ENABLE, &status);
    check(status, "clCreateCommandQueue");
    return std::make_shared<context_state>(device, std::move(context), std::move(queue), mode);
}

} // namespace

context_state::context_state(std::shared_ptr<const device_info> device, cl::Context context, cl::CommandQueue queue,
                             queuing_mode mode)
    : device_(std::move(device)), context_(std::move(context)), queue_(std::move(queue)), mode_(mode) {
    static std::atomic<std::uint64_t> next_id{1};
    id_ = next_id++;
}

void context_state::check_runs_kernels(const char* what) const {
    if (device_->host)
        throw invalid_argument(std::string("the CPU accelerator holds data but runs no kernels, as in C++ AMP: ") +
                               what + " needs an accelerator view of an OpenCL device");
}

void context_state::submit() {
    check(queue_.flush(), "clFlush");
    ++flushes_;
}

void context_state::enqueued() {
    if (mode_ == queuing_mode_immediate) submit();
}

void context_state::flush() {
    if (!device_->host) submit();
}

completion_future context_state::create_marker() {
    if (device_->host) return completion_future(); // nothing is ever enqueued there
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

context_state::~context_state() {
    if (!pending_.empty()) queue_.finish();
}

void context_state::add_pending(std::shared_ptr<pending_work> work) {
    std::lock_guard<std::mutex> lock(pending_mutex_);
    pending_.erase(std::remove_if(pending_.begin(), pending_.end(),
                                  [](const std::shared_ptr<pending_work>& p) { return p->is_done(); }),
                   pending_.end());
    pending_.push_back(std::move(work));
}

void context_state::wait() {
    if (device_->host) return;
    check(queue_.finish(), "clFinish");
    std::vector<std::shared_ptr<pending_work>> pending;
    {
        std::lock_guard<std::mutex> lock(pending_mutex_);
        pending.swap(pending_);
    }
    for (const auto& work : pending) work->wait();
}

std::shared_ptr<context_state> adopt_context(cl_context context, cl_command_queue queue) {
    if (context == nullptr || queue == nullptr)
        throw invalid_argument("an accelerator view needs both a cl_context and a cl_command_queue (one is NULL)");
    cl::Context adopted_context(context, true); // retained: released when the view goes
    cl::CommandQueue adopted_queue(queue, true);
    cl::Context queue_context;
    check(adopted_queue.getInfo(CL_QUEUE_CONTEXT, &queue_context), "clGetCommandQueueInfo");
    if (queue_context() != context)
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
    return std::make_shared<context_state>(std::move(info), std::move(adopted_context), std::move(adopted_queue));
}

std::shared_ptr<const device_info> describe_device(const cl::Platform& platform, const cl::Device& device) {
    return read_device(platform, device, -1, -1);
}

accelerator_view default_view() {
    // TILES_CHECKED=1 (or strict) puts launches without a view on the Oclgrind simulator.
    // Never destroyed, like the default views it may be: a static's destructor runs in the exit
    // handlers, after glibc has destroyed the main thread's thread_local objects, and releasing
    // an Oclgrind context there tears down its LLVM context over state that is gone (the heap
    // corruption "corrupted double-linked list" at the exit of about half the checked runs).
    static const accelerator_view* const view = new accelerator_view([] {
        const char* checked = std::getenv("TILES_CHECKED");
        if (checked == nullptr || *checked == '\0' || std::string(checked) == "0")
            return accelerator().get_default_view();
        return create_checked_view(std::string(checked) == "strict");
    }());
    return *view;
}

} // namespace tiles::detail

namespace tiles {

accelerator::accelerator() : info_(detail::default_device().device) {}
accelerator::accelerator(const std::string& selector) : info_(detail::device_at(selector, false)) {}
accelerator::accelerator(const std::wstring& path) : info_(detail::device_at(detail::narrow(path), true)) {}
accelerator::accelerator(std::shared_ptr<const detail::device_info> info) : info_(std::move(info)) {}

bool accelerator::set_default(const std::wstring& path) {
    return detail::set_default_device(detail::narrow(path), true);
}
bool accelerator::set_default(const std::string& path) { return detail::set_default_device(path, false); }

std::vector<accelerator> accelerator::get_all() {
    std::vector<accelerator> all;
    for (const auto& d : detail::all_devices()) all.push_back(accelerator(d));
    return all;
}

std::string accelerator::default_reason() { return detail::default_device().reason; }

const std::string& accelerator::name() const { return info_->name; }
const std::string& accelerator::vendor() const { return info_->vendor; }
const std::string& accelerator::platform_name() const { return info_->platform_name; }
const std::string& accelerator::driver_version() const { return info_->driver_version; }
const std::string& accelerator::device_version() const { return info_->device_version; }
bool accelerator::is_gpu() const { return (info_->type & CL_DEVICE_TYPE_GPU) != 0; }
bool accelerator::is_cpu() const { return (info_->type & CL_DEVICE_TYPE_CPU) != 0; }
int accelerator::platform_index() const { return info_->platform_index; }
int accelerator::device_index() const { return info_->device_index; }
std::size_t accelerator::max_tile_size() const { return info_->max_work_group_size; }
std::array<std::size_t, 3> accelerator::max_tile_extent() const {
    const auto& cl_order = info_->max_work_item_sizes;
    return {cl_order[2], cl_order[1], cl_order[0]};
}
std::size_t accelerator::tile_static_memory() const { return info_->local_mem_size; }
std::uint64_t accelerator::dedicated_memory() const { return info_->global_mem_size; }
std::uint64_t accelerator::max_allocation() const { return info_->max_mem_alloc_size; }
bool accelerator::supports_double_precision() const { return info_->fp64; }

const std::string& accelerator::device_path() const { return info_->path; }
std::wstring accelerator::get_device_path() const { return detail::widen(info_->path); }
std::wstring accelerator::get_description() const { return detail::widen(info_->name); }
unsigned int accelerator::get_version() const { return info_->version; }
std::size_t accelerator::get_dedicated_memory() const { return std::size_t(info_->global_mem_size / 1024); }
bool accelerator::get_is_debug() const { return info_->simulator; }
bool accelerator::get_is_emulated() const {
    return info_->host || info_->simulator || (info_->type & CL_DEVICE_TYPE_CPU) != 0;
}
bool accelerator::get_has_display() const { return info_->has_display; }
bool accelerator::get_supports_double_precision() const { return info_->fp64; }
bool accelerator::get_supports_limited_double_precision() const { return info_->fp64; }
bool accelerator::get_supports_cpu_shared_memory() const { return info_->host_unified_memory; }

accelerator_view accelerator::get_default_view() const {
    // Never destroyed: releasing OpenCL objects while the process exits crashes some drivers.
    static auto* const views = new std::map<cl_device_id, std::shared_ptr<detail::context_state>>;
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    auto& view = (*views)[info_->device()]; // the CPU accelerator's is under no device at all
    if (!view) view = detail::new_context_state(info_);
    return accelerator_view(view);
}

accelerator_view accelerator::create_view(queuing_mode mode) const {
    return accelerator_view(detail::new_context_state(info_, mode));
}

bool operator==(const accelerator& a, const accelerator& b) { return a.info_->device() == b.info_->device(); }

accelerator_view::accelerator_view(std::shared_ptr<detail::context_state> state) : state_(std::move(state)) {}

accelerator accelerator_view::get_accelerator() const { return accelerator(state_->device()); }

void accelerator_view::wait() const { state_->wait(); }
void accelerator_view::flush() const { state_->flush(); }
completion_future accelerator_view::create_marker() const { return state_->create_marker(); }
queuing_mode accelerator_view::get_queuing_mode() const { return state_->mode(); }
bool accelerator_view::get_is_debug() const { return state_->checked != nullptr; }
unsigned int accelerator_view::get_version() const { return state_->device()->version; }

transfer_counters accelerator_view::counters() const { return state_->counters(); }
void accelerator_view::reset_counters() const { state_->reset_counters(); }

} // namespace tiles
