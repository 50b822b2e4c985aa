// libtiles: reading C++ kernel sources and generating their programs (amp_program.hpp). The source is
// read by a small lexer (comments, literals, directives), enough to find the kernel functions at
// its top level and their parameters and body; everything else is left to clang, whose messages
// keep the user's positions through #line.
#include "amp_program.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <iterator>
#include <sstream>

#include "failure_record.hpp"
#include "tiles/exceptions.hpp"

extern const char tiles_kernel_prelude_amp[];
extern const char tiles_kernel_amp_math[];
extern const char tiles_kernel_amp_direct3d[];
extern const char tiles_kernel_amp_short_vectors[];

namespace tiles::engine {
namespace {

struct token {
    enum class kind { identifier, number, literal, punctuation, directive } what;
    std::size_t begin, end;
};

std::string text_of(const std::string& s, const token& t) { return s.substr(t.begin, t.end - t.begin); }

bool identifier_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The tokens of `s`: comments and white space skipped, a preprocessor directive one token.
std::vector<token> tokenize(const std::string& s) {
    std::vector<token> tokens;
    bool line_start = true; // nothing but white space since the last line break
    std::size_t i = 0;
    const std::size_t n = s.size();
    while (i < n) {
        const char c = s[i];
        if (c == '\n') {
            line_start = true;
            ++i;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
            while (i < n && s[i] != '\n') ++i;
        } else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
            const std::size_t close = s.find("*/", i + 2);
            i = close == std::string::npos ? n : close + 2;
        } else if (c == '#' && line_start) {
            const std::size_t begin = i;
            while (i < n && (s[i] != '\n' || s[i - 1] == '\\')) ++i;
            tokens.push_back({token::kind::directive, begin, i});
        } else {
            line_start = false;
            const std::size_t begin = i;
            if (c == 'R' && i + 2 < n && s[i + 1] == '"') { // a raw string: R"delimiter( ... )delimiter"
                const std::size_t open = s.find('(', i + 2);
                const std::string close = ")" + s.substr(i + 2, open == std::string::npos ? 0 : open - i - 2) + "\"";
                const std::size_t end = open == std::string::npos ? std::string::npos : s.find(close, open);
                i = end == std::string::npos ? n : end + close.size();
                tokens.push_back({token::kind::literal, begin, i});
            } else if (identifier_start(c)) {
                while (i < n && identifier_char(s[i])) ++i;
                tokens.push_back({token::kind::identifier, begin, i});
            } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                       (c == '.' && i + 1 < n && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
                while (i < n && (identifier_char(s[i]) || s[i] == '.' || s[i] == '\'' ||
                                 ((s[i] == '+' || s[i] == '-') && std::strchr("eEpP", s[i - 1]) != nullptr)))
                    ++i;
                tokens.push_back({token::kind::number, begin, i});
            } else if (c == '"' || c == '\'') {
                for (++i; i < n && s[i] != c && s[i] != '\n'; ++i)
                    if (s[i] == '\\') ++i;
                i = std::min(n, i + 1);
                tokens.push_back({token::kind::literal, begin, i});
            } else {
                i += c == ':' && i + 1 < n && s[i + 1] == ':' ? 2 : 1;
                tokens.push_back({token::kind::punctuation, begin, i});
            }
        }
    }
    return tokens;
}

// The index of the token that closes the bracket opened at `open`, or tokens.size().
std::size_t matching(const std::string& s, const std::vector<token>& tokens, std::size_t open) {
    const char o = s[tokens[open].begin];
    const char c = o == '(' ? ')' : o == '[' ? ']' : o == '{' ? '}' : '>';
    int depth = 0;
    for (std::size_t i = open; i < tokens.size(); ++i) {
        if (tokens[i].what != token::kind::punctuation) continue;
        const char t = s[tokens[i].begin];
        if (t == o && tokens[i].end - tokens[i].begin == 1) ++depth;
        if (t == c && --depth == 0) return i;
    }
    return tokens.size();
}

// The OpenCL C name of a scalar type as C++ spells it, or "".
std::string opencl_scalar(const std::string& spelled) {
    static const std::pair<const char*, const char*> names[] = {
        {"char", "char"},           {"signed char", "char"}, {"unsigned char", "uchar"},
        {"uchar", "uchar"},         {"short", "short"},      {"unsigned short", "ushort"},
        {"ushort", "ushort"},       {"int", "int"},          {"unsigned int", "uint"},
        {"unsigned", "uint"},       {"uint", "uint"},        {"long", "long"},
        {"unsigned long", "ulong"}, {"ulong", "ulong"},      {"float", "float"},
        {"double", "double"},       {"half", "half"}};
    for (const auto& [cpp, opencl] : names)
        if (spelled == cpp) return opencl;
    return "";
}

std::string trimmed(const std::string& s) {
    const std::size_t first = s.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return "";
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

// The options' -D and -U as directives, and the rest of them.
std::pair<std::string, std::string> split_defines(const std::string& options) {
    std::vector<std::string> words;
    std::string word;
    bool quoted = false;
    for (const char c : options) {
        if (c == '"') quoted = !quoted;
        if (!quoted && std::isspace(static_cast<unsigned char>(c))) {
            if (!word.empty()) words.push_back(word);
            word.clear();
        } else {
            word += c;
        }
    }
    if (!word.empty()) words.push_back(word);
    std::string directives, rest;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i];
        if ((w == "-D" || w == "-U") && i + 1 < words.size()) {
            words[i + 1] = w + words[i + 1];
            continue;
        }
        if (w.rfind("-D", 0) == 0 && w.size() > 2) {
            const std::size_t equals = w.find('=');
            directives += "#define " + w.substr(2, equals == std::string::npos ? std::string::npos : equals - 2) + " " +
                          (equals == std::string::npos ? "1" : w.substr(equals + 1)) + "\n";
        } else if (w.rfind("-U", 0) == 0 && w.size() > 2) {
            directives += "#undef " + w.substr(2) + "\n";
        } else {
            rest += (rest.empty() ? "" : " ") + w;
        }
    }
    return {directives, rest};
}

// C++ for OpenCL deduces a template's type parameter with the address space of its argument, so
// that `template <class T> T larger(const T& a, const T& b)` called with a tile_static element and a
// private value deduces T as both '__local unsigned int' and 'unsigned int' and is refused, where
// C++ AMP deduces 'unsigned int'. A parameter `const T& name` (or `T const& name`) of a function
// template, T one of its type parameters, is therefore passed by value on the device (its '&' blanked
// in `blanked`): deduction from a value drops the address space, and reading it gives the same.
void pass_template_references_by_value(const std::string& s, const std::vector<token>& tokens, std::string& blanked) {
    const auto text = [&](std::size_t i) { return s.substr(tokens[i].begin, tokens[i].end - tokens[i].begin); };
    const auto is = [&](std::size_t i, const char* spelled) { return i < tokens.size() && text(i) == spelled; };
    for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
        if (!is(i, "template") || !is(i + 1, "<")) continue;
        const std::size_t close = matching(s, tokens, i + 1);
        std::vector<std::string> type_parameters;
        for (std::size_t j = i + 2; j + 1 < close; ++j)
            if ((is(j, "class") || is(j, "typename")) && tokens[j + 1].what == token::kind::identifier)
                type_parameters.push_back(text(j + 1));
        // The function's parameters: the first '(' after the template's head, before any body.
        std::size_t open = close + 1;
        while (open < tokens.size() && !is(open, "(") && !is(open, "{") && !is(open, ";") && !is(open, "="))
            open = is(open, "<") ? matching(s, tokens, open) + 1 : open + 1;
        if (open >= tokens.size() || !is(open, "(") || tokens[open - 1].what != token::kind::identifier) continue;
        const std::size_t parameters_close = matching(s, tokens, open);
        const auto is_type_parameter = [&](std::size_t j) {
            return std::find(type_parameters.begin(), type_parameters.end(), text(j)) != type_parameters.end();
        };
        std::size_t first = open + 1;
        int nesting = 0;
        for (std::size_t j = open + 1; j <= parameters_close && j < tokens.size(); ++j) {
            const std::string t = tokens[j].what == token::kind::punctuation ? text(j) : "";
            if (t == "(" || t == "[" || t == "{" || t == "<") ++nesting;
            if ((t == ")" || t == "]" || t == "}" || t == ">") && j != parameters_close) --nesting;
            if (!((t == "," && nesting == 0) || j == parameters_close)) continue;
            // [first, j): `const T & name` or `T const & name`, a default argument after it allowed.
            if (j >= first + 4 && tokens[first + 3].what == token::kind::identifier && is(first + 2, "&") &&
                ((is(first, "const") && is_type_parameter(first + 1)) ||
                 (is_type_parameter(first) && is(first + 1, "const"))))
                blanked[tokens[first + 2].begin] = ' ';
            first = j + 1;
        }
        i = close;
    }
}

} // namespace

amp_source::amp_source(const std::string& source, const std::string& options, const std::string& file_name)
    : source_(source), blanked_(source) {
    std::tie(defines_, options_) = split_defines(options);

    // Where each physical line is, and which file and line #line directives say it is.
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < source_.size(); ++i)
        if (source_[i] == '\n') line_starts_.push_back(i + 1);
    const std::vector<token> all_tokens = tokenize(source_);
    {
        const std::vector<token>& tokens = all_tokens;
        std::string file = file_name;
        int line = 1;
        std::size_t next_directive = 0;
        for (std::size_t l = 0; l < line_starts_.size(); ++l) {
            presumed_.push_back({file, line++});
            const std::size_t line_end = l + 1 < line_starts_.size() ? line_starts_[l + 1] : source_.size();
            for (; next_directive < tokens.size(); ++next_directive) {
                const token& t = tokens[next_directive];
                if (t.begin >= line_end) break;
                if (t.what != token::kind::directive || t.begin < line_starts_[l]) continue;
                std::istringstream directive(source_.substr(t.begin + 1, t.end - t.begin - 1));
                std::string word, quoted;
                int number = 0;
                directive >> word;
                if (word == "line")
                    directive >> number;
                else if (std::all_of(word.begin(), word.end(), [](char c) { return std::isdigit((unsigned char)c); }) &&
                         !word.empty())
                    number = std::stoi(word);
                if (number <= 0) continue;
                line = number;
                if (directive >> quoted && quoted.size() >= 2 && quoted.front() == '"')
                    file = quoted.substr(1, quoted.size() - 2);
            }
        }
    }

    // The code, without its directives (which may stand inside a kernel function's parameters).
    std::vector<token> tokens;
    std::copy_if(all_tokens.begin(), all_tokens.end(), std::back_inserter(tokens),
                 [](const token& t) { return t.what != token::kind::directive; });
    const auto text = [&](std::size_t i) { return source_.substr(tokens[i].begin, tokens[i].end - tokens[i].begin); };
    const auto is = [&](std::size_t i, const char* spelled) { return i < tokens.size() && text(i) == spelled; };
    const auto fail = [&](std::size_t offset, const std::string& message) {
        const std::size_t l =
            std::size_t(std::upper_bound(line_starts_.begin(), line_starts_.end(), offset) - line_starts_.begin() - 1);
        std::ostringstream os;
        os << presumed_[l].first << ":" << presumed_[l].second << ":" << offset - line_starts_[l] + 1
           << ": error: " << message;
        throw build_error("the C++ kernel source could not be read:\n" + os.str(), os.str(), CL_BUILD_PROGRAM_FAILURE);
    };

    // Whether the declaration of tokens [from, to) is of an index (of namespace concurrency or not).
    const auto is_index_declaration = [&](std::size_t from, std::size_t to) {
        for (std::size_t j = from; j < to; ++j) {
            if (is(j, "const") || is(j, "::") || is(j, "concurrency") || is(j, "Concurrency") || is(j, "tiles") ||
                is(j, "tiles_detail"))
                continue;
            return is(j, "index") || is(j, "tiled_index") || is(j, "launch_index");
        }
        return false;
    };

    // Kernel functions at the top level: void NAME(...) restrict(... amp ...) { ... } whose last
    // parameter is an index.
    int depth = 0;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const token& t = tokens[i];
        if (t.what == token::kind::punctuation && (is(i, "{") || is(i, "}"))) {
            depth += is(i, "{") ? 1 : -1;
            continue;
        }
        if (depth != 0 || !is(i, "void") || i + 2 >= tokens.size() || tokens[i + 1].what != token::kind::identifier ||
            !is(i + 2, "("))
            continue;
        const std::size_t close = matching(source_, tokens, i + 2);
        if (!is(close + 1, "restrict") || !is(close + 2, "(")) continue;
        const std::size_t restrict_close = matching(source_, tokens, close + 2);
        bool amp = false;
        for (std::size_t j = close + 3; j < restrict_close; ++j) amp = amp || is(j, "amp");
        if (!amp || !is(restrict_close + 1, "{")) continue;
        const std::size_t body_close = matching(source_, tokens, restrict_close + 1);
        if (body_close == tokens.size()) fail(tokens[restrict_close + 1].begin, "this kernel's body does not end");

        // The parameters, split at the commas outside brackets.
        std::vector<std::pair<std::size_t, std::size_t>> pieces; // token ranges [first, last)
        std::size_t first = i + 3;
        int nesting = 0;
        for (std::size_t j = i + 3; j <= close; ++j) {
            const std::string s = tokens[j].what == token::kind::punctuation ? text(j) : "";
            if (s == "(" || s == "[" || s == "{" || s == "<") ++nesting;
            if (s == ")" || s == "]" || s == "}" || s == ">") --nesting;
            if ((s == "," && nesting == 0) || j == close) {
                if (j > first) pieces.push_back({first, j});
                first = j + 1;
            }
        }
        // A kernel takes an index (its last parameter); a function that takes none (a void helper
        // with reference parameters) runs on the device as it is.
        if (std::none_of(pieces.begin(), pieces.end(),
                         [&](const auto& piece) { return is_index_declaration(piece.first, piece.second); })) {
            i = body_close;
            continue;
        }
        kernel_function k;
        k.name = text(i + 1);
        k.name_at = {tokens[i + 1].begin, tokens[i + 1].end};
        // The index is the last parameter; an index before it is a value the kernel captures.
        const auto& [last_from, last_to] = pieces.back();
        if (!is_index_declaration(last_from, last_to))
            for (const auto& [from, to] : pieces)
                if (is_index_declaration(from, to)) fail(tokens[from].begin, "a kernel's index is its last parameter");
        for (const auto& [from, to] : pieces) {
            parameter p;
            p.declaration = {tokens[from].begin, tokens[to - 1].end};
            if (tokens[to - 1].what != token::kind::identifier || to - from < 2)
                fail(tokens[from].begin, "a kernel's parameter is a type and a name");
            p.name = text(to - 1);
            // The type, less const, & and the namespaces concurrency (Concurrency, tiles) and
            // concurrency::tiles_detail.
            bool is_const = false;
            std::vector<std::size_t> type;
            for (std::size_t j = from; j + 1 < to; ++j) {
                if (is(j, "const") && type.empty())
                    is_const = true;
                else if (is(j, "&"))
                    p.references.push_back({tokens[j].begin, tokens[j].end});
                else
                    type.push_back(j);
            }
            while (!type.empty() && (is(type[0], "::") || ((is(type[0], "concurrency") || is(type[0], "Concurrency") ||
                                                            is(type[0], "tiles") || is(type[0], "tiles_detail")) &&
                                                           type.size() > 1 && is(type[1], "::"))))
                type.erase(type.begin(), type.begin() + (is(type[0], "::") ? 1 : 2));
            if (type.empty()) fail(tokens[from].begin, "a kernel's parameter is a type and a name");
            const std::string head = text(type[0]);
            const bool templated = type.size() > 1 && is(type[1], "<");
            if ((head == "array_view" || head == "array") && templated) {
                p.what = head == "array" ? parameter::kind::array : parameter::kind::view;
                if (p.what == parameter::kind::array && p.references.empty())
                    fail(tokens[from].begin,
                         "a kernel takes an array by reference, as C++ AMP captures it: " +
                             source_.substr(p.declaration.begin, tokens[type.back()].end - p.declaration.begin) + "&");
                // <element [, rank]>
                std::size_t j = type[1] + 1, element_end = j;
                int angle = 0;
                for (; element_end < to; ++element_end) {
                    const std::string s = text(element_end);
                    if (s == "<" || s == "(") ++angle;
                    if (s == ")" || (s == ">" && angle > 0))
                        --angle;
                    else if ((s == "," || s == ">") && angle == 0)
                        break;
                }
                const std::string element =
                    trimmed(source_.substr(tokens[j].begin, tokens[element_end - 1].end - tokens[j].begin));
                int rank = 1;
                if (is(element_end, ",")) {
                    const std::string r = text(element_end + 1);
                    rank = std::all_of(r.begin(), r.end(), [](char c) { return std::isdigit((unsigned char)c); })
                               ? std::stoi(r)
                               : 0; // a constant's name: the launch does not check it
                }
                if (rank > 3)
                    fail(tokens[from].begin,
                         "a kernel's arrays and views have ranks 1 to 3, not " + std::to_string(rank));
                const bool element_const = element.rfind("const ", 0) == 0;
                const std::string element_type = element_const ? trimmed(element.substr(6)) : element;
                const std::string scalar = opencl_scalar(element_type);
                kernel_param d;
                d.name = p.name;
                d.address = CL_KERNEL_ARG_ADDRESS_GLOBAL;
                d.type_name = (scalar.empty() ? element_type : scalar) + "*";
                d.points_to_const = element_const || (is_const && p.what == parameter::kind::array);
                d.rank = rank;
                d.parse_type();
                if (scalar.empty()) k.measured.push_back(element_type);
                p.opencl = std::string("__global ") +
                           (element_const && p.what == parameter::kind::view ? "const " : "") + element_type + "*";
                declared_[k.name].hidden_extents.push_back(declared_[k.name].params.size());
                declared_[k.name].params.push_back(d);
            } else if (to == last_to) {
                p.what = parameter::kind::index;
            } else {
                std::string spelled;
                for (const std::size_t j : type) spelled += (spelled.empty() ? "" : " ") + text(j);
                const std::string scalar = opencl_scalar(spelled);
                if (!p.references.empty() || spelled == "bool")
                    fail(tokens[from].begin,
                         "a kernel takes arrays (by reference), array_views, numbers (char, short, int, long, their "
                         "unsigned forms, float, double) and trivially copyable values (by copy) before its index, "
                         "not '" +
                             spelled + (p.references.empty() ? "" : "&") + "'");
                // A number is OpenCL's own; any other value (a struct, an extent, an index) its bytes.
                p.what = scalar.empty() ? parameter::kind::value : parameter::kind::scalar;
                p.opencl = scalar.empty() ? "::concurrency::tiles_detail::value_bytes<" + spelled + ">" : scalar;
                p.type = spelled;
                kernel_param d;
                d.name = p.name;
                d.address = CL_KERNEL_ARG_ADDRESS_PRIVATE;
                d.type_name = scalar.empty() ? spelled : scalar;
                d.points_to_const = false;
                d.by_value = scalar.empty();
                d.parse_type();
                if (d.by_value) k.measured.push_back(spelled);
                declared_[k.name].params.push_back(d);
            }
            k.parameters.push_back(p);
        }
        declared_[k.name]; // a kernel of no parameters but its index has its (empty) entry too
        if (std::any_of(kernels_.begin(), kernels_.end(), [&](const kernel_function& o) { return o.name == k.name; }))
            fail(tokens[i + 1].begin, "the source defines a kernel named '" + k.name + "' twice");
        k.body = {tokens[restrict_close + 1].begin, tokens[body_close].end};

        // tile_static declarations in nested blocks, which OpenCL allows only at the kernel's
        // outermost scope, where C++ AMP's lifetime puts them anyway (from the declaration to the end
        // of the kernel).
        int level = 0;
        for (std::size_t j = restrict_close + 2; j < body_close; ++j) {
            if (is(j, "{")) ++level;
            if (is(j, "}")) --level;
            if (!is(j, "tile_static") || level == 0) continue;
            std::size_t end = j;
            int nested = 0;
            for (; end < body_close; ++end) {
                const std::string s = text(end);
                if (s == "(" || s == "[" || s == "{") ++nested;
                if (s == ")" || s == "]" || s == "}") --nested;
                if (s == ";" && nested == 0) break;
            }
            if (end == body_close) fail(tokens[j].begin, "this tile_static declaration does not end");
            k.moved.push_back({tokens[j].begin, tokens[end].end});
            j = end;
        }

        // Blank the whole function out of the declarations (and the static or inline before it).
        std::size_t from = i;
        while (from > 0 && (is(from - 1, "static") || is(from - 1, "inline"))) --from;
        for (std::size_t c = tokens[from].begin; c < tokens[body_close].end; ++c)
            if (blanked_[c] != '\n') blanked_[c] = ' ';
        kernels_.push_back(std::move(k));
        i = body_close;
    }
    pass_template_references_by_value(source_, tokens, blanked_);

    // The short vectors, which take clang longer than the rest of the prelude, only where the source
    // names their namespace (as `using namespace concurrency::graphics;` or a qualified name).
    uses_short_vectors_ = std::any_of(tokens.begin(), tokens.end(), [&](const token& t) {
        return t.what == token::kind::identifier && text_of(source_, t) == "graphics";
    });
    // The failure record, only in programs that can fail: every other launch stays as it was.
    reports_failure_ = std::any_of(tokens.begin(), tokens.end(), [&](const token& t) {
        return t.what == token::kind::identifier &&
               (text_of(source_, t) == "direct3d_errorf" || text_of(source_, t) == "direct3d_abort");
    });
    for (auto& [name, declared] : declared_) declared.reports_failure = reports_failure_;
}

std::vector<std::string> amp_source::kernel_names() const {
    std::vector<std::string> names;
    for (const kernel_function& k : kernels_) names.push_back(k.name);
    return names;
}

const declared_kernel* amp_source::kernel(const std::string& name) const {
    const auto it = declared_.find(name);
    return it == declared_.end() ? nullptr : &it->second;
}

std::string amp_source::position(std::size_t offset) const {
    const std::size_t l =
        std::size_t(std::upper_bound(line_starts_.begin(), line_starts_.end(), offset) - line_starts_.begin() - 1);
    return "#line " + std::to_string(presumed_[l].second) + " \"" + presumed_[l].first + "\"\n";
}

std::string amp_source::padding(std::size_t offset) const {
    const std::size_t line_start = *(std::upper_bound(line_starts_.begin(), line_starts_.end(), offset) - 1);
    return std::string(offset - line_start, ' ');
}

std::string amp_source::entry(const kernel_function& k, bool checked) const {
    std::ostringstream os;
    // The entry: the launch's arguments, then the extents of its arrays and views.
    // A kernel's parameter is of a complete type where it is declared: the values' structs of bytes
    // are instantiated first.
    for (const parameter& q : k.parameters)
        if (q.what == parameter::kind::value) os << "static_assert(sizeof(" << q.opencl << ") > 0, \"complete\");\n";
    os << position(k.name_at.begin) << "__kernel void " << k.name << "(";
    std::string extents;
    for (std::size_t p = 0; p + 1 < k.parameters.size(); ++p) {
        const parameter& q = k.parameters[p];
        os << (p ? ", " : "") << q.opencl << " tiles_amp_p" << p;
        if (q.what == parameter::kind::view || q.what == parameter::kind::array)
            extents += ", tiles_extent tiles_amp_e" + std::to_string(p);
    }
    os << extents << (reports_failure_ ? ", __global uint* tiles_failure" : "") << ") {\n";
    if (reports_failure_) os << "tiles_keep_failure_record(tiles_failure);\n";
    // Each parameter rebuilt under its name, its declaration where the user wrote it (an array
    // taken by reference is an object here, its '&' dropped).
    for (std::size_t p = 0; p < k.parameters.size(); ++p) {
        const parameter& q = k.parameters[p];
        std::string declaration = source_.substr(q.declaration.begin, q.declaration.end - q.declaration.begin);
        for (const span& r : q.references) declaration[r.begin - q.declaration.begin] = ' ';
        os << position(q.declaration.begin) << padding(q.declaration.begin) << declaration;
        if (q.what == parameter::kind::index) {
            os << " = ::concurrency::tiles_detail::launch_index<" << (checked ? "true" : "false") << ">();\n";
        } else if (q.what == parameter::kind::scalar) {
            os << "(tiles_amp_p" << p << ");\n";
        } else if (q.what == parameter::kind::value) {
            os << "(__builtin_bit_cast(" << q.type << ", tiles_amp_p" << p << "));\n";
        } else {
            const std::string e = "tiles_amp_e" + std::to_string(p) + ".extent[";
            os << "(tiles_amp_p" << p << ", " << e << "0], " << e << "1], " << e << "2]);\n";
        }
    }
    // The body at the entry's outermost scope: its braces blanked, its nested tile_static
    // declarations before it.
    std::string body = source_.substr(k.body.begin + 1, k.body.end - k.body.begin - 2);
    for (const span& m : k.moved) {
        os << position(m.begin) << padding(m.begin) << source_.substr(m.begin, m.end - m.begin) << "\n";
        for (std::size_t c = m.begin; c < m.end; ++c)
            if (body[c - k.body.begin - 1] != '\n') body[c - k.body.begin - 1] = ' ';
    }
    os << position(k.body.begin) << padding(k.body.begin) << " " << body << "\n}\n";
    return os.str();
}

std::string amp_source::program(const std::vector<const kernel_function*>& kernels, bool checked) const {
    // The prelude, then C++ AMP's device library, whose headers the host shares.
    static const char* const library_texts[] = {tiles_kernel_amp_math, tiles_kernel_amp_direct3d,
                                                tiles_kernel_amp_short_vectors};
    static_assert(std::size(library_texts) == std::size(amp_library_names), "a text for each header");
    const std::string failure = "#define TILES_REPORTS_FAILURE 1\n#define TILES_FAILURE_ARGUMENTS " +
                                std::to_string(failure_record_arguments) + "\n";
    std::string text = (reports_failure_ ? failure : std::string()) + "#line 1 \"" + amp_prelude_name + "\"\n" +
                       tiles_kernel_prelude_amp + "\n";
    for (std::size_t i = 0; i < std::size(library_texts); ++i)
        if (library_texts[i] != tiles_kernel_amp_short_vectors || uses_short_vectors_)
            text += "#line 1 \"" + std::string(amp_library_names[i]) + "\"\n" + library_texts[i] + "\n";
    text += defines_ + "#line 1 \"" + presumed_[0].first + "\"\n" + blanked_ + "\n";
    std::vector<std::string> measured;
    for (const kernel_function* k : kernels) {
        text += entry(*k, checked);
        measured.insert(measured.end(), k->measured.begin(), k->measured.end());
    }
    // The sizes of the element types that are not OpenCL's own and of the values passed by their
    // bytes, in the order of their parameters, for the launch to check its arrays' elements and
    // its values against (context_state).
    if (!measured.empty()) {
        text += "__kernel void tiles_sizeof_probe(__global ulong* size) {\n";
        for (std::size_t i = 0; i < measured.size(); ++i)
            text += "    size[" + std::to_string(i) + "] = sizeof(" + measured[i] + ");\n";
        text += "}\n";
    }
    return text;
}

std::string amp_source::program_for(const std::string& name) const {
    for (const kernel_function& k : kernels_)
        if (k.name == name) return program({&k}, true);
    return whole_program(false);
}

std::string amp_source::whole_program(bool checked) const {
    std::vector<const kernel_function*> all;
    for (const kernel_function& k : kernels_) all.push_back(&k);
    return program(all, checked);
}

} // namespace tiles::engine
