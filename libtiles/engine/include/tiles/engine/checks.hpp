// libtiles engine: the argument checks the typed shells and the C API share, with messages that
// name the numbers.
#pragma once

#include <cstddef>
#include <string>

namespace tiles::engine {

// Throws invalid_argument for a division (or remainder) by `divisor` that int arithmetic cannot
// do: by zero, or INT_MIN by -1 (index and extent arithmetic).
void check_divisor(int dividend, int divisor, const char* operation);
// Checks a tile shape when a tiled extent is made; throws invalid_compute_domain naming the
// dimension.
void check_tile_shape(int rank, const int* tile_dims);
// `extent` (of dimension d) rounded up to a multiple of `tile`; throws invalid_compute_domain,
// naming the numbers, where that is beyond an int.
int padded_extent(int d, int extent, int tile);

// Empty if every component of the extent is positive, else a sentence naming the first that
// is not.
std::string extent_problem(int rank, const int* components, const char* what);
// Throws invalid_argument with extent_problem()'s sentence if there is one.
void check_extent(int rank, const int* components, const char* what);
// Throws invalid_argument unless a host range of `available` elements covers `needed`.
void check_host_range(std::size_t available, std::size_t needed, const char* what);
// Throws invalid_argument unless two element counts are equal (copies between containers).
void check_same_size(std::size_t source, std::size_t destination, const char* what);

// Throws invalid_argument saying that the extents of a copy's two sides differ.
[[noreturn]] void throw_extents_differ(const char* what);
// Throws invalid_argument unless the section at `origin` of extent `e` lies within `whole`.
void check_section(int rank, const int* origin, const int* e, const int* whole);

} // namespace tiles::engine
