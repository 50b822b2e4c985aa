// tiles-amp: which files a translation rewrites. The source, and the headers of the user's that it
// includes (directly or through another such header), wherever they lie: beside it, in a folder
// beside its own (`../inc/blas.hpp`), or found through an include path. Their kernels and
// restrict(amp) code are the program's as much as the source's. System headers and libtiles' own
// (those the prelude reads, and any other below the folder that holds `tiles/amp.hpp`) are not.
#pragma once

#include <string>

#include "clang/Basic/SourceManager.h"

namespace tiles_amp {

// `name` as an absolute path, without . and .. (as translated_file gives it).
std::string absolute_path(llvm::StringRef name);

// The absolute path of the file `at` lies in (its expansion), where tiles-amp translates that
// file, else "".
std::string translated_file(const clang::SourceManager& sm, clang::SourceLocation at);

// Where the translation of `file` goes: `output` for the source; for a header, its absolute path
// below `output`'s own folder of headers (`main.cpp.headers/...`). Each source's translation has
// its headers to itself, so two sources of one target never write the same file, and the
// translation's #include directives name these paths, so no include path finds the originals.
std::string translated_path(const std::string& file, const std::string& source, const std::string& output);

} // namespace tiles_amp
