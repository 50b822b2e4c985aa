// C++ AMP's device functions as programs write them, built through tiles_amp_sources: a kernel is
// only what parallel_for_each launches, and every other restrict(amp) function is device code its
// kernels call, whatever its parameters. Helpers that take an index, first or last, as the book's
// transposes and HCC's Design tests write them; functions declared before their callers and defined
// after them, and names of a namespace, as the book's Scan writes them; a header's kernel under the
// using-directive of a header it includes that the source included first; typedefs of the function
// or class template around a kernel. Each against a CPU loop.
#include <amp.h>
#include <cstdio>
#include <vector>

// using_graphics.hpp first, so that scaled_pairs.hpp's own #include of it is skipped.
#include "graphics/using_graphics.hpp"

#include "graphics/scaled_pairs.hpp"

using namespace concurrency;

static int failures = 0;

static void check(const std::vector<int>& got, const std::vector<int>& expected, const char* what) {
    for (std::size_t i = 0; i < got.size(); ++i)
        if (got[i] != expected[i] && failures++ < 10)
            std::printf("FAILED: %s at %d: %d, expected %d\n", what, int(i), got[i], expected[i]);
}

// The element at `idx` of `in`, transposed into `out`: a helper whose index comes first.
void transpose_element(index<2> idx, array_view<const int, 2> in, array_view<int, 2> out) restrict(amp) {
    out(idx[1], idx[0]) = in[idx];
}

// A helper whose index comes last, as a kernel's does, returning nothing.
void add_row(array_view<int, 2> out, int amount, index<2> idx) restrict(amp) { out[idx] += amount * idx[0]; }

static void helpers_taking_an_index() {
    const int rows = 5, cols = 7;
    std::vector<int> in(rows * cols), out(rows * cols), expected(rows * cols);
    for (int i = 0; i < rows * cols; ++i) in[std::size_t(i)] = 3 * i - 11;
    array_view<const int, 2> source(rows, cols, in);
    array_view<int, 2> target(cols, rows, out);
    parallel_for_each(
        source.extent, [=](index<2> idx) restrict(amp) {
            transpose_element(idx, source, target);
            add_row(target, 100, index<2>(idx[1], idx[0]));
        });
    target.synchronize();
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) expected[std::size_t(c * rows + r)] = in[std::size_t(r * cols + c)] + 100 * c;
    check(out, expected, "helpers that take an index, first and last");
}

// Functions declared before their callers and defined after them, one in its namespace and one out
// of it, and an enumerator named with its namespace, as the book's Scan names details::kInclusive.
namespace details {
enum scan_kind { kInclusive, kExclusive };
int first_of(scan_kind kind, int idx) restrict(amp);
int doubled(int idx) restrict(amp);
} // namespace details

int scanned(int value, int idx) restrict(amp) {
    return idx == 0 ? details::first_of(details::kExclusive, value) : details::doubled(value);
}

int details::first_of(scan_kind kind, int idx) restrict(amp) { return kind == kInclusive ? idx : 0; }

namespace details {
int doubled(int idx) restrict(amp) { return 2 * idx; }
} // namespace details

static void functions_declared_before_their_callers() {
    std::vector<int> out(9), expected(9);
    array_view<int, 1> v(9, out);
    parallel_for_each(
        v.extent, [=](index<1> i) restrict(amp) { v[i] = scanned(i[0] + 1, i[0]); });
    v.synchronize();
    for (int i = 0; i < 9; ++i) expected[std::size_t(i)] = i == 0 ? 0 : 2 * (i + 1);
    check(out, expected, "functions declared before their callers, in a namespace");
}

// A header's kernel that names the short vectors through a header it includes, which the source
// included first.
static void using_directive_of_a_header_included_twice() {
    std::vector<float_2> pairs(6);
    for (int i = 0; i < 6; ++i) pairs[std::size_t(i)] = float_2(float(i), float(-i));
    array_view<float_2, 1> view(6, pairs);
    scale_pairs(view, 2.0f, 3.0f);
    view.synchronize();
    std::vector<int> got, expected;
    for (int i = 0; i < 6; ++i) {
        got.push_back(int(pairs[std::size_t(i)].x)), got.push_back(int(pairs[std::size_t(i)].y));
        expected.push_back(2 * i), expected.push_back(-3 * i);
    }
    check(got, expected, "a header's kernel under the using-directive of a header included twice");
}

// Kernels that name a typedef of the function around them, as a library of templates names its
// value_type: in a template, for each instantiation, and in a plain function.
template <class T> void add_halves(std::vector<T>& values) {
    typedef T value_type;
    using extent_type = extent<1>;
    const extent_type shape(int(values.size()));
    array_view<value_type, 1> view(shape, values);
    parallel_for_each(
        shape, [=](index<1> i) restrict(amp) { view[i] += value_type(i[0]) / value_type(2); });
    view.synchronize();
}

// A class template's kernel that names the class's typedefs, as a library of templates does.
template <class T> class scaled {
  public:
    typedef T value_type;
    typedef index<1> index_type;
    static void apply(array_view<T, 1> v, T factor) {
        parallel_for_each(
            v.extent, [=](index_type i) restrict(amp) { v[i] = v[i] * factor + value_type(1); });
    }
};

static void typedefs_of_the_host_function() {
    std::vector<int> ints(6);
    std::vector<float> floats(6);
    add_halves(ints);
    add_halves(floats);
    typedef int count_type;
    std::vector<int> counts(6);
    array_view<count_type, 1> view(6, counts);
    parallel_for_each(
        view.extent, [=](index<1> i) restrict(amp) { view[i] = count_type(3 * i[0]); });
    view.synchronize();
    scaled<int>::apply(view, 2);
    view.synchronize();
    std::vector<int> got, expected;
    for (int i = 0; i < 6; ++i) {
        got.push_back(ints[std::size_t(i)]), got.push_back(int(2 * floats[std::size_t(i)])),
            got.push_back(counts[std::size_t(i)]);
        expected.push_back(i / 2), expected.push_back(i), expected.push_back(6 * i + 1);
    }
    check(got, expected, "typedefs of the function around the kernel");
}

int main() {
    typedefs_of_the_host_function();
    helpers_taking_an_index();
    functions_declared_before_their_callers();
    using_directive_of_a_header_included_twice();
    if (failures == 0) std::printf("device functions: right\n");
    return failures == 0 ? 0 : 1;
}
