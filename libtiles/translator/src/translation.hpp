// tiles-amp: the translated source the host's compiler builds. The user's text, line for line (a
// #line directive names the user's file): each kernel a TILES_AMP_SITE call site (TILES_LAMBDA's
// and TILES_FUNCTOR's) with the uses the parse found and the kernel's text as written, with its
// line and column, device-only functions blanked out, restrict(...) removed; and ahead of it the
// device code those uses name, as text, with where it was written.
#pragma once

#include <string>

#include "plan.hpp"

namespace tiles_amp {

std::string translate(const plan& p, const std::string& source);

} // namespace tiles_amp
