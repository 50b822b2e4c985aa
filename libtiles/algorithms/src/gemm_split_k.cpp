// libtiles algorithms: gemm's split-K path: how deep products of a small C are split, and the
// kernel that adds the partial products (kernels/gemm_split_k.cl).
#include "gemm_split_k.hpp"

#include <algorithm>
#include <array>

#include "devices/device_info.hpp"

extern const char tiles_kernel_gemm_split_k[];

namespace tiles::algorithms {

namespace {

// The shallowest slice worth its own blocks: below it, writing and adding a partial product of
// each block costs more than the depth it takes off the longest block's loop.
constexpr int shallowest_split_depth = 512;

int rounded_up(int value, int multiple) { return blocks_covering(value, multiple) * multiple; }

} // namespace

// The one rule: split only where C's blocks leave compute units idle, into as many slices as it
// takes to give each compute unit about one block, and no more than keeps each slice at least
// shallowest_split_depth deep. The slices are whole multiples of `slice`, so that each but the
// last ends where the kernel's staged slices end. The work buffer then holds about one block per
// compute unit: small, and its elements far below an int's reach.
depth_split split_of_depth(const device_info& device, std::int64_t blocks, int k, int slice) {
    const std::int64_t units = std::max(device.compute_units, 1);
    if (blocks >= units || k < 2 * shallowest_split_depth) return {};
    const int wanted = int((units + blocks - 1) / blocks);
    const int parts = std::min(wanted, k / shallowest_split_depth);
    if (parts < 2) return {};
    const int depth = rounded_up(blocks_covering(k, parts), slice);
    return {blocks_covering(k, depth), depth};
}

std::shared_ptr<storage> partial_products(const std::shared_ptr<context>& context, const matrix_operand& c, int parts) {
    return storage_on_device(layout_of(*c.data),
                             engine::dims3{1, std::size_t(parts) * std::size_t(c.rows), std::size_t(c.columns)},
                             context);
}

void enqueue_add_parts(const std::shared_ptr<context>& context, double alpha, const std::shared_ptr<storage>& partials,
                       int parts, double beta, const matrix_operand& c) {
    const element_type type = element_type_of(c);
    const int count = c.rows * c.columns;
    constexpr int tile = 64;
    launch_algorithm(context, covering_domain(count, tile),
                     algorithm_kernel(tiles_kernel_gemm_split_k, "gemm_add_parts", type, ""),
                     std::array<launch_arg, 6>{scalar_arg(count), scalar_arg(parts), element_arg(type, alpha),
                                               input_arg(partials), element_arg(type, beta), output_arg(c.data)});
}

} // namespace tiles::algorithms
