// tiles-amp: the preprocessor's part of the parse. The macros the user defines (in the source, its
// headers or with -D), where the source expands them, and where it writes restrict(...), which the
// host's text loses.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "plan.hpp"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

namespace tiles_amp {

struct macro_log {
    std::map<std::string, device_block> definitions;          // the user's macros, as #define lines
    std::vector<std::pair<unsigned, std::string>> expansions; // in the main file: where, which
    std::vector<span> restrict_marks;

    // The macros the text in `within` expands, with those their definitions name, as block keys.
    std::set<std::string> used_in(const span& within) const;
};

// Fills `log` while `preprocessor` runs.
std::unique_ptr<clang::PPCallbacks> record_macros(clang::Preprocessor& preprocessor, macro_log& log);

} // namespace tiles_amp
