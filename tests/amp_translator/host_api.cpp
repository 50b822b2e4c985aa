// C++ AMP's host API as the C++ AMP book's samples use it, built through tiles_amp_sources: an
// array's accelerator_view property, an array on the CPU accelerator's view (a host array that
// sections of a device's array are copied into and out of, as Chapter 9 swaps its edges),
// extent<N> and index<N> from an array of ints, and the short vectors' NORM_ and UNORM_ constants
// on the host and in a kernel; each against what C++ AMP gives.
#include <amp.h>
#include <amp_short_vectors.h>
#include <cstdio>
#include <vector>

using namespace concurrency;
using namespace concurrency::graphics;

static int failures = 0;

static void check(bool ok, const char* what) {
    if (ok) return;
    ++failures;
    std::printf("FAILED: %s\n", what);
}

// AMP's extent(const int _Array[_Rank]): the components come through a pointer.
static extent<2> shape_of(const int dims[]) { return extent<2>(dims); }

static void extents_from_ints() {
    const int dims[] = {6, 8};
    const extent<2> shape = shape_of(dims);
    check(shape[0] == 6 && shape[1] == 8 && shape.size() == 48, "extent<2>(const int[])");
    check(index<2>(&dims[0]) == index<2>(6, 8), "index<2>(const int[])");
}

static void accelerator_view_property() {
    array<int, 1> a(16);
    a.accelerator_view.wait();
    const accelerator_view view = a.accelerator_view;
    check(view == a.get_accelerator_view(), "array::accelerator_view is get_accelerator_view()");
    check(accelerator().default_view == view, "an array's view is the default accelerator's default view");
}

// Rows 1 and 2 of a device array copied into a host array, negated there, and copied into rows 4
// and 5; the rest unchanged.
static void host_array_on_the_cpu_accelerator() {
    const extent<2> shape(6, 8);
    std::vector<float> values(shape.size());
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = float(i);
    array<float, 2> device(shape, values.begin(), values.end());

    array<float, 2> swap(extent<2>(2, 8), accelerator(accelerator::cpu_accelerator).default_view);
    check(accelerator(accelerator::cpu_accelerator).default_view == swap.accelerator_view,
          "a host array lives on the CPU accelerator's view");
    array_view<float, 2> swap_view(swap);
    copy_async(device.section(index<2>(1, 0), swap_view.extent), swap_view).get();
    for (int row = 0; row < 2; ++row)
        for (int column = 0; column < 8; ++column) swap(row, column) = -swap(row, column);
    copy_async(swap, device.section(index<2>(4, 0), swap_view.extent)).get();

    const std::vector<float> result = device;
    for (int row = 0; row < 6; ++row)
        for (int column = 0; column < 8; ++column) {
            const float before = values[std::size_t(row * 8 + column)];
            const float expected = row >= 4 ? -values[std::size_t((row - 3) * 8 + column)] : before;
            check(result[std::size_t(row * 8 + column)] == expected, "rows copied through a host array");
        }
    check(swap.data()[8] == -values[16], "a host array's data() on the host");
}

static void norm_constants() {
    check(float(NORM_ZERO) == 0.0f && float(NORM_MIN) == -1.0f && float(NORM_MAX) == 1.0f, "NORM_ constants");
    check(float(UNORM_ZERO) == 0.0f && float(UNORM_MIN) == 0.0f && float(UNORM_MAX) == 1.0f, "UNORM_ constants");
    static_assert(std::is_same_v<decltype(NORM_MAX), norm> && std::is_same_v<decltype(UNORM_MAX), unorm>);

    // -3.5 ... 3.5 clamped: at a bound of norm, a bound of unorm; else a half.
    std::vector<float> out(8);
    array_view<float, 1> view(8, out);
    parallel_for_each(
        view.extent, [=](index<1> i) restrict(amp) {
            const norm x(float(i[0]) - 3.5f);
            view[i] = float(x == NORM_MIN ? UNORM_ZERO : x == NORM_MAX ? UNORM_MAX : unorm(0.5f));
        });
    view.synchronize();
    const float expected[8] = {0.0f, 0.0f, 0.0f, 0.5f, 0.5f, 1.0f, 1.0f, 1.0f};
    for (int i = 0; i < 8; ++i) check(out[std::size_t(i)] == expected[i], "NORM_ and UNORM_ constants in a kernel");
}

int main() {
    extents_from_ints();
    accelerator_view_property();
    host_array_on_the_cpu_accelerator();
    norm_constants();
    std::printf("%s\n", failures == 0 ? "the host API matches C++ AMP's" : "mismatches");
    return failures == 0 ? 0 : 1;
}
