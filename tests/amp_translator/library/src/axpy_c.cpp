// The library's C interface, a source beside main.cpp that includes the same header through the
// include path (-I inc), as the library's sources do.
#include <ampblas/axpy.hpp>

extern "C" void ampblas_saxpy(int n, float alpha, const float* x, int incx, float* y) {
    concurrency::array_view<const float, 1> xv(n * incx, x);
    concurrency::array_view<float, 1> yv(n, y);
    axpy<float>({alpha, incx}, xv, yv);
    yv.synchronize();
}
