// libtiles algorithms: gemm, C = alpha * A * B + beta * C: the register-blocked kernel for float
// and double (gemm.cl), and for float at the precisions other than exact, the tensor-core kernel
// (gemm_mma.cl) where the device has tensor cores, and for large products of half and bfloat16
// matrices, and of float matrices at tf32 and tf32x3, on Hopper, the CUDA backend's wgmma kernel
// where that backend is linked (gemm_provider.hpp). The tile and blocking parameters come from gemm's parameter sets
// (gemm_parameters.hpp), chosen by the size of C. Over several contexts, each computes a band of
// C's rows. Its description: the faces' operands, element types and precisions.
#include "tiles/algorithms/gemm.hpp"

#include <cctype>
#include <cstdint>
#include <string>

#include "base/at_once.hpp"
#include "catalog.hpp"
#include "devices/device_info.hpp"
#include "gemm_parameters.hpp"
#include "gemm_provider.hpp"
#include "gemm_split_k.hpp"
#include "support.hpp"
#include "tiles/engine/split.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/marked_names.hpp"
#include "tuner.hpp"

extern const char tiles_kernel_gemm[];
extern const char tiles_kernel_gemm_mma[];

namespace tiles::algorithms {
namespace {

// "-DPRECISION_EXACT=0 -DPRECISION_TF32X3=1 ...": the precisions as the kernel names them.
std::string precision_defines() {
    std::string defines;
    for (int i = 0; i < precision_count; ++i) {
        std::string name = precision_table[i].name;
        for (char& c : name) c = char(std::toupper(static_cast<unsigned char>(c)));
        defines += " -DPRECISION_" + name + "=" + std::to_string(i);
    }
    return defines;
}

// Refuses blocks of C (blocks_down x blocks_across of them), and slices of the depth k, that reach
// past what the kernels index in an int.
void check_blocks_reach(const matrix_operand& c, std::int64_t blocks_down, std::int64_t blocks_across, int block_rows,
                        int block_columns, int k, int slice) {
    check_reach("gemm", "C's rows", c.rows, blocks_down * block_rows);
    check_reach("gemm", "C's columns", c.columns, blocks_across * block_columns);
    check_reach("gemm", "the depth of A * B", k, std::int64_t(blocks_covering(k, slice)) * slice);
}

void enqueue_register_blocked_gemm(const std::shared_ptr<context>& context, const typed_set<gemm_parameters>& set,
                                   double alpha, const matrix_operand& a, const matrix_operand& b, double beta,
                                   const matrix_operand& c, std::int64_t product_elements) {
    const gemm_parameters p = tuned_on(set, context);
    const element_type type = element_type_of(c), storage = element_type_of(a);
    const int block_rows = p.tile_rows * p.work_rows, block_columns = p.tile_columns * p.work_columns;
    const std::int64_t blocks_down = blocks_covering(c.rows, block_rows);
    const std::int64_t blocks_across = blocks_covering(c.columns, block_columns);
    check_blocks_reach(c, blocks_down, blocks_across, block_rows, block_columns, a.columns, p.slice);
    // Rows of whole vectors (and buffers, which OpenCL aligns) let the kernel load vectors aligned.
    const bool rows_aligned = a.columns % p.vector_width == 0 && b.columns % p.vector_width == 0;
    std::string options = set.build_options(p) + " -DROWS_ALIGNED=" + (rows_aligned ? "1" : "0");
    // A deep product of few blocks splits its depth (gemm_split_k.hpp): each slice's blocks write
    // their partial product, unscaled, and a second kernel adds them into C. The split is the whole
    // product's (C's rows are product_elements / C's columns), so that a band of C's rows sums in
    // the slices one context would, to the same bits.
    const std::int64_t product_blocks = blocks_covering(int(product_elements / c.columns), block_rows) * blocks_across;
    const depth_split split = split_of_depth(*narrow(*context).device(), product_blocks, a.columns, p.slice);
    const std::shared_ptr<engine::storage> partials =
        split.parts > 1 ? partial_products(context, c, split.parts) : nullptr;
    if (partials) options += " -DSPLIT_K=1";
    launch_algorithm(context,
                     covering_domain(split.parts * blocks_down * p.tile_rows, blocks_across * p.tile_columns,
                                     p.tile_rows, p.tile_columns),
                     algorithm_kernel(tiles_kernel_gemm, "gemm", type, options, storage),
                     std::array<launch_arg, 9>{scalar_arg(a.rows), scalar_arg(b.columns), scalar_arg(a.columns),
                                               element_arg(type, partials ? 1.0 : alpha), input_arg(a.data),
                                               input_arg(b.data), element_arg(type, partials ? 0.0 : beta),
                                               output_arg(partials ? partials : c.data), scalar_arg(split.depth)});
    if (partials) enqueue_add_parts(context, alpha, partials, split.parts, beta, c);
}

void enqueue_mma_gemm(const std::shared_ptr<context>& context, const typed_set<mma_gemm_parameters>& set,
                      const mma_gemm_parameters& p, gemm_precision precision, double alpha, const matrix_operand& a,
                      const matrix_operand& b, double beta, const matrix_operand& c) {
    // The kernel stages 16 bytes at a time: 4 floats for the TF32 precisions, 8 elements rounded to
    // 16 bits for the others. Rows of whole such chunks (and buffers, which OpenCL aligns) let it
    // copy each chunk whole.
    const bool sixteen_bit = is_16_bit_float(info_of(precision, "gemm").inputs_as);
    const int chunk = sixteen_bit ? 8 : 4;
    const bool rows_aligned = a.columns % chunk == 0 && b.columns % chunk == 0;
    const device_info& device = *narrow(*context).device();
    const std::string options = set.build_options(p) + precision_defines() +
                                " -DPRECISION=" + std::to_string(int(precision)) +
                                " -DROWS_ALIGNED=" + (rows_aligned ? "1" : "0") +
                                " -DLOCAL_MEMORY_BYTES=" + std::to_string(device.local_mem_size) +
                                (device.ptx_tensor_cores ? " -DTILES_PTX=1" : "");
    const int warps = p.warps_down * p.warps_across;
    const int block_rows = p.warps_down * p.warp_rows, block_columns = p.warps_across * p.warp_columns;
    const std::int64_t blocks_down = blocks_covering(c.rows, block_rows);
    const std::int64_t blocks_across = blocks_covering(c.columns, block_columns);
    // A slice holds slice_steps steps of the instruction's depth: 8, or 16 for 16-bit floats.
    check_blocks_reach(c, blocks_down, blocks_across, block_rows, block_columns, a.columns,
                       (sixteen_bit ? 16 : 8) * p.slice_steps);
    launch_algorithm(
        context, covering_domain(blocks_down * warps, blocks_across * 32, warps, 32),
        algorithm_kernel(tiles_kernel_gemm_mma, "gemm_mma", element_type::float32, options, element_type_of(a)),
        std::array<launch_arg, 8>{scalar_arg(a.rows), scalar_arg(b.columns), scalar_arg(a.columns),
                                  scalar_arg(float(alpha)), input_arg(a.data), input_arg(b.data),
                                  scalar_arg(float(beta)), output_arg(c.data)});
}

// Whether the tensor-core kernel runs gemm's precisions with these parameters on `device`.
bool on_tensor_cores(const mma_gemm_parameters& p, const device_info& device) {
    return p.tensor_cores == 2 || (p.tensor_cores == 1 && device.ptx_tensor_cores);
}

} // namespace

const algorithm_description& gemm_description() {
    static const engine::immortal<algorithm_description> description([] {
        const std::vector<element_type> types{element_type::float32, element_type::float64, element_type::float16,
                                              element_type::bfloat16};
        std::vector<const char*> precisions;
        for (const precision_info& precision : precision_table) precisions.push_back(precision.name);
        // C is of the type A and B are computed in (computed_as): float for the 16-bit floats.
        return algorithm_description{"gemm",
                                     {read_matrix("a", "A", types), read_matrix("b", "B", types),
                                      written_matrix("c", "C", {element_type::float32, element_type::float64})},
                                     {"alpha", "beta"},
                                     "precision",
                                     precisions};
    }());
    return *description;
}

namespace {

// Refuses operands whose shapes do not make C = A * B (only their rows and columns are read).
void check_shapes(const matrix_operand& a, const matrix_operand& b, const matrix_operand& c) {
    if (a.columns != b.rows)
        throw invalid_argument("gemm: A is " + shape_text(a.rows, a.columns) + " and B is " +
                               shape_text(b.rows, b.columns) + "; A's " + std::to_string(a.columns) +
                               " columns must match B's " + std::to_string(b.rows) + " rows");
    check_shape(gemm_description().name, "C", c, a.rows, b.columns, "the shape of A * B");
}

// The one-context gemm's checks, on `device`.
void check_operands(const device_info& device, const matrix_operand& a, const matrix_operand& b,
                    const matrix_operand& c, gemm_precision precision) {
    const char* const algorithm = gemm_description().name;
    const element_type type = check_described(gemm_description(), {&a, &b, &c}, device);
    check_same_element_type(algorithm, "B", b, "A", type);
    // Products of 16-bit floats are added in float, into a float C.
    if (is_16_bit_float(type) && element_type_of(c) != element_type::float32)
        throw names_marked<invalid_argument>("gemm: A and B of " + marked_element(type) + " elements make a C of " +
                                             marked_element(element_type::float32) +
                                             " elements, their products added in float; C has " +
                                             marked_element(element_type_of(c)) + " elements");
    check_same_element_type(algorithm, "C", c, "A", computed_as(type));
    check_shapes(a, b, c);
    check_not_aliased(algorithm, "C", c, "A", a);
    check_not_aliased(algorithm, "C", c, "B", b);
    const char* const precision_text = info_of(precision, algorithm).name;
    // 16-bit floats are multiplied as they are (exact) or, the same, at their own precision, which
    // the tensor cores take them in.
    if (is_16_bit_float(type) && precision != gemm_precision::exact && precision != default_precision(type))
        throw names_marked<invalid_argument>(
            "gemm: " + marked_element(type) + " elements are multiplied as they are, at the precision exact or " +
            precision_table[int(default_precision(type))].name + "; not " + precision_text);
    if (precision != gemm_precision::exact && !is_16_bit_float(type) && type != element_type::float32)
        throw names_marked<invalid_argument>(std::string("gemm: the precision ") + precision_text +
                                             " is for float elements, not " + marked_element(type) + "; gemm of " +
                                             marked_element(type) + " elements is exact");
}

// Whether a linked backend's gemm took the product (gemm_provider.hpp).
bool enqueued_by_backend(const std::shared_ptr<context>& context, gemm_precision precision, double alpha,
                         const matrix_operand& a, const matrix_operand& b, double beta, const matrix_operand& c) {
    for (const engine::algorithm_provider* provider : engine::providers_for(gemm_provider_name))
        if (const auto* offered = dynamic_cast<const gemm_provider*>(provider); // another kind under the name: not ours
            offered != nullptr && offered->enqueue(context, precision, alpha, a, b, beta, c))
            return true;
    return false;
}

// Enqueues gemm with the parameters the device's table gives a product of `product_elements`
// elements (C's, where gemm is not one band of a larger product).
void enqueue_gemm(const std::shared_ptr<context>& context, double alpha, const matrix_operand& a,
                  const matrix_operand& b, double beta, const matrix_operand& c, gemm_precision precision,
                  std::int64_t product_elements) {
    // C's old contents do not matter when beta is 0: not uploading them saves a transfer.
    if (beta == 0) discard_data(*c.data, whole_of(*c.data));
    const element_type type = element_type_of(c);
    const bool small = product_elements < small_gemm_below(context);
    if (precision != gemm_precision::exact) {
        const typed_set<mma_gemm_parameters>& set = small                                 ? gemm_mma_small_set()
                                                    : precision == gemm_precision::tf32x3 ? gemm_mma_tf32x3_set()
                                                                                          : gemm_mma_set();
        const mma_gemm_parameters mma = set.on(context);
        // The set's TENSOR_CORES 0 sends the product to the exact kernel, from wgmma's as from mma.sync's.
        if (on_tensor_cores(mma, *narrow(*context).device())) {
            if (enqueued_by_backend(context, precision, alpha, a, b, beta, c)) return;
            return enqueue_mma_gemm(context, set, mma, precision, alpha, a, b, beta, c);
        }
    }
    const typed_set<gemm_parameters>& set = type == element_type::float64 ? gemm_double_set()
                                            : small                       ? gemm_float_small_set()
                                                                          : gemm_float_set();
    enqueue_register_blocked_gemm(context, set, alpha, a, b, beta, c, product_elements);
}

} // namespace

const precision_info& info_of(gemm_precision precision, const char* function) {
    const int value = int(precision);
    if (value >= 0 && value < precision_count) return precision_table[value];
    std::string listed;
    for (int i = 0; i < precision_count; ++i)
        listed += std::string(i == 0 ? "" : i + 1 == precision_count ? " or " : ", ") + precision_table[i].name;
    throw names_marked<invalid_argument>(marked_function(function) + ": " + std::to_string(value) +
                                         " is not a precision (" + listed + ")");
}

void gemm(const std::shared_ptr<context>& context, double alpha, const matrix_operand& a, const matrix_operand& b,
          double beta, const matrix_operand& c, gemm_precision precision) {
    check_operands(*narrow(*context).device(), a, b, c, precision);
    enqueue_gemm(context, alpha, a, b, beta, c, precision, std::int64_t(c.rows) * c.columns);
}

void gemm(const std::vector<std::shared_ptr<context>>& contexts, double alpha, const matrix_operand& a,
          const matrix_operand& b, double beta, const matrix_operand& c, gemm_precision precision) {
    if (contexts.empty()) throw invalid_argument("gemm: the list of accelerator views is empty");
    for (const std::shared_ptr<context>& context : contexts)
        check_operands(*narrow(*context).device(), a, b, c, precision);
    // Every band of C's rows is computed as one context would compute them: with the parameters
    // the whole product takes. B goes whole to every context where it is not current, to all at
    // once, as A's and C's bands do.
    split_matrix a_bands(contexts, layout_of(*a.data), a.rows, a.columns, 0);
    split_matrix c_bands(contexts, layout_of(*c.data), c.rows, c.columns, 0);
    a_bands.scatter(a);
    synchronize_to(*b.data, whole_of(*b.data), contexts);
    if (beta != 0) c_bands.scatter(c);
    for (std::size_t part = 0; part < c_bands.parts(); ++part)
        enqueue_gemm(c_bands.context_of(part), alpha, a_bands.local(part), b, beta, c_bands.local(part), precision,
                     std::int64_t(c.rows) * c.columns);
    c_bands.gather(c);
}

namespace {

// The whole matrix's shape, without its data: what check_shapes reads.
matrix_operand shape_of(const split_matrix& split) { return {nullptr, split.rows(), split.columns()}; }

std::string rows_text(const band& b) {
    return "rows " + std::to_string(b.first) + " to " + std::to_string(b.first + b.rows - 1);
}

// Refuses split operands whose bands do not line up: A and C in the same bands of rows without
// halos on the same contexts, B whole on each of those contexts. Each message names both sides.
void check_bands(const split_matrix& a, const split_matrix& b, const split_matrix& c) {
    if (!b.holds_copies())
        throw invalid_argument("gemm: B is split into " + std::to_string(b.parts()) +
                               " bands of rows, but every band of A reads all of B: hold B whole on every context "
                               "(split_matrix::copies)");
    if (a.parts() != c.parts() || b.parts() != c.parts())
        throw invalid_argument("gemm: A is split over " + std::to_string(a.parts()) + " contexts, B held on " +
                               std::to_string(b.parts()) + " and C split over " + std::to_string(c.parts()) +
                               "; all three must be on the same contexts");
    if (a.band_of(0).halo != 0 || c.band_of(0).halo != 0)
        throw invalid_argument("gemm: A's bands have halos of " + std::to_string(a.band_of(0).halo) +
                               " rows and C's of " + std::to_string(c.band_of(0).halo) +
                               "; gemm takes A and C split without halos (a halo of 0)");
    for (std::size_t part = 0; part < c.parts(); ++part) {
        const band &a_rows = a.band_of(part), &c_rows = c.band_of(part);
        if (a_rows.first != c_rows.first || a_rows.rows != c_rows.rows)
            throw invalid_argument("gemm: band " + std::to_string(part) + " of A holds " + rows_text(a_rows) +
                                   " and band " + std::to_string(part) + " of C " + rows_text(c_rows) +
                                   "; A and C must be split in the same bands of rows");
        if (a.context_of(part) != c.context_of(part) || b.context_of(part) != c.context_of(part))
            throw invalid_argument("gemm: band " + std::to_string(part) + " of A, B's copy " + std::to_string(part) +
                                   " and band " + std::to_string(part) +
                                   " of C are not all on one context; all three must be on the same contexts, in "
                                   "the same order");
    }
}

} // namespace

void gemm(double alpha, const split_matrix& a, const split_matrix& b, double beta, const split_matrix& c,
          gemm_precision precision) {
    check_shapes(shape_of(a), shape_of(b), shape_of(c));
    check_bands(a, b, c);
    for (std::size_t part = 0; part < c.parts(); ++part)
        check_operands(*narrow(*c.context_of(part)).device(), a.local(part), b.local(part), c.local(part), precision);
    // Each band with the parameters the whole product takes, as one context would compute its rows.
    engine::at_once(c.parts(), [&](std::size_t part) {
        enqueue_gemm(c.context_of(part), alpha, a.local(part), b.local(part), beta, c.local(part), precision,
                     std::int64_t(c.rows()) * c.columns());
    });
}

catalog_entry gemm_in_catalog() {
    return {{&gemm_description()},
            {&gemm_float_set(), &gemm_float_small_set(), &gemm_double_set(), &gemm_mma_set(), &gemm_mma_tf32x3_set(),
             &gemm_mma_small_set()}};
}

} // namespace tiles::algorithms
