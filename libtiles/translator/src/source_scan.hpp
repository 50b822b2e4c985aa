// tiles-amp: the AST's part of the parse. Every parallel_for_each kernel of the main file (a
// restrict(amp) lambda taking an index, or a functor whose operator() is restrict(amp)), what it
// captures, the constants, template parameters, functions, types and enums it reaches, and the
// calls from device code to functions that are not restrict(amp); the device-only code the host's
// text loses.
#pragma once

#include "macro_log.hpp"
#include "plan.hpp"
#include "clang/AST/ASTContext.h"

namespace tiles_amp {

// Adds to `out` (whose macros the preprocessor recorded in `macros`) what `context` holds.
void scan_source(clang::ASTContext& context, const macro_log& macros, plan& out);

} // namespace tiles_amp
