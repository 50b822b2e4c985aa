// libtiles: stderr held back during builds (compiler_stderr.hpp). One redirection serves every
// build under way, counted under a mutex, since file descriptor 2 is the process's, not a thread's.
#include "routes/compiler_stderr.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <mutex>
#include <regex>
#include <sstream>
#include <string>

#include "tiles/engine/immortal.hpp"

namespace tiles::engine {
namespace {

std::mutex mutex;
int builds = 0; // under way
int saved = -1; // the process's stderr, while it is held
int held = -1;  // where file descriptor 2 goes meanwhile

// What clang prints on stderr after its diagnostics, which the build log holds already.
bool is_compiler_count(const std::string& line) {
    static const immortal<std::regex> count("\\d+ (errors?|warnings?)( and \\d+ (errors?|warnings?))? generated\\.");
    return std::regex_match(line, *count);
}

void write_all(int file, const std::string& text) {
    for (std::size_t written = 0; written < text.size();) {
        const ssize_t n = write(file, text.data() + written, text.size() - written);
        if (n <= 0) return;
        written += std::size_t(n);
    }
}

} // namespace

compiler_stderr_held::compiler_stderr_held() {
    const std::lock_guard<std::mutex> lock(mutex);
    if (builds++ > 0) return;
    std::fflush(stderr);
    std::cerr.flush();
    held = memfd_create("libtiles-build-stderr", MFD_CLOEXEC);
    if (held < 0) return;
    saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0);
    if (saved < 0 || dup2(held, STDERR_FILENO) < 0) { // no stderr to hold back
        if (saved >= 0) close(saved);
        close(held);
        saved = held = -1;
    }
}

compiler_stderr_held::~compiler_stderr_held() {
    const std::lock_guard<std::mutex> lock(mutex);
    if (--builds > 0 || held < 0) return;
    std::fflush(stderr);
    std::cerr.flush();
    dup2(saved, STDERR_FILENO);
    close(saved);
    std::string text;
    char buffer[4096];
    lseek(held, 0, SEEK_SET);
    for (ssize_t n; (n = read(held, buffer, sizeof buffer)) > 0;) text.append(buffer, std::size_t(n));
    close(held);
    saved = held = -1;
    std::istringstream lines(text);
    std::string passed_on;
    for (std::string line; std::getline(lines, line);)
        if (!is_compiler_count(line)) passed_on += line + "\n";
    if (!text.empty() && text.back() != '\n' && !passed_on.empty()) passed_on.pop_back();
    write_all(STDERR_FILENO, passed_on);
}

} // namespace tiles::engine
