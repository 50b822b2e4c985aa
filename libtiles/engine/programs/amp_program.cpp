// libtiles: reading C++ kernel sources and generating their programs (amp_program.hpp). The source is
// read by a small lexer (comments, literals, directives), enough to find the kernel functions at
// its top level and their parameters and body; everything else is left to clang, whose messages
// keep the user's positions through #line.
#include "programs/amp_program.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>

#include "checked/failure_record.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/kernel.hpp"

extern const char tiles_kernel_prelude_amp[];
extern const char tiles_kernel_amp_math[];
extern const char tiles_kernel_amp_direct3d[];
extern const char tiles_kernel_amp_short_vectors[];
extern const char tiles_kernel_amp_textures[];

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

// The offset of each physical line of `s`.
std::vector<std::size_t> line_starts_of(const std::string& s) {
    std::vector<std::size_t> starts{0};
    for (std::size_t i = 0; i < s.size(); ++i)
        if (s[i] == '\n') starts.push_back(i + 1);
    return starts;
}

// The line a #line directive (or its short form, `# 12 "file"`) gives the next line, or 0; its file
// name, where it has one, goes to `file`.
int line_directive(const std::string& s, const token& t, std::string& file) {
    std::istringstream directive(s.substr(t.begin + 1, t.end - t.begin - 1));
    std::string word, quoted;
    int number = 0;
    directive >> word;
    if (word == "line")
        directive >> number;
    else if (std::all_of(word.begin(), word.end(), [](char c) { return std::isdigit((unsigned char)c); }) &&
             !word.empty())
        number = std::stoi(word);
    if (number <= 0) return 0;
    if (directive >> quoted && quoted.size() >= 2 && quoted.front() == '"') file = quoted.substr(1, quoted.size() - 2);
    return number;
}

// For each physical line of `s`, the file and line that #line directives say it is.
std::vector<std::pair<std::string, int>> presumed_lines(const std::string& s, const std::vector<std::size_t>& starts,
                                                        const std::vector<token>& tokens,
                                                        const std::string& file_name) {
    std::vector<std::pair<std::string, int>> presumed;
    std::string file = file_name;
    int line = 1;
    std::size_t next_directive = 0;
    for (std::size_t l = 0; l < starts.size(); ++l) {
        presumed.push_back({file, line++});
        const std::size_t line_end = l + 1 < starts.size() ? starts[l + 1] : s.size();
        for (; next_directive < tokens.size(); ++next_directive) {
            const token& t = tokens[next_directive];
            if (t.begin >= line_end) break;
            if (t.what != token::kind::directive || t.begin < starts[l]) continue;
            if (const int number = line_directive(s, t, file); number > 0) line = number;
        }
    }
    return presumed;
}

// The source's code, without its directives (which may stand inside a kernel function's
// parameters), and what a message about one of its places needs.
class code_reader {
  public:
    code_reader(const std::string& source_text, const std::vector<token>& all_tokens,
                const std::vector<std::size_t>& line_starts, const std::vector<std::pair<std::string, int>>& presumed)
        : source(source_text), line_starts_(line_starts), presumed_(presumed) {
        std::copy_if(all_tokens.begin(), all_tokens.end(), std::back_inserter(tokens),
                     [](const token& t) { return t.what != token::kind::directive; });
    }

    std::string text(std::size_t i) const { return text_of(source, tokens[i]); }
    bool is(std::size_t i, const char* spelled) const { return i < tokens.size() && text(i) == spelled; }
    // Whether the source names any of `names`.
    bool names_any(std::initializer_list<const char*> names) const {
        return std::any_of(tokens.begin(), tokens.end(), [&](const token& t) {
            return t.what == token::kind::identifier && std::any_of(names.begin(), names.end(), [&](const char* name) {
                       return text_of(source, t) == name;
                   });
        });
    }

    // Throws build_error, naming the file, line and column of `offset` as #line directives say them.
    [[noreturn]] void fail(std::size_t offset, const std::string& message) const {
        const std::size_t l =
            std::size_t(std::upper_bound(line_starts_.begin(), line_starts_.end(), offset) - line_starts_.begin() - 1);
        std::ostringstream os;
        os << presumed_[l].first << ":" << presumed_[l].second << ":" << offset - line_starts_[l] + 1
           << ": error: " << message;
        throw build_error("the C++ kernel source could not be read:\n" + os.str(), os.str(), CL_BUILD_PROGRAM_FAILURE);
    }

    // Whether the declaration of tokens [from, to) is of an index (of namespace concurrency or not).
    bool is_index_declaration(std::size_t from, std::size_t to) const {
        for (std::size_t j = from; j < to; ++j) {
            if (is(j, "const") || is(j, "::") || is(j, "concurrency") || is(j, "Concurrency") || is(j, "tiles") ||
                is(j, "tiles_detail"))
                continue;
            return is(j, "index") || is(j, "tiled_index") || is(j, "launch_index");
        }
        return false;
    }

    const std::string& source;
    std::vector<token> tokens;

  private:
    const std::vector<std::size_t>& line_starts_;
    const std::vector<std::pair<std::string, int>>& presumed_;
};

// The tokens of a function `void NAME(...) restrict(... amp ...) { ... }`.
struct amp_function {
    std::size_t name, parameters_close, body_open, body_close;
};

// The function at token i where it is one of C++ AMP's device; throws where its body does not end.
std::optional<amp_function> amp_function_at(const code_reader& code, std::size_t i) {
    if (!code.is(i, "void") || i + 2 >= code.tokens.size() || code.tokens[i + 1].what != token::kind::identifier ||
        !code.is(i + 2, "("))
        return std::nullopt;
    const std::size_t close = matching(code.source, code.tokens, i + 2);
    if (!code.is(close + 1, "restrict") || !code.is(close + 2, "(")) return std::nullopt;
    const std::size_t restrict_close = matching(code.source, code.tokens, close + 2);
    bool amp = false;
    for (std::size_t j = close + 3; j < restrict_close; ++j) amp = amp || code.is(j, "amp");
    if (!amp || !code.is(restrict_close + 1, "{")) return std::nullopt;
    const std::size_t body_close = matching(code.source, code.tokens, restrict_close + 1);
    if (body_close == code.tokens.size())
        code.fail(code.tokens[restrict_close + 1].begin, "this kernel's body does not end");
    return amp_function{i + 1, close, restrict_close + 1, body_close};
}

// The function's parameters as token ranges [first, last), split at the commas outside brackets.
std::vector<std::pair<std::size_t, std::size_t>> parameter_pieces(const code_reader& code, const amp_function& f) {
    std::vector<std::pair<std::size_t, std::size_t>> pieces;
    std::size_t first = f.name + 2;
    int nesting = 0;
    for (std::size_t j = f.name + 2; j <= f.parameters_close; ++j) {
        const std::string s = code.tokens[j].what == token::kind::punctuation ? code.text(j) : "";
        if (s == "(" || s == "[" || s == "{" || s == "<") ++nesting;
        if (s == ")" || s == "]" || s == "}" || s == ">") --nesting;
        if ((s == "," && nesting == 0) || j == f.parameters_close) {
            if (j > first) pieces.push_back({first, j});
            first = j + 1;
        }
    }
    return pieces;
}

// The type of the parameter of tokens [from, to), less const, & and the namespaces concurrency
// (Concurrency, tiles) and concurrency::tiles_detail, as token indices; its '&' go to `p`.
std::vector<std::size_t> parameter_type(const code_reader& code, std::size_t from, std::size_t to,
                                        amp_source::parameter& p, bool& is_const) {
    is_const = false;
    std::vector<std::size_t> type;
    for (std::size_t j = from; j + 1 < to; ++j) {
        if (code.is(j, "const") && type.empty())
            is_const = true;
        else if (code.is(j, "&"))
            p.references.push_back({code.tokens[j].begin, code.tokens[j].end});
        else
            type.push_back(j);
    }
    const auto is_namespace = [&](std::size_t j) {
        return code.is(j, "concurrency") || code.is(j, "Concurrency") || code.is(j, "tiles") ||
               code.is(j, "tiles_detail");
    };
    while (!type.empty() &&
           (code.is(type[0], "::") || (is_namespace(type[0]) && type.size() > 1 && code.is(type[1], "::"))))
        type.erase(type.begin(), type.begin() + (code.is(type[0], "::") ? 1 : 2));
    if (type.empty()) code.fail(code.tokens[from].begin, "a kernel's parameter is a type and a name");
    return type;
}

// The element type and rank of an array or view whose template arguments open at token `first`
// and end before `to`: <element [, rank]>. A rank that is a constant's name is 0: the launch does
// not check it, and the kernel is given three extent components, so such a rank above 3 is not
// carried (write it as a number).
std::pair<std::string, int> element_and_rank(const code_reader& code, std::size_t first, std::size_t to) {
    std::size_t element_end = first;
    int angle = 0;
    for (; element_end < to; ++element_end) {
        const std::string s = code.text(element_end);
        if (s == "<" || s == "(") ++angle;
        if (s == ")" || (s == ">" && angle > 0))
            --angle;
        else if ((s == "," || s == ">") && angle == 0)
            break;
    }
    const std::string element = trimmed(
        code.source.substr(code.tokens[first].begin, code.tokens[element_end - 1].end - code.tokens[first].begin));
    int rank = 1;
    if (code.is(element_end, ",")) {
        const std::string r = code.text(element_end + 1);
        rank =
            std::all_of(r.begin(), r.end(), [](char c) { return std::isdigit((unsigned char)c); }) ? std::stoi(r) : 0;
    }
    return {element, rank};
}

// An array or array_view parameter, of type tokens `type` (its template's '<' the second): what
// the launch checks of its argument. An element type that is no number goes to `measured`.
kernel_param memory_parameter(const code_reader& code, std::size_t from, std::size_t to,
                              const std::vector<std::size_t>& type, bool is_const, amp_source::parameter& p,
                              std::vector<std::string>& measured) {
    using parameter_kind = amp_source::parameter::kind;
    p.what = code.text(type[0]) == "array" ? parameter_kind::array : parameter_kind::view;
    if (p.what == parameter_kind::array && p.references.empty())
        code.fail(code.tokens[from].begin,
                  "a kernel takes an array by reference, as C++ AMP captures it: " +
                      code.source.substr(p.declaration.begin, code.tokens[type.back()].end - p.declaration.begin) +
                      "&");
    const auto [element, rank] = element_and_rank(code, type[1] + 1, to);
    if (rank > max_memory_rank)
        code.fail(code.tokens[from].begin, "a kernel's arrays and views have ranks 1 to " +
                                               std::to_string(max_memory_rank) + ", not " + std::to_string(rank));
    p.rank = rank;
    const bool element_const = element.rfind("const ", 0) == 0;
    const std::string element_type = element_const ? trimmed(element.substr(6)) : element;
    const std::string scalar = opencl_scalar(element_type);
    kernel_param d;
    d.name = p.name;
    d.address = CL_KERNEL_ARG_ADDRESS_GLOBAL;
    d.type_name = (scalar.empty() ? element_type : scalar) + "*";
    d.points_to_const = element_const || (is_const && p.what == parameter_kind::array);
    d.rank = rank;
    d.parse_type();
    if (scalar.empty()) measured.push_back(element_type);
    p.opencl = std::string("__global ") + (element_const && p.what == parameter_kind::view ? "const " : "") +
               element_type + "*";
    return d;
}

// A number or value parameter, of type tokens `type`: what the launch checks of its argument. A
// number is OpenCL's own; any other value (a struct, an extent, an index), passed by its bytes, goes
// to `measured`.
kernel_param value_parameter(const code_reader& code, std::size_t from, const std::vector<std::size_t>& type,
                             amp_source::parameter& p, std::vector<std::string>& measured) {
    std::string spelled;
    for (const std::size_t j : type) spelled += (spelled.empty() ? "" : " ") + code.text(j);
    const std::string scalar = opencl_scalar(spelled);
    if (!p.references.empty() || spelled == "bool")
        code.fail(code.tokens[from].begin,
                  "a kernel takes arrays (by reference), array_views, numbers (char, short, int, long, their "
                  "unsigned forms, float, double) and trivially copyable values (by copy) before its index, "
                  "not '" +
                      spelled + (p.references.empty() ? "" : "&") + "'");
    p.what = scalar.empty() ? amp_source::parameter::kind::value : amp_source::parameter::kind::scalar;
    p.opencl = scalar.empty() ? "::concurrency::tiles_detail::value_bytes<" + spelled + ">" : scalar;
    p.type = spelled;
    kernel_param d;
    d.name = p.name;
    d.address = CL_KERNEL_ARG_ADDRESS_PRIVATE;
    d.type_name = scalar.empty() ? spelled : scalar;
    d.points_to_const = false;
    d.by_value = scalar.empty();
    d.parse_type();
    if (d.by_value) measured.push_back(spelled);
    return d;
}

// A texture parameter (texture<T, N>&, texture_view<T, N>, writeonly_texture_view<T, N>), of
// type tokens `type` (its template's '<' the second): an image of its rank, which the kernel reads
// only where its elements or the texture are const, writes only through a writeonly_texture_view,
// and else reads and writes.
kernel_param texture_parameter(const code_reader& code, std::size_t from, std::size_t to,
                               const std::vector<std::size_t>& type, bool is_const, amp_source::parameter& p) {
    const std::string head = code.text(type[0]);
    const auto [element, rank] = element_and_rank(code, type[1] + 1, to);
    if (rank < 1 || rank > 3)
        code.fail(code.tokens[from].begin, "a kernel's textures have ranks 1 to 3, written as numbers");
    const bool element_const = element.rfind("const ", 0) == 0;
    const bool reads_only = element_const || (is_const && head == "texture");
    const bool writes_only = head == "writeonly_texture_view";
    const std::string image = "image" + std::to_string(rank) + "d_t";
    p.what = amp_source::parameter::kind::texture;
    p.opencl = (writes_only ? "__write_only " : reads_only ? "__read_only " : "__read_write ") + image;
    p.type = "::concurrency::graphics::tiles_texture<" + (element_const ? trimmed(element.substr(6)) : element) + ", " +
             std::to_string(rank) + ", ::concurrency::graphics::tiles_access::" +
             (writes_only  ? "writes"
              : reads_only ? "reads"
                           : "reads_and_writes") +
             ", ";
    kernel_param d;
    d.name = p.name;
    d.address = CL_KERNEL_ARG_ADDRESS_GLOBAL;
    d.type_name = d.base = image;
    d.points_to_const = reads_only;
    d.pointer = d.builtin = false;
    d.rank = rank;
    return d;
}

bool is_texture(const std::string& head) {
    return head == "texture" || head == "texture_view" || head == "writeonly_texture_view";
}

// The kernel's parameter of tokens [from, to), the index where `last`; what the launch checks of its
// argument goes to `declared`.
amp_source::parameter kernel_parameter(const code_reader& code, std::size_t from, std::size_t to, bool last,
                                       std::vector<std::string>& measured, declared_kernel& declared) {
    amp_source::parameter p;
    p.declaration = {code.tokens[from].begin, code.tokens[to - 1].end};
    // C++ AMP's kernel may leave its index unnamed (`[](index<1>) restrict(amp) {}`).
    const bool unnamed_index = last && code.is(to - 1, ">") && code.is_index_declaration(from, to);
    if (!unnamed_index && (code.tokens[to - 1].what != token::kind::identifier || to - from < 2))
        code.fail(code.tokens[from].begin, "a kernel's parameter is a type and a name");
    p.name = unnamed_index ? "" : code.text(to - 1);
    bool is_const = false;
    const std::vector<std::size_t> type = parameter_type(code, from, unnamed_index ? to + 1 : to, p, is_const);
    const std::string head = code.text(type[0]);
    // A texture's type, less the namespace graphics (which a value's type keeps).
    const std::vector<std::size_t> graphics(type.begin() + (head == "graphics" && type.size() > 2 ? 2 : 0), type.end());
    if ((head == "array_view" || head == "array") && type.size() > 1 && code.is(type[1], "<")) {
        declared.hidden_extents.push_back(declared.params.size());
        declared.params.push_back(memory_parameter(code, from, to, type, is_const, p, measured));
    } else if (is_texture(code.text(graphics[0])) && graphics.size() > 1 && code.is(graphics[1], "<")) {
        declared.hidden_extents.push_back(declared.params.size());
        declared.params.push_back(texture_parameter(code, from, to, graphics, is_const, p));
    } else if (last) {
        p.what = amp_source::parameter::kind::index;
    } else {
        declared.params.push_back(value_parameter(code, from, type, p, measured));
    }
    return p;
}

// The kernel `f`'s name and parameters, from its parameter pieces (the index among them); what the
// launch checks of its arguments goes to `declared`.
amp_source::kernel_function kernel_signature(const code_reader& code, const amp_function& f,
                                             const std::vector<std::pair<std::size_t, std::size_t>>& pieces,
                                             declared_kernel& declared) {
    amp_source::kernel_function k;
    k.name = code.text(f.name);
    k.name_at = {code.tokens[f.name].begin, code.tokens[f.name].end};
    // The index is the last parameter; an index before it is a value the kernel captures.
    const auto& [last_from, last_to] = pieces.back();
    if (!code.is_index_declaration(last_from, last_to))
        for (const auto& [from, to] : pieces)
            if (code.is_index_declaration(from, to))
                code.fail(code.tokens[from].begin, "a kernel's index is its last parameter");
    for (const auto& [from, to] : pieces)
        k.parameters.push_back(kernel_parameter(code, from, to, to == last_to, k.measured, declared));
    return k;
}

// The tile_static declarations in nested blocks of the body of `f`, which OpenCL allows only at the
// kernel's outermost scope, where C++ AMP's lifetime puts them anyway (from the declaration to the
// end of the kernel).
std::vector<amp_source::span> nested_tile_statics(const code_reader& code, const amp_function& f) {
    std::vector<amp_source::span> moved;
    int level = 0;
    for (std::size_t j = f.body_open + 1; j < f.body_close; ++j) {
        if (code.is(j, "{")) ++level;
        if (code.is(j, "}")) --level;
        if (!code.is(j, "tile_static") || level == 0) continue;
        std::size_t end = j;
        int nested = 0;
        for (; end < f.body_close; ++end) {
            const std::string s = code.text(end);
            if (s == "(" || s == "[" || s == "{") ++nested;
            if (s == ")" || s == "]" || s == "}") --nested;
            if (s == ";" && nested == 0) break;
        }
        if (end == f.body_close) code.fail(code.tokens[j].begin, "this tile_static declaration does not end");
        moved.push_back({code.tokens[j].begin, code.tokens[end].end});
        j = end;
    }
    return moved;
}

// Blanks the whole function `f` out of `blanked` (the static or inline before it too), its line
// breaks kept.
void blank_out(const code_reader& code, const amp_function& f, std::string& blanked) {
    std::size_t from = f.name - 1;
    while (from > 0 && (code.is(from - 1, "static") || code.is(from - 1, "inline"))) --from;
    for (std::size_t c = code.tokens[from].begin; c < code.tokens[f.body_close].end; ++c)
        if (blanked[c] != '\n') blanked[c] = ' ';
}

// Where the functions a source marks as its kernels begin (the token after each `#pragma tiles
// kernel` and the #line directives after it); the marks are blanked out of `blanked`.
std::set<std::size_t> marked_kernels(const std::string& s, const std::vector<token>& tokens, std::string& blanked) {
    std::set<std::size_t> marked;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (tokens[i].what != token::kind::directive || trimmed(text_of(s, tokens[i])) != cpp_kernel_mark) continue;
        for (std::size_t c = tokens[i].begin; c < tokens[i].end; ++c) blanked[c] = ' ';
        std::size_t next = i + 1;
        while (next < tokens.size() && tokens[next].what == token::kind::directive) ++next;
        if (next < tokens.size()) marked.insert(tokens[next].begin);
    }
    return marked;
}

} // namespace

amp_source::amp_source(const std::string& source, const std::string& options, const std::string& file_name)
    : source_(source), blanked_(source) {
    std::tie(defines_, options_) = split_defines(options);
    line_starts_ = line_starts_of(source_);
    const std::vector<token> all_tokens = tokenize(source_);
    presumed_ = presumed_lines(source_, line_starts_, all_tokens, file_name);
    const code_reader code(source_, all_tokens, line_starts_, presumed_);

    // Kernel functions at the top level: void NAME(...) restrict(... amp ...) { ... } whose last
    // parameter is an index; in a source that marks its kernels, those marked and no other.
    const std::set<std::size_t> marked = marked_kernels(source_, all_tokens, blanked_);
    int depth = 0;
    for (std::size_t i = 0; i < code.tokens.size(); ++i) {
        if (code.tokens[i].what == token::kind::punctuation && (code.is(i, "{") || code.is(i, "}"))) {
            depth += code.is(i, "{") ? 1 : -1;
            continue;
        }
        const std::optional<amp_function> f = depth == 0 ? amp_function_at(code, i) : std::nullopt;
        if (!f) continue;
        i = f->body_close;
        // A kernel takes an index (its last parameter); a function that takes none (a void helper
        // with reference parameters) runs on the device as it is, and so does every function a
        // source that marks its kernels leaves unmarked (a helper that takes an index among them).
        const std::vector<std::pair<std::size_t, std::size_t>> pieces = parameter_pieces(code, *f);
        const bool is_kernel =
            marked.empty() ? std::any_of(pieces.begin(), pieces.end(),
                                         [&](const auto& p) { return code.is_index_declaration(p.first, p.second); })
                           : marked.count(code.tokens[f->name - 1].begin) != 0;
        if (!is_kernel) continue;
        declared_kernel declared;
        kernel_function k = kernel_signature(code, *f, pieces, declared);
        if (std::any_of(kernels_.begin(), kernels_.end(), [&](const kernel_function& o) { return o.name == k.name; }))
            code.fail(code.tokens[f->name].begin, "the source defines a kernel named '" + k.name + "' twice");
        k.body = {code.tokens[f->body_open].begin, code.tokens[f->body_close].end};
        k.moved = nested_tile_statics(code, *f);
        blank_out(code, *f, blanked_);
        declared_[k.name] = std::move(declared);
        kernels_.push_back(std::move(k));
    }
    pass_template_references_by_value(source_, code.tokens, blanked_);

    // The short vectors, which take clang longer than the rest of the prelude, only where the source
    // names their namespace (as `using namespace concurrency::graphics;` or a qualified name).
    uses_short_vectors_ = code.names_any({"graphics"});
    // The failure record, only in programs that can fail (view_as fails where it is refused): every
    // other launch stays as it was.
    reports_failure_ = code.names_any({"direct3d_errorf", "direct3d_abort", "view_as"});
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
        if (q.what == parameter::kind::view || q.what == parameter::kind::array || q.what == parameter::kind::texture)
            extents += (q.rank > 3 ? ", tiles_extent_" + std::to_string(q.rank) : ", tiles_extent") + " tiles_amp_e" +
                       std::to_string(p);
    }
    os << extents << (reports_failure_ ? ", __global uint* tiles_failure" : "") << ") {\n";
    if (reports_failure_) os << "tiles_keep_failure_record(tiles_failure);\n";
    // Each parameter rebuilt under its name, its declaration where the user wrote it (an array
    // taken by reference is an object here, its '&' dropped).
    for (std::size_t p = 0; p < k.parameters.size(); ++p) {
        const parameter& q = k.parameters[p];
        if (q.what == parameter::kind::texture) {
            // The image's lambda, then the texture under its name, of the lambda's type.
            const std::string at = std::to_string(p);
            os << "auto tiles_amp_i" << at << " = [&](auto tiles_use) { return tiles_use(tiles_amp_p" << at << "); };\n"
               << position(q.declaration.begin) << padding(q.declaration.begin) << q.type << "decltype(tiles_amp_i"
               << at << ")> " << q.name << "(tiles_amp_i" << at << ", tiles_amp_e" << at << ".extent);\n";
            continue;
        }
        std::string declaration = source_.substr(q.declaration.begin, q.declaration.end - q.declaration.begin);
        for (const span& r : q.references) declaration[r.begin - q.declaration.begin] = ' ';
        os << position(q.declaration.begin) << padding(q.declaration.begin) << declaration;
        if (q.what == parameter::kind::index && q.name.empty()) os << " tiles_amp_unnamed_index";
        if (q.what == parameter::kind::index) {
            os << " = ::concurrency::tiles_detail::launch_index<" << (checked ? "true" : "false") << ">();\n";
        } else if (q.what == parameter::kind::scalar) {
            os << "(tiles_amp_p" << p << ");\n";
        } else if (q.what == parameter::kind::value) {
            os << "(__builtin_bit_cast(" << q.type << ", tiles_amp_p" << p << "));\n";
        } else {
            // The extent's components: three up to rank 3, all of them above.
            const std::string e = "tiles_amp_e" + std::to_string(p) + ".extent[";
            os << "(tiles_amp_p" << p;
            for (int d = 0; d < std::max(q.rank, 3); ++d) os << ", " << e << d << "]";
            os << ");\n";
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
                                                tiles_kernel_amp_short_vectors, tiles_kernel_amp_textures};
    static_assert(std::size(library_texts) == std::size(amp_library_names), "a text for each header");
    const std::string failure = "#define TILES_REPORTS_FAILURE 1\n#define TILES_FAILURE_ARGUMENTS " +
                                std::to_string(failure_record_arguments) + "\n";
    std::string text = (reports_failure_ ? failure : std::string()) + "#line 1 \"" + amp_prelude_name + "\"\n" +
                       tiles_kernel_prelude_amp + "\n";
    for (std::size_t i = 0; i < std::size(library_texts); ++i)
        if ((library_texts[i] != tiles_kernel_amp_short_vectors && library_texts[i] != tiles_kernel_amp_textures) ||
            uses_short_vectors_)
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
