// libtiles algorithms: transpose, through square blocks staged in tile_static memory.
#include <numeric>

#include "parameter_lookup.hpp"
#include "support.hpp"

extern const char tiles_kernel_transpose[];

namespace tiles::detail {
namespace {

// Through tile_static memory, the kernel stages block_columns rows of block_rows + vector_width elements
// there. On a device with less of it than the block needs (Oclgrind's 32 KiB, under 128x128 blocks), the
// block is halved until it fits, as long as the strips still divide it.
transpose_parameters fitted_to(transpose_parameters p, const device_info& device, std::size_t element_size) {
    const int strip = std::lcm(p.rows_per_thread, p.vector_width);
    while (p.through_tile_static &&
           std::size_t(p.block_columns) * (p.block_rows + p.vector_width) * element_size > device.local_mem_size &&
           p.block_rows % (2 * strip) == 0 && p.block_columns % (2 * strip) == 0) {
        p.block_rows /= 2;
        p.block_columns /= 2;
    }
    return p;
}

} // namespace

void transpose(const accelerator_view& view, const matrix_operand& input, const matrix_operand& output) {
    const char* const algorithm = "transpose";
    const device_info& device = device_of(view);
    check_operand(algorithm, "the input", input);
    check_operand(algorithm, "the output", output);
    const element_type type = element_type_of(input);
    check_element_type(algorithm, type,
                       {element_type::int32, element_type::uint32, element_type::float32, element_type::float64,
                        element_type::float16, element_type::bfloat16},
                       device);
    check_same_element_type(algorithm, "the output", output, "the input", type);
    check_shape(algorithm, "the output", output, input.columns, input.rows, "the shape of the input's transpose");
    check_not_aliased(algorithm, "the output", output, "the input", input);

    const transpose_parameters p = fitted_to(parameters_for(view).transpose, device, element_size(type));
    const int tile_rows = p.block_rows / p.rows_per_thread, tile_columns = p.block_columns / p.vector_width;
    const int blocks_down = blocks_covering(input.rows, p.block_rows);
    const std::int64_t blocks_across = blocks_covering(input.columns, p.block_columns);
    // Rows of tiles take bands of blocks: a tile row holds p.band tiles per column of blocks.
    const std::int64_t bands = blocks_covering(blocks_down, p.band);
    check_reach(algorithm, "the input's rows", input.rows, bands * p.band * p.block_rows);
    check_reach(algorithm, "the input's columns", input.columns, blocks_across * p.block_columns);
    launch_algorithm(view,
                     covering_domain(bands * tile_rows, blocks_across * p.band * tile_columns, tile_rows, tile_columns),
                     // 16-bit floats move as their bits.
                     algorithm_kernel(tiles_kernel_transpose, "transpose",
                                      is_16_bit_float(type) ? element_type::uint16 : type, build_options(p), type),
                     std::array<launch_arg, 4>{input_arg(input.data), make_arg(input.rows), make_arg(input.columns),
                                               output_arg(output.data)});
}

} // namespace tiles::detail
