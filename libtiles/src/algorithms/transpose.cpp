// libtiles algorithms: transpose, through square blocks staged in tile_static memory.
#include "parameters.hpp"
#include "support.hpp"

extern const char tiles_kernel_transpose[];

namespace tiles::detail {

void transpose(const accelerator_view& view, const matrix_operand& input, const matrix_operand& output) {
    const char* const algorithm = "transpose";
    const device_info& device = device_of(view);
    check_operand(algorithm, "the input", input);
    check_operand(algorithm, "the output", output);
    const element_type type = element_type_of(input);
    check_element_type(algorithm, type,
                       {element_type::int32, element_type::uint32, element_type::float32, element_type::float64},
                       device);
    check_same_element_type(algorithm, "the output", output, "the input", type);
    check_shape(algorithm, "the output", output, input.columns, input.rows, "the shape of the input's transpose");
    check_not_aliased(algorithm, "the output", output, "the input", input);

    const transpose_parameters& p = parameters_for(device).transpose;
    const int tile_rows = p.block_rows / p.rows_per_thread, tile_columns = p.block_columns / p.vector_width;
    const int blocks_down = (input.rows + p.block_rows - 1) / p.block_rows;
    const int blocks_across = (input.columns + p.block_columns - 1) / p.block_columns;
    launch_algorithm(view,
                     covering_domain(blocks_down * tile_rows, blocks_across * tile_columns, tile_rows, tile_columns),
                     algorithm_kernel(tiles_kernel_transpose, "transpose", type,
                                      "-DROWS_PER_THREAD=" + std::to_string(p.rows_per_thread) +
                                          " -DVECTOR_WIDTH=" + std::to_string(p.vector_width)),
                     std::array<launch_arg, 4>{input_arg(input.data), make_arg(input.rows), make_arg(input.columns),
                                               output_arg(output.data)});
}

} // namespace tiles::detail
