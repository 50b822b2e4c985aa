// libtiles' tiled algorithms from C++: a reduction, a matrix product and a stencil, each on data
// small enough to check by hand. algorithms.c and algorithms.py print the same.
#include <iostream>
#include <numeric>
#include <vector>

#include <tiles/tiles.hpp>

template <class T> void print_matrix(const char* name, const std::vector<T>& values, int columns) {
    std::cout << name << ":";
    for (std::size_t i = 0; i < values.size(); ++i) std::cout << (i % columns == 0 ? "\n " : "") << " " << values[i];
    std::cout << "\n";
}

int main() {
    try {
        // 1, 2, ..., 1000: sum 500500, least 1, greatest 1000.
        std::vector<int> numbers(1000);
        std::iota(numbers.begin(), numbers.end(), 1);
        const tiles::array_view<const int, 1> data(1000, numbers);
        std::cout << "reduce: sum " << tiles::reduce(data, tiles::reduction_op::sum) << ", min "
                  << tiles::reduce(data, tiles::reduction_op::min) << ", max "
                  << tiles::reduce(data, tiles::reduction_op::max) << "\n";

        // A (2x3) times B (3x2).
        const std::vector<float> a_values{1, 2, 3, 4, 5, 6}, b_values{7, 8, 9, 10, 11, 12};
        const tiles::array_view<const float, 2> a(2, 3, a_values), b(3, 2, b_values);
        const std::vector<float> product = tiles::matrix_multiply(a, b);
        print_matrix("matrix_multiply", product, 2);

        // The 3x3 box sum around each element of the 4x4 matrix 0..15, edges clamped.
        std::vector<float> matrix_values(16);
        std::iota(matrix_values.begin(), matrix_values.end(), 0.0f);
        const std::vector<float> ones(9, 1.0f);
        const tiles::array_view<const float, 2> matrix(4, 4, matrix_values), box(3, 3, ones);
        const std::vector<float> sums = tiles::stencil(matrix, box);
        print_matrix("stencil", sums, 4);
        return 0;
    } catch (const tiles::runtime_exception& e) {
        std::cerr << "algorithms: " << e.what() << "\n";
        return 1;
    }
}
