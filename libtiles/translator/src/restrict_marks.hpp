// tiles-amp: C++ AMP's restrict(...) as the parse sees it, an annotation on the function or lambda
// (analysis_prelude.hpp).
#pragma once

#include "clang/AST/Decl.h"

namespace tiles_amp {

// Whether `d` is marked restrict(... amp ...), and restrict(... cpu ...); restrict(auto) is both.
bool runs_on_device(const clang::Decl* d);
bool runs_on_host(const clang::Decl* d);
// Whether `d` carries a restrict(...) at all.
bool is_restricted(const clang::Decl* d);

} // namespace tiles_amp
