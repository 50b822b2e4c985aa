// libtiles algorithms: block_sum and block_average, one value per block of a matrix. A tile
// holds several whole blocks, so that small blocks still make tiles of a useful size, and every
// work-item of the tile takes part in the blocks' tree reductions.
#include <algorithm>

#include "parameters.hpp"
#include "support.hpp"
#include "tiles/exceptions.hpp"

extern const char tiles_kernel_reduction[];

namespace tiles::detail {
namespace {

const char* algorithm_name(block_statistic statistic) {
    return statistic == block_statistic::sum ? "block_sum" : "block_average";
}

void check_block(const char* algorithm, int block_rows, int block_columns, const device_info& device) {
    if (block_rows <= 0 || block_columns <= 0)
        throw invalid_argument(std::string(algorithm) + ": the block is " + std::to_string(block_rows) + "x" +
                               std::to_string(block_columns) + "; every dimension must be at least 1");
    const long long elements = static_cast<long long>(block_rows) * block_columns;
    if (elements > static_cast<long long>(device.max_work_group_size))
        throw invalid_argument(std::string(algorithm) + ": a block of " + std::to_string(block_rows) + "x" +
                               std::to_string(block_columns) + " = " + std::to_string(elements) +
                               " elements exceeds the " + std::to_string(device.max_work_group_size) + " work-items '" +
                               device.name + "' runs in one tile, one per element");
}

// The tile's shape in work-items: whole blocks, as many as fit in the parameters' tile shape
// (at least one, no more than the matrix has), and no more than the device runs in one tile.
std::array<int, 2> tile_shape(const block_reduce_parameters& p, int block_rows, int block_columns,
                              const std::array<int, 2>& grid, const device_info& device) {
    int rows_of_blocks = std::clamp(p.tile_rows / block_rows, 1, grid[0]);
    int columns_of_blocks = std::clamp(p.tile_columns / block_columns, 1, grid[1]);
    const std::size_t block_elements = std::size_t(block_rows) * block_columns;
    while (rows_of_blocks * columns_of_blocks * block_elements > device.max_work_group_size)
        (rows_of_blocks > 1 ? rows_of_blocks : columns_of_blocks) /= 2;
    return {block_rows * rows_of_blocks, block_columns * columns_of_blocks};
}

} // namespace

std::array<int, 2> block_grid(int rows, int columns, int block_rows, int block_columns) {
    if (block_rows <= 0 || block_columns <= 0)
        throw invalid_argument("the block is " + std::to_string(block_rows) + "x" + std::to_string(block_columns) +
                               "; every dimension must be at least 1");
    return {(rows + block_rows - 1) / block_rows, (columns + block_columns - 1) / block_columns};
}

void block_reduce(const accelerator_view& view, block_statistic statistic, const matrix_operand& input, int block_rows,
                  int block_columns, const matrix_operand& output) {
    const char* const algorithm = algorithm_name(statistic);
    const device_info& device = device_of(view);
    check_operand(algorithm, "the input", input);
    check_operand(algorithm, "the output", output);
    const element_type type = element_type_of(input);
    if (statistic == block_statistic::sum)
        check_element_type(algorithm, type, {element_type::int32, element_type::float32}, device);
    else
        check_element_type(algorithm, type, {element_type::float32}, device);
    check_same_element_type(algorithm, "the output", output, "the input", type);
    check_block(algorithm, block_rows, block_columns, device);
    const std::array<int, 2> grid = block_grid(input.rows, input.columns, block_rows, block_columns);
    check_shape(algorithm, "the output", output, grid[0], grid[1],
                "one element per " + std::to_string(block_rows) + "x" + std::to_string(block_columns) +
                    " block of the " + std::to_string(input.rows) + "x" + std::to_string(input.columns) + " input");
    check_not_aliased(algorithm, "the output", output, "the input", input);

    const std::array<int, 2> tile =
        tile_shape(parameters_for(device).block_reduce, block_rows, block_columns, grid, device);
    const kernel& k = algorithm_kernel(tiles_kernel_reduction, "block_reduce", type,
                                       "-DREDUCE_OP=0 -DBLOCK_ROWS=" + std::to_string(block_rows) +
                                           " -DBLOCK_COLUMNS=" + std::to_string(block_columns) +
                                           " -DBLOCK_AVERAGE=" + (statistic == block_statistic::average ? "1" : "0"));
    launch_algorithm(view, covering_domain(input.rows, input.columns, tile[0], tile[1]), k,
                     std::array<launch_arg, 4>{input_arg(input.data), make_arg(input.rows), make_arg(input.columns),
                                               output_arg(output.data)});
}

} // namespace tiles::detail
