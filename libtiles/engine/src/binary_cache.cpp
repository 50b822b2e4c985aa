// libtiles: the on-disk cache of built programs. Its files are untrusted input: another version
// of libtiles, a killed process, a full disk or a user may have left anything there, and the
// driver aborts the process on some damaged binaries. So an entry is read only from a regular
// file of a bounded size, its sizes are checked against the file's, and its checksum against its
// contents, before anything reaches the driver; any doubt is a miss, and the next store replaces
// the entry.
#include "binary_cache.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "regular_file.hpp"
#include "stable_hash.hpp"
#include "tiles/version.hpp"

namespace tiles::engine {
namespace {

// A file is the magic line, a header line "<key bytes> <log bytes> <binary bytes> <checksum>"
// (decimal sizes, then 16 hex digits of the stable hash of key, log and binary), then the key,
// the compiler's log of the build that made the binary, and the binary.
constexpr char magic[] = "libtiles program binary 3\n";
// No program text or binary comes near this; a larger file is not an entry of libtiles'.
constexpr std::uint64_t largest_entry = std::uint64_t(256) << 20;
// Temporary files older than this were left by a process that was killed while storing.
constexpr auto abandoned_after = std::chrono::minutes(10);

std::uint64_t checksum(const std::string& key, const char* log, std::size_t log_size, const unsigned char* binary,
                       std::size_t binary_size) {
    return stable_hash().add(key.data(), key.size()).add(log, log_size).add(binary, binary_size).value();
}

std::string header(const std::string& key, const cached_program& program) {
    char line[96];
    std::snprintf(line, sizeof line, "%zu %zu %zu %016" PRIx64 "\n", key.size(), program.build_log.size(),
                  program.binary.size(),
                  checksum(key, program.build_log.data(), program.build_log.size(), program.binary.data(),
                           program.binary.size()));
    return std::string(magic) + line;
}

// Removes the temporary files of stores that never finished.
void remove_abandoned_temporaries(const std::string& directory) {
    std::error_code error;
    const auto now = std::filesystem::file_time_type::clock::now();
    for (std::filesystem::directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
        const std::string name = it->path().filename().string();
        if (name.find(".tmp") == std::string::npos || !it->is_regular_file(error)) continue;
        const auto written = it->last_write_time(error);
        if (!error && now - written > abandoned_after) std::filesystem::remove(it->path(), error);
    }
}

} // namespace

std::string user_cache_directory() {
    if (const char* cache = std::getenv("XDG_CACHE_HOME"); cache != nullptr && *cache != '\0')
        return std::string(cache) + "/libtiles";
    if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
        return std::string(home) + "/.cache/libtiles";
    return {};
}

binary_cache binary_cache::from_environment() {
    const char* setting = std::getenv("TILES_PROGRAM_CACHE");
    if (setting != nullptr && std::string(setting) == "off") return binary_cache("");
    if (setting != nullptr && *setting != '\0') return binary_cache(setting);
    const std::string home = user_cache_directory();
    return binary_cache(home.empty() ? home : home + "/programs");
}

std::string binary_cache::key(const device_info& device, const std::string& program_text, const std::string& options) {
    std::ostringstream os;
    os << "libtiles " << version() << "\nplatform " << device.platform_name << "\ndevice " << device.name
       << "\ndevice version " << device.device_version << "\ndriver " << device.driver_version << "\noptions "
       << options << "\n"
       << program_text;
    return os.str();
}

std::string binary_cache::path_of(const std::string& key) const {
    char name[32];
    std::snprintf(name, sizeof name, "%016" PRIx64 ".bin", stable_hash().add(key.data(), key.size()).value());
    return directory_ + "/" + name;
}

std::optional<cached_program> binary_cache::load(const std::string& key) const {
    const std::optional<std::string> file = read_regular_file(path_of(key), largest_entry);
    const std::size_t magic_size = sizeof magic - 1;
    if (!file || file->compare(0, magic_size, magic) != 0) return std::nullopt;
    const std::size_t header_end = file->find('\n', magic_size);
    if (header_end == std::string::npos) return std::nullopt;
    // The header's four fields, each parsed in full: digits only, nothing before or after.
    unsigned long long key_size = 0, log_size = 0, binary_size = 0;
    std::uint64_t stored_checksum = 0;
    char extra = 0;
    const std::string line = file->substr(magic_size, header_end - magic_size);
    if (line.size() > 80 || line.find_first_not_of("0123456789abcdef ") != std::string::npos ||
        std::sscanf(line.c_str(), "%llu %llu %llu %16" SCNx64 "%c", &key_size, &log_size, &binary_size,
                    &stored_checksum, &extra) != 4)
        return std::nullopt;
    const std::size_t body = header_end + 1;
    if (key_size != key.size() || log_size > largest_entry || binary_size == 0 || binary_size > largest_entry ||
        file->size() - body != key_size + log_size + binary_size || file->compare(body, key.size(), key) != 0)
        return std::nullopt;
    const char* log = file->data() + body + key_size;
    const auto* binary = reinterpret_cast<const unsigned char*>(log + log_size);
    if (checksum(key, log, std::size_t(log_size), binary, std::size_t(binary_size)) != stored_checksum)
        return std::nullopt;
    return cached_program{std::vector<unsigned char>(binary, binary + binary_size), std::string(log, log_size)};
}

void binary_cache::store(const std::string& key, const cached_program& program) const {
    static std::atomic<unsigned> next{0};
    std::error_code error;
    std::filesystem::create_directories(directory_, error);
    remove_abandoned_temporaries(directory_);
    const std::string final_path = path_of(key);
    const std::string temporary = final_path + ".tmp" + std::to_string(getpid()) + "-" + std::to_string(next++);
    {
        std::ofstream out(temporary, std::ios::binary);
        out << header(key, program) << key << program.build_log;
        out.write(reinterpret_cast<const char*>(program.binary.data()), std::streamsize(program.binary.size()));
        if (!out) {
            std::remove(temporary.c_str());
            return;
        }
    }
    // rename replaces what is there, a damaged entry included (not a directory: then the store
    // fails, and every process compiles, which is only slower).
    std::filesystem::rename(temporary, final_path, error);
    if (error) std::remove(temporary.c_str());
}

} // namespace tiles::engine
