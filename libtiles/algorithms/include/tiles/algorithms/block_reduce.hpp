// libtiles algorithms: block_sum and block_average, one value per block of a matrix. Operands are
// the engine's matrices; each call throws before anything runs if they do not fit, naming the
// numbers.
#pragma once

#include <array>
#include <memory>

#include "tiles/engine/context.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles::algorithms {

enum class block_statistic { sum, average };

// The shape of the result of a block reduction: one element per block, blocks cut short at the
// right and bottom edges counting as whole ones. `algorithm` names the caller in messages, where
// it is marked as a function (tiles_block_grid, or the algorithm).
std::array<int, 2> block_grid(const char* algorithm, int rows, int columns, int block_rows, int block_columns);

// output (block_grid's shape) gets the sum or the average of each block_rows x block_columns
// block of input; a block cut short averages over the elements it holds. Of the element types
// block_sum's and block_average's descriptions list (block_reduce.cpp).
void block_reduce(const std::shared_ptr<engine::context>& context, block_statistic statistic,
                  const engine::matrix_operand& input, int block_rows, int block_columns,
                  const engine::matrix_operand& output);

} // namespace tiles::algorithms
