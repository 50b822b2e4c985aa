// libtiles algorithms: stencil, a mask of weights applied around every element of a matrix,
// each tile staging its elements and their halo in tile_static memory.
#include "parameter_lookup.hpp"
#include "support.hpp"
#include "tiles/exceptions.hpp"

extern const char tiles_kernel_stencil[];

namespace tiles::detail {
namespace {

// The kernel unrolls its loops over the mask, and the halo grows with it: 9 keeps both small.
constexpr int max_mask_side = 9;

void check_mask(const matrix_operand& mask) {
    const bool odd = mask.rows % 2 == 1 && mask.columns % 2 == 1;
    if (!odd || mask.rows > max_mask_side || mask.columns > max_mask_side)
        throw invalid_argument("stencil: the mask is " + shape_text(mask.rows, mask.columns) +
                               "; its dimensions must be odd, so that it has a " + "centre, and at most " +
                               std::to_string(max_mask_side));
}

} // namespace

void stencil(const accelerator_view& view, const matrix_operand& input, const matrix_operand& mask,
             const matrix_operand& output) {
    const char* const algorithm = "stencil";
    const device_info& device = device_of(view);
    check_operand(algorithm, "the input", input);
    check_operand(algorithm, "the mask", mask);
    check_operand(algorithm, "the output", output);
    const element_type type = element_type_of(input);
    check_element_type(algorithm, type, {element_type::float32}, device);
    check_same_element_type(algorithm, "the mask", mask, "the input", type);
    check_same_element_type(algorithm, "the output", output, "the input", type);
    check_mask(mask);
    check_shape(algorithm, "the output", output, input.rows, input.columns, "the shape of the input");
    check_not_aliased(algorithm, "the output", output, "the input", input);
    check_not_aliased(algorithm, "the output", output, "the mask", mask);

    const stencil_parameters p = parameters_for(view).stencil;
    // Rows of whole vectors (and buffers, which OpenCL aligns) let the kernel load them as such.
    const bool rows_aligned = input.columns % p.vector_width == 0;
    const kernel k = algorithm_kernel(tiles_kernel_stencil, "stencil", type,
                                      "-DMASK_ROWS=" + std::to_string(mask.rows) +
                                          " -DMASK_COLUMNS=" + std::to_string(mask.columns) +
                                          " -DROWS_ALIGNED=" + (rows_aligned ? "1 " : "0 ") + build_options(p));
    // Each work-item computes rows_per_thread x vector_width outputs.
    const int strips_down = (input.rows + p.rows_per_thread - 1) / p.rows_per_thread;
    const int strips_across = (input.columns + p.vector_width - 1) / p.vector_width;
    launch_algorithm(view, covering_domain(strips_down, strips_across, p.tile_rows, p.tile_columns), k,
                     std::array<launch_arg, 5>{input_arg(input.data), make_arg(input.rows), make_arg(input.columns),
                                               input_arg(mask.data), output_arg(output.data)});
}

} // namespace tiles::detail
