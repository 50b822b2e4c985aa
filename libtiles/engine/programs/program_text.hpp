// libtiles engine: what the engine reads in the text of the programs it builds, for the
// algorithms that write such text themselves: the file name of a kernel's own lines.
#pragma once

namespace tiles::engine {

// The file name kernels' own lines carry (`#line 1 "kernel"` follows the prelude), which tells
// them apart from the prelude's in compiler and simulator messages.
inline constexpr const char* kernel_source_name = "kernel";

} // namespace tiles::engine
