// libtiles' CUDA backend: where the wide wgmma kernel reads A and B and writes C, in place in memory
// libcuda allocates or staged in the context's scratch memory (wide_operands.hpp).
#include "wide_operands.hpp"

#include <algorithm>
#include <vector>

#include "cuda_launch.hpp"
#include "memory/buffer_in_place.hpp"
#include "support.hpp"

namespace tiles::cuda {
// Written on the algorithms' support (support.hpp), as the algorithms are.
using namespace algorithms;

namespace {

std::size_t aligned(std::size_t bytes) { return (bytes + 1023) / 1024 * 1024; }

} // namespace

void wide_operands::placed_in(std::uint64_t scratch_address) {
    for (wide_operand* operand : {&a, &b, &c})
        if (operand->staged()) operand->address = scratch_address + operand->staged_at;
}

wide_operands wide_operands_of(const std::shared_ptr<context>& context, const matrix_operand& a,
                               const matrix_operand& b, const matrix_operand& c, std::size_t tail_bytes) {
    std::size_t staged_bytes = 0;
    std::vector<cl_mem> read; // A's and B's buffers
    auto operand_of = [&](const matrix_operand& matrix, host_access access) {
        const std::size_t bytes = std::size_t(matrix.rows) * std::size_t(matrix.columns) * layout_of(*matrix.data).size;
        // Retained: device_buffer_in_place's cl_mems are the storages', borrowed.
        cl::Buffer buffer(engine::device_buffer_in_place(*matrix.data, context, access), true);
        const std::uint64_t own = cuda_address_of(buffer());
        const bool overwrites_read =
            access != host_access::read && std::find(read.begin(), read.end(), buffer()) != read.end();
        if (access == host_access::read) read.push_back(buffer());
        if (own != 0 && own % 16 == 0 && !overwrites_read)
            return wide_operand{std::move(buffer), bytes, wide_operand::npos, own};
        const std::size_t at = staged_bytes;
        staged_bytes += aligned(bytes);
        return wide_operand{std::move(buffer), bytes, at, 0};
    };
    wide_operand a_wide = operand_of(a, host_access::read), b_wide = operand_of(b, host_access::read),
                 c_wide = operand_of(c, host_access::read_write);
    return {std::move(a_wide), std::move(b_wide), std::move(c_wide), staged_bytes, staged_bytes + tail_bytes};
}

} // namespace tiles::cuda
