// The C++ prelude (kernels/prelude_amp.clcpp): every class and operator of C++ AMP's device side,
// in C++ kernel functions, against values computed on the CPU.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "fixture.hpp"

namespace {

tiles::kernel cpp_kernel(const std::string& source, const std::string& name, const std::string& options = "") {
    return tiles::kernel(source, name, options, tiles::kernel_language::cpp);
}

// The values a kernel function of one work-item writes in order into `out`.
std::vector<int> run_one(const tiles::accelerator_view& view, const std::string& source, std::size_t count) {
    std::vector<int> out(count, -12345);
    tiles::array_view<int, 1> results(int(count), out);
    tiles::parallel_for_each(view, tiles::extent<1>(1), cpp_kernel(source, "values"), results);
    results.synchronize();
    return out;
}

} // namespace

TEST_CASE_METHOD(fresh_view, "index and extent: constructors, subscripts and every operator", "[amp]") {
    const char* source = R"(
void values(array_view<int, 1> out, index<1> at) restrict(amp) {
    int n = 0;
    const int parts[2] = {5, 6};
    index<2> a(3, 4), b(1, 2), d(parts), z;
    index<1> one(7);
    index<3> three(1, 2, 3);
    out[n++] = a[0]; out[n++] = a[1]; out[n++] = d[0]; out[n++] = d[1]; out[n++] = z[0] + z[1];
    out[n++] = one[0]; out[n++] = three[2]; out[n++] = index<2>::rank;
    index<2> r = a + b; out[n++] = r[0]; out[n++] = r[1];
    r = a - b; out[n++] = r[0]; out[n++] = r[1];
    r = a * 2; out[n++] = r[0]; out[n++] = r[1];
    r = 2 * a; out[n++] = r[0]; out[n++] = r[1];
    r = a / 2; out[n++] = r[0]; out[n++] = r[1];
    r = a % 3; out[n++] = r[0]; out[n++] = r[1];
    r = 10 - a; out[n++] = r[0]; out[n++] = r[1];
    r = 12 / b; out[n++] = r[0]; out[n++] = r[1];
    r = a + 1; out[n++] = r[0]; out[n++] = r[1];
    r = a; r += b; out[n++] = r[0]; out[n++] = r[1];
    r -= 1; out[n++] = r[0]; out[n++] = r[1];
    r *= b; out[n++] = r[0]; out[n++] = r[1];
    r /= 2; out[n++] = r[0]; out[n++] = r[1];
    r %= b + 1; out[n++] = r[0]; out[n++] = r[1];
    r = a; index<2> old = r++; out[n++] = old[0]; out[n++] = r[0];
    old = ++r; out[n++] = old[0]; out[n++] = r[1];
    old = r--; out[n++] = old[0]; out[n++] = r[0];
    old = --r; out[n++] = old[1]; out[n++] = r[1];
    out[n++] = a == index<2>(3, 4); out[n++] = a == b; out[n++] = a != b; out[n++] = a != index<2>(3, 4);
    r[1] = 9; out[n++] = r[1];

    extent<2> e(5, 7);
    const int sizes[3] = {2, 3, 4};
    extent<3> e3(sizes);
    out[n++] = e[0]; out[n++] = e[1]; out[n++] = int(e.size()); out[n++] = int(e3.size()); out[n++] = int(extent<1>(9).size());
    out[n++] = e.contains(index<2>(4, 6)); out[n++] = e.contains(index<2>(5, 0)); out[n++] = e.contains(index<2>(0, -1));
    extent<2> f = e + index<2>(1, 2); out[n++] = f[0]; out[n++] = f[1];
    f = e - index<2>(1, 2); out[n++] = f[0]; out[n++] = f[1];
    f = e * 2; out[n++] = f[1];
    f += extent<2>(1, 1); out[n++] = f[0];
    out[n++] = e == extent<2>(5, 7); out[n++] = e != extent<2>(5, 7);
    tiled_extent<2, 3> t = e.tile<2, 3>();
    out[n++] = t.get_tile_extent()[0]; out[n++] = t.get_tile_extent()[1];
    out[n++] = tiled_extent<2, 3>::tile_dim0; out[n++] = tiled_extent<2, 3>::tile_dim1;
    out[n++] = t.pad()[0]; out[n++] = t.pad()[1]; out[n++] = t.truncate()[0]; out[n++] = t.truncate()[1];
    out[n++] = extent<1>(10).tile<4>().pad()[0]; out[n++] = extent<3>(5, 5, 5).tile<2, 2, 4>().truncate()[2];
    out[n++] = n;
}
)";
    const std::vector<int> expected = {
        3, 4, 5,  6,  0,  7,  3, 2,                                 // subscripts, constructors, rank
        4, 6, 2,  2,  6,  8,  6, 8, 1,  2, 0, 1, 7, 6, 12, 6, 4, 5, // + - * (both orders) / % and int on the left
        4, 6, 3,  5,  3,  10, 1, 5, 1,  2,                          // += -= *= /= %=
        3, 4, 5,  6,  5,  4,  4, 4,                                 // ++ -- (post and pre)
        1, 0, 1,  0,  9,                                            // == != and assignment through []
        5, 7, 35, 24, 9,  1,  0, 0,                                 // extent: components, size, contains
        6, 9, 4,  5,  14, 11, 1, 0,                                 // extent +- index, * int, +=, == !=
        2, 3, 2,  3,  6,  9,  4, 6, 12, 4,                          // tile, tiled_extent's tile extent, pad, truncate
        75};
    CHECK(run_one(view, source, expected.size()) == expected);
}

TEST_CASE_METHOD(fresh_view, "tiled_index: global, local, tile, tile_origin and tile_extent at ranks 1 to 3", "[amp]") {
    const char* source = R"(
void rank3(array_view<int, 2> out, tiled_index<2, 3, 4> t) restrict(amp) {
    const int i = (t.global[0] * 6 + t.global[1]) * 8 + t.global[2];
    for (int d = 0; d < 3; ++d) {
        out(i, d) = t.global[d];
        out(i, 3 + d) = t.local[d];
        out(i, 6 + d) = t.tile[d];
        out(i, 9 + d) = t.tile_origin[d];
        out(i, 12 + d) = t.tile_extent[d] + 10 * t.get_tile_extent()[d];
    }
    const index<3> g = t; // a tiled_index is its global index
    out(i, 15) = g[2] + 100 * tiled_index<2, 3, 4>::rank + 1000 * (t.tile_dim0 + 10 * t.tile_dim1 + 100 * t.tile_dim2);
}
void rank2(array_view<int, 2> out, tiled_index<3, 4> t) restrict(amp) {
    const int i = t.global[0] * 8 + t.global[1];
    for (int d = 0; d < 2; ++d) {
        out(i, d) = t.global[d];
        out(i, 2 + d) = t.local[d];
        out(i, 4 + d) = t.tile[d];
        out(i, 6 + d) = t.tile_origin[d];
    }
}
void rank1(array_view<int, 2> out, tiled_index<4> t) restrict(amp) {
    out(t.global[0], 0) = t.local[0] + 10 * t.tile[0] + 100 * t.tile_origin[0] + 1000 * t.tile_extent[0];
}
)";
    std::vector<int> out3(4 * 6 * 8 * 16), out2(6 * 8 * 8), out1(12);
    tiles::array_view<int, 2> v3(4 * 6 * 8, 16, out3), v2(6 * 8, 8, out2), v1(12, 1, out1);
    tiles::parallel_for_each(view, tiles::extent<3>(4, 6, 8).tile<2, 3, 4>(), cpp_kernel(source, "rank3"), v3);
    tiles::parallel_for_each(view, tiles::extent<2>(6, 8).tile<3, 4>(), cpp_kernel(source, "rank2"), v2);
    tiles::parallel_for_each(view, tiles::extent<1>(12).tile<4>(), cpp_kernel(source, "rank1"), v1);
    v3.synchronize();
    v2.synchronize();
    v1.synchronize();
    const int tile3[3] = {2, 3, 4}, tile2[2] = {3, 4};
    for (int a = 0; a < 4; ++a)
        for (int b = 0; b < 6; ++b)
            for (int c = 0; c < 8; ++c) {
                const int g[3] = {a, b, c}, i = (a * 6 + b) * 8 + c;
                for (int d = 0; d < 3; ++d) {
                    CHECK(out3[i * 16 + d] == g[d]);
                    CHECK(out3[i * 16 + 3 + d] == g[d] % tile3[d]);
                    CHECK(out3[i * 16 + 6 + d] == g[d] / tile3[d]);
                    CHECK(out3[i * 16 + 9 + d] == g[d] - g[d] % tile3[d]);
                    CHECK(out3[i * 16 + 12 + d] == 11 * tile3[d]);
                }
                CHECK(out3[i * 16 + 15] == c + 300 + 1000 * 432);
            }
    for (int a = 0; a < 6; ++a)
        for (int b = 0; b < 8; ++b) {
            const int g[2] = {a, b}, i = a * 8 + b;
            for (int d = 0; d < 2; ++d) {
                CHECK(out2[i * 8 + d] == g[d]);
                CHECK(out2[i * 8 + 2 + d] == g[d] % tile2[d]);
                CHECK(out2[i * 8 + 4 + d] == g[d] / tile2[d]);
                CHECK(out2[i * 8 + 6 + d] == g[d] - g[d] % tile2[d]);
            }
        }
    for (int g = 0; g < 12; ++g) CHECK(out1[g] == g % 4 + 10 * (g / 4) + 100 * (g - g % 4) + 4000);
}

TEST_CASE_METHOD(fresh_view, "array_view: every subscript, projection, section and conversion at ranks 1 to 3",
                 "[amp]") {
    // Each k of `out` reads `in` another way; every way must give in(r, c).
    const char* source = R"(
void read(array_view<const int, 2> in, array_view<int, 3> out, array_view<int, 3> cube, array_view<int, 1> line,
          index<2> idx) restrict(amp) {
    const int r = idx[0], c = idx[1];
    int k = 0;
    out(k++, r, c) = in[idx];
    out(k++, r, c) = in(idx);
    out(k++, r, c) = in(r, c);
    out(k++, r, c) = in[r][c];
    out(k++, r, c) = in(r)[c];
    out(k++, r, c) = in.projection(r)(c);
    out(k++, r, c) = in.get_ref(idx);
    out(k++, r, c) = r >= 1 && c >= 2 ? in.section(index<2>(1, 2))(r - 1, c - 2) : in(r, c);
    out(k++, r, c) = r >= 1 && c >= 2 && r < 3 && c < 5 ? in.section(index<2>(1, 2), extent<2>(2, 3))[index<2>(r - 1, c - 2)] : in(r, c);
    out(k++, r, c) = r < 2 && c < 3 ? in.section(extent<2>(2, 3))(r, c) : in(r, c);
    out(k++, r, c) = r >= 2 && c >= 1 ? in.section(2, 1, 2, 5)(r - 2, c - 1) : in(r, c);
    out(k++, r, c) = in.data()[r * in.extent[1] + c];
    out(k++, r, c) = in.get_extent()[0] * 1000 + in.extent[1] == 4007 ? in(r, c) : -1;
    array_view<int, 1> row = cube[1][r]; // writes through a projection of a projection
    row[c] = in(r, c) + 1000;
    cube(0, r, c) = in(r, c);
    cube[index<3>(2, r, c)] = in(r, c) + 2000;
    const array_view<const int, 3> readable = cube; // array_view<const T> from array_view<T>
    if (r == 0 && c == 0) line[0] = readable.extent[0] * 100 + readable.extent[1] * 10 + readable.extent[2] + cube.data()[0] * 0;
    if (r == 1 && c == 0) line(1) = line.section(2, 2)[1] + line.section(index<1>(3))[0] * 10 + line.section(extent<1>(1))(0) * 0;
}
)";
    const int rows = 4, cols = 7, ways = 13;
    std::vector<int> in(rows * cols), out(ways * rows * cols, -1), cube(3 * rows * cols, -1), line = {0, 0, 5, 6, 7};
    std::iota(in.begin(), in.end(), 1);
    tiles::array_view<const int, 2> vin(rows, cols, in);
    tiles::array_view<int, 3> vout(ways, rows, cols, out), vcube(3, rows, cols, cube);
    tiles::array_view<int, 1> vline(5, line);
    tiles::parallel_for_each(view, vin.extent, cpp_kernel(source, "read"), vin, vout, vcube, vline);
    vout.synchronize();
    vcube.synchronize();
    vline.synchronize();
    for (int k = 0; k < ways; ++k)
        for (int i = 0; i < rows * cols; ++i) {
            INFO("way " << k << ", element " << i);
            CHECK(out[k * rows * cols + i] == in[i]);
        }
    for (int i = 0; i < rows * cols; ++i) {
        CHECK(cube[i] == in[i]);
        CHECK(cube[rows * cols + i] == in[i] + 1000);
        CHECK(cube[2 * rows * cols + i] == in[i] + 2000);
    }
    CHECK(line[0] == 347);
    CHECK(line[1] == 6 + 10 * 6);
}

TEST_CASE_METHOD(fresh_view, "array: subscripts, sections and data through a const and a writable array", "[amp]") {
    const char* source = R"(
void arrays(const array<float, 2>& in, array<float, 2>& out, array<float, 1>& flat, index<2> idx) restrict(amp) {
    const int r = idx[0], c = idx[1];
    out(r, c) = in(r, c) + in[idx] + in[r][c] + in(r)[c] + in(idx) + in.section(index<2>(r, 0))(0, c);
    out[idx] += in.section(extent<2>(r + 1, c + 1))[idx] + in.data()[r * in.get_extent()[1] + c];
    array_view<float, 2> writable = out.section(index<2>(r, c), extent<2>(1, 1));
    writable(0, 0) += 1.0f;
    flat[r * in.extent[1] + c] = out[r][c];
    flat.section(extent<1>(1))[0] = 0.5f;
}
)";
    const int rows = 3, cols = 5;
    std::vector<float> host(rows * cols);
    std::iota(host.begin(), host.end(), 1.0f);
    tiles::array<float, 2> in(tiles::extent<2>(rows, cols), host.begin(), host.end(), view);
    tiles::array<float, 2> out(tiles::extent<2>(rows, cols), view);
    tiles::array<float, 1> flat(tiles::extent<1>(rows * cols), view);
    tiles::parallel_for_each(tiles::extent<2>(rows, cols), cpp_kernel(source, "arrays"), in, out, flat);
    const std::vector<float> got = out, got_flat = flat;
    for (int i = 0; i < rows * cols; ++i) {
        CHECK(got[i] == 8 * host[i] + 1);
        CHECK(got_flat[i] == (i == 0 ? 0.5f : 8 * host[i] + 1));
    }
}

TEST_CASE_METHOD(fresh_view, "AMP's atomics on int, unsigned and float in global and tile_static memory", "[amp]") {
    const char* source = R"(
void atomics(array_view<int, 1> g, array_view<unsigned, 1> u, array_view<float, 1> f, array_view<int, 1> seen,
             array_view<int, 1> per_tile, tiled_index<64> t) restrict(amp) {
    const int id = t.global[0];
    seen[id] = atomic_fetch_add(&g[0], 1);
    atomic_fetch_sub(&g[1], 2);
    atomic_fetch_max(&g[2], id);
    atomic_fetch_min(&g[3], id);
    atomic_fetch_or(&g[4], 1 << (id % 31));
    atomic_fetch_and(&g[5], ~(1 << (id % 31)));
    atomic_fetch_xor(&g[6], 1 << (id % 31));
    atomic_fetch_inc(&g[7]);
    atomic_fetch_dec(&g[8]);
    atomic_exchange(&g[9], id);
    int expected = 0;
    if (atomic_compare_exchange(&g[10], &expected, id + 1)) atomic_fetch_add(&g[11], 1); // exactly one wins
    else if (expected >= 1) atomic_fetch_add(&g[12], 1);                                  // the others see its value
    int current = g[13];
    while (current < id && !atomic_compare_exchange(&g[13], &current, id)) {}         // a maximum by compare and swap
    atomic_fetch_add(&u[0], 3u);
    atomic_fetch_max(&u[1], unsigned(id));
    atomic_exchange(&f[0], 2.5f);

    tile_static int total;
    tile_static unsigned bits;
    if (t.local[0] == 0) { total = 0; bits = 0; }
    t.barrier.wait();
    atomic_fetch_add(&total, id);
    atomic_fetch_or(&bits, 1u << t.local[0] % 32);
    atomic_fetch_inc(&total);
    atomic_fetch_sub(&total, 1);
    t.barrier.wait();
    if (t.local[0] == 0) per_tile[t.tile[0]] = total + (bits == 0xffffffffu ? 1000000 : 0);
}
)";
    const int n = 256;
    std::vector<int> g = {0, 0, -1, 1 << 30, 0, -1, 0, 0, 0, -7, 0, 0, 0, 0}, seen(n), per_tile(4);
    std::vector<unsigned> u = {0, 0};
    std::vector<float> f = {0};
    tiles::array_view<int, 1> vg(int(g.size()), g), vseen(n, seen), vtile(4, per_tile);
    tiles::array_view<unsigned, 1> vu(2, u);
    tiles::array_view<float, 1> vf(1, f);
    tiles::parallel_for_each(view, tiles::extent<1>(n).tile<64>(), cpp_kernel(source, "atomics"), vg, vu, vf, vseen,
                             vtile);
    vg.synchronize();
    vseen.synchronize();
    vu.synchronize();
    vf.synchronize();
    vtile.synchronize();
    CHECK(g[0] == n);
    std::sort(seen.begin(), seen.end());
    std::vector<int> each(n);
    std::iota(each.begin(), each.end(), 0);
    CHECK(seen == each); // every fetch_add returned another value before
    CHECK(g[1] == -2 * n);
    CHECK(g[2] == n - 1);
    CHECK(g[3] == 0);
    CHECK(g[4] == 0x7fffffff);
    CHECK(g[5] == int(0x80000000u));
    CHECK(g[6] == 0xff); // bit b toggled by the ids of b modulo 31: bits 0 to 7 nine times, the others eight
    CHECK(g[7] == n);
    CHECK(g[8] == -n);
    CHECK(g[9] >= 0);
    CHECK(g[9] < n);
    CHECK(g[10] >= 1);
    CHECK(g[11] == 1);
    CHECK(g[12] == n - 1);
    CHECK(g[13] == n - 1);
    CHECK(u[0] == 3u * n);
    CHECK(u[1] == unsigned(n - 1));
    CHECK(f[0] == 2.5f);
    for (int t = 0; t < 4; ++t) CHECK(per_tile[t] == 64 * 64 * t + 63 * 64 / 2 + 1000000);
}

TEST_CASE_METHOD(fresh_view, "every barrier and fence of tile_barrier orders a tile's memory", "[amp]") {
    // Each tile reverses its values through tile_static memory, then through global memory.
    const char* source = R"(
void reverse(array_view<const int, 1> in, array_view<int, 1> out, array_view<int, 1> again, tiled_index<32> t) restrict(amp) {
    tile_static int values[32];
    const int l = t.local[0];
    values[l] = in[t];
    BARRIER_1;
    out[t] = values[31 - l];
    all_memory_fence(t.barrier);
    global_memory_fence(t.barrier);
    tile_static_memory_fence(t.barrier);
    BARRIER_2;
    again[t] = out[t.tile_origin + index<1>(31 - l)];
}
)";
    std::vector<int> in(128);
    std::iota(in.begin(), in.end(), 0);
    for (const auto& [first, second] :
         {std::pair<const char*, const char*>{"t.barrier.wait()", "t.barrier.wait()"},
          {"t.barrier.wait_with_all_memory_fence()", "t.barrier.wait_with_all_memory_fence()"},
          {"t.barrier.wait_with_tile_static_memory_fence()", "t.barrier.wait_with_global_memory_fence()"}}) {
        INFO(first << ", then " << second);
        std::vector<int> out(128), again(128);
        tiles::array_view<const int, 1> vin(128, in);
        tiles::array_view<int, 1> vout(128, out), vagain(128, again);
        tiles::parallel_for_each(
            view, vin.extent.tile<32>(),
            cpp_kernel(source, "reverse", std::string("-DBARRIER_1=") + first + " -DBARRIER_2=" + second), vin, vout,
            vagain);
        vagain.synchronize();
        vout.synchronize();
        for (int i = 0; i < 128; ++i) {
            CHECK(out[i] == i - i % 32 + 31 - i % 32);
            CHECK(again[i] == i);
        }
    }
}

TEST_CASE_METHOD(fresh_view,
                 "work-items that take turns at a tile_static scalar, a barrier between turns, see every turn",
                 "[amp]") {
    // The seed's second race example, which is correct: after the last barrier every work-item
    // reads the total that the last turn left, also those that took no turn just before it.
    const char* source = R"(
void turns(array_view<const float, 1> in, array_view<float, 1> out, tiled_index<4> t) restrict(amp) {
    tile_static float total;
    if (t.local[0] == 0) total = in[t];
    BARRIER;
    if (t.local[0] == 1) total += in[t];
    BARRIER;
    if (t.local[0] == 2) total += in[t];
    BARRIER;
    if (t.local[0] == 3) total += in[t];
    BARRIER;
    out[t] = total;
}
)";
    std::vector<float> in(64);
    std::iota(in.begin(), in.end(), 0.0f);
    for (const char* barrier : {"t.barrier.wait()", "t.barrier.wait_with_all_memory_fence()",
                                "t.barrier.wait_with_tile_static_memory_fence()"}) {
        INFO(barrier);
        std::vector<float> out(64);
        tiles::array_view<const float, 1> vin(64, in);
        tiles::array_view<float, 1> vout(64, out);
        tiles::parallel_for_each(view, vin.extent.tile<4>(),
                                 cpp_kernel(source, "turns", std::string("-DBARRIER=") + barrier), vin, vout);
        vout.synchronize();
        for (int i = 0; i < 64; ++i) CHECK(out[i] == float(4 * (i - i % 4) + 6)); // the tile's 4 values
    }
}

TEST_CASE_METHOD(fresh_view, "tile_static declared in nested blocks and a nested lambda is one per tile, as in C++ AMP",
                 "[amp]") {
    // The tiled matrix multiply of C++ AMP's walkthroughs declares its tile_static blocks in the
    // loop; a lambda in the body declares its own.
    const char* source = R"(
#define TS 4
void multiply(array_view<const int, 2> a, array_view<const int, 2> b, array_view<int, 2> c, tiled_index<TS, TS> t) restrict(amp) {
    const int row = t.local[0], col = t.local[1];
    int sum = 0;
    for (int i = 0; i < a.extent[1]; i += TS) {
        tile_static int locA[TS][TS];
        tile_static int locB[TS][TS];
        locA[row][col] = a(t.global[0], col + i);
        locB[row][col] = b(row + i, t.global[1]);
        t.barrier.wait();
        for (int k = 0; k < TS; k++) sum += locA[row][k] * locB[k][col];
        t.barrier.wait();
    }
    auto first_of_tile = [&]() restrict(amp) {
        tile_static int first;
        if (row == 0 && col == 0) first = sum;
        t.barrier.wait();
        return first;
    };
    c[t] = sum * 1000 + first_of_tile() % 1000;
}
)";
    const int n = 8, m = 12, w = 16;
    std::vector<int> a(n * w), b(w * m), c(n * m);
    for (int i = 0; i < n * w; ++i) a[i] = i % 7 - 3;
    for (int i = 0; i < w * m; ++i) b[i] = i % 5 - 2;
    tiles::array_view<const int, 2> va(n, w, a), vb(w, m, b);
    tiles::array_view<int, 2> vc(n, m, c);
    tiles::parallel_for_each(view, vc.extent.tile<4, 4>(), cpp_kernel(source, "multiply"), va, vb, vc);
    vc.synchronize();
    std::vector<int> product(n * m);
    for (int r = 0; r < n; ++r)
        for (int col = 0; col < m; ++col)
            for (int k = 0; k < w; ++k) product[r * m + col] += a[r * w + k] * b[k * m + col];
    for (int r = 0; r < n; ++r)
        for (int col = 0; col < m; ++col) {
            const int first = product[(r - r % 4) * m + col - col % 4];
            CHECK(c[r * m + col] == product[r * m + col] * 1000 + first % 1000);
        }
}

TEST_CASE_METHOD(fresh_view, "fast_math and precise_math: amp_math.h's functions against the CPU's", "[amp]") {
    const char* source = R"(
void math(array_view<const float, 1> x, array_view<float, 2> out, array_view<double, 2> wide, index<1> i) restrict(amp) {
    const float v = x[i];
    const double d = v;
    int k = 0;
    using namespace concurrency::precise_math;
    out(i[0], k++) = acosf(v / 8); out(i[0], k++) = acos(v / 8); out(i[0], k++) = asinf(v / 8); out(i[0], k++) = atanf(v);
    out(i[0], k++) = atan2f(v, 2.0f); out(i[0], k++) = cbrtf(v); out(i[0], k++) = ceilf(v); out(i[0], k++) = copysignf(1.5f, v);
    out(i[0], k++) = cosf(v); out(i[0], k++) = coshf(v / 4); out(i[0], k++) = erff(v / 4); out(i[0], k++) = erfcf(v / 4);
    out(i[0], k++) = expf(v / 2); out(i[0], k++) = exp2f(v); out(i[0], k++) = exp10f(v / 4); out(i[0], k++) = expm1f(v / 4);
    out(i[0], k++) = fabsf(v); out(i[0], k++) = fdimf(v, 1.0f); out(i[0], k++) = floorf(v); out(i[0], k++) = fmaf(v, 2.0f, 1.0f);
    out(i[0], k++) = fmaxf(v, 0.5f); out(i[0], k++) = fminf(v, 0.5f); out(i[0], k++) = fmodf(v, 1.5f); out(i[0], k++) = hypotf(v, 3.0f);
    out(i[0], k++) = float(ilogbf(v + 9)); out(i[0], k++) = ldexpf(v, 3); out(i[0], k++) = lgammaf(v + 9); out(i[0], k++) = logf(v + 9);
    out(i[0], k++) = log10f(v + 9); out(i[0], k++) = log1pf(v / 8); out(i[0], k++) = log2f(v + 9); out(i[0], k++) = logbf(v + 9);
    out(i[0], k++) = nearbyintf(v); out(i[0], k++) = nextafterf(v, 100.0f) - v; out(i[0], k++) = powf(v + 9, 0.5f);
    out(i[0], k++) = remainderf(v, 1.5f); out(i[0], k++) = roundf(v); out(i[0], k++) = rsqrtf(v + 9); out(i[0], k++) = sinf(v);
    out(i[0], k++) = sinhf(v / 4); out(i[0], k++) = sqrtf(v + 9); out(i[0], k++) = tanf(v / 4); out(i[0], k++) = tanhf(v);
    out(i[0], k++) = tgammaf(v / 4 + 3); out(i[0], k++) = truncf(v); out(i[0], k++) = float(signbitf(v) != 0);
    int e = 0; out(i[0], k++) = frexpf(v + 9, &e); out(i[0], k++) = float(e);
    float whole = 0; out(i[0], k++) = modff(v, &whole); out(i[0], k++) = whole;
    int q = 0; out(i[0], k++) = remquof(v, 1.5f, &q); out(i[0], k++) = float(q);
    float s = 0, c = 0; sincosf(v, &s, &c); out(i[0], k++) = s; out(i[0], k++) = c;
    out(i[0], k++) = float(isfinite(v)) + 2 * float(isinf(v)) + 4 * float(isnan(v)) + 8 * float(isnormal(v));
    out(i[0], k++) = cospif(v / 8); out(i[0], k++) = sinpif(v / 8); out(i[0], k++) = tanpif(v / 16);
    out(i[0], k++) = acoshf(v + 9); out(i[0], k++) = asinhf(v); out(i[0], k++) = atanhf(v / 8); out(i[0], k++) = rcbrtf(v + 9);
    out(i[0], k++) = scalbnf(v, 2); out(i[0], k++) = rintf(v);
    // fast_math: the same functions, with OpenCL's native_ forms where there are any.
    out(i[0], k++) = fast_math::cosf(v); out(i[0], k++) = fast_math::sin(v); out(i[0], k++) = fast_math::expf(v / 2);
    out(i[0], k++) = fast_math::logf(v + 9); out(i[0], k++) = fast_math::sqrt(v + 9); out(i[0], k++) = fast_math::rsqrtf(v + 9);
    out(i[0], k++) = fast_math::powf(v + 9, 0.5f); out(i[0], k++) = fast_math::fabs(v); out(i[0], k++) = fast_math::tanf(v / 4);
    out(i[0], k++) = fast_math::exp2(v); out(i[0], k++) = fast_math::log2f(v + 9); out(i[0], k++) = fast_math::atan2f(v, 2.0f);
    out(i[0], k++) = fast_math::floorf(v); out(i[0], k++) = fast_math::fmaxf(v, 0.5f); out(i[0], k++) = fast_math::log10(v + 9);
    out(i[0], k++) = float(fast_math::isnan(v)); out(i[0], k++) = fast_math::ldexpf(v, 3); out(i[0], k++) = fast_math::exp10f(v / 4);
    float fs = 0, fc = 0; fast_math::sincosf(v, &fs, &fc); out(i[0], k++) = fs; out(i[0], k++) = fc;
    // precise_math in double.
    wide(i[0], 0) = sqrt(d + 9); wide(i[0], 1) = exp(d / 2); wide(i[0], 2) = cos(d); wide(i[0], 3) = pow(d + 9, 0.5);
    wide(i[0], 4) = rcbrt(d + 9); wide(i[0], 5) = nearbyint(d);
}
)";
    if (!view.get_accelerator().get_supports_double_precision()) {
        WARN("the device has no double precision; precise_math's double functions are not checked");
        return;
    }
    const std::vector<float> x = {-3.25f, -1.0f, -0.5f, 0.0f, 0.75f, 1.5f, 2.0f, 4.5f};
    const int n = int(x.size()), columns = 84;
    std::vector<float> out(n * columns, NAN);
    std::vector<double> wide(n * 6, NAN);
    tiles::array_view<const float, 1> vx(n, x);
    tiles::array_view<float, 2> vout(n, columns, out);
    tiles::array_view<double, 2> vwide(n, 6, wide);
    tiles::parallel_for_each(view, vx.extent, cpp_kernel(source, "math"), vx, vout, vwide);
    vout.synchronize();
    vwide.synchronize();
    for (int i = 0; i < n; ++i) {
        const float v = x[i];
        int e = 0, q = 0;
        float whole = 0;
        const float fr = std::frexp(v + 9, &e), mf = std::modf(v, &whole), rq = std::remquo(v, 1.5f, &q);
        const double pi = 3.14159265358979323846;
        const std::vector<double> expected = {
            std::acos(v / 8), std::acos(v / 8), std::asin(v / 8), std::atan(v), std::atan2(v, 2.0f), std::cbrt(v),
            std::ceil(v), std::copysign(1.5f, v), std::cos(v), std::cosh(v / 4), std::erf(v / 4), std::erfc(v / 4),
            std::exp(v / 2), std::exp2(v), std::pow(10.0, v / 4), std::expm1(v / 4), std::fabs(v), std::fdim(v, 1.0f),
            std::floor(v), std::fma(v, 2.0f, 1.0f), std::fmax(v, 0.5f), std::fmin(v, 0.5f), std::fmod(v, 1.5f),
            std::hypot(v, 3.0f), double(std::ilogb(v + 9)), std::ldexp(v, 3), std::lgamma(v + 9), std::log(v + 9),
            std::log10(v + 9), std::log1p(v / 8), std::log2(v + 9), std::logb(v + 9), std::nearbyint(v),
            std::nextafter(v, 100.0f) - v, std::pow(v + 9, 0.5), std::remainder(v, 1.5f), std::round(v),
            1 / std::sqrt(v + 9), std::sin(v), std::sinh(v / 4), std::sqrt(v + 9), std::tan(v / 4), std::tanh(v),
            std::tgamma(v / 4 + 3), std::trunc(v), double(std::signbit(v)), fr, double(e), mf, whole, rq, double(q),
            std::sin(v), std::cos(v), v != 0 ? 9.0 : 1.0, std::cos(pi * v / 8), std::sin(pi * v / 8),
            std::tan(pi * v / 16), std::acosh(v + 9), std::asinh(v), std::atanh(v / 8), 1 / std::cbrt(v + 9),
            std::scalbn(v, 2), std::rint(v),
            // fast_math
            std::cos(v), std::sin(v), std::exp(v / 2), std::log(v + 9), std::sqrt(v + 9), 1 / std::sqrt(v + 9),
            std::pow(v + 9, 0.5), std::fabs(v), std::tan(v / 4), std::exp2(v), std::log2(v + 9), std::atan2(v, 2.0f),
            std::floor(v), std::fmax(v, 0.5f), std::log10(v + 9), 0, std::ldexp(v, 3), std::pow(10.0, v / 4),
            std::sin(v), std::cos(v)};
        REQUIRE(expected.size() == std::size_t(columns));
        for (int k = 0; k < columns; ++k) {
            INFO("x = " << v << ", function " << k);
            // Precise, then fast: wide enough for every device's built-ins (OpenCL allows several
            // ulp, more for lgamma and tgamma, and native_ forms are as accurate as the device makes
            // them), narrow enough for a function mapped to another to miss.
            const double tolerance = (k < 64 ? 1e-4 : 2e-3) * std::max(1.0, std::fabs(expected[k]));
            CHECK(std::fabs(out[i * columns + k] - expected[k]) <= tolerance);
        }
        const double d = v;
        const std::vector<double> expected_wide = {std::sqrt(d + 9),     std::exp(d / 2),      std::cos(d),
                                                   std::pow(d + 9, 0.5), 1 / std::cbrt(d + 9), std::nearbyint(d)};
        for (int k = 0; k < 6; ++k)
            CHECK(std::fabs(wide[i * 6 + k] - expected_wide[k]) <= 1e-13 * std::max(1.0, std::fabs(expected_wide[k])));
    }
}

TEST_CASE_METHOD(fresh_view, "OpenCL's min, max, clamp, fmin, fmax, fabs, fma and mad on scalars, NaN included",
                 "[amp]") {
    // The prelude defines these for SPIR devices (PoCL 5.0 would call its own, out of line); each
    // must give what OpenCL defines, at every scalar type it is defined for.
    const char* source = R"(
void builtins(array_view<int, 1> i, array_view<unsigned, 1> u, array_view<long, 1> l, array_view<float, 1> f,
              index<1> idx) restrict(amp) {
    const int a = -7, b = 3;
    i[0] = max(a, b); i[1] = min(a, b); i[2] = clamp(a, -2, 9); i[3] = clamp(12, -2, 9); i[4] = clamp(4, -2, 9);
    const unsigned c = 4000000000u, d = 5u;
    u[0] = max(c, d); u[1] = min(c, d); u[2] = clamp(c, 1u, 7u); u[3] = clamp(0u, 1u, 7u);
    const long e = -5000000000l, g = 6000000000l;
    l[0] = max(e, g); l[1] = min(e, g); l[2] = clamp(e, -3l, 3l); l[3] = clamp(g, -3l, 3l);
    const float x = -2.5f, y = 1.25f, nan = NAN;
    f[0] = fmax(x, y); f[1] = fmin(x, y); f[2] = fmax(nan, y); f[3] = fmin(x, nan); f[4] = max(x, y); f[5] = min(x, y);
    f[6] = clamp(x, -1.0f, 1.0f); f[7] = clamp(0.5f, -1.0f, 1.0f); f[8] = fabs(x); f[9] = fabs(-0.0f);
    f[10] = fma(x, y, 0.5f); f[11] = mad(x, y, 0.5f); f[12] = fma(1.0f + 0x1p-23f, 1.0f - 0x1p-23f, -1.0f);
}
)";
    std::vector<int> i(5, -1);
    std::vector<unsigned> u(4, 1);
    std::vector<long> l(4, 1);
    std::vector<float> f(13, -1);
    tiles::array_view<int, 1> vi(5, i);
    tiles::array_view<unsigned, 1> vu(4, u);
    tiles::array_view<long, 1> vl(4, l);
    tiles::array_view<float, 1> vf(13, f);
    tiles::parallel_for_each(view, tiles::extent<1>(1), cpp_kernel(source, "builtins"), vi, vu, vl, vf);
    vi.synchronize();
    vu.synchronize();
    vl.synchronize();
    vf.synchronize();
    CHECK(i == std::vector<int>{3, -7, -2, 9, 4});
    CHECK(u == std::vector<unsigned>{4000000000u, 5u, 7u, 1u});
    CHECK(l == std::vector<long>{6000000000l, -5000000000l, -3l, 3l});
    const std::vector<float> expected = {1.25f,
                                         -2.5f,
                                         1.25f,
                                         -2.5f,
                                         1.25f,
                                         -2.5f,
                                         -1.0f,
                                         0.5f,
                                         2.5f,
                                         0.0f,
                                         -2.625f,
                                         -2.625f,
                                         std::fma(1.0f + 0x1p-23f, 1.0f - 0x1p-23f, -1.0f)};
    for (std::size_t k = 0; k < expected.size(); ++k) {
        INFO("result " << k);
        CHECK(f[k] == expected[k]);
    }
    CHECK(!std::signbit(f[9])); // fabs(-0.0f) is +0
    CHECK(f[12] != 0.0f);       // fused: (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46, which a product rounded first loses
}

TEST_CASE_METHOD(fresh_view, "a template's const T& parameter deduces T from tile_static and private arguments alike",
                 "[amp]") {
    // C++ AMP deduces 'unsigned int' from a tile_static element and from a private value; C++ for
    // OpenCL would deduce '__local unsigned int' and 'unsigned int' and refuse the call.
    const char* source = R"(
template <typename T> T larger(const T& a, const T& b) restrict(amp) { return a < b ? b : a; }
template <typename T> T sum3(T const& a, const T& b, const T& c = T(0)) restrict(amp) { T s = a; return s + b + c; }
void largest(array_view<const unsigned, 1> in, array_view<unsigned, 1> out, tiled_index<4> t) restrict(amp) {
    tile_static unsigned shared[4];
    shared[t.local[0]] = in[t.global];
    t.barrier.wait();
    const unsigned mine = in[t.global];
    unsigned best = larger(shared[0], mine);
    for (int i = 1; i < 4; ++i) best = larger(best, shared[i]);
    out[t.global] = best + 1000u * sum3(shared[0], mine);
}
)";
    const std::vector<unsigned> in = {3, 9, 1, 4, 7, 2, 8, 5};
    std::vector<unsigned> out(8, 0);
    tiles::array_view<const unsigned, 1> vin(8, in);
    tiles::array_view<unsigned, 1> vout(8, out);
    tiles::parallel_for_each(view, vout.extent.tile<4>(), cpp_kernel(source, "largest"), vin, vout);
    vout.synchronize();
    for (int i = 0; i < 8; ++i) {
        const int tile = i / 4 * 4;
        const unsigned best = *std::max_element(in.begin() + tile, in.begin() + tile + 4);
        CHECK(out[i] == best + 1000u * (in[tile] + in[i]));
    }
}
