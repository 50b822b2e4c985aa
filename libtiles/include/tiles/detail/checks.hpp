// libtiles: argument checks the typed shells share, with messages that name the numbers.
#pragma once

#include <cstddef>
#include <string>

namespace tiles::detail {

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

} // namespace tiles::detail
