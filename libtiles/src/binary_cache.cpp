// libtiles: the on-disk cache of built programs.
#include "binary_cache.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "tiles/version.hpp"

namespace tiles::detail {
namespace {

// Files hold the magic line, the key's length and the key, then the binary.
constexpr char magic[] = "libtiles program binary 1\n";

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
       << options << "\n" << program_text;
    return os.str();
}

std::string binary_cache::path_of(const std::string& key) const {
    char name[32];
    std::snprintf(name, sizeof name, "%016zx.bin", std::hash<std::string>()(key));
    return directory_ + "/" + name;
}

std::optional<std::vector<unsigned char>> binary_cache::load(const std::string& key) const {
    std::ifstream in(path_of(key), std::ios::binary);
    std::string line;
    std::size_t key_size = 0;
    if (!in || !std::getline(in, line) || line + "\n" != magic || !(in >> key_size) || in.get() != '\n')
        return std::nullopt;
    std::string stored(key_size, '\0');
    if (!in.read(stored.data(), std::streamsize(key_size)) || stored != key) return std::nullopt;
    std::vector<unsigned char> binary((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (binary.empty()) return std::nullopt;
    return binary;
}

void binary_cache::store(const std::string& key, const std::vector<unsigned char>& binary) const {
    static std::atomic<unsigned> next{0};
    std::error_code error;
    std::filesystem::create_directories(directory_, error);
    const std::string final_path = path_of(key);
    const std::string temporary = final_path + ".tmp" + std::to_string(getpid()) + "-" + std::to_string(next++);
    {
        std::ofstream out(temporary, std::ios::binary);
        out << magic << key.size() << '\n' << key;
        out.write(reinterpret_cast<const char*>(binary.data()), std::streamsize(binary.size()));
        if (!out) {
            std::remove(temporary.c_str());
            return;
        }
    }
    std::filesystem::rename(temporary, final_path, error);
    if (error) std::remove(temporary.c_str());
}

} // namespace tiles::detail
