// libtiles algorithms: a leaf of qr's panel (qr_panel.hpp) too tall for one work-group, factored
// column by column by kernels spread over many work-groups, as MAGMA's and cuSOLVER's geqr2 do
// on tall panels. Its output is qr_leaf's, so the recursion above the leaves is the same.
#pragma once

#include <memory>
#include <string>

#include "support.hpp"

namespace tiles::algorithms {

// What a leaf's kernels are built with (qr_panel.cpp's kernel_options), the panel (a compact
// rows x width matrix) and its triangle T (width x width).
struct leaf_panel {
    const std::shared_ptr<context>& work_context;
    element_type type;
    std::string options;
    const std::shared_ptr<storage>& data;
    int rows, width;
    const std::shared_ptr<storage>& t;
};

// Factors the panel's columns first .. first + count - 1 (count at most the leaf width, 16) from
// row first down in place, and writes their rows of T, as qr_leaf does, over many work-groups of
// `work_items` work-items each (a multiple of 16): a launch a column and 1 more.
void factor_tall_leaf(const leaf_panel& p, int first, int count, int work_items);

} // namespace tiles::algorithms
