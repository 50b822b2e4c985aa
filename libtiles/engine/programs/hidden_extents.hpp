// libtiles: the extents of a kernel's arrays and views, which libtiles passes to kernels as
// hidden trailing parameters so that the prelude's extent_of(p) is C++ AMP's av.extent.
#pragma once

#include <string>

namespace tiles::engine {

// The prefix of the hidden parameters' names: the extent of parameter `in` is `tiles_extent_in`.
inline constexpr const char* hidden_extent_prefix = "tiles_extent_";

// `source` with, at the end of the parameter list of each kernel it defines, one hidden parameter
// `tiles_extent tiles_extent_<name>` for each of its pointer parameters <name>, where `source`
// uses extent_of; `source` as it is otherwise. The rewrite keeps every line and column of the
// kernel's own text where it was: the hidden parameters end their line, and a
// `#line <line> "<file_name>"` then puts the parameter list's closing parenthesis back at its
// line and column. Kernels defined by macros, and kernels whose parameters it cannot read, are
// left as they are (their extent_of does not compile).
std::string with_hidden_extents(const std::string& source, const char* file_name);

} // namespace tiles::engine
