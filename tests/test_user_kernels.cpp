// Users' own kernels in C++: tiles::elementwise_kernel and tiles::reduction_kernel (PyOpenCL's
// spellings) against CPU loops, and a reduction of no data giving its neutral value.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "tiles/user_kernels.hpp"

#include "fixture.hpp"
#include "random_data.hpp"

TEST_CASE_METHOD(fresh_view, "an elementwise kernel of one's own matches a CPU loop", "[user_kernels]") {
    const int n = 1000;
    const std::vector<float> x = random_floats(n, 5), y = random_floats(n, 6);
    std::vector<float> z(n);
    tiles::array_view<const float, 1> vx(n, x), vy(n, y);
    tiles::array_view<float, 1> vz(n, z);
    const tiles::elementwise_kernel axpy("float a, const float *x, const float *y, float *z",
                                         "z[i] = a * x[i] + y[n - 1 - i]", "axpy");
    axpy(2.0f, vx, vy, vz);
    vz.synchronize();
    for (int i = 0; i < n; ++i) {
        INFO("element " << i);
        CHECK(z[std::size_t(i)] == Approx(2.0f * x[std::size_t(i)] + y[std::size_t(n - 1 - i)]).margin(1e-6));
    }
    CHECK_THROWS_WITH(axpy(2.0f), Catch::Contains("first array or view among its arguments"));
}

TEST_CASE_METHOD(fresh_view, "a reduction kernel of one's own matches a CPU loop", "[user_kernels]") {
    const int n = 64 * 256 + 37; // more than the first stage's work-items on PoCL, so that groups stride
    const std::vector<int> x = random_ints(n, 7, -100, 100);
    std::int64_t squares = 0;
    for (int v : x) squares += std::int64_t(v) * v;
    tiles::array<int, 1> data(n, x.begin(), view);
    const tiles::reduction_kernel<std::int64_t> sum_of_squares("0", "a + b", "(long)x[i] * x[i]", "const int *x");
    CHECK(sum_of_squares(data)[0] == squares);
    const tiles::reduction_kernel<int> largest("INT_MIN", "max(a, b)");
    CHECK(largest(data)[0] == *std::max_element(x.begin(), x.end()));
    CHECK(largest()[0] == INT32_MIN); // no data: the neutral value
    CHECK_THROWS_WITH(tiles::reduction_kernel<int>("0", "a + b", "x[i]"), Catch::Contains("together"));
}
