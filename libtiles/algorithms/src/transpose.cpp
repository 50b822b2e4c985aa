// libtiles algorithms: transpose, through blocks staged in tile_static memory (GPUs) or in
// registers straight to the output (CPUs), its description (the faces' operands and element
// types), and its parameter set: the block and strip shapes, their values for each kind of device,
// and what the tuner tries and times.
#include "tiles/algorithms/transpose.hpp"

#include <numeric>

#include "catalog.hpp"
#include "support.hpp"

extern const char tiles_kernel_transpose[];

namespace tiles::algorithms {
namespace {

struct transpose_parameters {
    // Each tile moves a block_rows x block_columns block; each work-item moves strips of
    // rows_per_thread rows of vector_width elements (1, 2, 4 or 8) of it, in and out.
    int block_rows, block_columns;
    int rows_per_thread;
    int vector_width;
    // Tiles take the blocks in bands of `band` rows of blocks (a power of two), down each
    // column of blocks of a band before the next column; 1 takes them row by row.
    int band;
    // 1: a tile stages its block in tile_static memory, so that its writes of output run along
    // whole rows of the block (GPUs); 0: each work-item transposes its strips in registers and
    // writes them straight to output (CPUs, whose tile_static memory is cached memory like any).
    int through_tile_static;
};

constexpr named_parameter<transpose_parameters> transpose_parameters_named[] = {
    {"BLOCK_ROWS", &transpose_parameters::block_rows, 1, 1024},
    {"BLOCK_COLUMNS", &transpose_parameters::block_columns, 1, 1024},
    {"ROWS_PER_THREAD", &transpose_parameters::rows_per_thread, 1, 64},
    {"VECTOR_WIDTH", &transpose_parameters::vector_width, 1, 8, parameter_values::vector_width},
    {"BAND", &transpose_parameters::band, 1, 1024, parameter_values::power_of_two},
    {"THROUGH_TILE_STATIC", &transpose_parameters::through_tile_static, 0, 1}};

constexpr const char* kernel_problem(const transpose_parameters& p) {
    if (p.block_rows % p.rows_per_thread != 0 || p.block_columns % p.rows_per_thread != 0 ||
        p.block_rows % p.vector_width != 0 || p.block_columns % p.vector_width != 0)
        return "ROWS_PER_THREAD and VECTOR_WIDTH must both divide BLOCK_ROWS and BLOCK_COLUMNS";
    if (p.through_tile_static == 0 && (p.vector_width == 1 || p.rows_per_thread % p.vector_width != 0))
        return "THROUGH_TILE_STATIC 0 needs a VECTOR_WIDTH above 1 that divides ROWS_PER_THREAD";
    return nullptr;
}

std::string device_problem(const transpose_parameters& p, const device_info& device) {
    // transpose halves a block that does not fit the device's tile_static memory at each call.
    return tile_problem(std::size_t(p.block_rows / p.rows_per_thread), std::size_t(p.block_columns / p.vector_width), 0,
                        "", device);
}

// Hopper (NVIDIA's compute capability 9.x), as measured on the H200 (BENCHMARKS.md); CPUs (PoCL's,
// the tuner's pick: each work-item moves 8-wide strips and writes its squares straight to output,
// with no barrier); every other device, which takes the H200's values.
constexpr device_row<transpose_parameters> transpose_table[] = {
    {nvidia_hopper, {32, 32, 4, 1, 1, 1}},
    {every_cpu, {64, 256, 8, 8, 8, 0}},
    {every_device, {32, 32, 4, 1, 1, 1}},
};
static_assert(rows_fit(transpose_table, transpose_parameters_named, kernel_problem), "a row does not fit");

const transpose_parameters transpose_candidates[] = {
    {32, 32, 4, 1, 1, 1},  {32, 32, 4, 4, 1, 1},   {64, 64, 4, 4, 1, 1},   {32, 64, 8, 4, 1, 1},
    {64, 128, 8, 8, 8, 1}, {64, 64, 8, 8, 4, 1},   {64, 128, 8, 8, 1, 1},  {32, 32, 8, 8, 8, 1},
    {64, 256, 8, 8, 8, 1}, {128, 256, 8, 8, 8, 1}, {64, 128, 8, 8, 8, 0},  {64, 256, 8, 8, 8, 0},
    {32, 256, 8, 8, 8, 0}, {64, 512, 8, 8, 8, 0},  {64, 256, 16, 8, 8, 0}, {128, 256, 16, 8, 8, 0},
    {32, 32, 4, 4, 1, 0},  {64, 64, 8, 8, 4, 0}};

// The tuner's work: one transpose of a tuning_side square of floats.
std::function<void()> transpose_workload(const std::shared_ptr<context>& context) {
    const matrix_operand in = tuning_matrix(context, element_type::float32, tuning_side, tuning_side, tuning_value);
    const matrix_operand out = tuning_matrix(context, element_type::float32, tuning_side, tuning_side);
    return [context, in, out] { transpose(context, in, out); };
}

const typed_set<transpose_parameters>& transpose_set() {
    static const engine::immortal<typed_set<transpose_parameters>> set(set_definition<transpose_parameters>{
        "transpose", all_of(transpose_parameters_named), all_of(transpose_table), kernel_problem, device_problem,
        all_of(transpose_candidates), transpose_workload, true});
    return *set;
}

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

const algorithm_description& transpose_description() {
    static const engine::immortal<algorithm_description> description([] {
        const std::vector<element_type> types{element_type::int32,   element_type::uint32,  element_type::float32,
                                              element_type::float64, element_type::float16, element_type::bfloat16};
        return algorithm_description{
            "transpose",
            {read_matrix("input", "the input", types), written_matrix("output", "the output", types)},
            {},
            "",
            {}};
    }());
    return *description;
}

void transpose(const std::shared_ptr<context>& context, const matrix_operand& input, const matrix_operand& output) {
    const char* const algorithm = transpose_description().name;
    const device_info& device = *narrow(*context).device();
    const element_type type = check_described(transpose_description(), {&input, &output}, device);
    check_same_element_type(algorithm, "the output", output, "the input", type);
    check_shape(algorithm, "the output", output, input.columns, input.rows, "the shape of the input's transpose");
    check_not_aliased(algorithm, "the output", output, "the input", input);

    const transpose_parameters p = fitted_to(transpose_set().on(context), device, element_size(type));
    const int tile_rows = p.block_rows / p.rows_per_thread, tile_columns = p.block_columns / p.vector_width;
    const int blocks_down = blocks_covering(input.rows, p.block_rows);
    const std::int64_t blocks_across = blocks_covering(input.columns, p.block_columns);
    // Rows of tiles take bands of blocks: a tile row holds p.band tiles per column of blocks.
    const std::int64_t bands = blocks_covering(blocks_down, p.band);
    check_reach(algorithm, "the input's rows", input.rows, bands * p.band * p.block_rows);
    check_reach(algorithm, "the input's columns", input.columns, blocks_across * p.block_columns);
    launch_algorithm(
        context, covering_domain(bands * tile_rows, blocks_across * p.band * tile_columns, tile_rows, tile_columns),
        // 16-bit floats move as their bits.
        algorithm_kernel(tiles_kernel_transpose, "transpose", is_16_bit_float(type) ? element_type::uint16 : type,
                         transpose_set().build_options(p), type),
        std::array<launch_arg, 4>{input_arg(input.data), scalar_arg(input.rows), scalar_arg(input.columns),
                                  output_arg(output.data)});
}

catalog_entry transpose_in_catalog() { return {{&transpose_description()}, {&transpose_set()}}; }

} // namespace tiles::algorithms
