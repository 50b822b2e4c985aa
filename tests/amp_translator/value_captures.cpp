// C++ AMP as written, built through tiles_amp_sources (tests/CMakeLists.txt): values a kernel
// captures by copy, each reaching the device: a struct of numbers (a nested struct, an array, an
// enum and a double among its members), an extent<2>, an index<2>, a tiled_extent<2, 4> and an
// enum, explicitly and through [=], and a struct passed to a functor's constructor; each result
// against the CPU's.
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

enum class Op { add, subtract };

struct Range {
    int low;
    int high;
};

struct Params {
    int scale;
    float offset;
    Range clamp;
    int weights[3];
    Op op;
    double fine;
};

float apply(const Params& p, int x, int row) restrict(cpu, amp) {
    const int clamped = x < p.clamp.low ? p.clamp.low : (x > p.clamp.high ? p.clamp.high : x);
    const float sum = float(p.scale * clamped) + p.offset + float(p.fine);
    return p.op == Op::add ? sum + float(p.weights[row % 3]) : sum - float(p.weights[row % 3]);
}

class Weighted {
  public:
    Weighted(array_view<float, 2> out, Params p) restrict(amp, cpu) : m_out(out), m_p(p) {}
    void operator()(index<2> i) const restrict(amp) { m_out[i] = float(m_p.weights[i[1] % 3]) * m_p.offset; }

  private:
    array_view<float, 2> m_out;
    Params m_p;
};

static int failures = 0;

void check(const std::vector<float>& got, const std::vector<float>& expected, const char* what) {
    for (size_t i = 0; i < got.size(); ++i)
        if (got[i] != expected[i] && failures++ < 10)
            std::printf("FAILED: %s at %d: %g, expected %g\n", what, int(i), got[i], expected[i]);
}

int main() {
    const int rows = 4, cols = 8;
    std::vector<float> out(rows * cols), expected(rows * cols);
    array_view<float, 2> v(rows, cols, out);
    const Params p = {3, 0.5f, {2, 20}, {1, 10, 100}, Op::subtract, 0.25};
    extent<2> e(rows, cols);
    index<2> origin(1, 2);
    tiled_extent<2, 4> tiled = e.tile<2, 4>();
    Op op = Op::add;

    // Explicit captures by copy: the struct, the extent, the index and the enum.
    parallel_for_each(
        v.extent, [ v, p, e, origin, op ](index<2> i) restrict(amp) {
            const float r = apply(p, i[0] * e[1] + i[1], i[0]);
            v[i] = op == Op::add ? r + float(origin[0] * 1000 + origin[1] * 100) : 0.0f;
        });
    v.synchronize();
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) expected[r * cols + c] = apply(p, r * cols + c, r) + 1200.0f;
    check(out, expected, "explicit captures");

    // Through [=]: the tiled_extent, whose tile is in its type and whose extent reaches the device.
    parallel_for_each(
        tiled, [=](tiled_index<2, 4> t) restrict(amp) {
            v[t] = float(tiled[0] * 10000 + tiled[1] * 1000 + tiled.tile_dim0 * 100 + tiled.get_tile_extent()[1] * 10 +
                         p.clamp.high - t.local[1]);
        });
    v.synchronize();
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) expected[r * cols + c] = float(48000 + 200 + 40 + 20 - c % 4);
    check(out, expected, "a tiled_extent through [=]");

    // A functor constructed from a struct.
    parallel_for_each(v.extent, Weighted(v, p));
    v.synchronize();
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) expected[r * cols + c] = float(p.weights[c % 3]) * 0.5f;
    check(out, expected, "a functor's struct");

    std::printf("%s\n", failures == 0 ? "all kernels match the CPU" : "mismatches");
    return failures == 0 ? 0 : 1;
}
