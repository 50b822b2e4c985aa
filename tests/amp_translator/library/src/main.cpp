// A C++ AMP library laid out as a public BLAS of templates is (tests/CMakeLists.txt): its kernels
// in inc/ampblas/axpy.hpp, beside this folder, which this source includes by a path relative to
// it and axpy_c.cpp, a second source of the program, through the include path. Both translations
// must build and run their kernels; against the CPU's.
#include <cstdio>
#include <vector>

#include "../inc/ampblas/axpy.hpp"

extern "C" void ampblas_saxpy(int n, float alpha, const float* x, int incx, float* y);

int main() {
    const int n = 1000;
    std::vector<float> x(2 * n), y(n), through_c(n);
    std::vector<int> xi(n), yi(n);
    for (int i = 0; i < 2 * n; ++i) x[std::size_t(i)] = float(i % 17) - 8.0f;
    for (int i = 0; i < n; ++i) {
        y[std::size_t(i)] = through_c[std::size_t(i)] = float(i % 5);
        xi[std::size_t(i)] = i % 9;
        yi[std::size_t(i)] = i;
    }
    const std::vector<float> y0 = y;
    {
        concurrency::array_view<const float, 1> xv(2 * n, x);
        concurrency::array_view<float, 1> yv(n, y);
        axpy<float>({0.5f, 2}, xv, yv);
        concurrency::array_view<const int, 1> xiv(n, xi);
        concurrency::array_view<int, 1> yiv(n, yi);
        axpy<int>({3.0f, 1}, xiv, yiv);
    }
    ampblas_saxpy(n, 0.5f, x.data(), 2, through_c.data());
    int failures = 0;
    for (int i = 0; i < n; ++i) {
        const std::size_t k = std::size_t(i);
        const float expected = 0.5f * x[2 * k] + y0[k];
        failures += y[k] != expected || through_c[k] != expected || yi[k] != 3 * (i % 9) + i;
    }
    std::printf("library: %s (%d of %d wrong)\n", failures ? "WRONG" : "right", failures, n);
    return failures ? 1 : 0;
}
