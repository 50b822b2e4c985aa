// What a C++ AMP library of templates writes in its kernels (issue 63's BLAS), built through
// tiles_amp_sources: a kernel inside the library's namespace that calls a helper of a namespace
// within it, qualified as the library writes it (`_detail::scale(...)`), and names the library's
// own types unqualified; an enum class as a function template's parameter, which the kernel tests;
// a parameter named as its enum type is (`enum class diag diag`). Each against a CPU loop.
#include <amp.h>
#include <cstdio>
#include <vector>

static int failures = 0;

static void check(const std::vector<float>& got, const std::vector<float>& expected, const char* what) {
    for (std::size_t i = 0; i < got.size(); ++i)
        if (got[i] != expected[i] && failures++ < 10)
            std::printf("FAILED: %s at %d: %g, expected %g\n", what, int(i), double(got[i]), double(expected[i]));
}

namespace ampblas {

struct factor {
    float value;
};

namespace _detail {
inline float scale(float v, factor f) restrict(cpu, amp) { return v * f.value; }
} // namespace _detail

void scal(factor f, const concurrency::array_view<float, 1>& x) {
    concurrency::parallel_for_each(
        x.extent, [=](concurrency::index<1> i) restrict(amp) {
            const factor same = f;
            x[i] = _detail::scale(x[i], same);
        });
}

} // namespace ampblas

static void kernels_in_a_namespace() {
    std::vector<float> x(100), expected(100);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = float(i) - 40.0f, expected[i] = x[i] * 1.5f;
    concurrency::array_view<float, 1> view(100, x);
    ampblas::scal({1.5f}, view);
    view.synchronize();
    check(x, expected, "a kernel in the library's namespace");
}

enum class operation { add, multiply };

template <operation op> void apply(const concurrency::array_view<float, 1>& x, float by) {
    concurrency::parallel_for_each(
        x.extent, [=](concurrency::index<1> i) restrict(amp) { x[i] = op == operation::add ? x[i] + by : x[i] * by; });
}

static void an_enum_as_a_template_parameter() {
    std::vector<float> x(64), expected(64);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = float(i), expected[i] = (float(i) + 2.0f) * 3.0f;
    concurrency::array_view<float, 1> view(64, x);
    apply<operation::add>(view, 2.0f);
    apply<operation::multiply>(view, 3.0f);
    view.synchronize();
    check(x, expected, "an enum class as a template's parameter");
}

enum class diag { unit, non_unit };

// The diagonal of a row-major n x n matrix: ones where `diag` says unit, else as it is.
static void set_diagonal(enum diag diag, const concurrency::array_view<float, 2>& a) {
    concurrency::parallel_for_each(
        a.extent, [=](concurrency::index<2> i) restrict(amp) {
            if (diag == diag::unit && i[0] == i[1]) a[i] = 1.0f;
        });
}

static void a_parameter_named_as_its_enum() {
    const int n = 8;
    std::vector<float> unit(n * n, 5.0f), non_unit(n * n, 5.0f), expected(n * n, 5.0f);
    for (int i = 0; i < n; ++i) expected[std::size_t(i * n + i)] = 1.0f;
    concurrency::array_view<float, 2> unit_view(n, n, unit), non_unit_view(n, n, non_unit);
    set_diagonal(diag::unit, unit_view);
    set_diagonal(diag::non_unit, non_unit_view);
    unit_view.synchronize();
    non_unit_view.synchronize();
    check(unit, expected, "a parameter named as its enum, unit");
    check(non_unit, std::vector<float>(n * n, 5.0f), "a parameter named as its enum, non-unit");
}

int main() {
    kernels_in_a_namespace();
    an_enum_as_a_template_parameter();
    a_parameter_named_as_its_enum();
    std::printf("library_patterns: %s\n", failures ? "WRONG" : "right");
    return failures ? 1 : 0;
}
