// libtiles: rewriting the parameter lists of kernels that use extent_of, so that launches can pass
// them the extents of their arrays and views. A small scanner finds each kernel's definition past
// comments, literals and preprocessor lines; nothing else of the source changes.
#include "programs/hidden_extents.hpp"

#include <cctype>
#include <optional>
#include <set>
#include <vector>

#include "tiles/engine/immortal.hpp"

namespace tiles::engine {
namespace {

bool identifier_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Walks OpenCL C source token by token, counting lines.
class scanner {
  public:
    explicit scanner(const std::string& text) : text_(text) {}

    bool done() const { return pos_ >= text_.size(); }
    char peek() const { return text_[pos_]; }
    std::size_t pos() const { return pos_; }
    int line() const { return line_; }
    std::size_t column() const { return pos_ - line_start_; } // from 0

    // Moves past whitespace, comments, and preprocessor directives with their continued lines;
    // returns whether it moved.
    bool skip_blank() {
        const std::size_t start = pos_;
        while (!done()) {
            const char c = text_[pos_];
            if (std::isspace(static_cast<unsigned char>(c))) {
                step();
            } else if (c == '#' && at_line_start_) {
                while (!done() && !(text_[pos_] == '\n' && text_[pos_ - 1] != '\\')) step();
            } else if (starts("//")) {
                while (!done() && text_[pos_] != '\n') step();
            } else if (starts("/*")) {
                step(), step();
                while (!done() && !starts("*/")) step();
                if (!done()) step(), step();
            } else {
                break;
            }
        }
        return pos_ != start;
    }

    // The identifier that starts here, moved past; "" where none does.
    std::string identifier() {
        const std::size_t start = pos_;
        if (!done() && identifier_start(text_[pos_]))
            while (!done() && identifier_char(text_[pos_])) step();
        return text_.substr(start, pos_ - start);
    }

    // Moves past one character, or a whole string or character literal.
    void advance() {
        const char quote = text_[pos_];
        step();
        if (quote != '"' && quote != '\'') return;
        while (!done() && text_[pos_] != quote) {
            if (text_[pos_] == '\\') step();
            if (!done()) step();
        }
        if (!done()) step();
    }

  private:
    bool starts(const char* two) const { return text_.compare(pos_, 2, two) == 0; }
    void step() {
        if (text_[pos_] == '\n') {
            ++line_;
            line_start_ = pos_ + 1;
            at_line_start_ = true;
        } else if (!std::isspace(static_cast<unsigned char>(text_[pos_]))) {
            at_line_start_ = false;
        }
        ++pos_;
    }

    const std::string& text_;
    std::size_t pos_ = 0;
    int line_ = 1;
    std::size_t line_start_ = 0;
    bool at_line_start_ = true;
};

struct insertion {
    std::size_t at;
    std::string text;
};

// Moves past a parenthesized group that starts here, nested ones included.
void skip_group(scanner& s) {
    int depth = 0;
    do {
        if (s.peek() == '(') ++depth;
        if (s.peek() == ')') --depth;
        s.advance();
        s.skip_blank();
    } while (!s.done() && depth > 0);
}

// The name a pointer parameter declares ("in" of "__global const float* restrict in"), or ""
// where it is not a pointer; nullopt where it names none that can be read.
std::optional<std::string> pointer_parameter_name(const std::string& declaration) {
    const std::size_t star = declaration.rfind('*');
    if (star == std::string::npos) return std::string();
    std::size_t end = declaration.find_last_not_of(' ');
    std::size_t start = end + 1;
    while (start > 0 && identifier_char(declaration[start - 1])) --start;
    static const immortal<std::set<std::string>> not_names(
        std::set<std::string>{"const", "restrict", "__restrict", "volatile", "global", "__global", "local", "__local",
                              "constant", "__constant", "private", "__private"});
    const std::string name = declaration.substr(start, end + 1 - start);
    if (start <= star || name.empty() || !identifier_start(name[0]) || not_names->count(name) != 0) return std::nullopt;
    return name;
}

// The hidden parameters of the kernel whose `kernel` keyword `s` has just passed, where it is a
// definition whose parameters can be read; `s` is left past them.
std::optional<insertion> hidden_parameters(scanner& s, const char* file_name) {
    // Past the return type, attributes and the kernel's name, to its parameter list.
    for (s.skip_blank(); !s.done() && s.peek() != '('; s.skip_blank()) {
        const std::string word = s.identifier();
        if (word == "__attribute__" || word == "__attribute") {
            s.skip_blank();
            if (s.done() || s.peek() != '(') return std::nullopt;
            skip_group(s);
        } else if (word.empty()) {
            return std::nullopt; // not a kernel's definition that this reads
        }
    }
    if (s.done()) return std::nullopt;
    s.advance();
    std::vector<std::string> declarations{""};
    int depth = 0;
    while (true) {
        if (s.skip_blank()) declarations.back() += ' ';
        if (s.done()) return std::nullopt;
        const char c = s.peek();
        if (c == ')' && depth == 0) break;
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        if (c == ',' && depth == 0)
            declarations.emplace_back();
        else
            declarations.back() += c;
        s.advance();
    }
    const std::size_t close = s.pos();
    const int line = s.line();
    const std::size_t column = s.column();
    s.advance();
    s.skip_blank();
    if (s.done() || s.peek() != '{') return std::nullopt; // a declaration, not the definition
    std::string hidden;
    for (const std::string& declaration : declarations) {
        const std::optional<std::string> name = pointer_parameter_name(declaration);
        if (!name) return std::nullopt;
        if (!name->empty()) hidden += ", tiles_extent " + std::string(hidden_extent_prefix) + *name;
    }
    if (hidden.empty()) return std::nullopt;
    return insertion{close, hidden + "\n#line " + std::to_string(line) + " \"" + file_name + "\"\n" +
                                std::string(column, ' ')};
}

} // namespace

std::string with_hidden_extents(const std::string& source, const char* file_name) {
    if (source.find("extent_of") == std::string::npos) return source;
    std::vector<insertion> insertions;
    scanner s(source);
    for (s.skip_blank(); !s.done(); s.skip_blank()) {
        const std::string word = s.identifier();
        if (word.empty()) {
            s.advance();
        } else if (word == "kernel" || word == "__kernel") {
            if (auto found = hidden_parameters(s, file_name)) insertions.push_back(std::move(*found));
        }
    }
    std::string result;
    std::size_t copied = 0;
    for (const insertion& i : insertions) {
        result.append(source, copied, i.at - copied);
        result += i.text;
        copied = i.at;
    }
    return result.append(source, copied, std::string::npos);
}

} // namespace tiles::engine
