// libtiles: C++ AMP's direct3d_errorf and direct3d_abort on the host. A kernel whose program calls
// them takes a failure record as its last, hidden, parameter (amp_program.hpp); the first
// work-item that fails fills it in (the C++ prelude's tiles_fail), and the launch reads it once
// the kernel has run and throws what it says.
#pragma once

#include <string>

#include "kernel_cache.hpp"
#include "tiles/engine/inside/context.hpp"

namespace tiles::engine {

// The record's 32-bit words, as tiles_fail writes them: what failed (0 nothing, 1 direct3d_errorf,
// 2 direct3d_abort), the number of arguments, each argument's kind (1 an int, 2 a uint, 3 a float,
// 4 a double, 5 a long, 6 a ulong) and its 64 bits (low word first), then the format's first 255
// bytes, ended by a zero.
inline constexpr std::size_t failure_record_words = 14 + 256 / 4;

// Binds the kernel's failure record, all zeros, as its argument `index` (made at its first launch).
void bind_failure_record(const context& ctx, compiled_kernel& k, cl_uint index);

// Waits for the kernel's run and reads its failure record: "" where no work-item failed, else the
// message of the failure (below), the record cleared for the next launch.
std::string take_recorded_failure(const context& ctx, compiled_kernel& k);

// The message of a failure record (as above) of kernel `kernel`; "" where nothing failed.
std::string failure_message(const cl_uint* record, const std::string& kernel);

} // namespace tiles::engine
