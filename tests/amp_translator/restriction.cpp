// C++ AMP's restriction rules as HCC's tests use them, built through tiles_amp_sources: functions
// and member functions overloaded on restriction (the caller's restriction chooses), restrict(amp)
// lambdas called from device code rather than launched (one written in the host's function among
// them), restrict(auto) functions, which run where their callers do, and restrict(amp, auto)
// kernels; restrictions with empty entries; kernels whose index is unnamed; a mutable
// restrict(amp) kernel.
// Each result against what C++ AMP gives.
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

static int failures = 0;

static void check(const std::vector<int>& got, const std::vector<int>& expected, const char* what) {
    for (std::size_t i = 0; i < got.size(); ++i)
        if (got[i] != expected[i] && failures++ < 10)
            std::printf("FAILED: %s at %d: %d, expected %d\n", what, int(i), got[i], expected[i]);
}

// Two functions of one signature: the device's and the host's, each declared before the other once.
int where() restrict(amp) { return 1; }
int where() restrict(cpu) { return 2; }
int origin() { return 20; }
int origin() restrict(amp) { return 10; }

// Empty entries of a restriction are none: restrict(,) is no restriction, restrict(, amp) and
// restrict(amp, ) are restrict(amp).
int spaced() restrict(, ) { return 30; }
int spaced() restrict(, amp) { return 40; }
int trailing() restrict(amp, ) { return 50; }

// A restrict(auto) function runs on both sides.
inline int cube(int x) restrict(auto) { return x * x * x; }

static void overloads_on_restriction() {
    std::vector<int> out(8), expected(8);
    array_view<int, 1> v(8, out);
    parallel_for_each(
        v.extent, [=](index<1> i) restrict(amp) { v[i] = where() + origin() + cube(i[0]) + spaced() + trailing(); });
    v.synchronize();
    for (int i = 0; i < 8; ++i) expected[std::size_t(i)] = 1 + 10 + i * i * i + 40 + 50;
    check(out, expected, "the device's overloads");
    check({where() + origin() + cube(2) + spaced()}, {2 + 20 + 8 + 30}, "the host's overloads");
}

// Member functions overloaded on restriction: the host's declared in the class and defined after
// it, the device's defined in the class; the constructor both sides run calls the one of its side.
struct tally {
    tally() restrict(cpu, amp) : count(0) {}
    explicit tally(int start) restrict(cpu, amp) : count(start) { bump(); }
    int count;

  private:
    void bump() restrict(cpu);
    void bump() restrict(amp) { count += 100; }
};

void tally::bump() restrict(cpu) { count += 1; }

static void members_overload_on_restriction() {
    std::vector<tally> out(8);
    array_view<tally, 1> v(8, out);
    parallel_for_each(
        v.extent, [=](index<1> i) restrict(amp) { v[i] = tally(i[0]); });
    v.synchronize();
    std::vector<int> got, expected;
    for (int i = 0; i < 8; ++i) got.push_back(out[std::size_t(i)].count), expected.push_back(i + 100);
    check(got, expected, "the device's member overloads");
    check({tally(5).count}, {6}, "the host's member overloads");
}

// HCC takes restrict(amp, auto) on a kernel, which runs as restrict(amp) does.
static void amp_and_auto_kernels() {
    std::vector<int> out(8), expected(8);
    array_view<int, 1> v(8, out);
    parallel_for_each(
        v.extent, [=](index<1> i) restrict(amp, auto) { v[i] = 7 * i[0]; });
    v.synchronize();
    for (int i = 0; i < 8; ++i) expected[std::size_t(i)] = 7 * i;
    check(out, expected, "a restrict(amp, auto) kernel");
}

// A kernel whose index is unnamed, as HCC's tests write them: each work-item counts itself.
static void kernels_with_an_unnamed_index() {
    std::vector<int> count(1, 0);
    array_view<int, 1> v(1, count);
    parallel_for_each(
        extent<1>(40), [=](index<1>) restrict(amp) { atomic_fetch_add(&v[0], 1); });
    parallel_for_each(
        extent<2>(4, 6).tile<2, 3>(), [=](tiled_index<2, 3>) restrict(amp) { atomic_fetch_add(&v[0], 1); });
    v.synchronize();
    check(count, {40 + 24}, "kernels whose index is unnamed");
}

// Lambdas of device code, called where they are written, and one the kernel takes from the host.
static void lambdas_called_in_device_code() {
    std::vector<int> out(8), expected(8);
    array_view<int, 1> v(8, out);
    parallel_for_each(
        v.extent, [=](index<1> i) restrict(amp) {
            const int offset = 3;
            auto shifted_square = [=](int x) restrict(amp) { return x * x + offset; };
            v[i] = shifted_square(i[0]);
        });
    v.synchronize();
    for (int i = 0; i < 8; ++i) expected[std::size_t(i)] = i * i + 3;
    check(out, expected, "a lambda called in a kernel");

    // A lambda of the host's function that captures nothing, called by the kernel.
    auto cubed_plus = [](int x, int y) restrict(amp) { return x * x * x + y; };
    parallel_for_each(
        v.extent, [=](index<1> i) restrict(amp) { v[i] = cubed_plus(i[0], 5); });
    v.synchronize();
    for (int i = 0; i < 8; ++i) expected[std::size_t(i)] = i * i * i + 5;
    check(out, expected, "a lambda of the host's function called in a kernel");
}

// A mutable restrict(amp) kernel: each work-item changes its own copies of the captures, and the
// host's variables stay as they were.
static void mutable_kernels() {
    const int n = 32;
    std::vector<int> out(n), expected(n);
    int step = 3;
    array_view<int, 1> view(n, out);
    parallel_for_each(
        view.extent, [=](index<1> i) mutable restrict(amp) {
            step += i[0];
            view[i] = step * 2;
        });
    view.synchronize();
    for (int i = 0; i < n; ++i) expected[std::size_t(i)] = (3 + i) * 2;
    check(out, expected, "a mutable kernel");
    check({step}, {3}, "the host's variable after a mutable kernel");
}

int main() {
    overloads_on_restriction();
    members_overload_on_restriction();
    amp_and_auto_kernels();
    kernels_with_an_unnamed_index();
    lambdas_called_in_device_code();
    mutable_kernels();
    if (failures == 0) std::printf("restriction: right\n");
    return failures == 0 ? 0 : 1;
}
