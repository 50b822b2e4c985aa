// tiles-amp: the translated source the host's compiler builds. The user's text, line for line (a
// #line directive names the user's file): each kernel in TILES_LAMBDA or TILES_FUNCTOR with the
// uses the parse found, device-only functions blanked out, restrict(...) removed; and ahead of it
// the device code those uses name, as text.
#pragma once

#include <string>

#include "plan.hpp"

namespace tiles_amp {

std::string translate(const plan& p, const std::string& source);

} // namespace tiles_amp
