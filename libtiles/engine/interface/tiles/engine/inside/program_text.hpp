// libtiles engine: what the engine reads in the text of the programs it builds, for the
// algorithms that write such text themselves: the file name of a kernel's own lines, and the
// marker of an sm_90a instruction.
#pragma once

namespace tiles::engine {

// The file name kernels' own lines carry (`#line 1 "kernel"` follows the prelude), which tells
// them apart from the prelude's in compiler and simulator messages.
inline constexpr const char* kernel_source_name = "kernel";

// The marker that opens an sm_90a instruction in an OpenCL C program's inline asm, as a PTX
// comment to the driver's compiler: "// TILES_SM90A ".
extern const char* const sm90a_marker;

} // namespace tiles::engine
