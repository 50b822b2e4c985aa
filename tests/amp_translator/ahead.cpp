// C++ AMP as written, built through tiles_amp_sources with its kernels compiled at build time
// (tests/CMakeLists.txt): run with TILES_CLANG pointing nowhere, every kernel comes from the build,
// a template's for each of its two element types, a class template's member's for two arguments
// (one capturing a struct of views, as the book's NBody does), a functor's, a template's reduction
// that fences tile_static memory, a class template's for two tile sizes, in a lambda of its member
// function as the book's Reduction writes it, and a function template's in a lambda, for ints and
// floats, among them (the log says so, and a launch that needed clang would fail); the same with
// clang++ as the host's compiler. Built for 32-bit devices only, its kernels compile at run time on
// a 64-bit one, with clang. Each result against a CPU loop, fast_math's sine and cosine of large
// arguments against the host's in double (a CPU device's are precise).
#include <amp.h>
#include <amp_math.h>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>
using namespace concurrency;

#define TILE 4

enum class Mode { scale, shift };

struct Affine {
    float scale;
    int shift;
};

float affine(const Affine& a, float x) restrict(amp) { return a.scale * x + float(a.shift); }

static int failures = 0;

template <class T> void check(const std::vector<T>& got, const std::vector<T>& expected, const char* what) {
    for (size_t i = 0; i < got.size(); ++i)
        if (got[i] != expected[i] && failures++ < 10)
            std::printf("FAILED: %s at %d: %g, expected %g\n", what, int(i), double(got[i]), double(expected[i]));
}

template <class T, int Step> void fill(array_view<T, 1> v, T value) {
    parallel_for_each(
        v.extent, [=](index<1> i) restrict(amp) { v[i] = value + T(i[0] * Step); });
}

template <int Factor> class Scaler {
  public:
    void run(array_view<int, 1> v) const {
        parallel_for_each(
            v.extent, [=](index<1> i) restrict(amp) { v[i] *= Factor; });
    }
};

// A struct of views, captured by a class template's kernel from a reference parameter (the book's
// NBodyAmpTiled): each instantiation spells the members' types.
struct Views {
    array_view<const int, 1> in;
    array_view<int, 1> out;
};

template <int Offset> class Shifter {
  public:
    void run(const Views& views) const {
        parallel_for_each(
            views.out.extent, [=](index<1> i) restrict(amp) { views.out[i] = views.in[i] + Offset; });
    }
};

// A template's tiled kernel that fences tile_static memory and adds atomically, as the book's
// Reduction does: each tile's sum, added into one.
template <int TileSize, class T> T fenced_sum(const std::vector<T>& values) {
    array_view<const T, 1> in(int(values.size()), values);
    std::vector<T> total(1);
    array_view<T, 1> sum(1, total);
    parallel_for_each(
        in.extent.tile<TileSize>(), [=](tiled_index<TileSize> t) restrict(amp) {
            tile_static T local[TileSize];
            local[t.local[0]] = in[t.global];
            tile_static_memory_fence(t.barrier);
            t.barrier.wait();
            for (int stride = TileSize / 2; stride > 0; stride /= 2) {
                if (t.local[0] < stride) local[t.local[0]] += local[t.local[0] + stride];
                t.barrier.wait_with_tile_static_memory_fence();
            }
            if (t.local[0] == 0) atomic_fetch_add(&sum[0], local[0]);
        });
    sum.synchronize();
    return total[0];
}

// A class template's reduction, as the book's Reduction case study writes it: the kernel in a
// lambda of a lambda (its timer's) of a member function, here a member template, capturing by
// reference and by value, fencing tile_static memory and reading the template's tile size. Each
// tile's sum of the values times Factor.
template <int TileSize> class TiledSums {
  public:
    template <int Factor> std::vector<int> run(const std::vector<int>& values) const {
        array<int, 1> in(int(values.size()), values.begin(), values.end());
        array<int, 1> sums(int(values.size()) / TileSize);
        const int scale = Factor;
        timed([&]() {
            parallel_for_each(
                in.extent.tile<TileSize>(), [ =, &in, &sums ](tiled_index<TileSize> t) restrict(amp) {
                    tile_static int local[TileSize];
                    local[t.local[0]] = scale * in[t.global];
                    t.barrier.wait();
                    for (int stride = TileSize / 2; stride > 0; stride /= 2) {
                        if (t.local[0] < stride) local[t.local[0]] += local[t.local[0] + stride];
                        tile_static_memory_fence(t.barrier);
                        t.barrier.wait();
                    }
                    if (t.local[0] == 0) sums[t.tile] = local[0];
                });
        });
        return sums;
    }

  private:
    template <class Work> static void timed(Work work) { work(); }
};

// A function template's kernel in a lambda of its own (a timer's, as the book's samples wrap their
// launches), for two element types: clang's signature of such a lambda names no template argument,
// GCC's does; either way the launch takes the name the build gave the kernel.
template <class T> void doubled(array_view<T, 1> v) {
    const auto launch = [&]() {
        parallel_for_each(
            v.extent, [=](index<1> i) restrict(amp) { v[i] = T(2) * v[i]; });
    };
    launch();
}

class Negate {
  public:
    Negate(array_view<int, 1> v) restrict(amp, cpu) : m_v(v) {}
    void operator()(index<1> i) const restrict(amp) { m_v[i] = -m_v[i]; }

  private:
    array_view<int, 1> m_v;
};

int main() {
    const int rows = 8, cols = 12;
    std::vector<float> in(rows * cols), out(rows * cols), expected(rows * cols);
    for (int i = 0; i < rows * cols; ++i) in[i] = float(i % 17) * 0.5f - 3.0f;

    // Views, a struct, an enum and constants of the function: an affine map, chosen by the mode.
    const Affine a = {1.5f, -2};
    const Mode mode = Mode::scale;
    const float bias = 0.25f;
    const int stride = cols;
    array_view<const float, 2> source(rows, cols, in);
    array_view<float, 2> target(rows, cols, out);
    parallel_for_each(
        target.extent, [=](index<2> i) restrict(amp) {
            const float x = source[i];
            target[i] = (mode == Mode::scale ? affine(a, x) : x + float(a.shift)) + bias + float(i[0] * stride % 3);
        });
    target.synchronize();
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            expected[r * cols + c] = a.scale * in[r * cols + c] + float(a.shift) + bias + float(r * stride % 3);
    check(out, expected, "the affine map");

    // A tiled kernel with tile_static memory, a macro's tile and an array: each tile's sum, and an
    // extent, an index and a tiled_extent captured by value.
    array<float, 2> data(rows, cols, in.begin(), in.end());
    array<float, 2> sums(rows / TILE, cols / TILE);
    const extent<2> whole(rows, cols);
    const index<2> corner(rows - 1, cols - 1);
    const tiled_extent<TILE, TILE> tiled = whole.tile<TILE, TILE>();
    parallel_for_each(
        tiled, [ =, &data, &sums ](tiled_index<TILE, TILE> t) restrict(amp) {
            tile_static float local[TILE][TILE];
            local[t.local[0]][t.local[1]] = data[t.global];
            t.barrier.wait();
            if (t.local[0] == 0 && t.local[1] == 0) {
                float sum = 0;
                for (int r = 0; r < TILE; ++r)
                    for (int c = 0; c < TILE; ++c) sum += local[r][c];
                // The last tile adds the corner's element once more, the first the extent's size.
                if (t.tile_origin[0] + TILE - 1 == corner[0] && t.tile_origin[1] + TILE - 1 == corner[1])
                    sum += data[corner];
                if (t.tile[0] == 0 && t.tile[1] == 0) sum += float(whole.size() + tiled[1]);
                sums[t.tile] = sum;
            }
        });
    std::vector<float> tile_sums = sums, expected_sums((rows / TILE) * (cols / TILE), 0.0f);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) expected_sums[(r / TILE) * (cols / TILE) + c / TILE] += in[r * cols + c];
    expected_sums.back() += in[rows * cols - 1];
    expected_sums.front() += float(rows * cols + cols);
    check(tile_sums, expected_sums, "the tiles' sums");

    // A template's kernel, for two element types.
    std::vector<int> counted(10), expected_counted(10);
    std::vector<float> halves(10), expected_halves(10);
    fill<int, 3>(array_view<int, 1>(10, counted), 7);
    fill<float, 1>(array_view<float, 1>(10, halves), 0.5f);
    for (int i = 0; i < 10; ++i) expected_counted[i] = 7 + 3 * i, expected_halves[i] = 0.5f + float(i);
    check(counted, expected_counted, "the template's fill of ints");
    check(halves, expected_halves, "the template's fill of floats");

    // A functor's kernel.
    array_view<int, 1> negated(10, counted);
    parallel_for_each(negated.extent, Negate(negated));
    negated.synchronize();
    for (int i = 0; i < 10; ++i) expected_counted[i] = -expected_counted[i];
    check(counted, expected_counted, "the functor's negation");

    // A class template's member's kernel.
    array_view<int, 1> scaled(10, counted);
    Scaler<-2>().run(scaled);
    scaled.synchronize();
    for (int i = 0; i < 10; ++i) expected_counted[i] = -2 * expected_counted[i];
    check(counted, expected_counted, "the class template's scaling");

    // A template's reduction, fenced.
    std::vector<int> summed(64);
    int expected_sum = 0;
    for (int i = 0; i < 64; ++i) summed[std::size_t(i)] = 5 * i - 40, expected_sum += 5 * i - 40;
    check(std::vector<int>{fenced_sum<16>(summed)}, std::vector<int>{expected_sum}, "the template's fenced reduction");

    // A class template's kernel capturing a struct of views.
    std::vector<int> shifted(10);
    Views views = {array_view<const int, 1>(10, summed), array_view<int, 1>(10, shifted)};
    Shifter<5>().run(views);
    views.out.synchronize();
    std::vector<int> expected_shifted(10);
    for (int i = 0; i < 10; ++i) expected_shifted[std::size_t(i)] = summed[std::size_t(i)] + 5;
    check(shifted, expected_shifted, "the class template's kernel over a struct of views");

    // The same class template's kernel, for a second offset.
    Shifter<-7>().run(views);
    views.out.synchronize();
    for (int i = 0; i < 10; ++i) expected_shifted[std::size_t(i)] = summed[std::size_t(i)] - 7;
    check(shifted, expected_shifted, "the class template's kernel over a struct of views, a second offset");

    // The book's reduction class, for two tile sizes: twice each element, summed in tiles.
    for (const auto& [tile, got] :
         {std::make_pair(8, TiledSums<8>().run<2>(summed)), std::make_pair(16, TiledSums<16>().run<2>(summed))}) {
        std::vector<int> expected_tiles(summed.size() / std::size_t(tile), 0);
        for (std::size_t i = 0; i < summed.size(); ++i) expected_tiles[i / std::size_t(tile)] += 2 * summed[i];
        check(got, expected_tiles,
              tile == 8 ? "the class template's tiled sums, tiles of 8"
                        : "the class template's tiled sums, tiles of 16");
    }

    // A function template's kernel in a lambda, for ints and floats.
    std::vector<int> twice_ints = {1, -2, 3, 40};
    std::vector<float> twice_floats = {0.5f, -1.25f, 3.0f, 1e3f};
    doubled(array_view<int, 1>(4, twice_ints));
    doubled(array_view<float, 1>(4, twice_floats));
    check(twice_ints, std::vector<int>{2, -4, 6, 80}, "the function template's lambda's kernel of ints");
    check(twice_floats, std::vector<float>{1.0f, -2.5f, 6.0f, 2e3f},
          "the function template's lambda's kernel of floats");

    // fast_math's sine and cosine near 2e6 and 1e5, compiled ahead as a CPU device's launch asks.
    std::vector<float> angles = {2.0e6f, 2.0e6f + 0.7f, 1999999.25f, 1.0e5f, 1.0e5f + 1.3f, 99999.5f};
    std::vector<float> sines(angles.size()), cosines(angles.size());
    array_view<const float, 1> angle_view(int(angles.size()), angles);
    array_view<float, 1> sine_view(int(sines.size()), sines), cosine_view(int(cosines.size()), cosines);
    parallel_for_each(
        angle_view.extent, [=](index<1> i) restrict(amp) {
            sine_view[i] = fast_math::sin(angle_view[i]);
            cosine_view[i] = fast_math::cos(angle_view[i]);
        });
    sine_view.synchronize();
    cosine_view.synchronize();
    for (std::size_t i = 0; i < angles.size(); ++i) {
        const double sine_error = std::fabs(double(sines[i]) - std::sin(double(angles[i])));
        const double cosine_error = std::fabs(double(cosines[i]) - std::cos(double(angles[i])));
        if (!(sine_error < 1e-3 && cosine_error < 1e-3) && failures++ < 10)
            std::printf("FAILED: fast_math at %.2f: sin %g (off %g), cos %g (off %g)\n", double(angles[i]),
                        double(sines[i]), sine_error, double(cosines[i]), cosine_error);
    }
    if (failures == 0) std::printf("ahead: right\n");
    return failures == 0 ? 0 : 1;
}
