// libtiles algorithms: fused elementwise expressions. The nodes are checked (naming the node and
// the numbers), each operation's dtypes resolved as elementwise() resolves them, with an earlier
// node's value an array of its result's dtype, and the whole launched as one kernel over the
// broadcast shape, kept under the expression's description (fused_source.cpp).
#include "tiles/algorithms/fused.hpp"

#include <climits>
#include <string>

#include "fused_description.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {
namespace {

std::string node_name(std::size_t n) { return "fused: node " + std::to_string(n); }

// Refuses node n's operation where it is none, copy, or its children are not earlier nodes, as
// many as its arity; counts the children's uses.
void check_operation(const fused_node& node, std::size_t n, std::vector<int>& uses) {
    const int op = int(node.op);
    if (op < 0 || op >= elementwise_op_count)
        throw invalid_argument(node_name(n) + "'s operation " + std::to_string(op) + " is none (0 to " +
                               std::to_string(elementwise_op_count - 1) + ")");
    if (node.op == elementwise_op::copy)
        throw invalid_argument(node_name(n) + " is copy (astype), whose dtype is its output's: a fused "
                                              "expression ends in its own output, converted there");
    for (int j = 0; j < 3; ++j) {
        const int child = node.children[j];
        if (j >= arity(node.op)) {
            if (child != -1)
                throw invalid_argument(node_name(n) + "'s " + to_string(node.op) + " takes " +
                                       std::to_string(arity(node.op)) + " inputs, and it names child " +
                                       std::to_string(j) + " (node " + std::to_string(child) + "; -1 for none)");
            continue;
        }
        if (child < 0 || std::size_t(child) >= n)
            throw invalid_argument(node_name(n) + "'s child " + std::to_string(j) + " is node " +
                                   std::to_string(child) + ", and only nodes 0 to " + std::to_string(int(n) - 1) +
                                   " come before it");
        ++uses[std::size_t(child)];
    }
}

// Refuses an expression that is not a list of nodes each used by a later one, ending in an
// operation, over operands each used.
void check_nodes(std::size_t operand_count, const fused_node* nodes, std::size_t node_count) {
    if (nodes == nullptr || node_count == 0) throw invalid_argument("fused: the expression has no nodes");
    std::vector<int> uses(node_count, 0), operand_uses(operand_count, 0);
    for (std::size_t n = 0; n < node_count; ++n) {
        const int operand = nodes[n].operand;
        if (operand >= 0 && std::size_t(operand) >= operand_count)
            throw invalid_argument(node_name(n) + " is operand " + std::to_string(operand) + ", and there are " +
                                   std::to_string(operand_count) + " operands");
        if (operand < -1)
            throw invalid_argument(node_name(n) + " has the operand index " + std::to_string(operand) +
                                   " (an operand's index, or -1 for an operation)");
        if (operand >= 0)
            ++operand_uses[std::size_t(operand)];
        else
            check_operation(nodes[n], n, uses);
    }
    if (nodes[node_count - 1].operand >= 0)
        throw invalid_argument("fused: the last node, the result, is operand " +
                               std::to_string(nodes[node_count - 1].operand) + ", not an operation");
    for (std::size_t n = 0; n + 1 < node_count; ++n)
        if (uses[n] == 0)
            throw invalid_argument(node_name(n) + " is the child of no later node (only the last node is the result)");
    for (std::size_t k = 0; k < operand_count; ++k)
        if (operand_uses[k] == 0) throw invalid_argument("fused: operand " + std::to_string(k) + " is used by no node");
}

// Node n's operation described: each child as elementwise() would take it (an earlier
// operation's value an array of its dtype), its loops numpy's.
fused_step operation_step(const fused_description& d, const elementwise_operand* operands, const fused_node& node) {
    fused_step step;
    elementwise_operand inputs[3];
    for (int j = 0; j < arity(node.op); ++j) {
        const fused_step& child = d.steps[std::size_t(node.children[j])];
        step.children.push_back(node.children[j]);
        if (child.operand >= 0)
            inputs[j] = operands[child.operand];
        else
            inputs[j].type = child.d.computed;
    }
    const resolved_loop loop = resolve_loop(node.op, inputs);
    if (arity(node.op) == 2) check_exponent(node.op, inputs[1], loop.inputs[1]);
    step.d = {node.op, loop.inputs, {}, {}, loop.result, loop.result, 0};
    for (std::size_t j = 0; j < step.children.size(); ++j) {
        const bool scalar = inputs[j].data == nullptr && d.steps[std::size_t(step.children[j])].operand >= 0;
        step.d.stored.push_back(scalar ? loop.inputs[j] : value_type(d, std::size_t(step.children[j])));
        step.d.layouts.push_back(scalar ? operand_layout::scalar : operand_layout::same);
    }
    return step;
}

fused_description describe(const elementwise_operand* operands, std::size_t operand_count, const fused_node* nodes,
                           std::size_t node_count, const std::vector<int>& shape) {
    check_nodes(operand_count, nodes, node_count);
    fused_description d;
    for (std::size_t k = 0; k < operand_count; ++k) {
        check_operand(operands[k], ("operand " + std::to_string(k)).c_str());
        const bool scalar = operands[k].data == nullptr;
        d.stored.push_back(operands[k].type);
        d.layouts.push_back(scalar ? operand_layout::scalar : layout_for(operands[k], shape));
        if (d.layouts.back() == operand_layout::strided) d.rank = int(shape.size());
    }
    for (std::size_t n = 0; n < node_count; ++n) {
        fused_step step;
        step.operand = nodes[n].operand;
        d.steps.push_back(step.operand >= 0 ? step : operation_step(d, operands, nodes[n]));
    }
    return d;
}

// The kernel's arguments, in fused_source()'s order.
std::vector<launch_arg> launch_args(const fused_description& d, const elementwise_operand* operands,
                                    const elementwise_operand& output, const std::vector<int>& shape) {
    std::vector<launch_arg> args{memory_arg(output, true)};
    for (std::size_t k = 0; k < d.layouts.size(); ++k)
        if (d.layouts[k] != operand_layout::scalar) args.push_back(memory_arg(operands[k], false));
    for (const fused_step& s : d.steps)
        for (std::size_t j = 0; s.operand < 0 && j < s.children.size(); ++j)
            if (s.d.layouts[j] == operand_layout::scalar)
                add_scalar(args, operands[d.steps[std::size_t(s.children[j])].operand], s.d.loop[j]);
    if (d.rank == 0) return args;
    for (std::size_t n = 1; n < shape.size(); ++n) args.push_back(scalar_arg(unsigned(shape[n])));
    for (std::size_t k = 0; k < d.layouts.size(); ++k)
        if (d.layouts[k] == operand_layout::strided) add_place(args, operands[k], shape);
    if (d.written == operand_layout::strided) add_place(args, output, shape);
    return args;
}

} // namespace

std::vector<int> fused_shape(const elementwise_operand* operands, std::size_t operand_count) {
    return broadcast_shape(operands, operand_count);
}

array_dtype fused_result_type(const elementwise_operand* operands, std::size_t operand_count, const fused_node* nodes,
                              std::size_t node_count) {
    const std::vector<int> shape = fused_shape(operands, operand_count);
    return describe(operands, operand_count, nodes, node_count, shape).steps.back().d.computed;
}

void fused(const std::shared_ptr<context>& context, const elementwise_operand* operands, std::size_t operand_count,
           const fused_node* nodes, std::size_t node_count, const elementwise_operand& output) {
    if (operands == nullptr && operand_count != 0) throw invalid_argument("fused: the operands are NULL");
    const std::vector<int> shape = fused_shape(operands, operand_count);
    fused_description d = describe(operands, operand_count, nodes, node_count, shape);
    check_operand(output, "the output");
    const elementwise_description& last = d.steps.back().d;
    check_output(last.op, output, shape, last.computed);
    check_overlap(operands, operand_count, output);
    d.output = output.type;
    d.written = layout_for(output, shape);
    if (d.written == operand_layout::strided) d.rank = int(shape.size());
    for (const fused_step& s : d.steps)
        if (s.operand < 0) check_computable(s.d.op, s.d, *narrow(*context).device());
    launch_per_element(
        context, "fused", shape,
        [&]() -> const kernel& {
            return kept_kernel(
                key_of(d), [&] { return fused_source(d); }, "tiles_fused");
        },
        [&] { return launch_args(d, operands, output, shape); });
}

} // namespace tiles::algorithms
