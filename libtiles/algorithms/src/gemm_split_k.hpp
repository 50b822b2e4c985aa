// libtiles algorithms: gemm's split-K path, for deep products of a small C (such as V^T * C in
// qr's block reflector, or X^T * X): where C's blocks are too few to fill the device's compute
// units, the depth is split into slices, each slice's blocks write a partial product into a work
// buffer, and a second kernel (kernels/gemm_split_k.cl) adds the partials in a fixed order.
#pragma once

#include <cstdint>
#include <memory>

#include "support.hpp"

namespace tiles::algorithms {

// The depth k cut into `parts` slices of `depth` each (the last may be shorter); parts 1 is no split.
struct depth_split {
    int parts = 1;
    int depth = 0;
};

// How a product of `blocks` blocks of C, `k` deep, is split on `device`, each slice a multiple
// of `slice` deep (the depth the kernel stages at a time).
depth_split split_of_depth(const device_info& device, std::int64_t blocks, int k, int slice);

// A work buffer for `parts` partial products of C's shape, on `context`.
std::shared_ptr<storage> partial_products(const std::shared_ptr<context>& context, const matrix_operand& c, int parts);

// C = alpha * (the sum of the `parts` partial products in `partials`) + beta * C.
void enqueue_add_parts(const std::shared_ptr<context>& context, double alpha, const std::shared_ptr<storage>& partials,
                       int parts, double beta, const matrix_operand& c);

} // namespace tiles::algorithms
