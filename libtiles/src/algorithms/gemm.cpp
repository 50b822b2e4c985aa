// libtiles algorithms: gemm, C = alpha * A * B + beta * C, register-blocked, with the tile and
// blocking parameters chosen for the device (tuner.hpp) as build options.
#include "parameters.hpp"
#include "support.hpp"
#include "tiles/exceptions.hpp"
#include "tuner.hpp"

extern const char tiles_kernel_gemm[];

namespace tiles::detail {
namespace {

std::string build_options(const gemm_parameters& p) {
    return "-DWORK_ROWS=" + std::to_string(p.work_rows) + " -DWORK_COLUMNS=" + std::to_string(p.work_columns) +
           " -DVECTOR_WIDTH=" + std::to_string(p.vector_width) + " -DSLICE=" + std::to_string(p.slice);
}

} // namespace

void gemm(const accelerator_view& view, double alpha, const matrix_operand& a, const matrix_operand& b, double beta,
          const matrix_operand& c) {
    const char* const algorithm = "gemm";
    const device_info& device = device_of(view);
    check_operand(algorithm, "A", a);
    check_operand(algorithm, "B", b);
    check_operand(algorithm, "C", c);
    const element_type type = element_type_of(a);
    check_element_type(algorithm, type, {element_type::float32, element_type::float64}, device);
    check_same_element_type(algorithm, "B", b, "A", type);
    check_same_element_type(algorithm, "C", c, "A", type);
    if (a.columns != b.rows)
        throw invalid_argument("gemm: A is " + shape_text(a.rows, a.columns) + " and B is " +
                               shape_text(b.rows, b.columns) + "; A's " + std::to_string(a.columns) +
                               " columns must match B's " + std::to_string(b.rows) + " rows");
    check_shape(algorithm, "C", c, a.rows, b.columns, "the shape of A * B");
    check_not_aliased(algorithm, "C", c, "A", a);
    check_not_aliased(algorithm, "C", c, "B", b);

    enqueue_gemm(view, gemm_parameters_for(view, type), alpha, a, b, beta, c);
}

void enqueue_gemm(const accelerator_view& view, const gemm_parameters& p, double alpha, const matrix_operand& a,
                  const matrix_operand& b, double beta, const matrix_operand& c) {
    const element_type type = element_type_of(a);
    // C's old contents do not matter when beta is 0: not uploading them saves a transfer.
    if (beta == 0) discard_data(*c.data, whole_of(*c.data));
    const int tile_rows_of_c = p.tile_rows * p.work_rows, tile_columns_of_c = p.tile_columns * p.work_columns;
    const int tiles_down = (c.rows + tile_rows_of_c - 1) / tile_rows_of_c;
    const int tiles_across = (c.columns + tile_columns_of_c - 1) / tile_columns_of_c;
    launch_algorithm(
        view, covering_domain(tiles_down * p.tile_rows, tiles_across * p.tile_columns, p.tile_rows, p.tile_columns),
        algorithm_kernel(tiles_kernel_gemm, "gemm", type, build_options(p)),
        std::array<launch_arg, 8>{make_arg(a.rows), make_arg(b.columns), make_arg(a.columns), element_arg(type, alpha),
                                  input_arg(a.data), input_arg(b.data), element_arg(type, beta), output_arg(c.data)});
}

} // namespace tiles::detail
