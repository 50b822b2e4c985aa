// libtiles' CUDA backend: the sm_90a compile route, Hopper's own instructions (wgmma) from OpenCL
// C, which NVIDIA's OpenCL compiler does not target. The route registers with the engine through
// the backend (cuda_backend.cpp); programs that write such instructions mark them here.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "engine_names.hpp"
#include "routes/compile_route.hpp"

namespace tiles::cuda {

// The marker that opens an sm_90a instruction in an OpenCL C program's inline asm, as a PTX
// comment to the driver's compiler: "// TILES_SM90A ".
extern const char* const sm90a_marker;

// Whether an OpenCL C program writes sm_90a instructions as the sm_90a route takes them: inline
// asm whose lines start with sm90a_marker.
bool uses_sm90a(const std::string& program_text);

// The sm_90a route's rewriting of the PTX the driver made for sm_90: the target line
// ".target sm_90..." becomes ".target sm_90a...", and each marker that begins a line (after
// blanks) is removed, so that the rest of the line is an instruction. Nothing where the PTX has no
// target line for sm_90 (another architecture, or no PTX).
std::optional<std::string> ptx_for_sm90a(const std::string& ptx);

// On a device of compute capability 9.0: the program built for sm_90, its PTX rewritten
// (ptx_for_sm90a) and built again from the text. Throws unsupported_feature, saying why, on other
// devices and where the driver's PTX is not for sm_90 or the driver refuses the rewritten text.
std::unique_ptr<compile_route> make_sm90a_route();

} // namespace tiles::cuda
