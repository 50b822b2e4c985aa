// A C++ AMP library's kernels in a header of its own folder (inc/ beside src/), as a BLAS of
// templates keeps them: a function template's kernel, a restrict(cpu, amp) helper, and a struct of
// numbers the kernel captures by copy.
#pragma once

#include <amp.h>

struct axpy_scaling {
    float alpha;
    int stride;
};

template <typename T> T multiply_add(T a, T x, T y) restrict(cpu, amp) { return a * x + y; }

// y[i] = alpha * x[i * stride] + y[i]
template <typename T>
void axpy(axpy_scaling s, const concurrency::array_view<const T, 1>& x, const concurrency::array_view<T, 1>& y) {
    concurrency::parallel_for_each(
        y.extent, [=](concurrency::index<1> i) restrict(amp) {
            y[i] = multiply_add(T(s.alpha), x[i[0] * s.stride], y[i]);
        });
}
