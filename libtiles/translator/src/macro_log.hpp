// tiles-amp: the preprocessor's part of the parse. The macros the user defines (in the source, its
// headers or with -D), where the files tiles-amp translates expand them, where they write
// restrict(...), which the host's text loses, and what they #include.
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
    struct expansion {
        std::string file; // a translated file (translated_files.hpp)
        unsigned offset = 0;
        std::string name;
    };
    std::map<std::string, device_block> definitions; // the user's macros, as #define lines
    std::vector<expansion> expansions;
    std::map<std::string, std::vector<span>> restrict_marks; // by file
    // By translated file: where each of its #include directives stands, and the file it names,
    // read there or skipped (#pragma once, an include guard).
    std::map<std::string, std::vector<std::pair<unsigned, std::string>>> includes;
    // By translated file: the file name of each of its #include directives (with its quotes or
    // brackets) and the file it names, which the translation's directive names instead where that
    // file is translated too.
    std::map<std::string, std::map<span, std::string>> include_names;

    // The macros the text in `within` of `file` expands, with those their definitions name.
    std::set<std::string> used_in(const std::string& file, const span& within) const;
};

// Fills `log` while `preprocessor` runs.
std::unique_ptr<clang::PPCallbacks> record_macros(clang::Preprocessor& preprocessor, macro_log& log);

} // namespace tiles_amp
