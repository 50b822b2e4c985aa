// libtiles: C++ AMP's direct3d_errorf and direct3d_abort on the host, and view_as refused in a
// kernel. A kernel whose program calls them takes a failure record as its last, hidden, parameter
// (amp_program.hpp); the first work-item that fails fills it in (the C++ prelude's tiles_fail), and
// the launch reads it once the kernel has run and throws what it says.
#pragma once

#include <string>

#include "context/context.hpp"
#include "programs/kernel_cache.hpp"

namespace tiles::engine {

// The record's 32-bit words, as tiles_fail writes them: what failed (0 nothing, 1 direct3d_errorf,
// 2 direct3d_abort, 3 view_as), the number of arguments, each argument's kind (1 an int, 2 a uint,
// 3 a float, 4 a double, 5 a long, 6 a ulong), each one's 64 bits (low word first), then the
// format's first 255 bytes, ended by a zero. It holds C++ AMP's most arguments, 7 (the program is
// composed with TILES_FAILURE_ARGUMENTS defined as this).
inline constexpr std::size_t failure_record_arguments = 7;
inline constexpr std::size_t failure_record_bits = 2 + failure_record_arguments;     // the first argument's bits
inline constexpr std::size_t failure_record_text = 2 + 3 * failure_record_arguments; // the format's first word
inline constexpr std::size_t failure_record_words = failure_record_text + 256 / 4;

// Binds the kernel's failure record, all zeros, as its argument `index` (made at its first launch).
void bind_failure_record(const context& ctx, compiled_kernel& k, cl_uint index);

// Waits for the kernel's run and reads its failure record: "" where no work-item failed, else the
// message of the failure (below), the record cleared for the next launch.
std::string take_recorded_failure(const context& ctx, compiled_kernel& k);

// The message of a failure record (as above) of kernel `kernel`; "" where nothing failed.
std::string failure_message(const cl_uint* record, const std::string& kernel);

} // namespace tiles::engine
