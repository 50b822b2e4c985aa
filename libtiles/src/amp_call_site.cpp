// libtiles: what TILES_LAMBDA and TILES_FUNCTOR make of a C++ AMP call site (tiles/amp.hpp): the
// kernel function of a C++ kernel source (amp_program.hpp), composed of the device code, the
// constants and the lambda or functor. A macro's text comes on one line with its comments dropped;
// where the source file can be read, the same text is found in it, so that the device compiler's
// messages name its own lines and columns. tiles-amp's translations give the text as written, with
// its column, and no file is read.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <sstream>

#include "base/regular_file.hpp"
#include "tiles/amp.hpp"
#include "tiles/detail/amp_kernel_text.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::amp_detail {
namespace {

// The characters of `text` that are not white space or comments (string and character literals
// kept whole), each with its offset in `text`: what is left of a source once the preprocessor has
// made it into tokens, and of a macro's argument once # has made it into a string.
std::vector<std::pair<char, std::size_t>> significant(const std::string& text) {
    std::vector<std::pair<char, std::size_t>> kept;
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n;) {
        const char c = text[i];
        if (c == '\\' && i + 1 < n && text[i + 1] == '\n') {
            i += 2;
        } else if (c == '/' && i + 1 < n && text[i + 1] == '/') {
            while (i < n && text[i] != '\n') ++i;
        } else if (c == '/' && i + 1 < n && text[i + 1] == '*') {
            const std::size_t close = text.find("*/", i + 2);
            i = close == std::string::npos ? n : close + 2;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (c == '"' || (c == '\'' && !(i > 0 && std::isalnum(static_cast<unsigned char>(text[i - 1]))))) {
            kept.push_back({c, i});
            for (++i; i < n && text[i] != c && text[i] != '\n'; ++i) {
                kept.push_back({text[i], i});
                if (text[i] == '\\' && i + 1 < n) {
                    ++i;
                    kept.push_back({text[i], i});
                }
            }
            if (i < n) kept.push_back({text[i], i});
            ++i;
        } else {
            kept.push_back({c, i++});
        }
    }
    return kept;
}

// `stringized`, the text # made of a macro's argument written in `file` near `line`: the same
// tokens in the file, with their lines, columns and comments, where the file holds them; else the
// text on the line the macro gives.
placed_text place(const std::string& stringized, const std::string& file, int line) {
    const placed_text as_given{stringized, file, line, 1};
    std::optional<std::string> source = engine::read_regular_file(file, std::uint64_t(64) << 20);
    // A relative __FILE__ (ccache's base_dir makes them) is relative to where the compiler ran,
    // most often where the program was linked too.
    std::string found_at = file;
    if (!source && !file.empty() && file[0] != '/') {
        std::error_code error;
        const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", error);
        if (!error) {
            found_at = (program.parent_path() / file).lexically_normal().string();
            source = engine::read_regular_file(found_at, std::uint64_t(64) << 20);
        }
    }
    if (!source) return as_given;
    const auto wanted = significant(stringized);
    const auto found = significant(*source);
    if (wanted.empty() || found.size() < wanted.size()) return as_given;
    std::string wanted_chars, found_chars;
    for (const auto& [c, at] : wanted) wanted_chars += c;
    for (const auto& [c, at] : found) found_chars += c;
    const auto line_of = [&](std::size_t offset) {
        return 1 + int(std::count(source->begin(), source->begin() + long(offset), '\n'));
    };
    std::size_t best = std::string::npos;
    int best_distance = 0;
    for (std::size_t at = found_chars.find(wanted_chars); at != std::string::npos;
         at = found_chars.find(wanted_chars, at + 1)) {
        const int distance = std::abs(line_of(found[at].second) - line);
        if (best == std::string::npos || distance < best_distance) best = at, best_distance = distance;
    }
    if (best == std::string::npos) return as_given;
    const std::size_t begin = found[best].second;
    const std::size_t end = found[best + wanted.size() - 1].second + 1;
    const std::size_t line_start = source->rfind('\n', begin == 0 ? 0 : begin - 1);
    const std::size_t column = begin - (line_start == std::string::npos || begin == 0 ? 0 : line_start + 1) + 1;
    return {source->substr(begin, end - begin), found_at, line_of(begin), column};
}

// `text` written at file:line:column: as given where the column is known (tiles-amp gives the text
// exactly as written), else found in the file.
placed_text placed(const std::string& text, const std::string& file, int line, int column) {
    return column > 0 ? placed_text{text, file, line, std::size_t(column)} : place(text, file, line);
}

// The names of a uses list as written, "(matrix, averages, TILES_CONSTANT(N))": split at the
// commas outside brackets.
std::vector<std::string> names_of(const std::string& uses) {
    std::vector<std::string> names;
    std::string current;
    int depth = 0;
    for (std::size_t i = 1; i + 1 < uses.size(); ++i) {
        const char c = uses[i];
        if (c == '(' || c == '[' || c == '{' || c == '<') ++depth;
        if (c == ')' || c == ']' || c == '}' || c == '>') --depth;
        if (c == ',' && depth == 0) {
            names.push_back(current);
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.empty() || !names.empty()) names.push_back(current);
    for (std::string& n : names) {
        const std::size_t first = n.find_first_not_of(" \t\n");
        n = first == std::string::npos ? "" : n.substr(first, n.find_last_not_of(" \t\n") - first + 1);
    }
    return names;
}

bool is_identifier(const std::string& s) {
    return !s.empty() && (std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_') &&
           std::all_of(s.begin(), s.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// `wanted` for `site`, or, where another call site or a kernel the build compiled has that name, it
// with the first free suffix _2, _3 ...: a kernel's name tells it apart in the log, in errors and
// in checked mode.
std::string unique_kernel_name(const void* site, const std::string& wanted) {
    static std::mutex mutex;
    static std::map<std::string, const void*> taken;
    const std::lock_guard<std::mutex> lock(mutex);
    std::string name = wanted;
    for (int n = 2;; ++n) {
        if (!is_built_kernel_name(name)) {
            const auto [at, inserted] = taken.emplace(name, site);
            if (inserted || at->second == site) return name;
        }
        name = wanted + "_" + std::to_string(n);
    }
}

} // namespace

std::string device_type_name(element_type type, const std::string& pretty_function) {
    if (type != element_type::opaque) return opencl_name(type);
    // GCC: "... [with T = ns::Description; ...]"; clang: "... [T = ns::Description]".
    const std::size_t at = pretty_function.find("T = ");
    if (at == std::string::npos) return "";
    std::string name = pretty_function.substr(at + 4, pretty_function.find_first_of(";]", at) - at - 4);
    for (const char* prefix : {"struct ", "class "})
        if (name.rfind(prefix, 0) == 0) name.erase(0, std::string(prefix).size());
    // C++ AMP's short vectors keep their namespace, which the device has too.
    if (name.rfind("concurrency::graphics::", 0) == 0) return name;
    int depth = 0;
    std::size_t last = 0;
    for (std::size_t i = 0; i + 1 < name.size(); ++i) {
        if (name[i] == '<') ++depth;
        if (name[i] == '>') --depth;
        if (depth == 0 && name[i] == ':' && name[i + 1] == ':') last = i + 2;
    }
    return name.substr(last);
}

kernel call_site::make_kernel(const std::vector<use>& uses, const std::vector<use>& constructor) const {
    const std::string where = std::string(file_) + ":" + std::to_string(line_);
    const std::vector<std::string> names = names_of(uses_);
    kernel_parts parts;
    parts.functor = form_ == functor_form;
    parts.line = line_;
    for (std::size_t i = 0; i < uses.size(); ++i) {
        const use& u = uses[i];
        if (u.what == use::kind::constant) {
            parts.constants.push_back(u.text);
        } else if (u.what == use::kind::code) {
            parts.code.push_back(placed(u.text, u.file, u.line, u.column));
        } else if (u.what == use::kind::view_struct) {
            std::istringstream words(u.text);
            std::string name, member;
            std::vector<std::string> members;
            words >> name;
            while (words >> member) members.push_back(member);
            if (members.size() != u.member_types.size())
                throw tiles::invalid_argument("TILES_LAMBDA at " + where + ": the struct '" + name + "' names " +
                                              std::to_string(members.size()) + " members and passes " +
                                              std::to_string(u.member_types.size()));
            add_view_struct(parts, u.type, name, members, u.member_types);
        } else {
            if (form_ == functor_form)
                throw tiles::invalid_argument(
                    "TILES_FUNCTOR at " + where + " names '" + names[i] +
                    "' among its uses: a functor takes its data through its constructor's arguments");
            if (i >= names.size() || !is_identifier(names[i]))
                throw tiles::invalid_argument("TILES_LAMBDA at " + where +
                                              ": a capture is named by its variable, not '" +
                                              (i < names.size() ? names[i] : std::string()) + "'");
            parts.parameters.push_back(u.type + " " + names[i]);
        }
    }
    for (const use& c : constructor) parts.constructor_types.push_back(c.type);
    // The lambda as written, and the kernel function's name: the one the build gave its text (without
    // a name yet), where it was compiled ahead, which instances of one text share; else the enclosing
    // function's and the line of the lambda (or the wrapper), unique in the process.
    parts.written = form_ == lambda_form ? placed(text_, file_, line_, column_) : placed_text{text_, file_, line_, 1};
    const std::string built = built_kernel_name(kernel_text(parts, where));
    parts.name = built.empty() ? unique_kernel_name(this, kernel_name(function_, parts.written.line)) : built;
    return kernel(kernel_text(parts, where), parts.name, "", kernel_language::cpp);
}

} // namespace tiles::amp_detail
