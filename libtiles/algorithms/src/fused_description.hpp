// libtiles algorithms: what a fused expression's kernel is made for (fused.cpp describes it,
// fused_source.cpp writes its OpenCL C): each node's operation with its loops, its operands'
// dtypes and layouts, the output's dtype and layout, and the rank where one of them is strided.
#pragma once

#include <string>
#include <vector>

#include "elementwise_table.hpp"

namespace tiles::algorithms {

// One node: an operand (`operand` >= 0), or an operation described as elementwise's are, with
// `stored` the dtype of each child's value and `layouts` scalar where the child is a scalar operand
// (its value then an argument in the loop's dtype), same otherwise.
struct fused_step {
    int operand = -1;
    elementwise_description d{};
    std::vector<int> children;
};
struct fused_description {
    std::vector<fused_step> steps;
    std::vector<array_dtype> stored;     // each operand's dtype
    std::vector<operand_layout> layouts; // each operand's
    array_dtype output;
    operand_layout written = operand_layout::same;
    int rank = 0; // the result's, where an operand or the output is strided; else 0
};

// The dtype of node `n`'s value in the kernel: its operation's result, or its operand's dtype
// (float16 read as float32).
array_dtype value_type(const fused_description& d, std::size_t n);
// The key a description's kernel is kept under, and its OpenCL C: the kernel "tiles_fused", its
// parameters the output, each data operand, each scalar child of each operation (in node order),
// then elementwise_source()'s dimensions and places of the strided operands and output.
std::string key_of(const fused_description& d);
std::string fused_source(const fused_description& d);

} // namespace tiles::algorithms
