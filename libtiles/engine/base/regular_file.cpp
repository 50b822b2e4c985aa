// libtiles: reading the files it keeps on disk.
#include "base/regular_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tiles::engine {

std::optional<std::string> read_regular_file(const std::string& path, std::uint64_t largest) {
    const int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    struct stat status {};
    std::optional<std::string> contents;
    if (fstat(fd, &status) == 0 && S_ISREG(status.st_mode) && std::uint64_t(status.st_size) <= largest) {
        std::string bytes(std::size_t(status.st_size), '\0');
        std::size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t n = read(fd, bytes.data() + done, bytes.size() - done);
            if (n <= 0) break;
            done += std::size_t(n);
        }
        if (done == bytes.size()) contents = std::move(bytes);
    }
    close(fd);
    return contents;
}

} // namespace tiles::engine
