// libtiles algorithms: the host's blocked matrix product (host_product.hpp). A block of b's rows
// and columns (block_inner x block_columns) stays in the second level of cache while each row of a
// adds four of its rows at a time to c's row strip, which stays in the first.
#include "host_product.hpp"

#include <algorithm>

namespace tiles::algorithms {
namespace {

constexpr std::size_t block_inner = 128, block_columns = 256;

// c's row strip += the `count` (at most four) rows of b from `row`, weighted by a_row's elements.
void add_rows(double* c_row, const double* a_row, const_host_matrix b, std::size_t row, std::size_t count,
              std::size_t from, std::size_t width) {
    const double* b0 = b.data + row * b.stride + from;
    if (count == 4) {
        const double *b1 = b0 + b.stride, *b2 = b1 + b.stride, *b3 = b2 + b.stride;
        const double a0 = a_row[0], a1 = a_row[1], a2 = a_row[2], a3 = a_row[3];
        for (std::size_t j = 0; j < width; ++j) c_row[j] += a0 * b0[j] + a1 * b1[j] + a2 * b2[j] + a3 * b3[j];
        return;
    }
    for (std::size_t k = 0; k < count; ++k, b0 += b.stride)
        for (std::size_t j = 0; j < width; ++j) c_row[j] += a_row[k] * b0[j];
}

} // namespace

void host_product(std::size_t rows, std::size_t inner, std::size_t columns, const_host_matrix a, const_host_matrix b,
                  host_matrix c) {
    for (std::size_t i = 0; i < rows; ++i) std::fill(c.data + i * c.stride, c.data + i * c.stride + columns, 0.0);
    for (std::size_t from = 0; from < columns; from += block_columns) {
        const std::size_t width = std::min(block_columns, columns - from);
        for (std::size_t first = 0; first < inner; first += block_inner) {
            const std::size_t last = std::min(inner, first + block_inner);
            for (std::size_t i = 0; i < rows; ++i)
                for (std::size_t k = first; k < last; k += 4)
                    add_rows(c.data + i * c.stride + from, a.data + i * a.stride + k, b, k,
                             std::min<std::size_t>(4, last - k), from, width);
        }
    }
}

} // namespace tiles::algorithms
