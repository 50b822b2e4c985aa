// The on-disk cache of built programs: a new context (as a second process would) loads what an
// earlier one compiled, a damaged entry is rebuilt and replaced, and "off" writes nothing.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include "fixture.hpp"

namespace {

const char* const fill_source = R"(
__kernel void fill(__global int* out, int value) { out[get_thread_index().global_id[0]] = value; })";

// TILES_PROGRAM_CACHE pointed at a fresh directory for the test's duration.
struct cache_directory {
    // Unique to this process and test, since CTest runs test processes side by side.
    std::filesystem::path path = std::filesystem::temp_directory_path() /
                                 ("libtiles-cache-test-" + std::to_string(getpid()) + "-" + std::to_string(next()++));
    static int& next() {
        static int n = 0;
        return n;
    }
    const char* previous = std::getenv("TILES_PROGRAM_CACHE");
    explicit cache_directory(const std::string& setting = "") {
        std::filesystem::remove_all(path);
        setenv("TILES_PROGRAM_CACHE", setting.empty() ? path.c_str() : setting.c_str(), 1);
    }
    ~cache_directory() {
        previous ? setenv("TILES_PROGRAM_CACHE", previous, 1) : unsetenv("TILES_PROGRAM_CACHE");
        std::filesystem::remove_all(path);
    }
    std::vector<std::filesystem::path> entries() const {
        std::vector<std::filesystem::path> found;
        if (std::filesystem::exists(path))
            for (const auto& e : std::filesystem::directory_iterator(path)) found.push_back(e.path());
        return found;
    }
};

// Fills a fresh view's 16 ints with `value` on a new context; returns that context's counters.
tiles::transfer_counters fill_on_new_context(int value, const std::string& options = "") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    std::vector<int> host(16);
    tiles::array_view<int, 1> v(16, host);
    tiles::parallel_for_each(view, v.extent, tiles::kernel(fill_source, "fill", options), v, value);
    v.synchronize();
    CHECK(host[15] == value);
    return view.counters();
}

} // namespace

TEST_CASE("a new context loads what an earlier one compiled instead of compiling again", "[binary cache]") {
    const cache_directory cache;
    const auto first = fill_on_new_context(1);
    CHECK(first.kernel_builds == 1);
    CHECK(first.binary_loads == 0);
    REQUIRE(cache.entries().size() == 1);
    const auto second = fill_on_new_context(2);
    CHECK(second.kernel_builds == 0);
    CHECK(second.binary_loads == 1);
    // Other build options are another program.
    const auto other = fill_on_new_context(3, "-DUNUSED=1");
    CHECK(other.kernel_builds == 1);
    CHECK(cache.entries().size() == 2);
}

TEST_CASE("a damaged cache entry is rebuilt from source and replaced", "[binary cache]") {
    const cache_directory cache;
    fill_on_new_context(1);
    REQUIRE(cache.entries().size() == 1);
    // Keep the entry's header and key (a magic line, the key's size, the key), replace the binary.
    const auto entry = cache.entries().front();
    std::string magic, key_size;
    {
        std::ifstream in(entry, std::ios::binary);
        std::getline(in, magic);
        std::getline(in, key_size);
    }
    const auto binary_offset = magic.size() + 1 + key_size.size() + 1 + std::stoul(key_size);
    std::filesystem::resize_file(entry, binary_offset);
    std::ofstream(entry, std::ios::app | std::ios::binary) << std::string(4096, '\x5a');
    const auto rebuilt = fill_on_new_context(4);  // the right result, from source
    CHECK(rebuilt.binary_loads == 0);
    CHECK(rebuilt.kernel_builds == 1);
    const auto after = fill_on_new_context(5);
    CHECK(after.binary_loads == 1);
}

TEST_CASE("the cache switched off writes nothing and builds every time", "[binary cache]") {
    const cache_directory cache("off");
    CHECK(fill_on_new_context(1).kernel_builds == 1);
    CHECK(fill_on_new_context(2).kernel_builds == 1);
    CHECK(cache.entries().empty());
}
