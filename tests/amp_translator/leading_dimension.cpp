// C++ AMP as written, built through tiles_amp_sources (tests/CMakeLists.txt): sections of a matrix
// with a leading dimension, as C++ AMP's BLAS libraries view one (a flat view reshaped to rows of
// lda elements, a 16x16 tile of it), whose rows are longer than the section. Kernels write and read
// the tiles, the host synchronizes them, copies them out and in (to and from an array too), and a
// kernel reads the whole matrix after them; each against a CPU copy of the matrix that does the same.
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static int failures = 0;

static const int rows = 40, lda = 37, tile = 16;

static void check(const std::vector<float>& got, const std::vector<float>& expected, const char* what) {
    for (std::size_t i = 0; i < got.size(); ++i)
        if (got[i] != expected[i] && failures++ < 10)
            std::printf("FAILED: %s at %d (row %d, column %d): %g, expected %g\n", what, int(i), int(i) / lda,
                        int(i) % lda, double(got[i]), double(expected[i]));
}

// What a kernel writing `value + 100 * row + column` into the tile at (i, j) leaves in `matrix`.
static void write_tile(std::vector<float>& matrix, int i, int j, float value) {
    for (int r = 0; r < tile; ++r)
        for (int c = 0; c < tile; ++c) matrix[std::size_t((i + r) * lda + j + c)] = value + float(100 * r + c);
}

static void write_on_device(const array_view<float, 2>& section, float value) {
    parallel_for_each(
        section.extent, [=](index<2> idx) restrict(amp) { section[idx] = value + float(100 * idx[0] + idx[1]); });
}

static std::vector<float> numbered(int count) {
    std::vector<float> v(std::size_t(count), 0.f);
    for (int i = 0; i < count; ++i) v[std::size_t(i)] = float(i % 97) - 40.f;
    return v;
}

int main() {
    std::vector<float> host = numbered(rows * lda + 5); // 5 elements beyond the matrix
    std::vector<float> expected = host;
    {
        array_view<float, 1> flat(rows * lda, host);
        array_view<float, 2> a = flat.view_as(extent<2>(rows, lda));
        // A kernel writes a tile; synchronize brings it home, its neighbours untouched.
        array_view<float, 2> t1 = a.section(index<2>(3, 5), extent<2>(tile, tile));
        write_on_device(t1, 1000.f);
        t1.synchronize();
        write_tile(expected, 3, 5, 1000.f);
        check(host, expected, "a kernel's tile, synchronized");

        // Another tile, discarded first (its neighbours stay), read back by copy.
        array_view<float, 2> t2 = a.section(index<2>(20, 19), extent<2>(tile, tile));
        t2.discard_data();
        write_on_device(t2, 2000.f);
        std::vector<float> out(tile * tile);
        copy(t2, out.begin());
        write_tile(expected, 20, 19, 2000.f);
        for (int r = 0; r < tile; ++r)
            for (int c = 0; c < tile; ++c)
                if (out[std::size_t(r * tile + c)] != expected[std::size_t((20 + r) * lda + 19 + c)] && failures++ < 10)
                    std::printf("FAILED: copy out of a tile at (%d, %d)\n", r, c);

        // The host copies a tile in; a kernel reads it into a dense array.
        std::vector<float> in(tile * tile);
        for (int k = 0; k < tile * tile; ++k) in[std::size_t(k)] = float(-k);
        array_view<float, 2> t3 = a.section(index<2>(10, 20), extent<2>(tile, tile));
        copy(in.begin(), in.end(), t3);
        for (int r = 0; r < tile; ++r)
            for (int c = 0; c < tile; ++c) expected[std::size_t((10 + r) * lda + 20 + c)] = float(-(r * tile + c));
        std::vector<float> doubled(tile * tile, 0.f);
        array_view<float, 2> doubled_view(extent<2>(tile, tile), doubled);
        array_view<const float, 2> t3_read = t3;
        parallel_for_each(
            doubled_view.extent, [=](index<2> idx) restrict(amp) { doubled_view[idx] = 2.f * t3_read[idx]; });
        doubled_view.synchronize();
        for (int k = 0; k < tile * tile; ++k)
            if (doubled[std::size_t(k)] != -2.f * float(k) && failures++ < 10)
                std::printf("FAILED: a kernel reading a tile at %d: %g\n", k, double(doubled[std::size_t(k)]));

        // A tile copied into an array and on into another tile, on the device and back.
        array<float, 2> copied(t3.extent);
        copy(t3, copied);
        copy_async(copied, a.section(index<2>(0, 21), extent<2>(tile, tile))).get();
        const std::vector<float> before = expected;
        for (int r = 0; r < tile; ++r)
            for (int c = 0; c < tile; ++c)
                expected[std::size_t(r * lda + 21 + c)] = before[std::size_t((10 + r) * lda + 20 + c)];

        // A kernel reads the whole matrix after the tiles' writes: the sums of its rows.
        std::vector<float> sums(rows, 0.f);
        array_view<float, 1> sums_view(rows, sums);
        parallel_for_each(
            sums_view.extent, [=](index<1> idx) restrict(amp) {
                float sum = 0.f;
                for (int c = 0; c < lda; ++c) sum += a(idx[0], c);
                sums_view[idx] = sum;
            });
        sums_view.synchronize();
        for (int r = 0; r < rows; ++r) {
            float sum = 0.f;
            for (int c = 0; c < lda; ++c) sum += expected[std::size_t(r * lda + c)];
            if (sums[std::size_t(r)] != sum && failures++ < 10)
                std::printf("FAILED: the sum of row %d: %g, expected %g\n", r, double(sums[std::size_t(r)]),
                            double(sum));
        }

        // A last tile, written and left to the views' copy back when they go.
        write_on_device(a.section(index<2>(24, 0), extent<2>(tile, tile)), 3000.f);
        write_tile(expected, 24, 0, 3000.f);
    }
    check(host, expected, "the matrix after the views are gone");
    std::printf("%s\n", failures == 0 ? "tiles of a matrix with a leading dimension match the CPU" : "mismatches");
    return failures == 0 ? 0 : 1;
}
