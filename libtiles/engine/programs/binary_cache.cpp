// libtiles: the on-disk cache of built programs. Its files are untrusted input: another version
// of libtiles, a killed process, a full disk or a user may have left anything there, and the
// driver aborts the process on some damaged binaries. So an entry is read only from a regular
// file of a bounded size, its sizes are checked against the file's, and its checksum against its
// contents, before anything reaches the driver; any doubt is a miss, and the next store replaces
// the entry.
#include "programs/binary_cache.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>
#include <utility>

#include "base/regular_file.hpp"
#include "base/stable_hash.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/version.hpp"

namespace tiles::engine {
namespace {

// A file is the magic line, a header line "<key bytes> <log bytes> <binary bytes> <checksum>"
// (decimal sizes, then 16 hex digits of the stable hash of key, log and binary), then the key,
// the compiler's log of the build that made the binary, and the binary.
constexpr char magic[] = "libtiles program binary 4\n";
// No program text or binary comes near this; a larger file is not an entry of libtiles'.
constexpr std::uint64_t largest_entry = std::uint64_t(256) << 20;
// An empty temporary file older than this was left by a writer killed before it locked it.
constexpr std::time_t abandoned_after_seconds = 600;

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

// A store's temporary file is locked (flock) by its writer from just after it is created until it
// has been renamed into place, and the kernel lets the lock go when the writer dies, however it
// dies. So a temporary file whose lock another process can take was abandoned: its writer was
// killed, or was a libtiles that did not lock. (A writer's pid and the file's age would not do:
// a pid names no process across the containers or machines that share a cache directory, and a
// writer may be slower than any age.) The one exception is a file still empty, which may be a
// live writer's that it has not locked yet: it is left until it is old.
void remove_if_abandoned(const std::string& path) {
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) return;
    struct stat held {};
    struct stat named {};
    if (flock(fd, LOCK_EX | LOCK_NB) == 0 && fstat(fd, &held) == 0 && S_ISREG(held.st_mode) &&
        (held.st_size > 0 || std::time(nullptr) - held.st_mtime > abandoned_after_seconds) &&
        // Still the file that was locked, not one its writer renamed into place meanwhile.
        lstat(path.c_str(), &named) == 0 && named.st_dev == held.st_dev && named.st_ino == held.st_ino)
        unlink(path.c_str());
    close(fd);
}

// Removes the temporary files of stores whose writers died before finishing them.
void remove_abandoned_temporaries(const std::string& directory) {
    std::error_code error;
    for (std::filesystem::directory_iterator it(directory, error), end; !error && it != end; it.increment(error))
        if (it->path().filename().string().find(".bin.tmp") != std::string::npos)
            remove_if_abandoned(it->path().string());
}

// Looks for abandoned temporary files once per process (a forked child is another) and directory,
// when the cache is first opened: a cache whose entries all load is never stored into, so a store
// would not do it.
void remove_abandoned_temporaries_once(const std::string& directory) {
    static std::mutex mutex;
    static immortal<std::set<std::pair<pid_t, std::string>>> done;
    std::lock_guard<std::mutex> lock(mutex);
    if (!directory.empty() && done->emplace(getpid(), directory).second) remove_abandoned_temporaries(directory);
}

// Writes all of `size` bytes at `data` to `fd`.
bool write_all(int fd, const void* data, std::size_t size) {
    const auto* bytes = static_cast<const char*>(data);
    while (size > 0) {
        const ssize_t written = write(fd, bytes, size);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return false;
        bytes += written;
        size -= std::size_t(written);
    }
    return true;
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
    if (setting != nullptr && *setting != '\0') {
        binary_cache cache(setting);
        remove_abandoned_temporaries_once(cache.directory_);
        return cache;
    }
    const std::string home = user_cache_directory();
    binary_cache cache(home.empty() ? home : home + "/programs");
    remove_abandoned_temporaries_once(cache.directory_);
    return cache;
}

std::string binary_cache::key(const device_info& device, const std::string& program_text, const std::string& options,
                              const std::string& route) {
    std::ostringstream os;
    os << "libtiles " << version() << "\nplatform " << device.platform_name << "\ndevice " << device.name
       << "\ndevice version " << device.device_version << "\ndriver " << device.driver_version << "\noptions "
       << options << "\n";
    if (!route.empty()) os << "route " << route << "\n";
    os << program_text;
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
    const std::string final_path = path_of(key);
    const std::string temporary = final_path + ".tmp" + std::to_string(getpid()) + "-" + std::to_string(next++);
    const int fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) return;
    // Locked until it is in place, so that no process opening the cache takes it for abandoned.
    const std::string head = header(key, program) + key + program.build_log;
    const bool stored = flock(fd, LOCK_EX) == 0 && write_all(fd, head.data(), head.size()) &&
                        write_all(fd, program.binary.data(), program.binary.size());
    // rename replaces what is there, a damaged entry included (not a directory: then the store
    // fails, and every process compiles, which is only slower).
    if (stored) std::filesystem::rename(temporary, final_path, error);
    if (!stored || error) unlink(temporary.c_str());
    close(fd);
}

binary_cache::entry_lock binary_cache::lock(const std::string& key, std::chrono::milliseconds longest) const {
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    std::chrono::milliseconds waited{0};
    std::error_code error;
    std::filesystem::create_directories(directory_, error);
    const std::string path = path_of(key) + ".lock";
    for (;;) {
        const int fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
        if (fd < 0) return entry_lock(-1, path, waited);
        // flock has no timeout: it is tried again every few milliseconds until the wait runs out.
        int locked;
        while ((locked = flock(fd, LOCK_EX | LOCK_NB)) != 0 && (errno == EWOULDBLOCK || errno == EINTR) &&
               clock::now() - start < longest) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            waited = std::chrono::duration_cast<std::chrono::milliseconds>(clock::now() - start);
        }
        if (locked != 0) {
            close(fd);
            return entry_lock(-1, path, waited);
        }
        // A holder removes the file it locked before it lets go, and a lock on a file no longer at
        // the path keeps no one out: then the file now there (which another process may have made
        // and locked since) is locked instead.
        struct stat held {};
        struct stat named {};
        if (fstat(fd, &held) == 0 && lstat(path.c_str(), &named) == 0 && named.st_dev == held.st_dev &&
            named.st_ino == held.st_ino)
            return entry_lock(fd, path, waited);
        close(fd);
    }
}

binary_cache::entry_lock::~entry_lock() {
    if (fd_ < 0) return;
    // Removed while still locked, so that every process waiting on this file finds it gone.
    unlink(path_.c_str());
    close(fd_);
}

} // namespace tiles::engine
