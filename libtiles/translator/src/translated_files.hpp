// tiles-amp: which files a translation rewrites. The source, and the headers of the user's that it
// includes from its own folder or below (directly or through another such header): their kernels
// and restrict(amp) code are the program's as much as the source's. System headers and libtiles'
// own (read by the prelude, before the source) are not.
#pragma once

#include <string>

#include "clang/Basic/SourceManager.h"

namespace tiles_amp {

// `name` as an absolute path, without . and .. (as translated_file gives it).
std::string absolute_path(llvm::StringRef name);

// The absolute path of the file `at` lies in (its expansion), where tiles-amp translates that
// file, else "".
std::string translated_file(const clang::SourceManager& sm, clang::SourceLocation at);

// Where the translation of `file` goes: `output` for the source, the same path below `output`'s
// folder as `file` has below `source`'s for a header.
std::string translated_path(const std::string& file, const std::string& source, const std::string& output);

} // namespace tiles_amp
