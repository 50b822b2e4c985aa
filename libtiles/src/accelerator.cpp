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
    info->fp64 = device_query<CL_DEVICE_DOUBLE_FP_CONFIG, cl_device_fp_config>(device) != 0;
    return info;
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

default_choice choose_default() {
    if (const char* env = std::getenv("TILES_DEVICE"); env != nullptr && *env != '\0')
        return {select_device(env, "TILES_DEVICE"), std::string("TILES_DEVICE=") + env + " selects it"};
    for (const auto& d : all_devices())
        if (d->type & CL_DEVICE_TYPE_GPU) return {d, "it is the first GPU (TILES_DEVICE is not set)"};
    return {all_devices().front(), "there is no GPU, and it is the first device (TILES_DEVICE is not set)"};
}

const default_choice& default_device() {
    static const default_choice choice = choose_default();
    return choice;
}

std::shared_ptr<context_state> new_context_state(const std::shared_ptr<const device_info>& device) {
    cl_int status = CL_SUCCESS;
    cl::Context context(device->device, nullptr, nullptr, nullptr, &status);
    check(status, "clCreateContext");
    cl::CommandQueue queue(context, device->device, 0, &status);
    check(status, "clCreateCommandQueue");
    return std::make_shared<context_state>(device, std::move(context), std::move(queue));
}

} // namespace

context_state::context_state(std::shared_ptr<const device_info> device, cl::Context context, cl::CommandQueue queue)
    : device_(std::move(device)), context_(std::move(context)), queue_(std::move(queue)) {
    static std::atomic<std::uint64_t> next_id{1};
    id_ = next_id++;
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
accelerator::accelerator(const std::string& selector) : info_(detail::select_device(selector)) {}
accelerator::accelerator(std::shared_ptr<const detail::device_info> info) : info_(std::move(info)) {}

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

accelerator_view accelerator::get_default_view() const {
    // Never destroyed: releasing OpenCL objects while the process exits crashes some drivers.
    static auto* const views = new std::map<cl_device_id, std::shared_ptr<detail::context_state>>;
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    auto& view = (*views)[info_->device()];
    if (!view) view = detail::new_context_state(info_);
    return accelerator_view(view);
}

accelerator_view accelerator::create_view() const { return accelerator_view(detail::new_context_state(info_)); }

bool operator==(const accelerator& a, const accelerator& b) { return a.info_->device() == b.info_->device(); }

accelerator_view::accelerator_view(std::shared_ptr<detail::context_state> state) : state_(std::move(state)) {}

accelerator accelerator_view::get_accelerator() const { return accelerator(state_->device()); }

void accelerator_view::wait() const { state_->wait(); }
void accelerator_view::flush() const { detail::check(state_->queue().flush(), "clFlush"); }

transfer_counters accelerator_view::counters() const { return state_->counters(); }
void accelerator_view::reset_counters() const { state_->reset_counters(); }

} // namespace tiles
