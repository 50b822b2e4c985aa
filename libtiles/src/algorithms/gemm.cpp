// libtiles algorithms: gemm, C = alpha * A * B + beta * C: the register-blocked kernel for float
// and double (gemm.cl), and for float at the precisions other than exact, the tensor-core kernel
// (gemm_mma.cl) where the device has tensor cores, and for large products of half and bfloat16
// matrices on Hopper, its own wgmma kernel (gemm_wgmma.hpp). The tile and blocking parameters come from the
// device's parameter sets (parameter_lookup.hpp), chosen by the size of C. Over several
// accelerator views, each computes a band of C's rows.
#include <cstdint>

#include "../device_info.hpp"
#include "gemm_wgmma.hpp"
#include "parameter_lookup.hpp"
#include "support.hpp"
#include "tiles/detail/split.hpp"
#include "tiles/exceptions.hpp"

extern const char tiles_kernel_gemm[];
extern const char tiles_kernel_gemm_mma[];

namespace tiles::detail {
namespace {

const char* precision_name(gemm_precision precision) {
    switch (precision) {
    case gemm_precision::exact:
        return "exact";
    case gemm_precision::tf32x3:
        return "tf32x3";
    case gemm_precision::tf32:
        return "tf32";
    case gemm_precision::float16:
        return "float16";
    case gemm_precision::bfloat16:
        return "bfloat16";
    }
    throw invalid_argument("gemm: " + std::to_string(int(precision)) +
                           " is not a precision (exact, tf32x3, tf32, float16 or bfloat16)");
}

// Refuses blocks of C (blocks_down x blocks_across of them), and slices of the depth k, that reach
// past what the kernels index in an int.
void check_blocks_reach(const matrix_operand& c, std::int64_t blocks_down, std::int64_t blocks_across, int block_rows,
                        int block_columns, int k, int slice) {
    check_reach("gemm", "C's rows", c.rows, blocks_down * block_rows);
    check_reach("gemm", "C's columns", c.columns, blocks_across * block_columns);
    check_reach("gemm", "the depth of A * B", k, std::int64_t(blocks_covering(k, slice)) * slice);
}

void enqueue_register_blocked_gemm(const accelerator_view& view, const gemm_parameters& p, double alpha,
                                   const matrix_operand& a, const matrix_operand& b, double beta,
                                   const matrix_operand& c) {
    const element_type type = element_type_of(c), storage = element_type_of(a);
    const int block_rows = p.tile_rows * p.work_rows, block_columns = p.tile_columns * p.work_columns;
    const std::int64_t blocks_down = blocks_covering(c.rows, block_rows);
    const std::int64_t blocks_across = blocks_covering(c.columns, block_columns);
    check_blocks_reach(c, blocks_down, blocks_across, block_rows, block_columns, a.columns, p.slice);
    launch_algorithm(
        view, covering_domain(blocks_down * p.tile_rows, blocks_across * p.tile_columns, p.tile_rows, p.tile_columns),
        algorithm_kernel(tiles_kernel_gemm, "gemm", type, build_options(p), storage),
        std::array<launch_arg, 8>{make_arg(a.rows), make_arg(b.columns), make_arg(a.columns), element_arg(type, alpha),
                                  input_arg(a.data), input_arg(b.data), element_arg(type, beta), output_arg(c.data)});
}

void enqueue_mma_gemm(const accelerator_view& view, const mma_gemm_parameters& p, gemm_precision precision,
                      double alpha, const matrix_operand& a, const matrix_operand& b, double beta,
                      const matrix_operand& c) {
    // The kernel stages 16 bytes at a time: 4 floats for the TF32 precisions, 8 elements rounded to
    // 16 bits for the others. Rows of whole such chunks (and buffers, which OpenCL aligns) let it
    // copy each chunk whole.
    const bool sixteen_bit = precision == gemm_precision::float16 || precision == gemm_precision::bfloat16;
    const int chunk = sixteen_bit ? 8 : 4;
    const bool rows_aligned = a.columns % chunk == 0 && b.columns % chunk == 0;
    const device_info& device = device_of(view);
    const std::string options = build_options(p) + " -DPRECISION=" + std::to_string(int(precision)) +
                                " -DROWS_ALIGNED=" + (rows_aligned ? "1" : "0") +
                                " -DLOCAL_MEMORY_BYTES=" + std::to_string(device.local_mem_size) +
                                (has_ptx_tensor_cores(device) ? " -DTILES_PTX=1" : "");
    const int warps = p.warps_down * p.warps_across;
    const int block_rows = p.warps_down * p.warp_rows, block_columns = p.warps_across * p.warp_columns;
    const std::int64_t blocks_down = blocks_covering(c.rows, block_rows);
    const std::int64_t blocks_across = blocks_covering(c.columns, block_columns);
    // A slice holds slice_steps steps of the instruction's depth: 8, or 16 for 16-bit floats.
    check_blocks_reach(c, blocks_down, blocks_across, block_rows, block_columns, a.columns,
                       (sixteen_bit ? 16 : 8) * p.slice_steps);
    launch_algorithm(
        view, covering_domain(blocks_down * warps, blocks_across * 32, warps, 32),
        algorithm_kernel(tiles_kernel_gemm_mma, "gemm_mma", element_type::float32, options, element_type_of(a)),
        std::array<launch_arg, 8>{make_arg(a.rows), make_arg(b.columns), make_arg(a.columns), make_arg(float(alpha)),
                                  input_arg(a.data), input_arg(b.data), make_arg(float(beta)), output_arg(c.data)});
}

// Whether the tensor-core kernel runs gemm's precisions with these parameters on `device`.
bool on_tensor_cores(const mma_gemm_parameters& p, const device_info& device) {
    return p.tensor_cores == 2 || (p.tensor_cores == 1 && has_ptx_tensor_cores(device));
}

// The precision that takes 16-bit float elements as they are.
gemm_precision own_precision(element_type type) {
    return type == element_type::float16 ? gemm_precision::float16 : gemm_precision::bfloat16;
}

// The one-view gemm's checks, on `device`.
void check_operands(const device_info& device, const matrix_operand& a, const matrix_operand& b,
                    const matrix_operand& c, gemm_precision precision) {
    const char* const algorithm = "gemm";
    check_operand(algorithm, "A", a);
    check_operand(algorithm, "B", b);
    check_operand(algorithm, "C", c);
    const element_type type = element_type_of(a);
    check_element_type(algorithm, type,
                       {element_type::float32, element_type::float64, element_type::float16, element_type::bfloat16},
                       device);
    check_same_element_type(algorithm, "B", b, "A", type);
    // Products of 16-bit floats are added in float, into a float C.
    if (is_16_bit_float(type) && element_type_of(c) != element_type::float32)
        throw invalid_argument("gemm: A and B of " + element_description(type) + " elements make a C of " +
                               element_description(element_type::float32) +
                               " elements, their products added in float; C has " +
                               element_description(element_type_of(c)) + " elements");
    check_same_element_type(algorithm, "C", c, "A", computed_as(type));
    if (a.columns != b.rows)
        throw invalid_argument("gemm: A is " + shape_text(a.rows, a.columns) + " and B is " +
                               shape_text(b.rows, b.columns) + "; A's " + std::to_string(a.columns) +
                               " columns must match B's " + std::to_string(b.rows) + " rows");
    check_shape(algorithm, "C", c, a.rows, b.columns, "the shape of A * B");
    check_not_aliased(algorithm, "C", c, "A", a);
    check_not_aliased(algorithm, "C", c, "B", b);
    const char* const precision_text = precision_name(precision);
    // 16-bit floats are multiplied as they are (exact) or, the same, at their own precision, which
    // the tensor cores take them in.
    if (is_16_bit_float(type) && precision != gemm_precision::exact && precision != own_precision(type))
        throw invalid_argument("gemm: " + element_description(type) +
                               " elements are multiplied as they are, at the precision exact or " +
                               precision_name(own_precision(type)) + "; not " + precision_text);
    if (precision != gemm_precision::exact && !is_16_bit_float(type) && type != element_type::float32)
        throw invalid_argument(std::string("gemm: the precision ") + precision_text + " is for float elements, not " +
                               element_description(type) + "; gemm of " + element_description(type) +
                               " elements is exact");
}

// Enqueues gemm with the parameters the device's table gives a product of `product_elements`
// elements (C's, where gemm is not one band of a larger product).
void enqueue_gemm(const accelerator_view& view, double alpha, const matrix_operand& a, const matrix_operand& b,
                  double beta, const matrix_operand& c, gemm_precision precision, std::int64_t product_elements) {
    // C's old contents do not matter when beta is 0: not uploading them saves a transfer.
    if (beta == 0) discard_data(*c.data, whole_of(*c.data));
    const element_type type = element_type_of(c);
    const algorithm_parameters in_effect = parameters_for(view);
    const bool small = product_elements < in_effect.small_gemm_below;
    const element_type storage = element_type_of(a);
    if (is_16_bit_float(storage) &&
        wgmma_gemm_suits(compute_capability_of(device_of(view)), storage, precision, a.rows, b.columns, a.columns) &&
        enqueue_wgmma_gemm(view, alpha, a, b, beta, c))
        return;
    if (precision != gemm_precision::exact) {
        const mma_gemm_parameters& mma = small                                 ? in_effect.gemm_mma_small
                                         : precision == gemm_precision::tf32x3 ? in_effect.gemm_mma_tf32x3
                                                                               : in_effect.gemm_mma;
        if (on_tensor_cores(mma, device_of(view))) return enqueue_mma_gemm(view, mma, precision, alpha, a, b, beta, c);
    }
    const char* const set = type == element_type::float64 ? "gemm_double" : small ? "gemm_float_small" : "gemm_float";
    const algorithm_parameters p = parameters_tuned_for(view, *find_set(set));
    enqueue_register_blocked_gemm(view,
                                  type == element_type::float64 ? p.gemm_double
                                  : small                       ? p.gemm_float_small
                                                                : p.gemm_float,
                                  alpha, a, b, beta, c);
}

} // namespace

void gemm(const accelerator_view& view, double alpha, const matrix_operand& a, const matrix_operand& b, double beta,
          const matrix_operand& c, gemm_precision precision) {
    check_operands(device_of(view), a, b, c, precision);
    enqueue_gemm(view, alpha, a, b, beta, c, precision, std::int64_t(c.rows) * c.columns);
}

void gemm(const std::vector<accelerator_view>& views, double alpha, const matrix_operand& a, const matrix_operand& b,
          double beta, const matrix_operand& c, gemm_precision precision) {
    if (views.empty()) throw invalid_argument("gemm: the list of accelerator views is empty");
    for (const accelerator_view& view : views) check_operands(device_of(view), a, b, c, precision);
    // Every band of C's rows is computed as one view would compute them: with the parameters the
    // whole product takes. B goes to every view once, as each band's launch finds it missing there.
    split_matrix a_bands(views, layout_of(*a.data), a.rows, a.columns, 0);
    split_matrix c_bands(views, layout_of(*c.data), c.rows, c.columns, 0);
    a_bands.scatter(a);
    if (beta != 0) c_bands.scatter(c);
    for (std::size_t part = 0; part < c_bands.parts(); ++part)
        enqueue_gemm(c_bands.view_of(part), alpha, a_bands.local(part), b, beta, c_bands.local(part), precision,
                     std::int64_t(c.rows) * c.columns);
    c_bands.gather(c);
}

} // namespace tiles::detail
