// libtiles algorithms: what a reduction kernel is made from (reduce_axes_source.cpp), and its source.
#pragma once

#include <cstddef>
#include <string>

#include "tiles/algorithms/reduce_axes.hpp"

namespace tiles::algorithms {

// One reduction kernel. The data comes as runs: the kept dimensions and the reduced ones, each with
// its stride in elements, neighbours that are one run merged, so any axes of any shape need only
// their ranks here. Each work-item combines one share of one result's elements (`shares` of them,
// consecutive in the reduced order), which a second launch of another description combines. Where
// `group` is not 0, a work-group of that many (a power of two) combines each share instead: one
// reduced run of stride 1, read by neighbouring work-items at neighbouring elements (coalesced on
// GPUs), their results combined pairwise in __local memory.
//
// argmin and argmax find a position: in one pass, or in two where a result's elements are split
// into shares, the first writing each share's best value beside its position, the second finding
// the best of the shares' values and taking its position from those the first wrote. Ties go to the
// first position and the first NaN wins, as numpy's do, whatever the order work-items meet them in.
enum class position_pass { single, shares, of_shares };

struct reduction_description {
    axis_reduction op;
    array_dtype stored;      // the data's dtype
    array_dtype accumulated; // the dtype values are combined (positions compared) in
    array_dtype output;      // the dtype written: the result's, or a share's (accumulated)
    int kept;                // ranks of the runs, 1 or more
    int reduced;
    int group = 0;
    position_pass pass = position_pass::single; // argmin and argmax only
    // numpy's where=: a bool mask read beside the data by strides of its own; an element it leaves out
    // counts as the identity (a mean's divisor is the number it leaves in, counted by the kernel)
    bool masked = false;
    bool initial = false; // numpy's initial=: combined with each result, a parameter in the accumulated dtype
    // each work-item combines at most one block of a pairwise sum (pairwise_block elements), so that
    // its kernel keeps no stack of the blocks' sums
    bool one_block = false;
};

// Elements each block of a pairwise sum adds one after another (numpy's blocks are of 128).
constexpr std::size_t pairwise_block = 32;

// What a scan's kernel shares with a reduction's: the expression that combines x and y of the
// accumulated dtype (unsupported_feature where the kernels have none), the value that leaves a
// combination as it is, and the data's element at `at`, as the accumulated dtype.
std::string combination(const reduction_description& d);
std::string identity(const reduction_description& d);
std::string element(const reduction_description& d, const std::string& at);

// The key a description's kernel is kept under.
std::string key_of(const reduction_description& d);

// The OpenCL C of the kernel "tiles_reduce_axes". Parameters: out, in (argmin and argmax: out,
// the shares' best values where pass is shares, in, the shares' positions where pass is of_shares),
// the mask (uchar) where masked, initial= (as the elementwise kernels take a scalar of the
// accumulated dtype) where given, a mean's divisor (of the real type of `accumulated`; none where
// masked), the number of results, of shares, the elements of a share, the kept runs' extents 1..,
// the kept strides, the reduced extents and the reduced strides (ulong), then where masked the
// mask's kept and reduced strides.
// Work-group i (where `group`) combines share i % shares of result i / shares; work-item i, share
// i / outputs of result i % outputs. Either writes the share's result to out[result * shares + share].
// unsupported_feature where the kernels lack the combining expression.
std::string reduction_source(const reduction_description& d);

} // namespace tiles::algorithms
