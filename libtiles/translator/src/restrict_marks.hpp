// tiles-amp: C++ AMP's restrict(...) as the parse sees it, an annotation on the function or lambda
// (analysis_prelude.hpp).
#pragma once

#include <string>

#include "clang/AST/Decl.h"

namespace tiles_amp {

// Whether `d` is marked restrict(... amp ...), and restrict(... cpu ...); restrict(auto) is both.
bool runs_on_device(const clang::Decl* d);
bool runs_on_host(const clang::Decl* d);
// Whether `d` carries a restrict(...) at all.
bool is_restricted(const clang::Decl* d);

// `text` with each lambda's `mutable restrict(...)` as `restrict(...) mutable`, of the same length
// and lines: clang reads an attribute after `mutable` as the type's and fails on restrict(amp)'s
// enable_if there, so the parse reads the mark first (the kernel's text drops `mutable`).
std::string restrict_before_mutable(std::string text);

} // namespace tiles_amp
