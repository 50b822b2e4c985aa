// libtiles: finding clang, libclc and llvm-spirv. A tool is identified by its file (resolved path,
// size, modification time), read with stat alone, so that a process whose programs are all in the
// cache runs none of them; a new version of a tool is a new file, and a miss.
#include "routes/clang_toolchain.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <map>
#include <mutex>
#include <regex>

#include "routes/run_process.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"

// Where the configuration found them (libtiles/CMakeLists.txt); Debian 12's paths otherwise.
#ifdef TILES_CLANG_FOUND
#define TILES_CLANG_PATH TILES_CLANG_FOUND
#else
#define TILES_CLANG_PATH "/usr/bin/clang-14"
#endif
#ifdef TILES_LIBCLC_FOUND
#define TILES_LIBCLC_DIR TILES_LIBCLC_FOUND
#else
#define TILES_LIBCLC_DIR "/usr/lib/clc"
#endif
#ifdef TILES_LLVM_SPIRV_FOUND
#define TILES_LLVM_SPIRV_PATH TILES_LLVM_SPIRV_FOUND
#else
#define TILES_LLVM_SPIRV_PATH "/usr/bin/llvm-spirv-14"
#endif

namespace tiles::engine {
namespace {

std::string setting(const char* variable, const char* configured) {
    const char* value = std::getenv(variable);
    return value != nullptr && *value != '\0' ? value : configured;
}

// The tool at `path`, identified if it is a regular file (an executable one where asked).
tool identify(const std::string& path, bool executable) {
    tool t{path, ""};
    char* resolved = realpath(path.c_str(), nullptr);
    if (resolved == nullptr) return t;
    const std::string real(resolved);
    std::free(resolved);
    struct stat s;
    if (stat(real.c_str(), &s) != 0 || !S_ISREG(s.st_mode) || (executable && access(real.c_str(), X_OK) != 0)) return t;
    t.identity = real + " " + std::to_string(s.st_size) + " " + std::to_string(s.st_mtim.tv_sec) + "." +
                 std::to_string(s.st_mtim.tv_nsec);
    return t;
}

} // namespace

tool clang_tool() { return identify(setting("TILES_CLANG", TILES_CLANG_PATH), true); }

tool llvm_spirv_tool() { return identify(setting("TILES_LLVM_SPIRV", TILES_LLVM_SPIRV_PATH), true); }

tool libclc_tool(const std::string& target) {
    return identify(setting("TILES_LIBCLC", TILES_LIBCLC_DIR) + "/" + target + ".bc", false);
}

int clang_major_version(const tool& clang) {
    static std::mutex mutex;
    static immortal<std::map<std::string, int>> known; // by identity
    std::lock_guard<std::mutex> lock(mutex);
    if (const auto it = known->find(clang.identity); it != known->end()) return it->second;
    const temporary_directory directory;
    const process_result ran = run_process(clang.path, {"--version"}, directory.path());
    static const immortal<std::regex> version("clang version (\\d+)\\.");
    std::smatch m;
    const int major = ran.started && std::regex_search(ran.output, m, *version) ? std::stoi(m[1]) : 0;
    (*known)[clang.identity] = major;
    return major;
}

void require_tool(const tool& t, const char* what, const char* variable, const char* debian_package,
                  const std::string& why) {
    if (t.found()) return;
    throw unsupported_feature(why + " needs " + what + ", which is not at '" + t.path + "': install Debian's " +
                              debian_package + " package (setup.sh does), or set " + variable + " to where it is");
}

} // namespace tiles::engine
