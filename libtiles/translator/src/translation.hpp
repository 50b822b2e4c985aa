// tiles-amp: the translated source the host's compiler builds, and its translated headers. The
// user's text, line for line (a #line directive names the user's file): each kernel in TILES_LAMBDA
// or TILES_FUNCTOR with the uses the parse found, device-only functions blanked out, restrict(...)
// removed; and ahead of the source's text the device code the kernels of every file name, as text.
#pragma once

#include <string>

#include "plan.hpp"

namespace tiles_amp {

// The translation of `file`, the source or a header of p.files.
std::string translate(const plan& p, const std::string& file);

} // namespace tiles_amp
