// libtiles algorithms: stencil, a mask of weights applied around every element of a matrix, on
// one context or iterated over several at once. Operands are the engine's matrices; each call
// throws before anything runs if they do not fit, naming the numbers.
#pragma once

#include <memory>
#include <vector>

#include "tiles/engine/context.hpp"
#include "tiles/engine/split.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles::algorithms {

// output (input's shape) gets, at each element, the sum of the mask's weights times the input
// elements under the mask centred there, clamping positions outside the input to its edge.
// The mask has odd dimensions of at most 9 and the input's element type, one stencil's description lists.
void stencil(const std::shared_ptr<engine::context>& context, const engine::matrix_operand& input,
             const engine::matrix_operand& mask, const engine::matrix_operand& output);
// The same `iterations` times over several contexts, each holding a band of the rows: output =
// stencil(input), then stencil(output) into a scratch matrix and back, ...; the bands' halos (the
// mask's radius times k) are exchanged every k iterations. The result of iterating on one context,
// bit for bit where they are of one kind of device.
void stencil(const std::vector<std::shared_ptr<engine::context>>& contexts, const engine::matrix_operand& input,
             const engine::matrix_operand& mask, const engine::matrix_operand& output, int iterations);
// The same on a split matrix's bands where they are, in place: its halos are made current first,
// then exchanged every k iterations, k the halo's rows over the mask's radius. Nothing goes
// through the host but the halos; afterwards the halos are stale until the next exchange_halo.
void stencil(engine::split_matrix& grid, const engine::matrix_operand& mask, int iterations);

} // namespace tiles::algorithms
