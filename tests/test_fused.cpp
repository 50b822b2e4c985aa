// Fused elementwise expressions in the core: one kernel for a chain, its result the same bits as
// the unfused calls' and as a CPU loop's, mixed dtypes and placed operands, and what it refuses.
#include <cmath>
#include <cstdint>
#include <vector>

#include "tiles/algorithms/fused.hpp"
#include "tiles/elementwise.hpp"
#include "tiles/fused.hpp"

#include "fixture.hpp"
#include "random_data.hpp"

namespace {

using tiles::elementwise_op;
using tiles::algorithms::elementwise_operand;
using tiles::algorithms::fused_node;

fused_node operand_node(int k) {
    fused_node node;
    node.operand = k;
    return node;
}

fused_node operation(elementwise_op op, int a, int b = -1, int c = -1) {
    fused_node node;
    node.op = op;
    node.children[0] = a, node.children[1] = b, node.children[2] = c;
    return node;
}

elementwise_operand weak_integer(std::int64_t value) {
    elementwise_operand scalar;
    scalar.type = {tiles::element_type::int64};
    scalar.weak = true;
    scalar.integer = value;
    return scalar;
}

// exp(x0) * 2 + 1.
const std::vector<fused_node> exp_chain{operand_node(0), operation(elementwise_op::exp, 0),
                                        operand_node(1), operation(elementwise_op::multiply, 1, 2),
                                        operand_node(2), operation(elementwise_op::add, 3, 4)};

} // namespace

TEST_CASE_METHOD(fresh_view, "a fused chain is one launch, and the unfused chain's bits", "[elementwise][fused]") {
    const int rows = 9, columns = 37;
    const std::vector<float> x = random_floats(rows * columns, 11);
    tiles::array<float, 2> a(tiles::extent<2>(rows, columns), x.begin(), view), fused(a.extent, view),
        e(a.extent, view), twice(a.extent, view), unfused(a.extent, view);
    const elementwise_operand operands[3] = {tiles::detail::elementwise_operand_of(a), weak_integer(2),
                                             weak_integer(1)};
    view.wait();
    const std::uint64_t before = view.counters().launches;
    tiles::algorithms::fused(view.context(), operands, 3, exp_chain.data(), exp_chain.size(),
                             tiles::detail::elementwise_operand_of(fused));
    CHECK(view.counters().launches - before == 1);
    const elementwise_operand ea[2] = {tiles::detail::elementwise_operand_of(e), operands[1]};
    const elementwise_operand ta[2] = {tiles::detail::elementwise_operand_of(twice), operands[2]};
    tiles::algorithms::elementwise(view.context(), elementwise_op::exp, operands, ea[0]);
    tiles::algorithms::elementwise(view.context(), elementwise_op::multiply, ea, ta[0]);
    tiles::algorithms::elementwise(view.context(), elementwise_op::add, ta,
                                   tiles::detail::elementwise_operand_of(unfused));
    CHECK(view.counters().launches - before == 4);
    const std::vector<float> got = fused, expected = unfused;
    for (std::size_t i = 0; i < x.size(); ++i) {
        INFO("element " << i << " of " << x[i]);
        CHECK(got[i] == expected[i]);
        CHECK(std::fabs(got[i] - (std::exp(x[i]) * 2 + 1)) <= 1e-6f * (std::exp(x[i]) * 2 + 1));
    }
}

TEST_CASE_METHOD(fresh_view, "a fused expression promotes node by node, broadcasts and reads placed operands",
                 "[elementwise][fused]") {
    const int rows = 4, columns = 6;
    std::vector<std::int32_t> ints(rows * columns);
    for (std::size_t i = 0; i < ints.size(); ++i) ints[i] = std::int32_t(i * 7 % 23) - 11;
    const std::vector<double> row{0.5, -3.0, 2.25, 8.0, -0.75, 1.0};
    tiles::array<std::int32_t, 2> a(tiles::extent<2>(columns, rows), ints.begin(), view);
    tiles::array<double, 1> b(columns, row.begin(), view);
    tiles::array<double, 2> out(tiles::extent<2>(rows, columns), view);
    // x0 is a's transpose, read in place: where(x0 < x1, x0 * x1, x1 - 3).
    elementwise_operand transposed = tiles::detail::elementwise_operand_of(a);
    transposed.shape = {rows, columns}, transposed.strides = {1, rows};
    const elementwise_operand operands[3] = {transposed, tiles::detail::elementwise_operand_of(b), weak_integer(3)};
    const std::vector<fused_node> nodes{operand_node(0),
                                        operand_node(1),
                                        operation(elementwise_op::less, 0, 1),
                                        operation(elementwise_op::multiply, 0, 1),
                                        operand_node(2),
                                        operation(elementwise_op::subtract, 1, 4),
                                        operation(elementwise_op::where, 2, 3, 5)};
    CHECK(tiles::algorithms::fused_result_type(operands, 3, nodes.data(), nodes.size()).element ==
          tiles::element_type::float64);
    tiles::algorithms::fused(view.context(), operands, 3, nodes.data(), nodes.size(),
                             tiles::detail::elementwise_operand_of(out));
    const std::vector<double> got = out;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) {
            const double x = ints[std::size_t(c * rows + r)], y = row[std::size_t(c)];
            INFO("element " << r << ", " << c);
            CHECK(got[std::size_t(r * columns + c)] == (x < y ? x * y : y - 3));
        }
}

TEST_CASE_METHOD(fresh_view, "a fused expression that is not well formed is refused, naming the node",
                 "[elementwise][fused]") {
    tiles::array<float, 2> a(tiles::extent<2>(3, 4), view), b(tiles::extent<2>(4, 3), view), out(a.extent, view);
    const elementwise_operand operands[2] = {tiles::detail::elementwise_operand_of(a), weak_integer(2)};
    const auto run = [&](std::vector<fused_node> nodes, std::size_t count = 2) {
        tiles::algorithms::fused(view.context(), operands, count, nodes.data(), nodes.size(),
                                 tiles::detail::elementwise_operand_of(out));
    };
    CHECK_THROWS_WITH(run({}), Catch::Contains("the expression has no nodes"));
    CHECK_THROWS_WITH(run({operand_node(0), operand_node(1), operation(elementwise_op(99), 0, 1)}),
                      Catch::Contains("node 2's operation 99 is none (0 to 67)"));
    CHECK_THROWS_WITH(run({operand_node(0), operand_node(1), operation(elementwise_op::exp, 0, 1)}),
                      Catch::Contains("node 2's exp takes 1 inputs, and it names child 1 (node 1"));
    CHECK_THROWS_WITH(run({operand_node(0), operand_node(5), operation(elementwise_op::add, 0, 1)}),
                      Catch::Contains("node 1 is operand 5, and there are 2 operands"));
    CHECK_THROWS_WITH(run({operand_node(0), operand_node(1), operation(elementwise_op::add, 0, 3)}),
                      Catch::Contains("node 2's child 1 is node 3, and only nodes 0 to 1 come before it"));
    CHECK_THROWS_WITH(run({operand_node(0), operation(elementwise_op::exp, 0)}),
                      Catch::Contains("operand 1 is used by no node"));
    CHECK_THROWS_WITH(run({operand_node(0), operand_node(1)}),
                      Catch::Contains("the last node, the result, is operand 1"));
    CHECK_THROWS_WITH(run({operand_node(0), operand_node(1), operation(elementwise_op::copy, 0)}),
                      Catch::Contains("node 2 is copy"));
    const elementwise_operand mismatched[2] = {operands[0], tiles::detail::elementwise_operand_of(b)};
    const std::vector<fused_node> sum{operand_node(0), operand_node(1), operation(elementwise_op::add, 0, 1)};
    CHECK_THROWS_WITH(tiles::algorithms::fused(view.context(), mismatched, 2, sum.data(), sum.size(),
                                               tiles::detail::elementwise_operand_of(out)),
                      Catch::Contains("could not be broadcast together with shapes (3,4) (4,3)"));
}

TEST_CASE_METHOD(fresh_view, "tiles::fuse chains operators and functions into one launch of the unfused bits",
                 "[elementwise][fused]") {
    const int rows = 5, columns = 11;
    const std::vector<float> x = random_floats(rows * columns, 12), y = random_floats(columns, 13);
    tiles::array<float, 2> a(tiles::extent<2>(rows, columns), x.begin(), view);
    tiles::array_view<const float, 2> row(tiles::extent<2>(1, columns), y);
    view.wait();
    const std::uint64_t before = view.counters().launches;
    const tiles::array<float, 2> fused = tiles::exp(tiles::fuse(a)) * 2 + 1 - tiles::fuse(row) / 4;
    CHECK(view.counters().launches - before == 1);
    const std::vector<float> got = fused, unfused = tiles::exp(a) * 2.0f + 1.0f - row / 4.0f;
    CHECK(got == unfused);
    for (std::size_t i = 0; i < x.size(); ++i)
        CHECK(std::fabs(got[i] - (std::exp(x[i]) * 2 + 1 - y[i % columns] / 4)) <= 1e-6f * (std::exp(x[i]) * 2 + 2));
}

TEST_CASE_METHOD(fresh_view, "tiles::fuse takes a number into an integer expression only where it stays that number",
                 "[elementwise][fused][refusal]") {
    const std::vector<int> x = {1, 2, 3, 4};
    tiles::array<int, 1> a(tiles::extent<1>(4), x.begin(), view);
    const std::vector<int> doubled = tiles::array<int, 1>(tiles::fuse(a) * 2.0);
    CHECK(doubled == std::vector<int>{2, 4, 6, 8});
    REQUIRE_THROWS_MENTIONING(static_cast<void>(tiles::array<int, 1>(tiles::fuse(a) * 2.5)), tiles::invalid_argument,
                              "the number 2.5", "integer element type");
    tiles::array<std::uint8_t, 1> bytes(tiles::extent<1>(4), view);
    REQUIRE_THROWS_MENTIONING(static_cast<void>(tiles::array<std::uint8_t, 1>(tiles::fuse(bytes) + 300)),
                              tiles::invalid_argument, "the number 300");
}
