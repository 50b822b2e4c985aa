// libtiles' CUDA backend: the PTX NVIDIA's OpenCL makes, rewritten so that libcuda launches it
// (cuda_launch.hpp). Each rewrite is a text transform of its own, tested alone.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace tiles::cuda {

// The module-scope `.shared` array of .b8 whose name ends in "_" + `array` (NVIDIA's OpenCL names
// a kernel's tile_static array "<kernel>_$_<array>") and which is declared with `declared_bytes`
// bytes, made the module's dynamic shared memory: its line removed, and
// ".extern .shared .align 1024 .b8 <name>[];" declared after the ".address_size" line, its size
// then given at launch and past OpenCL's 48 KiB. 1024-byte aligned, as TMA's 128-byte swizzle
// wants. Nothing where no such array is declared, or more than one.
std::optional<std::string> ptx_with_dynamic_shared(const std::string& ptx, const std::string& array,
                                                   std::size_t declared_bytes);

// Every read of NVIDIA's OpenCL environment registers (%envreg0, ...) made 0. Its launches set
// them to the offsets of the NDRange (get_group_id(0) is %ctaid.x + %envreg0); libcuda's launches
// do not, and leave them other than 0, so the offsets libtiles never uses are written as 0.
std::string ptx_without_environment_registers(const std::string& ptx);

} // namespace tiles::cuda
