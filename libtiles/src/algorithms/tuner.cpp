// libtiles algorithms: the tuner of gemm's parameters, and the tuning file it keeps.
#include "tuner.hpp"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <tuple>

#include "../binary_cache.hpp"
#include "../device_info.hpp"
#include "../log.hpp"
#include "../regular_file.hpp"
#include "../storage.hpp"

namespace tiles::detail {
namespace {

using tuning_key = std::tuple<std::string, std::string, int>; // device name, driver version, element type

std::string tuning_file() {
    if (const char* file = std::getenv("TILES_TUNING_FILE"); file != nullptr && *file != '\0')
        return std::string(file) == "off" ? std::string() : file;
    const std::string home = user_cache_directory();
    return home.empty() ? home : home + "/tuning.txt";
}

// The file is untrusted input (a user may edit it, a disk may damage it): larger files are not
// tuning files of libtiles'.
constexpr std::uint64_t largest_tuning_file = 1 << 20;

// Says on stderr, once per version of the file, why a line of it is not used.
void warn_skipped(const std::string& file, int line_number, const std::string& why) {
    std::cerr << "libtiles: " << file << " line " << line_number << " is skipped: " << why << "\n";
}

// `text` as an int if it is one in full: digits, an optional minus sign, nothing else.
std::optional<int> whole_int(const std::string& text) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
    return value;
}

// One line a device and element type: name, driver and type separated by tabs, then the six
// parameters separated by spaces. A line that is not that, or whose parameters gemm's kernel
// cannot run with, is skipped with a warning: the file never makes gemm fail or compute wrong.
std::map<tuning_key, gemm_parameters> read_tuning(const std::string& file) {
    std::map<tuning_key, gemm_parameters> entries;
    const std::optional<std::string> text = read_regular_file(file, largest_tuning_file);
    if (!text) {
        std::cerr << "libtiles: " << file << " is not read: it is not a regular file of at most " << largest_tuning_file
                  << " bytes; gemm uses its shipped parameters\n";
        return entries;
    }
    std::istringstream in(*text);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        std::istringstream fields(line);
        std::string name, driver, type, numbers;
        if (!std::getline(fields, name, '\t') || !std::getline(fields, driver, '\t') ||
            !std::getline(fields, type, '\t') || !std::getline(fields, numbers)) {
            warn_skipped(file, number, "it is not a device name, driver, element type and six numbers, tab-separated");
            continue;
        }
        const std::optional<int> element = whole_int(type);
        if (!element || *element < 0 || *element > int(element_type::float64)) {
            warn_skipped(file, number, "its element type '" + type + "' is not a number of one");
            continue;
        }
        std::istringstream values(numbers);
        std::string value;
        std::vector<int> p;
        while (values >> value) {
            const std::optional<int> v = whole_int(value);
            if (!v) break;
            p.push_back(*v);
        }
        if (!values.eof() || p.size() != 6) {
            warn_skipped(file, number, "'" + numbers + "' is not six integers");
            continue;
        }
        const gemm_parameters parameters{p[0], p[1], p[2], p[3], p[4], p[5]};
        if (!fits_gemm_kernel(parameters)) {
            warn_skipped(file, number, "gemm's kernel cannot run with the parameters '" + numbers + "'");
            continue;
        }
        entries[{name, driver, *element}] = parameters;
    }
    return entries;
}

// "16 16 4 4 4 16": the parameters as the tuning file and the log write them.
std::string parameter_text(const gemm_parameters& p) {
    std::ostringstream os;
    os << p.tile_rows << ' ' << p.tile_columns << ' ' << p.work_rows << ' ' << p.work_columns << ' ' << p.vector_width
       << ' ' << p.slice;
    return os.str();
}

void write_tuning(const std::string& file, const std::map<tuning_key, gemm_parameters>& entries) {
    std::error_code error;
    std::filesystem::create_directories(std::filesystem::path(file).parent_path(), error);
    const std::string temporary = file + ".tmp" + std::to_string(getpid());
    {
        std::ofstream out(temporary);
        for (const auto& [key, p] : entries)
            out << std::get<0>(key) << '\t' << std::get<1>(key) << '\t' << std::get<2>(key) << '\t' << parameter_text(p)
                << '\n';
        if (!out) return; // the next process tunes again
    }
    std::filesystem::rename(temporary, file, error);
}

std::mutex tuning_mutex; // guards the file and the process's copy of it

// The entries of `file`, read again only when the file is another or has changed since, so
// that a gemm call costs a stat of the file rather than a read of it. Needs tuning_mutex.
std::map<tuning_key, gemm_parameters>& tuning_entries(const std::string& file) {
    static std::string read_file;
    static std::filesystem::file_time_type read_time;
    static std::map<tuning_key, gemm_parameters> entries;
    std::error_code error;
    const std::filesystem::file_time_type written = std::filesystem::last_write_time(file, error);
    if (error) {
        read_file.clear(); // no file (yet): nothing tuned
        entries.clear();
    } else if (file != read_file || written != read_time) {
        entries = read_tuning(file);
        read_file = file;
        read_time = written;
    }
    return entries;
}

bool fits_device(const gemm_parameters& p, const device_info& device, std::size_t element_size) {
    if (!fits_gemm_kernel(p)) return false; // which bounds every value, so what follows cannot overflow
    const std::size_t threads = std::size_t(p.tile_rows) * p.tile_columns;
    const std::size_t staged = std::size_t(p.tile_rows * p.work_rows + p.tile_columns * p.work_columns) * p.slice;
    return threads <= device.max_work_group_size && std::size_t(p.tile_rows) <= device.max_work_item_sizes[1] &&
           std::size_t(p.tile_columns) <= device.max_work_item_sizes[0] &&
           staged * element_size <= device.local_mem_size;
}

} // namespace

const std::vector<gemm_parameters>& gemm_candidates() {
    // Tiles of C from 64x64 to 128x128, 4 to 64 elements per work-item, slices of 8 to 32.
    static const std::vector<gemm_parameters> candidates = {
        {16, 16, 4, 4, 4, 16}, {16, 16, 8, 8, 4, 16}, {16, 16, 8, 8, 4, 32}, {16, 16, 8, 8, 8, 16},
        {16, 16, 8, 4, 4, 16}, {16, 16, 4, 8, 4, 16}, {8, 16, 8, 8, 4, 16},  {16, 8, 8, 8, 4, 16},
        {32, 8, 4, 8, 4, 16},  {8, 8, 8, 8, 4, 16},   {16, 16, 8, 8, 2, 8},  {16, 16, 6, 8, 4, 16},
    };
    return candidates;
}

gemm_parameters tune_gemm(const accelerator_view& view, element_type type, int n,
                          const std::vector<gemm_parameters>& candidates) {
    const device_info& device = device_of(view);
    const element_layout layout{type, element_size(type)};
    const dims3 dims{1, std::size_t(n), std::size_t(n)};
    const matrix_operand a{storage_on_device(layout, dims, view), n, n}, b{storage_on_device(layout, dims, view), n, n},
        c{storage_on_device(layout, dims, view), n, n};
    double best_seconds = 0;
    gemm_parameters best{};
    log(log_level::info, "tuning gemm (" + std::string(opencl_name(type)) + ") for '" + device.name + "' at n = " +
                             std::to_string(n) + " over " + std::to_string(candidates.size()) + " candidates");
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const gemm_parameters& p = candidates[i];
        const std::string name = "candidate " + std::to_string(i + 1) + " of " + std::to_string(candidates.size()) +
                                 " (" + parameter_text(p) + ")";
        if (!fits_device(p, device, layout.size)) {
            log(log_level::info, "tuning: " + name + " does not fit the device");
            continue;
        }
        try {
            enqueue_gemm(view, p, 1.0, a, b, 0.0, c); // builds the kernel
            view.wait();
            std::vector<double> seconds;
            for (int run = 0; run < 3; ++run) {
                const auto start = std::chrono::steady_clock::now();
                enqueue_gemm(view, p, 1.0, a, b, 0.0, c);
                view.wait();
                seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
            }
            std::sort(seconds.begin(), seconds.end());
            log(log_level::info, "tuning: " + name + " took " + std::to_string(seconds[1] * 1e3) + " ms");
            if (best_seconds == 0 || seconds[1] < best_seconds) best_seconds = seconds[1], best = p;
        } catch (const runtime_exception& e) {
            // A candidate the device cannot build or run (too many registers, say) just loses.
            log(log_level::info, "tuning: " + name + " failed: " + e.what());
        }
    }
    if (best_seconds == 0) return parameters_for(device).gemm_float;
    log(log_level::info, "tuning: the fastest is " + parameter_text(best));
    const std::string file = tuning_file();
    if (!file.empty()) {
        std::lock_guard<std::mutex> lock(tuning_mutex);
        auto entries = tuning_entries(file);
        entries[{device.name, device.driver_version, int(type)}] = best;
        write_tuning(file, entries);
    }
    return best;
}

gemm_parameters gemm_parameters_for(const accelerator_view& view, element_type type) {
    const device_info& device = device_of(view);
    const algorithm_parameters& table = parameters_for(device);
    const gemm_parameters& shipped = type == element_type::float64 ? table.gemm_double : table.gemm_float;
    const std::string file = tuning_file();
    if (file.empty()) return shipped;
    {
        std::lock_guard<std::mutex> lock(tuning_mutex);
        auto& entries = tuning_entries(file);
        if (const auto found = entries.find({device.name, device.driver_version, int(type)}); found != entries.end()) {
            if (fits_device(found->second, device, element_size(type))) return found->second;
            // Forgotten until the file changes, so that the warning is given once.
            std::cerr << "libtiles: " << file << ": the gemm parameters for '" << device.name
                      << "' exceed its work-group, tile or tile_static memory limits; they are not used\n";
            entries.erase(found);
        }
    }
    if (has_measured_parameters(device)) return shipped;
    return tune_gemm(view, type, 2048, gemm_candidates());
}

} // namespace tiles::detail
