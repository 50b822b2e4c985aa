// A warm launch allocates nothing: once a call site's kernel is built, launching it again over the
// same arrays and views takes no memory from the heap in libtiles, as a loop of small kernels
// needs. This program replaces operator new (as any C++ program may) to count the allocations of
// the calling thread.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <new>
#include <vector>

#include "tiles/tiles.hpp"

namespace {
thread_local long allocations = 0;
}

void* operator new(std::size_t size) {
    ++allocations;
    if (void* memory = std::malloc(size == 0 ? 1 : size)) return memory;
    throw std::bad_alloc();
}
void operator delete(void* memory) noexcept { std::free(memory); }
void operator delete(void* memory, std::size_t) noexcept { std::free(memory); }

TEST_CASE("a warm launch that names no accelerator_view allocates nothing", "[amp]") {
    using namespace tiles;
    std::vector<int> data(1024, 1);
    array_view<int, 1> counts(1024, data);
    array<int, 1> steps(extent<1>(1024));
    const int step = 2;
    std::vector<long> per_launch;
    for (int run = 0; run < 4; ++run) {
        const long before = allocations;
        parallel_for_each(counts.extent, TILES_LAMBDA((counts, steps, step), [ =, &steps ](index<1> i) restrict(amp) {
                              steps[i] = step;
                              counts[i] += steps[i];
                          }));
        per_launch.push_back(allocations - before);
    }
    // The premise: the first launch builds the kernel, through this program's operator new.
    REQUIRE(per_launch[0] > 0);
    for (int run = 1; run < 4; ++run) {
        INFO("launch " << run);
        CHECK(per_launch[run] == 0);
    }
    counts.synchronize();
    for (int value : data) REQUIRE(value == 1 + 4 * step);
}
