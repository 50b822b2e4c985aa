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

    // A tile of (side / rows_per_thread) x side work-items moves each side x side block.
    const transpose_parameters& p = parameters_for(device).transpose;
    const int tile_rows = p.block_side / p.rows_per_thread;
    const int block_rows = (input.rows + p.block_side - 1) / p.block_side;
    launch_algorithm(view, covering_domain(block_rows * tile_rows, input.columns, tile_rows, p.block_side),
                     algorithm_kernel(tiles_kernel_transpose, "transpose", type, ""),
                     std::array<launch_arg, 4>{input_arg(input.data), make_arg(input.rows), make_arg(input.columns),
                                               output_arg(output.data)});
}

} // namespace tiles::detail
