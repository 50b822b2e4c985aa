// libtiles algorithms: the LU algorithms' panels on the host (lu_panel.hpp).
#include "lu_panel.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace tiles::algorithms {
namespace {

// The inverse of the width x width triangle of `lu` below its diagonal, with a unit diagonal
// (`lower`), or on and above it: its columns, each the identity's solved by substitution.
std::vector<double> triangle_inverse(const std::vector<double>& lu, int width, bool lower) {
    const auto at = [&](int i, int j) { return lu[std::size_t(i) * width + j]; };
    std::vector<double> inverse(std::size_t(width) * width, 0.0);
    std::vector<double> x(static_cast<std::size_t>(width));
    for (int column = 0; column < width; ++column) {
        std::fill(x.begin(), x.end(), 0.0);
        x[std::size_t(column)] = 1;
        if (lower)
            for (int i = column + 1; i < width; ++i)
                for (int j = column; j < i; ++j) x[std::size_t(i)] -= at(i, j) * x[std::size_t(j)];
        else
            for (int i = column; i >= 0; --i) {
                for (int j = i + 1; j <= column; ++j) x[std::size_t(i)] -= at(i, j) * x[std::size_t(j)];
                x[std::size_t(i)] /= at(i, i);
            }
        for (int i = 0; i < width; ++i) inverse[std::size_t(i) * width + column] = x[std::size_t(i)];
    }
    return inverse;
}

void swap_rows(std::vector<double>& a, int width, int i, int j) {
    std::swap_ranges(a.begin() + std::ptrdiff_t(i) * width, a.begin() + std::ptrdiff_t(i + 1) * width,
                     a.begin() + std::ptrdiff_t(j) * width);
}

} // namespace

pivoted_panel pivot_panel(std::vector<double> lu, int rows, int width) {
    pivoted_panel result;
    const auto at = [&](int i, int j) -> double& { return lu[std::size_t(i) * width + j]; };
    for (int j = 0; j < width; ++j) {
        int pivot = j;
        for (int i = j + 1; i < rows; ++i)
            if (std::abs(at(i, j)) > std::abs(at(pivot, j))) pivot = i;
        if (at(pivot, j) == 0) {
            result.singular_column = j;
            return result;
        }
        result.swaps.push_back(pivot);
        if (pivot != j) {
            swap_rows(lu, width, j, pivot);
            result.sign = -result.sign;
        }
        if (at(j, j) < 0) result.sign = -result.sign;
        result.log_magnitude += std::log(std::abs(at(j, j)));
        for (int i = j + 1; i < rows; ++i) {
            at(i, j) /= at(j, j);
            for (int c = j + 1; c < width; ++c) at(i, c) -= at(i, j) * at(j, c);
        }
    }
    result.multipliers.assign(lu.begin() + std::ptrdiff_t(width) * width, lu.end());
    lu.resize(std::size_t(width) * width);
    result.lower_inverse = triangle_inverse(lu, width, true);
    result.upper_inverse = triangle_inverse(lu, width, false);
    return result;
}

} // namespace tiles::algorithms
