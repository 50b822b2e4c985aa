// C++ AMP's direct3d_errorf and direct3d_abort in kernels, as written, built through
// tiles_amp_sources: a failing work-item's launch throws runtime_exception with the formatted
// message (or AMP's text for abort, called from a function the kernel calls) and the kernel's name;
// the same kernel then runs again without failing; a kernel whose errorf is never reached runs
// right and costs one launch. Each result against the text C's printf makes and CPU loops.
#include <amp.h>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "tiles/counters.hpp"
using namespace concurrency;
using namespace concurrency::direct3d;

static int failures = 0;

static void expect(bool holds, const std::string& what) {
    if (!holds && failures++ < 10) std::printf("FAILED: %s\n", what.c_str());
}

void check_positive(int value) restrict(amp) {
    if (value < 0) direct3d_abort();
}

// Fails at the work-item whose element is `bad`, if any; doubles every element otherwise.
void double_or_fail(std::vector<int>& data, int bad) {
    array_view<int, 1> v(int(data.size()), data);
    parallel_for_each(
        v.extent, [=](index<1> i) restrict(amp) {
            if (v[i] == bad) direct3d_errorf("element %d holds %d, %.2f of %u", i[0], v[i], 0.25f * float(v[i]), 7u);
            v[i] *= 2;
        });
    v.synchronize();
}

int main() {
    std::vector<int> data(64);
    for (int i = 0; i < 64; ++i) data[i] = i;

    // errorf with integers and a float: the message as C's printf makes it, and the kernel named.
    char expected[128];
    std::snprintf(expected, sizeof expected, "element %d holds %d, %.2f of %u", 9, 9, 0.25f * 9.0f, 7u);
    try {
        double_or_fail(data, 9);
        expect(false, "errorf's launch did not throw");
    } catch (const runtime_exception& e) {
        std::printf("errorf: %s\n", e.what());
        expect(std::strstr(e.what(), expected) != nullptr, std::string("errorf's message: ") + e.what());
        expect(std::strstr(e.what(), "direct3d_errorf in kernel 'double_or_fail_") != nullptr,
               std::string("errorf's kernel: ") + e.what());
    }

    // The record is cleared: the same kernel, where no element fails, runs right in one launch.
    for (int i = 0; i < 64; ++i) data[i] = i;
    const tiles::transfer_counters before = tiles::total_counters();
    double_or_fail(data, -1);
    expect(tiles::total_counters().launches - before.launches == 1, "a launch that does not fail is one launch");
    for (int i = 0; i < 64; ++i) expect(data[i] == 2 * i, "doubled element " + std::to_string(i));

    // abort, from a function the kernel calls: C++ AMP's text.
    array_view<const int, 1> in(64, data);
    try {
        parallel_for_each(
            in.extent, [=](index<1> i) restrict(amp) { check_positive(in[i] - 100); });
        expect(false, "abort's launch did not throw");
    } catch (const runtime_exception& e) {
        std::printf("abort: %s\n", e.what());
        expect(std::strstr(e.what(), "Reference Rasterizer: Shader abort instruction hit") != nullptr,
               std::string("abort's message: ") + e.what());
    }
    std::printf(failures == 0 ? "errorf: right\n" : "errorf: %d failures\n", failures);
    return failures == 0 ? 0 : 1;
}
