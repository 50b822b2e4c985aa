// libtiles algorithms: stencil, a mask of weights applied around every element of a matrix,
// each tile staging its elements and their halo in tile_static memory; on one context,
// or iterated over several, each holding a band of the matrix's rows. Its description (the faces'
// operands and element types), and its parameter set: the tile's shape and each work-item's
// outputs, their values for each kind of device, and what the tuner tries and times.
#include "tiles/algorithms/stencil.hpp"

#include <algorithm>

#include "catalog.hpp"
#include "support.hpp"
#include "tiles/engine/split.hpp"
#include "tiles/exceptions.hpp"

extern const char tiles_kernel_stencil[];

namespace tiles::algorithms {
namespace {

const char* const algorithm = "stencil";

// The kernel unrolls its loops over the mask, and the halo grows with it: 9 keeps both small.
constexpr int max_mask_side = 9;

struct stencil_parameters {
    int tile_rows, tile_columns; // work-items of a tile
    // Each work-item computes rows_per_thread x vector_width neighbouring outputs; vector_width is
    // 1, 2, 4 or 8.
    int rows_per_thread, vector_width;
    // 1: each work-item reads aligned vectors of tile_static memory and shifts what it needs out of
    // them in registers (GPUs); 0: it reads the shifted vectors from tile_static memory (CPUs).
    int shift_in_registers;
};

std::string device_problem(const stencil_parameters& p, const device_info& device) {
    // The patch of the largest mask: its rows, and its columns with a halo of whole vectors.
    const std::size_t radius = max_mask_side / 2, vector = std::size_t(p.vector_width);
    const std::size_t halo_vectors = (radius + vector - 1) / vector;
    const std::size_t patch = (std::size_t(p.tile_rows) * p.rows_per_thread + 2 * radius) *
                              (std::size_t(p.tile_columns) + 2 * halo_vectors) * vector;
    return tile_problem(std::size_t(p.tile_rows), std::size_t(p.tile_columns), patch * 4, "for a 9x9 mask", device);
}

constexpr named_parameter<stencil_parameters> stencil_parameters_named[] = {
    {"TILE_ROWS", &stencil_parameters::tile_rows, 1, 1024},
    {"TILE_COLUMNS", &stencil_parameters::tile_columns, 1, 1024},
    {"ROWS_PER_THREAD", &stencil_parameters::rows_per_thread, 1, 16},
    {"VECTOR_WIDTH", &stencil_parameters::vector_width, 1, 8, parameter_values::vector_width},
    {"SHIFT_IN_REGISTERS", &stencil_parameters::shift_in_registers, 0, 1}};

// Hopper (NVIDIA's compute capability 9.x), as measured on the H200 (BENCHMARKS.md); CPUs (PoCL's,
// 8-wide vectors shifted in tile_static memory); every other device, which takes the H200's values.
constexpr device_row<stencil_parameters> stencil_table[] = {
    {nvidia_hopper, {8, 16, 4, 4, 1}},
    {every_cpu, {4, 16, 8, 8, 0}},
    {every_device, {8, 16, 4, 4, 1}},
};
static_assert(rows_fit(stencil_table, stencil_parameters_named, nullptr), "a row does not fit");

// The tuner's work: a 3 x 3 and a 5 x 5 mask over a tuning_side square of floats.
std::function<void()> stencil_workload(const std::shared_ptr<context>& context) {
    const matrix_operand in = tuning_matrix(context, element_type::float32, tuning_side, tuning_side, tuning_value);
    const matrix_operand out = tuning_matrix(context, element_type::float32, tuning_side, tuning_side);
    const matrix_operand small =
        tuning_matrix(context, element_type::float32, 3, 3, [](std::size_t) { return 1.0 / 9; });
    const matrix_operand large =
        tuning_matrix(context, element_type::float32, 5, 5, [](std::size_t) { return 1.0 / 25; });
    return [context, in, out, small, large] {
        stencil(context, in, small, out);
        stencil(context, in, large, out);
    };
}

const stencil_parameters stencil_candidates[] = {
    {8, 16, 4, 4, 1}, {4, 16, 8, 8, 0}, {8, 32, 4, 4, 1}, {16, 16, 2, 4, 1}, {8, 8, 8, 8, 1}, {16, 16, 4, 4, 1},
    {4, 32, 4, 4, 1}, {8, 16, 8, 4, 1}, {8, 16, 4, 4, 0}, {4, 16, 8, 8, 1},  {4, 8, 8, 8, 0}, {16, 32, 2, 2, 1}};

const typed_set<stencil_parameters>& stencil_set() {
    static const engine::immortal<typed_set<stencil_parameters>> set(
        set_definition<stencil_parameters>{"stencil", all_of(stencil_parameters_named), all_of(stencil_table), nullptr,
                                           device_problem, all_of(stencil_candidates), stencil_workload, true});
    return *set;
}

void check_mask(const matrix_operand& mask) {
    const bool odd = mask.rows % 2 == 1 && mask.columns % 2 == 1;
    if (!odd || mask.rows > max_mask_side || mask.columns > max_mask_side)
        throw invalid_argument("stencil: the mask is " + shape_text(mask.rows, mask.columns) +
                               "; its dimensions must be odd, so that it has a " + "centre, and at most " +
                               std::to_string(max_mask_side));
}

} // namespace

const algorithm_description& stencil_description() {
    static const engine::immortal<algorithm_description> description([] {
        const std::vector<element_type> types{element_type::float32, element_type::float64};
        return algorithm_description{algorithm,
                                     {read_matrix("input", "the input", types), read_matrix("mask", "the mask", types),
                                      written_matrix("output", "the output", types)},
                                     {"iterations"},
                                     "",
                                     {}};
    }());
    return *description;
}

namespace {

// The one-context stencil's checks, on `device`.
void check_operands(const device_info& device, const matrix_operand& input, const matrix_operand& mask,
                    const matrix_operand& output) {
    const element_type type = check_described(stencil_description(), {&input, &mask, &output}, device);
    check_same_element_type(algorithm, "the mask", mask, "the input", type);
    check_same_element_type(algorithm, "the output", output, "the input", type);
    check_mask(mask);
    check_shape(algorithm, "the output", output, input.rows, input.columns, "the shape of the input");
    check_not_aliased(algorithm, "the output", output, "the input", input);
    check_not_aliased(algorithm, "the output", output, "the mask", mask);
}

void enqueue_stencil(const std::shared_ptr<context>& context, const matrix_operand& input, const matrix_operand& mask,
                     const matrix_operand& output) {
    const stencil_parameters p = stencil_set().on(context);
    // Rows of whole vectors (and buffers, which OpenCL aligns) let the kernel load them as such.
    const bool rows_aligned = input.columns % p.vector_width == 0;
    const kernel k = algorithm_kernel(
        tiles_kernel_stencil, "stencil", element_type_of(input),
        "-DMASK_ROWS=" + std::to_string(mask.rows) + " -DMASK_COLUMNS=" + std::to_string(mask.columns) +
            " -DROWS_ALIGNED=" + (rows_aligned ? "1 " : "0 ") + stencil_set().build_options(p));
    // Each work-item computes rows_per_thread x vector_width outputs.
    const int strips_down = blocks_covering(input.rows, p.rows_per_thread);
    const int strips_across = blocks_covering(input.columns, p.vector_width);
    // A tile reads its outputs' rows and columns and a halo of half the mask around them, the
    // columns' in whole vectors.
    const int output_rows = p.tile_rows * p.rows_per_thread, output_columns = p.tile_columns * p.vector_width;
    check_reach(algorithm, "the input's rows", input.rows,
                std::int64_t(blocks_covering(strips_down, p.tile_rows)) * output_rows + mask.rows / 2);
    check_reach(algorithm, "the input's columns", input.columns,
                std::int64_t(blocks_covering(strips_across, p.tile_columns)) * output_columns +
                    std::int64_t(blocks_covering(mask.columns / 2, p.vector_width)) * p.vector_width);
    launch_algorithm(context, covering_domain(strips_down, strips_across, p.tile_rows, p.tile_columns), k,
                     std::array<launch_arg, 5>{input_arg(input.data), scalar_arg(input.rows), scalar_arg(input.columns),
                                               input_arg(mask.data), output_arg(output.data)});
}

} // namespace

void stencil(const std::shared_ptr<context>& context, const matrix_operand& input, const matrix_operand& mask,
             const matrix_operand& output) {
    check_operands(*narrow(*context).device(), input, mask, output);
    enqueue_stencil(context, input, mask, output);
}

namespace {

// Iterations between halo exchanges on several contexts. An exchange waits for every band's
// boundary rows to reach the host, so each costs a round trip whatever its size; halos k times as
// deep let the bands run k iterations between exchanges (temporal blocking), each band computing
// k x radius rows more than its own, wrong at the edge and never used. k is as large as keeps
// that extra work within 1/32 of the thinnest band's rows, and at most 16.
int iterations_between_exchanges(int rows, std::size_t parts, int radius, int iterations) {
    if (parts < 2 || radius == 0) return 1;
    const int thinnest = rows / int(parts);
    const int affordable = thinnest / (64 * radius);
    return std::max(1, std::min({affordable, 16, iterations}));
}

// `iterations` stencils from `current`'s bands, between it and `next`, whose halos are
// `period` x the mask's radius rows of each neighbour. A band's kernel also computes its halo
// rows, from rows clamped at the band's edge: after j iterations the j x radius rows nearest the
// edge are wrong, the band's own rows still right until j reaches `period`, when the halo is
// refilled from the neighbours' own rows. Returns the one that holds the result.
split_matrix& iterate_on_bands(split_matrix& current, split_matrix& next, const matrix_operand& mask, int iterations,
                               int period) {
    split_matrix* from = &current;
    split_matrix* to = &next;
    for (int i = 0; i < iterations; ++i) {
        if (i > 0 && i % period == 0) from->exchange_halo();
        for (std::size_t part = 0; part < from->parts(); ++part)
            enqueue_stencil(from->context_of(part), from->local(part), mask, to->local(part));
        std::swap(from, to);
    }
    return *from;
}

} // namespace

void stencil(const std::vector<std::shared_ptr<context>>& contexts, const matrix_operand& input,
             const matrix_operand& mask, const matrix_operand& output, int iterations) {
    if (contexts.empty()) throw invalid_argument("stencil: the list of accelerator views is empty");
    for (const std::shared_ptr<context>& context : contexts)
        check_operands(*narrow(*context).device(), input, mask, output);
    if (iterations < 1)
        throw invalid_argument("stencil: " + std::to_string(iterations) + " iterations; there must be at least 1");
    const int radius = mask.rows / 2;
    const int period = iterations_between_exchanges(input.rows, contexts.size(), radius, iterations);
    split_matrix current(contexts, layout_of(*input.data), input.rows, input.columns, period * radius);
    split_matrix next = current.same_bands();
    current.scatter(input);
    iterate_on_bands(current, next, mask, iterations, period).gather(output);
}

void stencil(split_matrix& grid, const matrix_operand& mask, int iterations) {
    if (iterations < 1)
        throw invalid_argument("stencil: " + std::to_string(iterations) + " iterations; there must be at least 1");
    // One band, or copies of the whole matrix, never exchanges: its halos are the matrix's edges.
    const bool bands_meet = grid.distinct_parts() > 1;
    const int radius = mask.rows / 2, halo = grid.band_of(0).halo;
    if (bands_meet && halo < radius)
        throw invalid_argument("stencil: the split matrix's halo of " + std::to_string(halo) +
                               " rows is less than the mask's radius of " + std::to_string(radius) +
                               " rows; split it with a halo of at least the radius");
    split_matrix scratch = grid.same_bands();
    for (std::size_t part = 0; part < grid.parts(); ++part)
        check_operands(*narrow(*grid.context_of(part)).device(), grid.local(part), mask, scratch.local(part));
    // A mask of one row never exchanges either.
    const int period = radius == 0 || !bands_meet ? iterations : std::min(halo / radius, iterations);
    if (bands_meet) grid.exchange_halo();
    if (&iterate_on_bands(grid, scratch, mask, iterations, period) == &grid) return;
    // An odd number of iterations leaves the result in the scratch bands: copied back on each device.
    for (std::size_t part = 0; part < grid.parts(); ++part)
        engine::copy_async(*scratch.local(part).data, whole_of(*scratch.local(part).data), *grid.local(part).data,
                           whole_of(*grid.local(part).data));
}

catalog_entry stencil_in_catalog() { return {{&stencil_description()}, {&stencil_set()}}; }

} // namespace tiles::algorithms
