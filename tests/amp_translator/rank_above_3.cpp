// Kernels over extents of rank 4 and 5, as C++ AMP allows any rank: index<N> unfolded from the
// launch's three dimensions, array_view and array of that rank read and written at it, built through
// tiles_amp_sources; each element against the CPU's.
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

// What the kernels write at index (i0, ..., iN-1) of an element whose input was `in`.
static int expected(int in, const int* i, int rank) {
    int digits = 0;
    for (int d = 0; d < rank; ++d) digits = digits * 10 + i[d];
    return in * 2 + digits;
}

static bool rank_4_view() {
    const int e[4] = {2, 3, 4, 5};
    std::vector<int> input(2 * 3 * 4 * 5), output(input.size());
    for (std::size_t k = 0; k < input.size(); ++k) input[k] = int(k * 7 % 13);
    array_view<const int, 4> in(extent<4>(e), input);
    array_view<int, 4> out(extent<4>(e), output);
    out.discard_data();
    parallel_for_each(
        out.extent, [=](index<4> i) restrict(amp) {
            out[i] = in[i] * 2 + ((i[0] * 10 + i[1]) * 10 + i[2]) * 10 + i[3];
        });
    out.synchronize();
    bool right = true;
    int k = 0;
    for (int a = 0; a < 2; ++a)
        for (int b = 0; b < 3; ++b)
            for (int c = 0; c < 4; ++c)
                for (int d = 0; d < 5; ++d, ++k) {
                    const int at[4] = {a, b, c, d};
                    right = right && output[std::size_t(k)] == expected(input[std::size_t(k)], at, 4);
                }
    std::printf("rank 4 view of 2x3x4x5: %s\n", right ? "right" : "WRONG");
    return right;
}

static bool rank_5_array() {
    const int e[5] = {3, 2, 4, 1, 6};
    array<int, 5> a((extent<5>(e)));
    parallel_for_each(
        a.extent, [&a](index<5> i) restrict(amp) {
            a[i] = (((i[0] * 10 + i[1]) * 10 + i[2]) * 10 + i[3]) * 10 + i[4];
        });
    const std::vector<int> output = a;
    bool right = output.size() == 3 * 2 * 4 * 1 * 6;
    int k = 0;
    for (int i0 = 0; i0 < 3; ++i0)
        for (int i1 = 0; i1 < 2; ++i1)
            for (int i2 = 0; i2 < 4; ++i2)
                for (int i4 = 0; i4 < 6; ++i4, ++k) {
                    const int at[5] = {i0, i1, i2, 0, i4};
                    right = right && output[std::size_t(k)] == expected(0, at, 5);
                }
    std::printf("rank 5 array of 3x2x4x1x6: %s\n", right ? "right" : "WRONG");
    return right;
}

int main() {
    const bool view = rank_4_view();
    const bool array = rank_5_array();
    return view && array ? 0 : 1;
}
