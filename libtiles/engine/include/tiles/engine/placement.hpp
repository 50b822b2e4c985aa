// libtiles: where an array view's elements lie in the storage beneath it, untyped, as numpy keeps
// it for its arrays: the byte offset of the first element and the byte stride of each dimension.
// Sections, projections, view_as and reinterpret_as make new placements from old ones; the
// storage engine moves the one box of the storage that holds a view's elements, and a launch
// takes them from it as one rectangle in rows of their own length.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "tiles/engine/storage.hpp"

namespace tiles::engine {

// The elements of a view of rank `rank`: extent[d] of them along dimension d, each element_size
// bytes, the first `offset` bytes from the storage's first byte and the next along dimension d
// stride[d] bytes further. Pointers into the caller's arrays, read during each call.
struct placement {
    std::size_t offset;
    int rank;
    const int* extent;
    const std::size_t* stride;
    std::size_t element_size;
};

// Where a view's elements lie, as the storage engine moves them: `region`, the box of the storage
// that holds them, which moves whole and is kept coherent; and, where they are not all of it (a
// section of a reshaped view whose rows are longer than the section, as a matrix's leading
// dimension makes them), `elements`, the same bytes laid out in rows of the view's own length, in
// which they are one box: what a launch passes and a copy moves.
struct view_boxes {
    box region;
    folded_box elements;
};

// The boxes of `s` that hold the placement's elements, in the placement's row-major order.
// invalid_argument, naming `made_by` ("a section", "view_as") and the numbers, where no rows of
// the storage's bytes hold them as one box (a section that cuts into dimensions that view_as
// folded together, or part of an element's bytes).
view_boxes boxes_of(const storage& s, const placement& p, const char* made_by);

// The offset, in elements, of the placement's first element in `region` of `s` held dense and
// row-major (a section of a reshaped view read in its region, as numpy reads a strided view).
std::size_t offset_in_region(const storage& s, const box& region, const placement& p);

// The byte strides of dense row-major data of `extent` (the whole of new data, and view_as).
void dense_strides(int rank, const int* extent, std::size_t element_size, std::size_t* stride);

// The byte offset of the element at `at` (rank components) of the placement.
std::size_t offset_of(const placement& p, const int* at);

// Checks a projection (C++ AMP's av[i] on a view of rank 2 or more) of index i.
void check_projection(const placement& p, int i);

// Checks that the placement's elements are dense and row-major, as view_as and reinterpret_as
// need; `what` names the call in the message, its functions marked (tiles/marked_names.hpp).
void check_dense(const placement& p, const std::string& what);

// Checks a view_as to `extent` (new_rank components): positive, and no more elements than the
// view has (the new view covers its first ones).
void check_view_as(const placement& p, int new_rank, const int* extent);

// The number of elements of new_element_size bytes that reinterpret_as makes of the placement's
// elements; invalid_argument unless they divide its bytes exactly.
int reinterpreted_count(const placement& p, std::size_t new_element_size);

// Whether the placement is all of `s`, dense, in the storage's own element layout `layout`:
// what the tiled algorithms, which read whole storages, take.
bool is_whole(const storage& s, const placement& p, element_layout layout);

} // namespace tiles::engine
