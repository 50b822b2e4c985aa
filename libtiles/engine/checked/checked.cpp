// libtiles engine: checked mode. Oclgrind is loaded only when a checked context is made: its ICD
// library is opened directly (it need not be registered with the ICD loader), its platform found
// through clIcdGetPlatformIDsKHR, and every OpenCL call on its objects reaches it by the ICD
// dispatch they carry. Each checked context has its own Oclgrind log; after every launch the new
// part of it becomes diagnostics.
#include "checked/checked_run.hpp"

#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <regex>
#include <sstream>
#include <tuple>
#include <utility>

#include "base/log.hpp"
#include "context/host_waits.hpp"
#include "devices/device_class.hpp"
#include "devices/devices.hpp"
#include "programs/amp_program.hpp"
#include "programs/kernel_cache.hpp"
#include "tiles/engine/immortal.hpp"

#ifdef TILES_OCLGRIND_PLUGIN_FOR
// The plugin's library (libtiles/oclgrind), embedded at build time.
extern const unsigned char tiles_oclgrind_plugin[];
extern const std::size_t tiles_oclgrind_plugin_size;
#endif

namespace tiles {

namespace {

// The names of diagnostic_kind's values, in their order: as the C API and Python name them, and in
// the words of a report; and memory_space's. other's and unknown's stand for a value out of range in reports.
struct kind_name {
    const char* identifier;
    const char* words;
};
constexpr kind_name kind_names[] = {{"read_write_race", "read-write race"},
                                    {"write_write_race", "write-write race"},
                                    {"uninitialized_read", "uninitialized read"},
                                    {"uninitialized_write", "uninitialized write"},
                                    {"out_of_bounds", "out-of-bounds access"},
                                    {"barrier_divergence", "barrier divergence"},
                                    {"other", "problem"},
                                    {"host_write", "host write not refreshed"}};
constexpr const char* space_names[] = {"tile_static", "global", "constant", "private", "unknown"};
static_assert(std::size(kind_names) == std::size_t(diagnostic_kind::host_write) + 1 &&
                  std::size(space_names) == std::size_t(memory_space::unknown) + 1,
              "one name per value");

} // namespace

const char* to_string(diagnostic_kind kind) {
    const int value = int(kind);
    return kind_names[value >= 0 && value < int(std::size(kind_names)) ? value : int(diagnostic_kind::other)].words;
}

const char* identifier(diagnostic_kind kind) {
    const int value = int(kind);
    return value >= 0 && value < int(std::size(kind_names)) ? kind_names[value].identifier : "";
}

const char* to_string(memory_space space) {
    const int value = int(space);
    return value >= 0 && value < int(std::size(space_names)) ? space_names[value]
                                                             : space_names[std::size(space_names) - 1];
}

namespace {

// " (0,1) (2,3) and 5 more": the first few of `indices`, in the launch's rank.
std::string index_list(const std::vector<std::array<int, 3>>& indices, int rank) {
    constexpr std::size_t shown = 6;
    std::ostringstream os;
    for (std::size_t i = 0; i < std::min(shown, indices.size()); ++i) {
        os << " (";
        for (int d = 3 - rank; d < 3; ++d) os << (d > 3 - rank ? "," : "") << indices[i][d];
        os << ")";
    }
    if (indices.size() > shown) os << " and " << indices.size() - shown << " more";
    return os.str();
}

} // namespace

std::string diagnostic::to_string() const {
    std::ostringstream os;
    os << tiles::to_string(kind);
    if (space != memory_space::unknown) os << " in " << tiles::to_string(space) << " memory";
    os << " in kernel '" << kernel << "'";
    if (kind == diagnostic_kind::host_write) // found by the host, before the kernel ran: no line of it
        os << ":";
    else if (line > 0)
        os << " at line " << line << ", column " << column << ": " << source_line;
    else // Oclgrind gives no line for the prelude's code, nor for code the compiler merged
        os << " at a line the simulator could not tell";
    if (kind == diagnostic_kind::barrier_divergence && !tiles.empty()) {
        // "in tile (1,0), 4 of its 8 work-items reached this barrier, the others the one at line 7"
        const bool several = tiles.size() > 1;
        os << "\n    in tile" << (several ? "s" : "") << index_list(tiles, rank) << ", " << reached_barrier;
        if (tile_size > 0) os << (several ? " of the " : " of its ") << tile_size;
        os << " work-items" << (several && tile_size > 0 ? " of each" : "") << " reached this barrier";
        if (other_line > 0) os << ", the others the one at line " << other_line;
    } else if (other_line > 0) {
        os << "\n    the other access: line " << other_line << ", column " << other_column;
    }
    if (!work_items.empty()) os << "\n    work-items" << index_list(work_items, rank);
    os << "\n    " << message;
    return os.str();
}

std::string check_report::to_string() const {
    std::ostringstream os;
    for (const diagnostic& d : diagnostics) os << d.to_string() << "\n";
    return os.str();
}

namespace engine {
namespace {

diagnostic_kind kind_of(const std::string& header) {
    if (header.rfind("Read-write data race", 0) == 0) return diagnostic_kind::read_write_race;
    if (header.rfind("Write-write data race", 0) == 0) return diagnostic_kind::write_write_race;
    if (header.rfind("Uninitialized value written", 0) == 0) return diagnostic_kind::uninitialized_write;
    std::string lower = header;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (lower.find("uninitialized") != std::string::npos) return diagnostic_kind::uninitialized_read;
    // "Index (8) exceeds static array size (8)": an index past the end of an array the kernel
    // declares (tile_static or private), found before the access it would make.
    if (header.rfind("Invalid read", 0) == 0 || header.rfind("Invalid write", 0) == 0 ||
        header.find("exceeds static array size") != std::string::npos)
        return diagnostic_kind::out_of_bounds;
    if (lower.find("divergence") != std::string::npos) return diagnostic_kind::barrier_divergence;
    return diagnostic_kind::other;
}

memory_space space_of(const std::string& header) {
    static const immortal<std::regex> pattern("(private|local|global|constant) memory");
    std::smatch m;
    if (!std::regex_search(header, m, *pattern)) return memory_space::unknown;
    const std::string s = m[1];
    return s == "local"      ? memory_space::tile_static
           : s == "global"   ? memory_space::global
           : s == "constant" ? memory_space::constant
                             : memory_space::private_memory;
}

// An index the simulator wrote in OpenCL's order, (x,y,z) in `m`, in AMP's, padded to 3.
std::array<int, 3> amp_index(const std::smatch& m, int rank) {
    const int cl[3] = {std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3])};
    std::array<int, 3> amp{0, 0, 0};
    for (int i = 0; i < rank; ++i) amp[3 - rank + i] = cl[rank - 1 - i];
    return amp;
}

// One message of the log: its header line and the indented lines after it.
diagnostic parse_message(const std::string& header, const std::vector<std::string>& body, int rank, int tile_size,
                         const std::string& source, bool cpp) {
    static const immortal<std::regex> kernel_pattern("Kernel:\\s*(\\S+)");
    static const immortal<std::regex> item_pattern("Global\\((\\d+),(\\d+),(\\d+)\\)");
    static const immortal<std::regex> position_pattern("At line (\\d+) \\(column (\\d+)\\) of (.*):");
    // A divergent barrier names its work-group, alone or as a work-item's, and may say how many
    // of its work-items reached the barrier.
    static const immortal<std::regex> group_pattern("(?:Work-group: |Group)\\((\\d+),(\\d+),(\\d+)\\)");
    static const immortal<std::regex> reached_pattern("Only (\\d+) out of (\\d+) work-items");
    diagnostic d;
    d.rank = rank;
    d.kind = kind_of(header);
    d.space = space_of(header);
    d.message = header;
    const bool divergence = d.kind == diagnostic_kind::barrier_divergence;
    if (divergence) d.tile_size = tile_size;
    int positions = 0;
    for (const std::string& line : body) {
        std::smatch m;
        if (d.kernel.empty() && std::regex_search(line, m, *kernel_pattern)) d.kernel = m[1];
        if (std::regex_search(line, m, *item_pattern)) d.work_items.push_back(amp_index(m, rank));
        if (divergence && d.tiles.empty() && std::regex_search(line, m, *group_pattern))
            d.tiles.push_back(amp_index(m, rank));
        if (divergence && std::regex_search(line, m, *reached_pattern)) {
            d.reached_barrier = std::stoi(m[1]);
            d.tile_size = std::stoi(m[2]);
            d.message += ": " + line.substr(line.find("Only "));
        }
        if (positions < 2 && std::regex_search(line, m, *position_pattern)) {
            // A race names two accesses, each with its place; other messages, one.
            const bool in_kernel = cpp ? !is_amp_library_file(m[3]) : m[3] == kernel_source_name; // or libtiles'
            if (positions++ == 0 && in_kernel) {
                d.line = std::stoi(m[1]);
                d.column = std::stoi(m[2]);
                const std::string text = kernel_line(source, d.line, m[3]);
                d.source_line = text.substr(std::min(text.size(), text.find_first_not_of(" \t")));
            } else if (in_kernel) {
                d.other_line = std::stoi(m[1]);
                d.other_column = std::stoi(m[2]);
            }
        }
    }
    return d;
}

// Appends to `into` the indices of `from` it does not hold yet.
void add_new(std::vector<std::array<int, 3>>& into, const std::vector<std::array<int, 3>>& from) {
    for (const auto& index : from)
        if (std::find(into.begin(), into.end(), index) == into.end()) into.push_back(index);
}

// Oclgrind reports a divergent barrier once per tile, saying how many of its work-items reached
// it, or, where they reached different barriers, once per work-item at the other one (then
// counted here). Tiles where it happened alike, at the same barriers with the same count, become
// one diagnostic naming them all.
std::vector<diagnostic> merge_tiles(std::vector<diagnostic> found) {
    std::vector<diagnostic> merged;
    std::map<std::tuple<std::string, int, int, int>, std::size_t> seen;
    for (diagnostic& d : found) {
        if (d.kind != diagnostic_kind::barrier_divergence || d.tiles.empty()) {
            merged.push_back(std::move(d));
            continue;
        }
        if (d.reached_barrier == 0) d.reached_barrier = int(d.work_items.size());
        const auto key = std::make_tuple(d.kernel, d.line, d.other_line, d.reached_barrier);
        if (const auto it = seen.find(key); it != seen.end()) {
            add_new(merged[it->second].tiles, d.tiles);
            add_new(merged[it->second].work_items, d.work_items);
        } else {
            seen[key] = merged.size();
            merged.push_back(std::move(d));
        }
    }
    for (diagnostic& d : merged) std::sort(d.tiles.begin(), d.tiles.end());
    return merged;
}

} // namespace

std::vector<diagnostic> parse_oclgrind_log(const std::string& log, int rank, int tile_size, const std::string& source,
                                           bool cpp) {
    // Messages start at a line that is not indented; Oclgrind repeats one per work-item, which
    // become one diagnostic naming them all (one per tile, for a divergent barrier).
    std::vector<diagnostic> found;
    using place = std::pair<int, int>;
    std::map<std::tuple<int, int, std::string, place, place, std::array<int, 3>>, std::size_t> seen;
    std::istringstream in(log);
    std::string line, header;
    std::vector<std::string> body;
    const auto flush = [&] {
        if (header.empty()) return;
        diagnostic d = parse_message(header, body, rank, tile_size, source, cpp);
        // A race between two places is one problem, whichever access Oclgrind names first.
        const place here{d.line, d.column}, there{d.other_line, d.other_column};
        const auto key = std::make_tuple(int(d.kind), int(d.space), d.kernel, std::min(here, there),
                                         std::max(here, there), d.tiles.empty() ? std::array<int, 3>{} : d.tiles[0]);
        if (const auto it = seen.find(key); it != seen.end()) {
            add_new(found[it->second].work_items, d.work_items);
        } else {
            seen[key] = found.size();
            found.push_back(std::move(d));
        }
        header.clear();
        body.clear();
    };
    while (std::getline(in, line)) {
        if (!line.empty() && line[0] != '\t' && line[0] != ' ') {
            flush();
            header = line;
        } else if (!header.empty()) {
            body.push_back(line);
        }
    }
    flush();
    return merge_tiles(std::move(found));
}

namespace {

using icd_get_platforms = cl_int (*)(cl_uint, cl_platform_id*, cl_uint*);

// Oclgrind's platform, loaded on first use and kept for the process.
cl_platform_id oclgrind_platform() {
    static std::mutex mutex;
    static cl_platform_id platform = nullptr;
    std::lock_guard<std::mutex> lock(mutex);
    if (platform != nullptr) return platform;
    std::vector<std::string> candidates;
    if (const char* path = std::getenv("TILES_OCLGRIND")) candidates.push_back(path);
    candidates.push_back("/usr/lib/oclgrind/liboclgrind-rt-icd.so");
    candidates.push_back("liboclgrind-rt-icd.so");
    std::string errors;
    for (const std::string& path : candidates) {
        void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (library == nullptr) {
            errors += "\n  " + std::string(dlerror());
            continue;
        }
        auto get = reinterpret_cast<icd_get_platforms>(dlsym(library, "clIcdGetPlatformIDsKHR"));
        cl_uint count = 0;
        if (get != nullptr && get(1, &platform, &count) == CL_SUCCESS && count > 0) return platform;
        errors += "\n  " + path + " gave no OpenCL platform";
    }
    throw unsupported_feature("checked mode runs kernels on the Oclgrind simulator, which could not be loaded "
                              "(install Debian's oclgrind package, or set TILES_OCLGRIND to its "
                              "liboclgrind-rt-icd.so):" +
                              errors);
}

// The one device of Oclgrind's platform.
cl::Device simulated_device(const cl::Platform& platform) {
    std::vector<cl::Device> devices;
    check(platform.getDevices(CL_DEVICE_TYPE_ALL, &devices), "clGetDeviceIDs");
    if (devices.empty()) throw unsupported_feature("the Oclgrind platform has no device");
    return devices.front();
}

// A path Oclgrind can load libtiles' plugin from (see libtiles/oclgrind), made once: an
// anonymous in-memory file, so that nothing is installed beside libtiles or left on disk. Empty
// where libtiles was built without the plugin, or where the Oclgrind loaded is not the release
// it was built for, whose classes it derives from.
const std::string& oclgrind_plugin_path() {
    static const immortal<std::string> path([]() -> std::string {
#ifdef TILES_OCLGRIND_PLUGIN_FOR
        void* built_for = dlopen(TILES_OCLGRIND_PLUGIN_FOR, RTLD_NOW | RTLD_NOLOAD);
        if (built_for == nullptr) return {};
        dlclose(built_for);
        const int file = memfd_create("libtiles-oclgrind-plugin", MFD_CLOEXEC);
        if (file < 0) return {};
        for (std::size_t written = 0; written < tiles_oclgrind_plugin_size;) {
            const ssize_t n = write(file, tiles_oclgrind_plugin + written, tiles_oclgrind_plugin_size - written);
            if (n <= 0) return {};
            written += std::size_t(n);
        }
        return "/proc/self/fd/" + std::to_string(file); // open for the process's life
#else
        return {};
#endif
    }());
    return *path;
}

std::string new_log_path() {
    static std::atomic<int> next{0};
    return (std::filesystem::temp_directory_path() /
            ("libtiles-checked-" + std::to_string(getpid()) + "-" + std::to_string(next++) + ".log"))
        .string();
}

} // namespace

checked_run::checked_run(bool strict_mode, std::string options)
    : strict(strict_mode), build_options(std::move(options)), log_path(new_log_path()) {}

checked_run::~checked_run() { std::remove(log_path.c_str()); }

void checked_run::open_log() {
    log.open(log_path, std::ios::binary);
    if (!log) throw runtime_exception("checked mode could not open Oclgrind's log " + log_path);
    std::remove(log_path.c_str());
}

void checked_run::after_launch(context& context, int rank, int tile_size, const std::string& source, bool cpp) {
    check(finish(context.queue(), "a launch in checked mode"), "clFinish");
    log.clear(); // past the end of what was written before
    log.seekg(std::streamoff(log_read));
    const std::string fresh((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
    log_read += fresh.size();
    report_found(parse_oclgrind_log(fresh, rank, tile_size, source, cpp));
}

std::unique_lock<std::recursive_mutex> checked_run::simulator_turn(const context& context) {
    static std::recursive_mutex simulator;
    return context.checked ? std::unique_lock<std::recursive_mutex>(simulator)
                           : std::unique_lock<std::recursive_mutex>();
}

void checked_run::report_found(std::vector<diagnostic> found) {
    if (found.empty()) return;
    {
        std::lock_guard<std::mutex> lock(mutex);
        report.diagnostics.insert(report.diagnostics.end(), found.begin(), found.end());
    }
    if (strict) throw check_failed(check_report{std::move(found)});
    // A view that does not throw says what it found in the log, where TILES_CHECKED=1 alone shows it.
    if (logging(log_level::warning))
        for (const diagnostic& d : found) engine::log(log_level::warning, "checked mode: " + d.to_string());
}

std::shared_ptr<const device_info> simulator_device() {
    // Never destroyed: releasing Oclgrind's objects in the exit handlers corrupts the heap (see
    // default_context()).
    static const auto* const simulator = new std::shared_ptr<const device_info>([] {
        cl::Platform platform(oclgrind_platform(), true);
        return describe_device(platform, simulated_device(platform));
    }());
    return *simulator;
}

std::shared_ptr<context> new_checked_context(bool strict) {
    // Oclgrind reads its settings from the environment when a context is made.
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    cl::Platform platform(oclgrind_platform(), true);
    const cl::Device device = simulated_device(platform);
    // With libtiles' plugin, kernels are compiled without optimization, which would drop the
    // reads of tile_static variables that nothing stores. Oclgrind's own uninitialized-value
    // checker crashes on some kernels so compiled (vector swizzles such as .even), and the plugin
    // takes its place; without the plugin, that checker reports such reads where their values
    // are used.
    const std::string& plugin = oclgrind_plugin_path();
    auto run = std::make_shared<checked_run>(strict, plugin.empty() ? "" : " -cl-opt-disable");
    if (const char* as = std::getenv("TILES_CHECKED_AS"); as != nullptr && *as != '\0') {
        // Every parameter table has a row for each class of devices (device_class.hpp): a name
        // that names a class has values in all of them.
        if (!class_named(as))
            throw invalid_argument(
                std::string("TILES_CHECKED_AS='") + as +
                "' names no device of the algorithm parameter table: give gpu, cpu or a name containing " +
                known_device_names() + " (docs/guides/checked-mode.md)");
        run->checked_as = as;
    }
    static const immortal<std::string> users_plugins(std::getenv("OCLGRIND_PLUGINS") ? std::getenv("OCLGRIND_PLUGINS")
                                                                                     : "");
    setenv("OCLGRIND_PLUGINS",
           (plugin + (plugin.empty() || users_plugins->empty() ? "" : ":") + *users_plugins).c_str(), 1);
    setenv("OCLGRIND_DATA_RACES", "1", 1);
    // TILES_CHECKED_OCLGRIND_UNINITIALIZED=1, for libtiles' own tests: Oclgrind's checker on
    // beside the plugin, so that uninitialized global memory (a transfer into part of a buffer
    // the simulator did not count as initializing it) is reported. Not for kernels in general:
    // that checker can crash on kernels compiled without optimization, as said above.
    const char* oclgrind_checker = std::getenv("TILES_CHECKED_OCLGRIND_UNINITIALIZED");
    const bool with_oclgrind_checker =
        plugin.empty() || (oclgrind_checker != nullptr && std::string(oclgrind_checker) == "1");
    setenv("OCLGRIND_UNINITIALIZED", with_oclgrind_checker ? "1" : "0", 1);
    setenv("OCLGRIND_LOG", run->log_path.c_str(), 1);
    // Oclgrind stops logging after 1000 errors counted over the whole process (all contexts
    // together), which would leave later checked launches with silently empty reports.
    setenv("OCLGRIND_MAX_ERRORS", "4294967295", 1);
    cl_int status = CL_SUCCESS;
    cl::Context opencl_context(device, nullptr, nullptr, nullptr, &status);
    check(status, "clCreateContext (Oclgrind)");
    run->open_log();
    cl::CommandQueue queue(opencl_context, device, CL_QUEUE_PROFILING_ENABLE, &status);
    check(status, "clCreateCommandQueue (Oclgrind)");
    auto checked =
        std::make_shared<context>(describe_device(platform, device), std::move(opencl_context), std::move(queue));
    checked->checked = std::move(run);
    return checked;
}

check_report report_of(const context& context) {
    const auto& run = context.checked;
    if (!run) return {};
    std::lock_guard<std::mutex> lock(run->mutex);
    return run->report;
}

void clear_report(const context& context) {
    if (const auto& run = context.checked) {
        std::lock_guard<std::mutex> lock(run->mutex);
        run->report.diagnostics.clear();
    }
}

const std::string& checked_as(const context& context) {
    static const immortal<std::string> none;
    return context.checked ? context.checked->checked_as : *none;
}

} // namespace engine
} // namespace tiles
