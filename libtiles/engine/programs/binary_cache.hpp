// libtiles: the on-disk cache of built programs, so that a second process does not compile a
// kernel the first one built. Entries are keyed by libtiles' version, the device, its driver, the
// build options and the whole program text; each file holds its key, so that a hash collision
// can never load the wrong binary, and a checksum of all it holds, so that damage is a miss.
// TILES_PROGRAM_CACHE names the directory (default: the user's cache directory), or turns the
// cache off with "off".
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "devices/device_info.hpp"

namespace tiles::engine {

// A built program as the cache keeps it: the driver's binary, and the compiler's log of the build
// that made it (its warnings), which a program loaded from the cache reports as its own.
struct cached_program {
    std::vector<unsigned char> binary;
    std::string build_log;
};

class binary_cache {
  public:
    // The cache as the environment configures it; disabled() if it is off or has no home. The
    // first opening of a directory in a process removes the temporary files of stores whose
    // writers died (a process killed while storing), never those of live writers.
    static binary_cache from_environment();
    bool disabled() const { return directory_.empty(); }

    // `route`: the compile route and its tools' identities, for programs not compiled by the driver
    // alone ("" for those, whose keys it leaves as they were).
    static std::string key(const device_info& device, const std::string& program_text, const std::string& options,
                           const std::string& route = "");

    // The program stored under `key`, if a regular file holds it whole and unaltered.
    std::optional<cached_program> load(const std::string& key) const;
    // Stores `program` under `key` (written to a temporary file, locked while it is written, and
    // renamed into place, so that readers never see half a file); failures only mean the next
    // process compiles again.
    void store(const std::string& key, const cached_program& program) const;

    // The file that holds, or would hold, the entry of `key`.
    std::string path_of(const std::string& key) const;

    // An advisory lock on one entry (flock on a lock file beside it), which the process that builds
    // the entry's program holds until it has stored it. The kernel lets it go when its holder dies,
    // however it dies; its holder removes the lock file when it lets go.
    class entry_lock {
      public:
        entry_lock(int fd, std::string path, std::chrono::milliseconds waited)
            : fd_(fd), path_(std::move(path)), waited_(waited) {}
        entry_lock(const entry_lock&) = delete;
        entry_lock& operator=(const entry_lock&) = delete;
        ~entry_lock();
        // False where the wait ran out, or no lock file could be made (a read-only directory).
        bool held() const { return fd_ >= 0; }
        // How long it waited for other holders (0 where none held it).
        std::chrono::milliseconds waited() const { return waited_; }

      private:
        int fd_;
        std::string path_;
        std::chrono::milliseconds waited_;
    };
    // Locks the entry of `key`, waiting at most `longest` for the processes that hold it.
    entry_lock lock(const std::string& key, std::chrono::milliseconds longest) const;

  private:
    explicit binary_cache(std::string directory) : directory_(std::move(directory)) {}
    std::string directory_;
};

} // namespace tiles::engine
