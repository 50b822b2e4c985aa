// libtiles engine: enumerating OpenCL devices once, reading what libtiles needs of each, and
// choosing the default one (TILES_DEVICE, else a GPU, else the first device).
#include "devices/devices.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>

#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::engine {
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
bool has_display(const device_info& info) {
    if (!info.has_extension("cl_nv_device_attribute_query")) return false;
    cl_bool timeout = CL_FALSE;
    check(clGetDeviceInfo(info.device(), CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV, sizeof timeout, &timeout, nullptr),
          "clGetDeviceInfo");
    return timeout != CL_FALSE;
}

// CL_DEVICE_IL_VERSION, from OpenCL 2.1 on, or cl_khr_il_program's; "" where the device has none.
std::string il_version(const device_info& info) {
    std::size_t size = 0;
    if ((info.version < (2u << 16 | 1u) && !info.has_extension("cl_khr_il_program")) ||
        clGetDeviceInfo(info.device(), CL_DEVICE_IL_VERSION_KHR, 0, nullptr, &size) != CL_SUCCESS || size <= 1)
        return "";
    std::string version(size, '\0');
    if (clGetDeviceInfo(info.device(), CL_DEVICE_IL_VERSION_KHR, size, version.data(), nullptr) != CL_SUCCESS)
        return "";
    version.resize(size - 1);
    return version;
}

// NVIDIA's compute capability, major * 10 + minor (cl_nv_device_attribute_query); 0 for other
// devices.
int nvidia_compute_capability(const device_info& info) {
    const cl::Device& device = info.device;
    cl_uint major = 0, minor = 0;
    if (!info.has_extension("cl_nv_device_attribute_query") ||
        clGetDeviceInfo(device(), CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, sizeof major, &major, nullptr) != CL_SUCCESS ||
        clGetDeviceInfo(device(), CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV, sizeof minor, &minor, nullptr) != CL_SUCCESS)
        return 0;
    return int(major * 10 + minor);
}

// Whether NVIDIA's OpenCL compiles inline PTX shfl.sync for the device: a compute capability of
// 7.0 or more (whose PTX is of ISA 6.0 or later, where shfl.sync is) and warps of 32.
bool has_ptx_shuffles(const cl::Device& device, int compute_capability) {
    cl_uint warp = 0;
    return compute_capability >= 70 &&
           clGetDeviceInfo(device(), CL_DEVICE_WARP_SIZE_NV, sizeof warp, &warp, nullptr) == CL_SUCCESS && warp == 32;
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
    info->compute_units = int(device_query<CL_DEVICE_MAX_COMPUTE_UNITS, cl_uint>(device));
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
    info->simulator = info->platform_name == "Oclgrind";
    info->extensions = device_query<CL_DEVICE_EXTENSIONS, std::string>(device);
    info->il_version = il_version(*info);
    info->address_bits = int(device_query<CL_DEVICE_ADDRESS_BITS, cl_uint>(device));
    info->has_display = has_display(*info);
    info->compute_capability = nvidia_compute_capability(*info);
    info->ptx_shuffles = has_ptx_shuffles(device, info->compute_capability);
    info->ptx_tensor_cores = info->compute_capability >= 80;
    info->sub_groups = info->has_extension("cl_khr_subgroups");
    // A device libtiles did not enumerate (an adopted queue's sub-device, Oclgrind's) has none.
    if (platform_index >= 0) info->path = std::to_string(platform_index) + ":" + std::to_string(device_index);
    return info;
}

} // namespace

bool device_info::has_extension(const std::string& extension) const {
    std::istringstream words(extensions);
    for (std::string word; words >> word;)
        if (word == extension) return true;
    return false;
}

bool device_info::said_first_time(const std::string& key) const {
    std::lock_guard<std::mutex> lock(said.mutex);
    return said.keys.insert(key).second;
}

const std::shared_ptr<const device_info>& host_device() {
    static const immortal<std::shared_ptr<const device_info>> host([] {
        auto info = std::make_shared<device_info>();
        info->platform_index = info->device_index = -1;
        info->name = "CPU accelerator";
        info->path = "cpu";
        info->host = true;
        info->host_unified_memory = true;
        return info;
    }());
    return *host;
}

namespace {

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

} // namespace

const std::vector<std::shared_ptr<const device_info>>& all_devices() {
    static const immortal<enumeration> enumerated(enumerate_devices());
    const enumeration& found = *enumerated;
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

namespace {

std::string lowercase(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

} // namespace

std::string device_list() {
    std::ostringstream os;
    for (const auto& d : all_devices())
        os << "\n  " << d->platform_index << ':' << d->device_index << "  " << d->name << " (" << d->platform_name
           << ')';
    return os.str();
}

std::shared_ptr<const device_info> select_device(const std::string& selector, const std::string& variable) {
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

namespace {

default_choice choose_default() {
    if (const char* env = std::getenv("TILES_DEVICE"); env != nullptr && *env != '\0')
        return {select_device(env, "TILES_DEVICE"), std::string("TILES_DEVICE=") + env + " selects it"};
    for (const auto& d : all_devices())
        if (d->is_gpu()) return {d, "it is the first GPU (TILES_DEVICE is not set)"};
    return {all_devices().front(), "there is no GPU, and it is the first device (TILES_DEVICE is not set)"};
}

// The default, fixed by its first use or by set_default, whichever comes first.
struct default_state {
    std::mutex mutex;
    std::optional<default_choice> choice;
};

default_state& the_default() {
    static immortal<default_state> state;
    return *state;
}

} // namespace

default_choice default_device() {
    default_state& state = the_default();
    std::lock_guard<std::mutex> lock(state.mutex);
    if (!state.choice) state.choice = choose_default();
    return *state.choice;
}

bool set_default_device(const std::shared_ptr<const device_info>& device) {
    if (device->host)
        throw invalid_argument("the CPU accelerator holds data but runs no kernels, so it cannot be the default "
                               "accelerator; name an OpenCL device");
    default_state& state = the_default();
    std::lock_guard<std::mutex> lock(state.mutex);
    if (state.choice) return false;
    state.choice = default_choice{device, "accelerator::set_default chose it"};
    return true;
}

std::shared_ptr<const device_info> describe_device(const cl::Platform& platform, const cl::Device& device) {
    return read_device(platform, device, -1, -1);
}

} // namespace tiles::engine
