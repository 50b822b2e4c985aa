// libtiles algorithms: the product of two matrices on the host, in double, blocked so that a block
// of the right operand stays in cache while the rows of the left go by (eigh's divide and conquer
// forms its merged eigenvectors with it, as LAPACK's dlaed3 calls dgemm).
#pragma once

#include <cstddef>

namespace tiles::algorithms {

// A row-major matrix in place: its first element and the distance between its rows.
struct host_matrix {
    double* data;
    std::size_t stride;
};
struct const_host_matrix {
    const double* data;
    std::size_t stride;
};

// c = a b, with a rows x inner, b inner x columns and c rows x columns.
void host_product(std::size_t rows, std::size_t inner, std::size_t columns, const_host_matrix a, const_host_matrix b,
                  host_matrix c);

} // namespace tiles::algorithms
