// libtiles: the files it keeps on disk (program cache entries, the tuning file): where they go,
// and reading them, which are untrusted input: only regular files, of a bounded size.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace tiles::engine {

// libtiles' directory in the user's cache ($XDG_CACHE_HOME/libtiles, else ~/.cache/libtiles),
// or "" where there is no home to put it in.
std::string user_cache_directory();

// The contents of `path` if it is a regular file of at most `largest` bytes, read whole; else
// nothing. A FIFO is opened without blocking and refused, as are devices (a link to /dev/zero)
// and directories.
std::optional<std::string> read_regular_file(const std::string& path, std::uint64_t largest);

} // namespace tiles::engine
