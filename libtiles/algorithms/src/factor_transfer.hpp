// libtiles algorithms: what the factorizations (cholesky, qr, svd, eigh) share: the boxes of a
// stack's matrices and vectors, compact matrices on the device for gemm (which takes whole
// arrays), and the moves of panels between the device and the host, where the host works in
// double whatever the element type.
#pragma once

#include <memory>
#include <vector>

#include "support.hpp"

namespace tiles::algorithms {

// The rows x columns box of matrix `index` of a stack at (row, column).
engine::box box_of(std::size_t index, int row, int column, int rows, int columns);

// Vector `index` of a stack of vectors (svd's S, eigh's eigenvalues), one a row of the engine's
// matrix: its storage's dims hold the rows in their first two.
engine::box vector_box(const matrix_operand& vectors, std::size_t index);

// A new rows x columns matrix of `type` on `context`, uninitialized.
std::shared_ptr<storage> new_matrix(const std::shared_ptr<context>& context, element_type type, int rows, int columns);

// A rows x columns matrix of `type` over the first elements of `space`'s device buffer on
// `context` (a matrix of as many elements or more, which must outlive it; storage_over_buffer
// refuses a smaller one), so that a factorization's shrinking trailing matrices take no new
// buffer each step: on a GPU a new buffer costs as much as the kernel that fills it.
matrix_operand matrix_within(const std::shared_ptr<context>& context, element_type type, storage& space, int rows,
                             int columns);

// A compact copy on the device of the rows x columns box of `data`'s matrix 0 at (row, column),
// for gemm, which takes whole arrays; and the copy's return to where it came from. Neither waits:
// the queue is in order, so the launches after them find the copies made.
matrix_operand compact_copy(const std::shared_ptr<context>& context, element_type type, storage& data, int row,
                            int column, int rows, int columns);
void copy_back(const matrix_operand& copy, storage& data, int row, int column);

// A new rows x columns matrix on the device holding `values`, rounded to `type`.
matrix_operand uploaded_matrix(const std::shared_ptr<context>& context, element_type type, int rows, int columns,
                               const std::vector<double>& values);

// The elements of `b` (of float or double elements) as doubles, downloaded.
std::vector<double> downloaded(storage& data, const engine::box& b, element_type type);

// Uploads `values` into `b`, rounded to `type` (float or double).
void uploaded(storage& data, const engine::box& b, element_type type, const std::vector<double>& values);

// The transpose of a rows x columns row-major matrix on the host.
std::vector<double> transposed(const std::vector<double>& matrix, int rows, int columns);

} // namespace tiles::algorithms
