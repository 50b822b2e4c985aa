// libtiles: checked mode. Oclgrind is loaded only when a checked view is made: its ICD library is
// opened directly (it need not be registered with the ICD loader), its platform found through
// clIcdGetPlatformIDsKHR, and every OpenCL call on its objects reaches it by the ICD dispatch
// they carry. Each checked view has its own Oclgrind log; after every launch the new part of it
// becomes diagnostics.
#include "checked_run.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <regex>
#include <sstream>
#include <tuple>

#include "tiles/accelerator.hpp"

namespace tiles {

const char* to_string(diagnostic_kind kind) {
    switch (kind) {
    case diagnostic_kind::read_write_race:
        return "read-write race";
    case diagnostic_kind::write_write_race:
        return "write-write race";
    case diagnostic_kind::uninitialized_read:
        return "uninitialized read";
    case diagnostic_kind::uninitialized_write:
        return "uninitialized write";
    case diagnostic_kind::out_of_bounds:
        return "out-of-bounds access";
    case diagnostic_kind::barrier_divergence:
        return "barrier divergence";
    case diagnostic_kind::other:
        break;
    }
    return "problem";
}

const char* to_string(memory_space space) {
    switch (space) {
    case memory_space::tile_static:
        return "tile_static";
    case memory_space::global:
        return "global";
    case memory_space::constant:
        return "constant";
    case memory_space::private_memory:
        return "private";
    case memory_space::unknown:
        break;
    }
    return "unknown";
}

std::string diagnostic::to_string() const {
    std::ostringstream os;
    os << tiles::to_string(kind);
    if (space != memory_space::unknown) os << " in " << tiles::to_string(space) << " memory";
    os << " in kernel '" << kernel << "'";
    if (line > 0)
        os << " at line " << line << ", column " << column << ": " << source_line;
    else
        os << " (in libtiles' prelude)";
    if (other_line > 0) os << "\n    the other access: line " << other_line << ", column " << other_column;
    if (!work_items.empty()) {
        constexpr std::size_t shown = 6;
        os << "\n    work-items";
        for (std::size_t i = 0; i < std::min(shown, work_items.size()); ++i) {
            os << " (";
            for (int d = 3 - rank; d < 3; ++d) os << (d > 3 - rank ? "," : "") << work_items[i][d];
            os << ")";
        }
        if (work_items.size() > shown) os << " and " << work_items.size() - shown << " more";
    }
    os << "\n    " << message;
    return os.str();
}

std::string check_report::to_string() const {
    std::ostringstream os;
    for (const diagnostic& d : diagnostics) os << d.to_string() << "\n";
    return os.str();
}

namespace detail {
namespace {

diagnostic_kind kind_of(const std::string& header) {
    if (header.rfind("Read-write data race", 0) == 0) return diagnostic_kind::read_write_race;
    if (header.rfind("Write-write data race", 0) == 0) return diagnostic_kind::write_write_race;
    if (header.rfind("Uninitialized value written", 0) == 0) return diagnostic_kind::uninitialized_write;
    std::string lower = header;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (lower.find("uninitialized") != std::string::npos) return diagnostic_kind::uninitialized_read;
    if (header.rfind("Invalid read", 0) == 0 || header.rfind("Invalid write", 0) == 0)
        return diagnostic_kind::out_of_bounds;
    if (lower.find("divergence") != std::string::npos) return diagnostic_kind::barrier_divergence;
    return diagnostic_kind::other;
}

memory_space space_of(const std::string& header) {
    static const std::regex pattern("(private|local|global|constant) memory");
    std::smatch m;
    if (!std::regex_search(header, m, pattern)) return memory_space::unknown;
    const std::string s = m[1];
    return s == "local"      ? memory_space::tile_static
           : s == "global"   ? memory_space::global
           : s == "constant" ? memory_space::constant
                             : memory_space::private_memory;
}

std::string line_of(const std::string& source, int line) {
    std::istringstream in(source);
    std::string text;
    for (int i = 0; i < line && std::getline(in, text); ++i) {
    }
    const auto first = text.find_first_not_of(" \t");
    return first == std::string::npos ? std::string() : text.substr(first);
}

// One message of the log: its header line and the indented lines after it.
diagnostic parse_message(const std::string& header, const std::vector<std::string>& body, int rank,
                         const std::string& source) {
    static const std::regex kernel_pattern("Kernel:\\s*(\\S+)");
    static const std::regex item_pattern("Global\\((\\d+),(\\d+),(\\d+)\\)");
    static const std::regex position_pattern("At line (\\d+) \\(column (\\d+)\\) of (.*):");
    diagnostic d;
    d.rank = rank;
    d.kind = kind_of(header);
    d.space = space_of(header);
    d.message = header;
    int positions = 0;
    for (const std::string& line : body) {
        std::smatch m;
        if (d.kernel.empty() && std::regex_search(line, m, kernel_pattern)) d.kernel = m[1];
        if (std::regex_search(line, m, item_pattern)) {
            const int cl[3] = {std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3])};
            std::array<int, 3> amp{0, 0, 0};
            for (int i = 0; i < rank; ++i) amp[3 - rank + i] = cl[rank - 1 - i];
            d.work_items.push_back(amp);
        }
        if (positions < 2 && std::regex_search(line, m, position_pattern)) {
            // A race names two accesses, each with its place; other messages, one.
            const bool in_kernel = m[3] == kernel_source_name; // else a line of the prelude
            if (positions++ == 0 && in_kernel) {
                d.line = std::stoi(m[1]);
                d.column = std::stoi(m[2]);
                d.source_line = line_of(source, d.line);
            } else if (in_kernel) {
                d.other_line = std::stoi(m[1]);
                d.other_column = std::stoi(m[2]);
            }
        }
        if (line.find("Only ") != std::string::npos && d.kind == diagnostic_kind::barrier_divergence)
            d.message += ": " + line.substr(line.find("Only "));
    }
    return d;
}

} // namespace

std::vector<diagnostic> parse_oclgrind_log(const std::string& log, int rank, const std::string& source) {
    // Messages start at a line that is not indented; Oclgrind repeats one per work-item, which
    // become one diagnostic naming them all.
    std::vector<diagnostic> found;
    std::map<std::tuple<int, int, std::string, int, int, int>, std::size_t> seen;
    std::istringstream in(log);
    std::string line, header;
    std::vector<std::string> body;
    const auto flush = [&] {
        if (header.empty()) return;
        diagnostic d = parse_message(header, body, rank, source);
        const auto key = std::make_tuple(int(d.kind), int(d.space), d.kernel, d.line, d.column, d.other_line);
        if (const auto it = seen.find(key); it != seen.end()) {
            auto& items = found[it->second].work_items;
            for (const auto& w : d.work_items)
                if (std::find(items.begin(), items.end(), w) == items.end()) items.push_back(w);
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
    return found;
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

std::string new_log_path() {
    static std::atomic<int> next{0};
    return (std::filesystem::temp_directory_path() /
            ("libtiles-checked-" + std::to_string(getpid()) + "-" + std::to_string(next++) + ".log"))
        .string();
}

} // namespace

checked_run::checked_run(bool strict_mode) : strict(strict_mode), log_path(new_log_path()) {}

checked_run::~checked_run() { std::remove(log_path.c_str()); }

void checked_run::open_log() {
    log.open(log_path, std::ios::binary);
    if (!log) throw runtime_exception("checked mode could not open Oclgrind's log " + log_path);
    std::remove(log_path.c_str());
}

void checked_run::after_launch(context_state& view, int rank, const std::string& source) {
    check(view.queue().finish(), "clFinish");
    log.clear(); // past the end of what was written before
    log.seekg(std::streamoff(log_read));
    const std::string fresh((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
    log_read += fresh.size();
    std::vector<diagnostic> found = parse_oclgrind_log(fresh, rank, source);
    if (found.empty()) return;
    {
        std::lock_guard<std::mutex> lock(mutex);
        report.diagnostics.insert(report.diagnostics.end(), found.begin(), found.end());
    }
    if (strict) throw check_failed(check_report{std::move(found)});
}

std::shared_ptr<context_state> new_checked_context(bool strict) {
    // Oclgrind reads its settings from the environment when a context is made.
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    cl::Platform platform(oclgrind_platform(), true);
    std::vector<cl::Device> devices;
    check(platform.getDevices(CL_DEVICE_TYPE_ALL, &devices), "clGetDeviceIDs");
    if (devices.empty()) throw unsupported_feature("the Oclgrind platform has no device");
    auto run = std::make_shared<checked_run>(strict);
    setenv("OCLGRIND_DATA_RACES", "1", 1);
    setenv("OCLGRIND_UNINITIALIZED", "1", 1);
    setenv("OCLGRIND_LOG", run->log_path.c_str(), 1);
    // Oclgrind stops logging after 1000 errors counted over the whole process (all contexts
    // together), which would leave later checked launches with silently empty reports.
    setenv("OCLGRIND_MAX_ERRORS", "4294967295", 1);
    cl_int status = CL_SUCCESS;
    cl::Context context(devices.front(), nullptr, nullptr, nullptr, &status);
    check(status, "clCreateContext (Oclgrind)");
    run->open_log();
    cl::CommandQueue queue(context, devices.front(), 0, &status);
    check(status, "clCreateCommandQueue (Oclgrind)");
    auto state = std::make_shared<context_state>(describe_device(platform, devices.front()), std::move(context),
                                                 std::move(queue));
    state->checked = std::move(run);
    return state;
}

} // namespace detail

accelerator_view create_checked_view(bool strict) { return accelerator_view(detail::new_checked_context(strict)); }

bool is_checked(const accelerator_view& view) { return view.state()->checked != nullptr; }

check_report get_check_report(const accelerator_view& view) {
    const auto& run = view.state()->checked;
    if (!run) return {};
    std::lock_guard<std::mutex> lock(run->mutex);
    return run->report;
}

void clear_check_report(const accelerator_view& view) {
    if (const auto& run = view.state()->checked) {
        std::lock_guard<std::mutex> lock(run->mutex);
        run->report.diagnostics.clear();
    }
}

} // namespace tiles
