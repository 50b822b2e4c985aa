// C++ AMP as written, built through tiles_amp_sources (tests/CMakeLists.txt): textures on OpenCL
// images. Textures of float, int, uint_2 and float_4 of ranks 1 to 3, filled from the host, read in
// kernels by tex[idx], tex(i0, i1) and tex.get(idx), written by tex.set(idx, v), and copied back
// (by iterator and by bytes); each result against the CPU's.
#include <amp.h>
#include <amp_graphics.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static int failures = 0;

template <class T> void check(const std::vector<T>& got, const std::vector<T>& expected, const char* what) {
    if (got.size() != expected.size() && failures++ < 10)
        std::printf("FAILED: %s: %d elements, expected %d\n", what, int(got.size()), int(expected.size()));
    for (size_t i = 0; i < got.size() && i < expected.size(); ++i)
        if (!(got[i] == expected[i]) && failures++ < 10) std::printf("FAILED: %s at %d\n", what, int(i));
}

// A texture<int, 2> written in a kernel and read back by the host, and copied (deeply): named with
// its namespace, before the file's using-directive of it, so that the kernel names no other of
// graphics.
void writes_int_2() {
    const int rows = 6, cols = 3;
    concurrency::graphics::texture<int, 2> tex(rows, cols);
    parallel_for_each(
        tex.extent, [&tex](index<2> idx) restrict(amp) { tex.set(idx, idx[0] * 100 - idx[1]); });
    std::vector<int> got(rows * cols), expected(rows * cols);
    copy(tex, got.begin());
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) expected[size_t(r * cols + c)] = r * 100 - c;
    check(got, expected, "texture<int, 2> written by set");
    // A copy is a texture of its own, as in C++ AMP: writing it leaves the original as it was.
    concurrency::graphics::texture<int, 2> copied(tex);
    parallel_for_each(
        copied.extent, [&copied](index<2> idx) restrict(amp) { copied.set(idx, -1); });
    copy(tex, got.begin());
    check(got, expected, "a texture<int, 2> after its copy was written");
    copy(copied, got.begin());
    check(got, std::vector<int>(size_t(rows * cols), -1), "the copy of a texture<int, 2>, written");
}

using namespace concurrency::graphics;

// A texture<float, 2> read three ways, into an array_view.
void reads_float_2() {
    const int rows = 5, cols = 7;
    std::vector<float> texels(rows * cols), out(rows * cols), expected(rows * cols);
    for (int i = 0; i < rows * cols; ++i) texels[size_t(i)] = 0.5f * float(i) - 3.0f;
    const texture<float, 2> tex(rows, cols, texels.begin(), texels.end());
    array_view<float, 2> result(rows, cols, out);
    result.discard_data();
    parallel_for_each(
        result.extent, [ =, &tex ](index<2> idx) restrict(amp) {
            result[idx] = tex[idx] + 2.0f * tex(idx[0], idx[1]) + 4.0f * tex.get(idx);
        });
    result.synchronize();
    for (int i = 0; i < rows * cols; ++i) expected[size_t(i)] = 7.0f * texels[size_t(i)];
    check(out, expected, "texture<float, 2> read by [], () and get");
    if (tex.get_extent() != extent<2>(rows, cols) || tex.get_bits_per_scalar_element() != 32 ||
        tex.get_data_length() != unsigned(rows * cols * 4))
        ++failures, std::printf("FAILED: texture<float, 2>'s extent, bits or data length\n");
}

// A texture<float_4, 2> read and written in place (each texel's components reversed and scaled),
// copied in and out by bytes.
void float_4_in_place() {
    const int rows = 4, cols = 5;
    std::vector<float_4> texels, got(rows * cols), expected;
    for (int i = 0; i < rows * cols; ++i) {
        texels.push_back(float_4(float(i), float(i) + 0.25f, -float(i), 1.0f));
        expected.push_back(float_4(2.0f, -2.0f * float(i), 2.0f * float(i) + 0.5f, 2.0f * float(i)));
    }
    texture<float_4, 2> tex(rows, cols);
    copy(texels.data(), unsigned(texels.size() * sizeof(float_4)), tex);
    parallel_for_each(
        tex.extent, [&tex](index<2> idx) restrict(amp) {
            const float_4 t = tex[idx];
            tex.set(idx, float_4(t.w, t.z, t.y, t.x) * 2.0f);
        });
    copy(tex, got.data(), unsigned(got.size() * sizeof(float_4)));
    check(got, expected, "texture<float_4, 2> read and written in place");
}

// A texture<uint_2, 1> and a texture<float, 3>, read into arrays.
void ranks_1_and_3() {
    const int n = 9;
    std::vector<uint_2> pairs;
    for (int i = 0; i < n; ++i) pairs.push_back(uint_2(unsigned(i), unsigned(1000 + i)));
    const texture<uint_2, 1> line(n, pairs.begin(), pairs.end());
    array<unsigned int, 1> sums(n);
    parallel_for_each(
        sums.extent, [&](index<1> i) restrict(amp) { sums[i] = line[i].x * 2u + line(i[0]).y; });
    std::vector<unsigned int> got = sums, expected;
    for (int i = 0; i < n; ++i) expected.push_back(unsigned(i) * 2u + unsigned(1000 + i));
    check(got, expected, "texture<uint_2, 1> read by [] and ()");

    const extent<3> e(3, 4, 5);
    std::vector<float> cube(e.size());
    for (size_t i = 0; i < cube.size(); ++i) cube[i] = float(i) * 0.125f;
    const texture<float, 3> volume(e, cube.begin(), cube.end());
    array<float, 3> out(e);
    parallel_for_each(
        e, [&](index<3> i) restrict(amp) { out[i] = volume(i[0], i[1], i[2]) - volume.get(i) * 0.5f; });
    std::vector<float> got3 = out, expected3;
    for (float v : cube) expected3.push_back(v - v * 0.5f);
    check(got3, expected3, "texture<float, 3> read by () and get");
}

int main() {
    reads_float_2();
    writes_int_2();
    float_4_in_place();
    ranks_1_and_3();
    if (failures != 0) return 1;
    std::printf("textures: right\n");
    return 0;
}
