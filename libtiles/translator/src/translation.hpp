// tiles-amp: the translated source the host's compiler builds, and its translated headers. The
// user's text, line for line (a #line directive names the user's file): each kernel a
// TILES_AMP_SITE call site (TILES_LAMBDA's and TILES_FUNCTOR's) with the uses the parse found and
// the kernel's text as written, with its line and column, device-only functions blanked out,
// restrict(...) removed; and ahead of the source's text the device code the kernels of every file
// name, as text, with where it was written.
#pragma once

#include <string>

#include "plan.hpp"

namespace tiles_amp {

// The translation of `file`, the source or a header of p.files.
std::string translate(const plan& p, const std::string& file);

} // namespace tiles_amp
