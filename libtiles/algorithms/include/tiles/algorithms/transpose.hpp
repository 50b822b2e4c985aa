// libtiles algorithms: transpose. Operands are the engine's matrices; the call throws before
// anything runs if they do not fit, naming the numbers.
#pragma once

#include <memory>

#include "tiles/engine/context.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles::algorithms {

// output (columns x rows) becomes the transpose of input (rows x columns), of the element types
// transpose's description lists (transpose.cpp).
void transpose(const std::shared_ptr<engine::context>& context, const engine::matrix_operand& input,
               const engine::matrix_operand& output);

} // namespace tiles::algorithms
