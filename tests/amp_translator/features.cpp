// C++ AMP as written, built through tiles_amp_sources (tests/CMakeLists.txt): each kind of
// capture, the macros (of the source and of its header), constants and template arguments kernels
// use (one kernel for two element types), the restrict(amp) functions, types and enums they reach,
// a restrict(cpu, amp) function on both sides, a void helper with reference parameters, and MSVC's
// x.tile<4>() in a template; each result against the CPU's.
#include <amp.h>
#include <cstdio>
#include <vector>

#include "features_block.hpp"
using namespace concurrency;

#define SCALE 3
#define TWICE(x) (2 * (x))
static const int Offset = 5;
const float Half = 0.5f;

enum class Mode { add, multiply };

struct Pair {
    int first;
    int second;
};

// Both sides call it.
int square(int x) restrict(cpu, amp) { return x * x; }

// A void helper whose parameters are references is not a kernel.
void add_to(int& target, int value) restrict(amp) { target += value; }

int combine(Pair p, Mode m) restrict(amp) { return m == Mode::add ? p.first + p.second : p.first * p.second; }

int through_helpers(int x) restrict(amp) {
    int total = 0;
    add_to(total, square(x));
    return total;
}

// One kernel, instantiated for int and float: T reaches the device.
template <typename T> void fill(std::vector<T>& data) {
    array_view<T, 1> av(static_cast<int>(data.size()), data);
    parallel_for_each(
        av.extent, [=](index<1> idx) restrict(amp) { av[idx] = T(1) + T(idx[0]) / T(2); });
    av.synchronize();
}

template <int Factor> void scale_by(std::vector<int>& data) {
    array_view<int, 1> av(static_cast<int>(data.size()), data);
    parallel_for_each(
        av.extent, [=](index<1> idx) restrict(amp) { av[idx] *= Factor; });
    av.synchronize();
}

// MSVC's spelling in a template, without the `template` keyword C++ asks for before tile<4>.
template <typename T> void tile_positions(std::vector<T>& data) {
    array_view<T, 1> av(static_cast<int>(data.size()), data);
    parallel_for_each(
        av.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) { av[t] = T(t.local[0]); });
    av.synchronize();
}

static int failures = 0;

void check(bool ok, const char* what, int i, double got, double expected) {
    if (ok) return;
    if (failures++ < 10) std::printf("FAILED: %s at %d: %g, expected %g\n", what, i, got, expected);
}

int main() {
    const int n = 64;
    std::vector<int> in(n), out(n);
    for (int i = 0; i < n; ++i) in[i] = i - 20;
    array<int, 1> arr(n, in.begin(), in.end());
    array_view<int, 1> vout(n, out);
    int bias = 7;
    const int Local = 4; // a constant the kernels use without capturing it

    // Explicit captures: an array by reference, a view and a number by copy; a global constant.
    parallel_for_each(
        vout.extent, [&arr, vout, bias ](index<1> i) restrict(amp) { vout[i] = arr[i] + bias + Offset; });
    vout.synchronize();
    for (int i = 0; i < n; ++i) check(out[i] == in[i] + 7 + 5, "explicit captures", i, out[i], in[i] + 12);

    // Implicit [=] with the array by reference; macros (one with parameters), a local constant.
    parallel_for_each(
        vout.extent, [ =, &arr ](index<1> i) restrict(amp) { vout[i] = TWICE(arr[i]) * SCALE + bias * Local; });
    vout.synchronize();
    for (int i = 0; i < n; ++i) check(out[i] == 6 * in[i] + 28, "implicit [=]", i, out[i], 6 * in[i] + 28);

    // Implicit [&]: the array only (C++ AMP captures everything else by copy).
    parallel_for_each(
        arr.extent, [&](index<1> i) restrict(amp) { arr[i] = arr[i] * 2; });
    std::vector<int> doubled = arr;
    for (int i = 0; i < n; ++i) check(doubled[i] == 2 * in[i], "implicit [&]", i, doubled[i], 2 * in[i]);

    // Device functions, a type and an enum they reach; a float constant.
    std::vector<float> halves(n);
    array_view<float, 1> vhalves(n, halves);
    parallel_for_each(
        vout.extent, [=](index<1> i) restrict(amp) {
            Pair p = {vout[i], 3};
            vout[i] = combine(p, Mode::multiply) + through_helpers(i[0]);
            vhalves[i] = Half * i[0];
        });
    vout.synchronize();
    vhalves.synchronize();
    for (int i = 0; i < n; ++i) {
        const int expected = (6 * in[i] + 28) * 3 + square(i);
        check(out[i] == expected, "device functions", i, out[i], expected);
        check(halves[i] == 0.5f * i, "a float constant", i, halves[i], 0.5f * i);
    }

    // Template arguments: a type, for int and float, and a number.
    std::vector<int> ints(n);
    std::vector<float> floats(n);
    fill(ints);
    fill(floats);
    scale_by<3>(ints);
    for (int i = 0; i < n; ++i) {
        check(ints[i] == 3 * (1 + i / 2), "fill<int>, scale_by<3>", i, ints[i], 3 * (1 + i / 2));
        check(floats[i] == 1.0f + float(i) / 2.0f, "fill<float>", i, floats[i], 1.0f + float(i) / 2.0f);
    }

    std::vector<float> positions(n);
    tile_positions(positions);
    for (int i = 0; i < n; ++i) check(positions[i] == float(i % 4), "tile<4>() in a template", i, positions[i], i % 4);

    // A macro of the program's header, in the tile's size and the body.
    parallel_for_each(
        vout.extent.tile<BLOCK>(), [=](tiled_index<BLOCK> t) restrict(amp) { vout[t] = t.local[0] * BLOCK; });
    vout.synchronize();
    for (int i = 0; i < n; ++i) check(out[i] == (i % 4) * 4, "a macro of a header", i, out[i], (i % 4) * 4);

    std::printf("%s\n", failures == 0 ? "all kernels match the CPU" : "mismatches");
    return failures == 0 ? 0 : 1;
}
