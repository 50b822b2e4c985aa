// libtiles algorithms: fused elementwise expressions, a chain such as exp(a) * 2 + 1 computed by
// one kernel that never writes its intermediate values (CuPy's fuse, ArrayFire's JIT). Each
// operation resolves its dtypes as the unfused call would, so results are the same bits.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "tiles/algorithms/elementwise.hpp"

namespace tiles::algorithms {

// One node of an expression, which is a list of nodes whose last is the result: an operand
// (`operand` >= 0, an index into the operands), or `op` of arity(op) earlier nodes (`children`).
// A node may be the child of several later ones; it is computed once.
struct fused_node {
    int operand = -1;
    elementwise_op op = elementwise_op::add;
    int children[3] = {-1, -1, -1};
};

// The dtype the expression gives, each operation promoting its inputs as numpy's does, and the
// shape its operands broadcast to. invalid_argument for an expression that is not well formed
// (naming the node and the numbers), for dtypes numpy has no loop for, or shapes that do not
// broadcast.
array_dtype fused_result_type(const elementwise_operand* operands, std::size_t operand_count, const fused_node* nodes,
                              std::size_t node_count);
std::vector<int> fused_shape(const elementwise_operand* operands, std::size_t operand_count);

// Writes the expression's value into `output`, as elementwise() writes one operation's: in one
// kernel, made from the expression's description and kept under it. Refuses what elementwise()
// refuses of any of its operations, and `copy`, whose dtype is an output's.
void fused(const std::shared_ptr<engine::context>& context, const elementwise_operand* operands,
           std::size_t operand_count, const fused_node* nodes, std::size_t node_count,
           const elementwise_operand& output);

} // namespace tiles::algorithms
