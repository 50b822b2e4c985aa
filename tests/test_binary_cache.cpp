// The on-disk cache of built programs: a new context (as a second process would) loads what an
// earlier one compiled, a damaged entry is rebuilt and replaced, one process builds a new entry
// while the others wait for it, and "off" writes nothing.
#include <fcntl.h>
#include <poll.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <random>
#include <thread>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include "base/stable_hash.hpp"
#include "fixture.hpp"
#include "programs/binary_cache.hpp"

namespace {

const char* const fill_source = R"(
__kernel void fill(__global int* out, int value) { out[get_thread_index().global_id[0]] = value; })";
// The same fill written otherwise, so that every driver makes another binary of it (an unused -D
// does not: NVIDIA's gives the same binary byte for byte).
const char* const other_fill_source = R"(
__kernel void fill(__global int* out, int value) {
    const size_t i = get_thread_index().global_id[0];
    out[i] = i < 1000000 ? value : -value;
})";

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
tiles::transfer_counters fill_on_new_context(int value, const std::string& options = "",
                                             const char* source = fill_source) {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    std::vector<int> host(16);
    tiles::array_view<int, 1> v(16, host);
    tiles::parallel_for_each(view, v.extent, tiles::kernel(source, "fill", options), v, value);
    v.synchronize();
    CHECK(host[15] == value);
    return view.counters();
}

} // namespace

TEST_CASE("the cache's hash is XXH3's 64 bits, the same in every process and however it is fed", "[binary cache]") {
    using tiles::engine::stable_hash;
    // XXH3_64bits of no bytes, as xxHash documents it, and of "abc" as libxxhash 0.8.1 gives it.
    CHECK(stable_hash().value() == 0x2d06800538d394c2ull);
    CHECK(stable_hash().add("abc", 3).value() == 0x78af5f94892f3950ull);
    // Fed in pieces, as the cache's checksums are (key, log, binary): the hash of the whole.
    const std::string text(5000, 'x');
    CHECK(stable_hash().add(text.data(), 1234).add(text.data() + 1234, text.size() - 1234).value() ==
          stable_hash().add(text.data(), text.size()).value());
}

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

// Where the parts of an entry lie: the magic line, the header line ("<key bytes> <log bytes>
// <binary bytes> <checksum>"), the key, the compiler's log, the binary.
struct entry_layout {
    std::string bytes;
    std::size_t header, key, log, binary;
    explicit entry_layout(const std::filesystem::path& file) {
        std::ifstream in(file, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        header = bytes.find('\n') + 1;
        key = bytes.find('\n', header) + 1;
        std::size_t key_size = 0, log_size = 0;
        std::istringstream(bytes.substr(header)) >> key_size >> log_size;
        log = key + key_size;
        binary = log + log_size;
    }
    void write(const std::filesystem::path& file) const { std::ofstream(file, std::ios::binary) << bytes; }
};

// A new context's fill is right (fill_on_new_context checks it) and compiled from source, and the
// one after it loads the entry the rebuild stored in place of the damaged one.
void check_rebuilt_and_replaced(int value) {
    const auto rebuilt = fill_on_new_context(value);
    CHECK(rebuilt.binary_loads == 0);
    CHECK(rebuilt.kernel_builds == 1);
    const auto after = fill_on_new_context(value + 1);
    CHECK(after.binary_loads == 1);
    CHECK(after.kernel_builds == 0);
}

TEST_CASE("a damaged cache entry is never given to the driver: it is rebuilt from source and replaced",
          "[binary cache]") {
    const cache_directory cache;
    fill_on_new_context(1);
    REQUIRE(cache.entries().size() == 1);
    const auto entry = cache.entries().front();
    const entry_layout good(entry);
    REQUIRE(good.binary < good.bytes.size());

    SECTION("truncated anywhere") {
        for (const std::size_t size : {std::size_t(0), good.header / 2, good.header + 2, good.key + 10, good.binary,
                                       (good.binary + good.bytes.size()) / 2, good.bytes.size() - 1}) {
            CAPTURE(size);
            std::filesystem::resize_file(entry, size);
            check_rebuilt_and_replaced(10);
        }
    }
    SECTION("bytes changed in the binary, the key or the header") {
        const std::size_t middle = (good.binary + good.bytes.size()) / 2;
        for (const std::size_t at : {middle, good.bytes.size() - 16, good.key + 5, good.header, good.binary - 16}) {
            CAPTURE(at);
            entry_layout damaged = good;
            for (std::size_t i = at; i < at + 16 && i < damaged.bytes.size(); ++i) damaged.bytes[i] ^= 0x5a;
            damaged.write(entry);
            check_rebuilt_and_replaced(20);
        }
    }
    SECTION("a binary longer than the header says, or a key size beyond any file") {
        entry_layout longer = good;
        longer.bytes += std::string(4096, '\x5a');
        longer.write(entry);
        check_rebuilt_and_replaced(30);
        entry_layout huge = good;
        huge.bytes.replace(good.header, huge.bytes.find(' ', good.header) - good.header, "99999999999999999999");
        huge.write(entry);
        check_rebuilt_and_replaced(40);
    }
    SECTION("another entry's binary under this entry's header and key") {
        fill_on_new_context(1, "", other_fill_source);
        REQUIRE(cache.entries().size() == 2);
        const auto other = cache.entries()[0] == entry ? cache.entries()[1] : cache.entries()[0];
        const entry_layout theirs(other);
        // Else the swap would give this entry back whole, a true hit.
        REQUIRE(theirs.bytes.substr(theirs.binary) != good.bytes.substr(good.binary));
        entry_layout swapped = good;
        swapped.bytes = good.bytes.substr(0, good.binary) + theirs.bytes.substr(theirs.binary);
        swapped.write(entry);
        check_rebuilt_and_replaced(50);
    }
}

TEST_CASE("what is not a regular file where an entry should be is a miss, never read", "[binary cache]") {
    const cache_directory cache;
    fill_on_new_context(1);
    REQUIRE(cache.entries().size() == 1);
    const auto entry = cache.entries().front();
    std::filesystem::remove(entry);

    SECTION("a FIFO, which would block a reader") {
        REQUIRE(mkfifo(entry.c_str(), 0600) == 0);
        const auto rebuilt = fill_on_new_context(2);
        CHECK(rebuilt.kernel_builds == 1);
        CHECK(fill_on_new_context(3).binary_loads == 1); // the store replaced the FIFO
    }
    SECTION("a link to /dev/zero, which never ends") {
        std::filesystem::create_symlink("/dev/zero", entry);
        CHECK(fill_on_new_context(2).kernel_builds == 1);
        CHECK(fill_on_new_context(3).binary_loads == 1);
    }
    SECTION("a directory, which no store can replace") {
        std::filesystem::create_directory(entry);
        CHECK(fill_on_new_context(2).kernel_builds == 1);
        CHECK(fill_on_new_context(3).kernel_builds == 1);
    }
}

TEST_CASE("opening the cache removes unlocked temporary files, and empty ones only once they are old",
          "[binary cache]") {
    const cache_directory cache;
    std::filesystem::create_directories(cache.path);
    // Left by writers that died, or by a libtiles that did not lock its temporary files.
    const auto abandoned = cache.path / "0123456789abcdef.bin.tmp4242-0";
    const auto abandoned_empty = cache.path / "0123456789abcdef.bin.tmp4242-1";
    // Perhaps a writer's that has not locked it yet.
    const auto just_created = cache.path / "fedcba9876543210.bin.tmp4243-0";
    std::ofstream(abandoned) << "half an entry";
    std::ofstream{abandoned_empty};
    std::ofstream{just_created};
    std::filesystem::last_write_time(abandoned_empty,
                                     std::filesystem::file_time_type::clock::now() - std::chrono::hours(1));
    fill_on_new_context(1); // opens the cache
    CHECK_FALSE(std::filesystem::exists(abandoned));
    CHECK_FALSE(std::filesystem::exists(abandoned_empty));
    CHECK(std::filesystem::exists(just_created));
}

namespace {

std::vector<std::filesystem::path> temporaries(const cache_directory& cache) {
    std::vector<std::filesystem::path> found;
    for (const auto& entry : cache.entries())
        if (entry.filename().string().find(".bin.tmp") != std::string::npos) found.push_back(entry);
    return found;
}

// Another process storing a 16 MiB entry over and over into the cache, as a build stores its
// program, stopped (SIGSTOP) while it writes one: its temporary file is there, and it is alive.
struct stopped_writer {
    pid_t pid = fork();
    std::filesystem::path temporary;
    explicit stopped_writer(const cache_directory& cache) {
        if (pid == 0) {
            const tiles::engine::binary_cache opened = tiles::engine::binary_cache::from_environment();
            const tiles::engine::cached_program program{std::vector<unsigned char>(std::size_t(16) << 20, 1), ""};
            for (;;) opened.store("an entry", program);
        }
        REQUIRE(pid > 0);
        stop_while_writing(cache);
    }
    // Stops the writer with part of an entry written into its temporary file.
    void stop_while_writing(const cache_directory& cache) {
        temporary.clear();
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (temporary.empty() && std::chrono::steady_clock::now() < give_up) {
            if (temporaries(cache).empty()) {
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
                continue;
            }
            int status = 0;
            kill(pid, SIGSTOP);
            waitpid(pid, &status, WUNTRACED);
            // Caught with part of its entry written, unless it had just renamed one into place or
            // not yet begun the next (an empty file is left until it is old): then again.
            std::error_code error;
            for (const auto& found : temporaries(cache))
                if (std::filesystem::file_size(found, error) > 0 && !error) temporary = found;
            if (temporary.empty()) kill(pid, SIGCONT);
        }
        REQUIRE(!temporary.empty());
    }
    void end() {
        if (pid <= 0) return;
        kill(pid, SIGKILL);
        waitpid(pid, nullptr, 0);
        pid = 0;
    }
    ~stopped_writer() { end(); }
};

// Opens the cache in a process of its own, as the next program would.
void open_in_another_process() {
    const pid_t pid = fork();
    if (pid == 0) {
        tiles::engine::binary_cache::from_environment();
        _exit(0);
    }
    int status = 1;
    waitpid(pid, &status, 0);
    CHECK(status == 0);
}

} // namespace

TEST_CASE("the temporary file of a writer killed while storing is removed when the cache is opened", "[binary cache]") {
    const cache_directory cache;
    stopped_writer writer(cache);
    writer.end(); // SIGKILL, in the middle of writing its entry
    REQUIRE(std::filesystem::exists(writer.temporary));
    fill_on_new_context(1); // the first opening of the cache in this process
    CHECK(temporaries(cache).empty());
}

TEST_CASE("the temporary file of a live writer is left to it by a process opening the cache", "[binary cache]") {
    const cache_directory cache;
    stopped_writer writer(cache);
    fill_on_new_context(1); // the first opening of the cache in this process
    open_in_another_process();
    CHECK(std::filesystem::exists(writer.temporary));
    // Let go, it finishes the entry: its temporary file was there to rename.
    kill(writer.pid, SIGCONT);
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::filesystem::exists(writer.temporary) && std::chrono::steady_clock::now() < give_up)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    CHECK_FALSE(std::filesystem::exists(writer.temporary));
    const auto stored = tiles::engine::binary_cache::from_environment().load("an entry");
    REQUIRE(stored);
    CHECK(stored->binary.size() == std::size_t(16) << 20);
    // Once it is killed in the middle of the next entry, the next process to open the cache removes
    // what it was writing.
    writer.stop_while_writing(cache);
    writer.end();
    open_in_another_process();
    CHECK(temporaries(cache).empty());
}

// A damage of one of three kinds: cut short, bytes flipped, or bytes inserted.
std::string damage(std::string bytes, std::mt19937& random) {
    switch (random() % 3) {
    case 0:
        bytes.resize(random() % bytes.size());
        break;
    case 1:
        for (unsigned flips = 1 + random() % 8; flips > 0; --flips)
            bytes[random() % bytes.size()] ^= char(1 + random() % 255);
        break;
    default:
        bytes.insert(random() % bytes.size(), std::string(1 + random() % 64, char(random())));
    }
    return bytes;
}

// The property where it lives, the cache's reading of an entry, without a device: 200 damages, each
// a miss or the entry as stored. (On a device each round costs a context, 0.1 s on NVIDIA's.)
TEST_CASE("randomly damaged entries are verified hits or misses", "[binary cache]") {
    const cache_directory cache;
    const auto store = tiles::engine::binary_cache::from_environment();
    const std::string key = "a program of the test";
    const tiles::engine::cached_program stored{std::vector<unsigned char>(3000, 0x42), "a warning\n"};
    store.store(key, stored);
    const std::filesystem::path entry = store.path_of(key);
    const entry_layout good(entry);
    std::mt19937 random(20261122);
    for (int round = 0; round < 200; ++round) {
        CAPTURE(round);
        const std::string damaged = damage(good.bytes, random);
        std::ofstream(entry, std::ios::binary | std::ios::trunc) << damaged;
        const auto loaded = store.load(key);
        if (loaded) {
            CHECK(damaged == good.bytes);
            CHECK(loaded->binary == stored.binary);
            CHECK(loaded->build_log == stored.build_log);
        }
    }
}

// ... and end to end, a few rounds: never handed to the driver.
TEST_CASE("randomly damaged entries are rebuilt or loaded whole, never handed to the driver", "[binary cache]") {
    const cache_directory cache;
    fill_on_new_context(1);
    const auto entry = cache.entries().front();
    const entry_layout good(entry);
    std::mt19937 random(20261125);
    for (int round = 0; round < 6; ++round) {
        entry_layout damaged = good;
        if (round > 0) damaged.bytes = damage(good.bytes, random);
        damaged.write(entry);
        const int value = 100 + round;
        const auto counters = fill_on_new_context(value); // checks the result
        CHECK(counters.kernel_builds + counters.binary_loads == 1);
        if (counters.binary_loads == 1) CHECK(damaged.bytes == good.bytes);
        good.write(entry);
    }
}

TEST_CASE("a kernel loaded from the cache reports the warnings of the build that stored it", "[binary cache]") {
    const cache_directory cache;
    const tiles::kernel warned(std::string("#warning kept with the binary\n") + fill_source, "fill");
    const tiles::accelerator_view first = tiles::accelerator().create_view();
    const std::string compiled = tiles::build(first, tiles::extent<1>(16), warned);
    CHECK_THAT(compiled, Catch::Contains("kept with the binary"));
    REQUIRE(cache.entries().size() == 1);
    const entry_layout stored(cache.entries().front());
    CHECK(stored.bytes.compare(stored.log, compiled.size(), compiled) == 0);

    const tiles::accelerator_view second = tiles::accelerator().create_view();
    CHECK(tiles::build(second, tiles::extent<1>(16), warned) == compiled);
    CHECK(second.counters().binary_loads == 1);
    CHECK(second.counters().kernel_builds == 0);

    // The log is under the checksum: an altered one is a miss, rebuilt with the true warnings.
    entry_layout altered = stored;
    altered.bytes[altered.log + 1] ^= 0x20;
    altered.write(cache.entries().front());
    const tiles::accelerator_view third = tiles::accelerator().create_view();
    CHECK(tiles::build(third, tiles::extent<1>(16), warned) == compiled);
    CHECK(third.counters().kernel_builds == 1);
}

TEST_CASE("the cache switched off writes nothing and builds every time", "[binary cache]") {
    const cache_directory cache("off");
    CHECK(fill_on_new_context(1).kernel_builds == 1);
    CHECK(fill_on_new_context(2).kernel_builds == 1);
    CHECK(cache.entries().empty());
}

namespace {

// Another builder's hold on the entry at `entry`: its lock file, locked (flock), as a process that
// is building the entry's program holds it.
struct held_lock {
    std::string path;
    int fd;
    explicit held_lock(const std::filesystem::path& entry)
        : path(entry.string() + ".lock"), fd(open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666)) {
        REQUIRE(fd >= 0);
        REQUIRE(flock(fd, LOCK_EX) == 0);
    }
    // Lets go as a holder does: the lock file removed first, then the lock.
    void release() {
        if (fd < 0) return;
        unlink(path.c_str());
        close(std::exchange(fd, -1));
    }
    ~held_lock() { release(); }
};

} // namespace

TEST_CASE("an entry's lock keeps out a second holder until the first lets go, for a bounded wait", "[binary cache]") {
    const cache_directory cache;
    const tiles::engine::binary_cache opened = tiles::engine::binary_cache::from_environment();
    const std::string lock_file = opened.path_of("an entry") + ".lock";
    {
        const auto first = opened.lock("an entry", std::chrono::milliseconds(50));
        CHECK(first.held());
        CHECK(first.waited().count() == 0);
        CHECK(std::filesystem::exists(lock_file));
        // Another holder (another open file, as another process's) waits the 50 ms and gives up.
        const auto second = opened.lock("an entry", std::chrono::milliseconds(50));
        CHECK_FALSE(second.held());
        CHECK(second.waited().count() > 0);
        // Other entries have locks of their own.
        CHECK(opened.lock("another entry", std::chrono::milliseconds(50)).held());
    }
    // Let go, the lock leaves no file behind, and the next holder has it at once.
    CHECK(cache.entries().empty());
    CHECK(opened.lock("an entry", std::chrono::milliseconds(50)).held());
}

TEST_CASE("a process that misses an entry another is building waits and loads the entry it stores", "[binary cache]") {
    const cache_directory cache;
    CHECK(fill_on_new_context(1).kernel_builds == 1);
    REQUIRE(cache.entries().size() == 1);
    const auto entry = cache.entries().front();
    const entry_layout stored(entry);
    std::filesystem::remove(entry);
    // Another process, building the program, holds its entry's lock: this one misses the entry and
    // waits. Its opening the lock file (seen through inotify) comes after it missed.
    held_lock builder(entry);
    const int watch = inotify_init1(IN_CLOEXEC);
    REQUIRE(watch >= 0);
    REQUIRE(inotify_add_watch(watch, builder.path.c_str(), IN_OPEN) >= 0);
    tiles::transfer_counters waiter{};
    std::atomic<bool> done{false};
    std::thread waiting([&] {
        waiter = fill_on_new_context(2);
        done = true;
    });
    pollfd opened{watch, POLLIN, 0};
    while (!done && poll(&opened, 1, 100) == 0) continue; // (a process that does not wait is done)
    close(watch);
    // The builder stores the entry and lets go: the waiter loads it, and builds nothing.
    stored.write(entry);
    builder.release();
    waiting.join();
    CHECK(waiter.kernel_builds == 0);
    CHECK(waiter.binary_loads == 1);
    CHECK(cache.entries().size() == 1);
}
