// libtiles: C++ kernels for devices without OpenCL's generic address space (Oclgrind), in SPIR's
// LLVM text: what LLVM's InferAddressSpaces pass does on targets that name a flat address space,
// which SPIR does not (so clang leaves a generic pointer wherever a reference was not inlined away).
#pragma once

#include <string>

namespace tiles::engine {

// `ir` with each pointer made generic from one of a known address space, and what only loads,
// stores, element pointers, bitcasts and debug records derive from it, in that space; functions
// that nothing calls and that are no kernel left out. What merges pointers (phi, select) or passes
// them to a call keeps its generic pointers.
std::string with_specific_address_spaces(std::string ir);

} // namespace tiles::engine
