// Releases at exit, in C++: a view of a file mapped MAP_SHARED, written by a kernel, destroyed by
// an atexit handler, by a static object's destructor or by a thread_local object's, must reach the
// file (release_at_exit.cmake has tests/c/release_at_exit check it in a second process), whatever
// libtiles made on its first use meanwhile.
//   release_at_exit_cpp MODE FILE   fills FILE with -1s, maps it, launches fill over it and leaves
//                                   the releases to MODE:
//     atexit        a handler registered before libtiles' first use destroys the kernel, the array,
//                   the accelerator view of their own and the view (last)
//     static        a namespace-scope object, made before main, destroys them in its destructor
//     thread_local  a thread's thread_local object destroys them as the thread ends
//     async         a slow kernel, then synchronize_async(), and main returns with nothing destroyed:
//                   the exit itself must let the write-back land
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tiles/diagnostics.hpp"
#include "tiles/tiles.hpp"

namespace {

constexpr int count = 4096;

// v[i] = a[i] + i + 1, where a[i] is 2i: 3i + 1, after `spin` rounds that leave x at a[i], as
// tests/c/release_at_exit.c's kernel, which checks the values.
const char* const fill_source = "__kernel void fill(__global const float* a, __global float* v, int spin) {\n"
                                "    const size_t i = get_global_id(0);\n"
                                "    float x = a[i];\n"
                                "    for (int k = 0; k < spin; ++k) x = x * 0.5f + a[i] * 0.5f;\n"
                                "    v[i] = x + (float)i + 1.0f;\n"
                                "}\n";
constexpr int slow = 20000; // rounds enough for a CPU's driver to be still at it when main returns

// What the program leaves to be destroyed at exit; destroying it writes the view back.
struct held_objects {
    std::unique_ptr<tiles::accelerator_view> own_view;
    std::unique_ptr<tiles::kernel> kernel;
    std::unique_ptr<tiles::array<float, 1>> array;
    std::unique_ptr<tiles::array_view<float, 1>> view;
    float* mapped = nullptr;

    ~held_objects() { release(); }
    void release() {
        if (mapped == nullptr) return;
        own_view.reset();
        kernel.reset();
        array.reset();
        view.reset(); // the write-back
        if (const std::string failure = tiles::take_writeback_error(); !failure.empty()) {
            std::fprintf(stderr, "release_at_exit_cpp: %s\n", failure.c_str());
            _exit(3); // exit() may not be called from a destructor that runs at exit
        }
        if (munmap(mapped, count * sizeof(float)) != 0) _exit(4);
        mapped = nullptr;
    }
};

held_objects statically_held; // destroyed after the statics libtiles makes in main

// Fills `file` with -1s and maps it.
float* map_file(const char* file) {
    const int fd = open(file, O_RDWR | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return nullptr;
    const std::vector<float> old(count, -1.0f);
    const bool written = write(fd, old.data(), old.size() * sizeof(float)) == ssize_t(old.size() * sizeof(float));
    void* memory = written ? mmap(nullptr, count * sizeof(float), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) : nullptr;
    close(fd);
    return memory == MAP_FAILED ? nullptr : static_cast<float*>(memory);
}

// Maps `file` into `held` and launches fill over it, on an accelerator view of their own.
void launch_into(held_objects& held, const char* file, int spin = 0) {
    held.mapped = map_file(file);
    if (held.mapped == nullptr) throw std::runtime_error(std::string("cannot map ") + file);
    std::vector<float> initial(count);
    for (int i = 0; i < count; ++i) initial[std::size_t(i)] = 2.0f * float(i);
    held.own_view = std::make_unique<tiles::accelerator_view>(tiles::accelerator().create_view());
    held.kernel = std::make_unique<tiles::kernel>(fill_source, "fill");
    held.array = std::make_unique<tiles::array<float, 1>>(count, initial.begin(), initial.end(), *held.own_view);
    held.view = std::make_unique<tiles::array_view<float, 1>>(count, held.mapped);
    // Reading the transfers' parameters brings in the algorithms' lookup, which every transfer of
    // a program linked with them asks, the write-back at exit too.
    if (tiles::get_parameters(tiles::accelerator(), "staging").empty()) throw std::runtime_error("no staging values");
    tiles::parallel_for_each(*held.own_view, held.view->extent, *held.kernel, *held.array, *held.view, spin);
}

held_objects* held_for_atexit = nullptr;
// The async mode's objects, never destroyed: the process exits with their work under way. A global
// holds them, so that LeakSanitizer sees them reachable, as they are meant to be.
held_objects* volatile never_destroyed = nullptr; // volatile: the store is kept, though never read

} // namespace

int main(int argc, char** argv) {
    const std::string mode = argc == 3 ? argv[1] : "";
    if (mode == "atexit") std::atexit([] { held_for_atexit->release(); });
    if (mode != "atexit" && mode != "static" && mode != "thread_local" && mode != "async") {
        std::fprintf(stderr, "usage: release_at_exit_cpp atexit|static|thread_local|async FILE\n");
        return 2;
    }
    try {
        if (mode == "atexit") launch_into(*(held_for_atexit = new held_objects), argv[2]);
        if (mode == "static") launch_into(statically_held, argv[2]);
        if (mode == "async") {
            never_destroyed = new held_objects;
            launch_into(*never_destroyed, argv[2], slow);
            never_destroyed->view->synchronize_async();
        }
        if (mode == "thread_local") {
            std::exception_ptr failure;
            std::thread([file = argv[2], &failure] {
                thread_local held_objects held_by_thread;
                try {
                    launch_into(held_by_thread, file);
                } catch (...) {
                    failure = std::current_exception();
                }
            }).join();
            if (failure) std::rethrow_exception(failure);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "release_at_exit_cpp: %s\n", e.what());
        return 1;
    }
    return 0;
}
