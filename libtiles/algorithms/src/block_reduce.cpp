// libtiles algorithms: block_sum and block_average, one value per block of a matrix. Each
// work-item combines a strip of its block, then the block's work-items combine their strips in a
// tree; a tile holds several whole blocks, so that small blocks still make tiles of a useful size.
// Their descriptions (the faces' operands and element types), and their parameter set: the tile's shape and the strips,
// their values for each kind of device, and what the tuner tries and times.
#include "tiles/algorithms/block_reduce.hpp"

#include <algorithm>
#include <cstdint>

#include "catalog.hpp"
#include "support.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/marked_names.hpp"

extern const char tiles_kernel_reduction[];

namespace tiles::algorithms {

const algorithm_description& block_sum_description() {
    static const engine::immortal<algorithm_description> description(
        algorithm_description{"block_sum",
                              {read_matrix("input", "the input",
                                           {element_type::uint8, element_type::int32, element_type::int64,
                                            element_type::float32, element_type::float64}),
                               // Sums of uint8 are uint64, as numpy's; every other sum is of the input's type.
                               written_matrix("output", "the output",
                                              {element_type::int32, element_type::int64, element_type::uint64,
                                               element_type::float32, element_type::float64})},
                              {"block_rows", "block_columns"},
                              "",
                              {}});
    return *description;
}

const algorithm_description& block_average_description() {
    static const engine::immortal<algorithm_description> description([] {
        const std::vector<element_type> types{element_type::float32, element_type::float64};
        return algorithm_description{
            "block_average",
            {read_matrix("input", "the input", types), written_matrix("output", "the output", types)},
            {"block_rows", "block_columns"},
            "",
            {}};
    }());
    return *description;
}

namespace {

const algorithm_description& description_of(block_statistic statistic) {
    return statistic == block_statistic::sum ? block_sum_description() : block_average_description();
}

struct block_reduce_parameters {
    // A tile holds as many whole blocks as fit in about this many rows and columns of work-items.
    int tile_rows;
    int tile_columns;
    // Each work-item first combines a strip of strip_rows x vector_width elements of its block
    // (1, 2, 4 or 8 elements wide; narrower where the block is).
    int strip_rows;
    int vector_width;
};

std::string device_problem(const block_reduce_parameters&, const device_info&) {
    return ""; // block_reduce fits its tiles to the block and the device at each call
}

constexpr named_parameter<block_reduce_parameters> block_reduce_parameters_named[] = {
    {"TILE_ROWS", &block_reduce_parameters::tile_rows, 1, 1024},
    {"TILE_COLUMNS", &block_reduce_parameters::tile_columns, 1, 1024},
    {"STRIP_ROWS", &block_reduce_parameters::strip_rows, 1, 1024},
    {"VECTOR_WIDTH", &block_reduce_parameters::vector_width, 1, 8, parameter_values::vector_width}};

// Hopper (NVIDIA's compute capability 9.x), as measured on the H200 (BENCHMARKS.md); CPUs (PoCL's,
// strips in 8-wide vectors); every other device, which takes the H200's values.
constexpr device_row<block_reduce_parameters> block_reduce_table[] = {
    {nvidia_hopper, {1, 256, 16, 4}},
    {every_cpu, {1, 256, 8, 8}},
    {every_device, {1, 256, 16, 4}},
};
static_assert(rows_fit(block_reduce_table, block_reduce_parameters_named, nullptr), "a row does not fit");

const block_reduce_parameters block_reduce_candidates[] = {{1, 256, 16, 4}, {1, 256, 8, 8},  {1, 128, 16, 4},
                                                           {2, 128, 16, 4}, {1, 256, 32, 4}, {1, 64, 16, 8},
                                                           {1, 256, 8, 4},  {4, 64, 8, 8}};

// The tuner's work: the averages of a tuning_side square of floats in blocks of 2x2 and of 16x16.
std::function<void()> block_reduce_workload(const std::shared_ptr<context>& context) {
    const matrix_operand in = tuning_matrix(context, element_type::float32, tuning_side, tuning_side, tuning_value);
    const matrix_operand twos = tuning_matrix(context, element_type::float32, tuning_side / 2, tuning_side / 2);
    const matrix_operand sixteens = tuning_matrix(context, element_type::float32, tuning_side / 16, tuning_side / 16);
    return [context, in, twos, sixteens] {
        block_reduce(context, block_statistic::average, in, 2, 2, twos);
        block_reduce(context, block_statistic::average, in, 16, 16, sixteens);
    };
}

const typed_set<block_reduce_parameters>& block_reduce_set() {
    static const engine::immortal<typed_set<block_reduce_parameters>> set(set_definition<block_reduce_parameters>{
        "block_reduce", all_of(block_reduce_parameters_named), all_of(block_reduce_table), nullptr, device_problem,
        all_of(block_reduce_candidates), block_reduce_workload, true});
    return *set;
}

// How blocks are shared among work-items: strips of strip_rows x strip_columns elements, each
// within one block, or, for blocks narrower than a vector that divide it, spanning
// blocks_per_strip whole blocks side by side.
struct block_split {
    int strip_rows, strip_columns;
    int blocks_per_strip;
    int thread_rows, thread_columns; // work-items down and across a block (or a group of blocks)
};

// Work-items a tile of this kernel may hold: the device's limit, and no more than 256, which is
// what some devices allow a kernel of its size (NVIDIA's CL_KERNEL_WORK_GROUP_SIZE for it; the
// kernel's own figure is known only once it is built, for a given block).
std::size_t tile_limit(const device_info& device) { return std::min<std::size_t>(device.max_work_group_size, 256); }

block_split split_block(const block_reduce_parameters& p, int block_rows, int block_columns, std::size_t max_threads) {
    block_split s{std::min(p.strip_rows, block_rows), p.vector_width, 1, 0, 1};
    if (block_columns < p.vector_width && p.vector_width % block_columns == 0) {
        s.blocks_per_strip = p.vector_width / block_columns;
    } else {
        while (s.strip_columns > block_columns) s.strip_columns /= 2; // vectors no wider than the block
        s.thread_columns = blocks_covering(block_columns, s.strip_columns);
    }
    s.thread_rows = blocks_covering(block_rows, s.strip_rows);
    // A block needing more work-items than a tile holds: each takes more of its rows.
    while (std::size_t(s.thread_rows) * s.thread_columns > max_threads && s.strip_rows < block_rows) {
        s.strip_rows = std::min(block_rows, s.strip_rows * 2);
        s.thread_rows = blocks_covering(block_rows, s.strip_rows);
    }
    return s;
}

void check_block_fits(const char* algorithm, int block_rows, int block_columns, const block_split& s,
                      const device_info& device) {
    const std::size_t threads = std::size_t(s.thread_rows) * s.thread_columns;
    if (threads > tile_limit(device))
        throw invalid_argument(std::string(algorithm) + ": a block of " + shape_text(block_rows, block_columns) +
                               " needs " + std::to_string(threads) + " work-items, one per strip of " +
                               shape_text(s.strip_rows, s.strip_columns) + " elements, more than the " +
                               std::to_string(tile_limit(device)) + " '" + device.name + "' runs in one tile");
}

// The tile's shape in work-items: whole blocks (or groups of blocks that share strips), as many
// as fit in the parameters' tile shape (at least one, no more than the matrix has), and no more
// than the device runs in one tile. `groups` counts them down and across the matrix.
std::array<int, 2> tile_shape(const block_reduce_parameters& p, const block_split& s, const std::array<int, 2>& groups,
                              const device_info& device) {
    int rows_of_blocks = std::clamp(p.tile_rows / s.thread_rows, 1, groups[0]);
    int columns_of_blocks = std::clamp(p.tile_columns / s.thread_columns, 1, groups[1]);
    const std::size_t block_threads = std::size_t(s.thread_rows) * s.thread_columns;
    while (rows_of_blocks * columns_of_blocks * block_threads > tile_limit(device))
        (rows_of_blocks > 1 ? rows_of_blocks : columns_of_blocks) /= 2;
    return {s.thread_rows * rows_of_blocks, s.thread_columns * columns_of_blocks};
}

} // namespace

std::array<int, 2> block_grid(const char* algorithm, int rows, int columns, int block_rows, int block_columns) {
    if (block_rows <= 0 || block_columns <= 0)
        throw names_marked<invalid_argument>(marked_function(algorithm) + ": the block is " +
                                             shape_text(block_rows, block_columns) +
                                             "; every dimension must be at least 1");
    return {blocks_covering(rows, block_rows), blocks_covering(columns, block_columns)};
}

void block_reduce(const std::shared_ptr<context>& context, block_statistic statistic, const matrix_operand& input,
                  int block_rows, int block_columns, const matrix_operand& output) {
    const char* const algorithm = description_of(statistic).name;
    const device_info& device = *narrow(*context).device();
    const element_type type = check_described(description_of(statistic), {&input, &output}, device);
    // Sums of uint8 are uint64, as numpy's; every other sum or average is of the input's type.
    const element_type result = type == element_type::uint8 ? element_type::uint64 : type;
    if (result == type)
        check_same_element_type(algorithm, "the output", output, "the input", type);
    else if (element_type_of(output) != result)
        throw names_marked<invalid_argument>(
            std::string(algorithm) + ": sums of " + marked_element(type) + " elements are " + marked_element(result) +
            " (numpy's), but the output has " + marked_element(element_type_of(output)) + " elements");
    const std::array<int, 2> grid = block_grid(algorithm, input.rows, input.columns, block_rows, block_columns);
    check_shape(algorithm, "the output", output, grid[0], grid[1],
                "one element per " + shape_text(block_rows, block_columns) + " block of the " +
                    shape_text(input.rows, input.columns) + " input");
    check_not_aliased(algorithm, "the output", output, "the input", input);

    // A block larger than the matrix sums what the matrix holds: the same as a block of its size.
    block_rows = std::min(block_rows, input.rows);
    block_columns = std::min(block_columns, input.columns);
    const block_reduce_parameters p = block_reduce_set().on(context);
    const block_split split = split_block(p, block_rows, block_columns, tile_limit(device));
    check_block_fits(algorithm, block_rows, block_columns, split, device);
    const std::array<int, 2> groups = {grid[0], blocks_covering(grid[1], split.blocks_per_strip)};
    const std::array<int, 2> tile = tile_shape(p, split, groups, device);
    const kernel k = algorithm_kernel(tiles_kernel_reduction, "block_reduce", type,
                                      std::string("-DREDUCE_OP=0 -DACCUMULATOR=") + opencl_name(result) +
                                          " -DBLOCK_ROWS=" + std::to_string(block_rows) +
                                          " -DBLOCK_COLUMNS=" + std::to_string(block_columns) +
                                          " -DSTRIP_ROWS=" + std::to_string(split.strip_rows) +
                                          " -DVECTOR_WIDTH=" + std::to_string(split.strip_columns) +
                                          " -DBLOCKS_PER_STRIP=" + std::to_string(split.blocks_per_strip) +
                                          " -DBLOCK_AVERAGE=" + (statistic == block_statistic::average ? "1" : "0"));
    const launch_domain domain = covering_domain(std::int64_t(groups[0]) * split.thread_rows,
                                                 std::int64_t(groups[1]) * split.thread_columns, tile[0], tile[1]);
    // The launch's last tiles, rounded up to whole tiles, compute the positions of blocks past the
    // matrix (and store nothing there).
    check_reach(algorithm, "the input's rows", input.rows,
                std::int64_t(domain.extent[0] / split.thread_rows) * block_rows);
    check_reach(algorithm, "the input's columns", input.columns,
                std::int64_t(domain.extent[1] / split.thread_columns) * split.blocks_per_strip * block_columns);
    launch_algorithm(context, domain, k,
                     std::array<launch_arg, 4>{input_arg(input.data), scalar_arg(input.rows), scalar_arg(input.columns),
                                               output_arg(output.data)});
}

catalog_entry block_reduce_in_catalog() {
    return {{&block_sum_description(), &block_average_description()}, {&block_reduce_set()}};
}

} // namespace tiles::algorithms
