// libtiles: the text of a C++ AMP call site's kernel function (tiles/detail/amp_kernel_text.hpp),
// for the library's call sites and for tiles-amp's kernels compiled at build time.
#include "tiles/detail/amp_kernel_text.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <mutex>
#include <string_view>
#include <utility>
#include <vector>

#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/kernel.hpp"

namespace tiles::amp_detail {
namespace {

std::string line_directive(const placed_text& t) {
    std::string quoted;
    for (const char c : t.file) quoted += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
    return "#line " + std::to_string(t.line) + " \"" + quoted + "\"\n" + std::string(t.column - 1, ' ');
}

// The name of the function whose signature GCC's or clang's __PRETTY_FUNCTION__ gives, as an
// identifier: the last function named outside brackets, so that a lambda's signature
// ("void f(int)::<lambda(int)>", "auto f(int)::(anonymous class)::operator()(int) const") gives its
// enclosing function's ("f"), and "kernel" where none is named.
std::string function_name(const std::string& signature) {
    std::string name;
    int depth = 0; // of (), [] and <>
    for (std::size_t i = 0; i < signature.size(); ++i) {
        const char c = signature[i];
        if (c == '(' || c == '[' || c == '<') ++depth;
        if (c == ')' || c == ']' || (c == '>' && depth > 0)) --depth;
        if (c != '(' || depth != 1 || i == 0) continue;
        std::size_t begin = i;
        // GCC's "f<int, 3>()::<lambda()>": a function template's name before its arguments.
        for (int angles = 0; begin > 0 && (signature[begin - 1] == '>' || angles > 0); --begin)
            angles += signature[begin - 1] == '>' ? 1 : signature[begin - 1] == '<' ? -1 : 0;
        const std::size_t name_end = begin;
        while (begin > 0 &&
               (std::isalnum(static_cast<unsigned char>(signature[begin - 1])) || signature[begin - 1] == '_'))
            --begin;
        const std::string word = signature.substr(begin, name_end - begin);
        if (!word.empty() && word != "operator" && !std::isdigit(static_cast<unsigned char>(word[0]))) name = word;
    }
    return name.empty() ? "kernel" : name;
}

// `value`, a template argument as a signature spells it, appended to `tail` as part of an
// identifier: "_ns_P" of "ns::P", "_neg3" of "-3".
void append_argument(std::string& tail, const std::string& value) {
    tail += '_';
    for (const char c : value) {
        if (std::isalnum(static_cast<unsigned char>(c)))
            tail += c;
        else if (c == '-') // -3 and 3 apart
            tail += "neg";
        else if (tail.back() != '_')
            tail += '_';
    }
    while (!tail.empty() && tail.back() == '_') tail.pop_back();
}

// What the template argument lists in the function's qualified name hold, outermost first, without
// the spaces around them: {"64", "2"} of "R<64, 2>::run(int) const::<lambda()>", {"M", "T"} of
// "void C<M, T>::g() const [with ...]" (its return type left out).
std::vector<std::string> qualified_name_arguments(const std::string& signature) {
    std::size_t begin = 0, end = 0;
    int angles = 0;
    for (; end < signature.size(); ++end) {
        const char c = signature[end];
        angles += c == '<' ? 1 : c == '>' ? -1 : 0;
        if (angles == 0 && c == ' ') begin = end + 1;
        if (angles == 0 && c == '(') break;
    }
    std::vector<std::string> arguments;
    std::string value;
    const auto add = [&] {
        const std::size_t first = value.find_first_not_of(' ');
        if (first != std::string::npos)
            arguments.push_back(value.substr(first, value.find_last_not_of(' ') - first + 1));
        value.clear();
    };
    for (std::size_t i = begin; i < end; ++i) {
        const char c = signature[i];
        if (c == '<' && angles++ == 0) continue;
        if (c == '>' && --angles == 0)
            add();
        else if (angles == 1 && c == ',')
            add();
        else if (angles > 0)
            value += c;
    }
    return arguments;
}

// The parameters and arguments of a signature's list "[with int K = 7; T = float]" (GCC) or
// "[K = 7, T = float]" (clang), which ends at the signature's end and opens at `open`.
std::vector<std::pair<std::string, std::string>> listed_arguments(const std::string& signature, std::size_t open) {
    std::vector<std::pair<std::string, std::string>> listed;
    std::string before, value; // the text before an argument's " = " (its type and name), and after it
    bool in_value = false;
    int brackets = 0; // of the value's <> and ()
    for (std::size_t i = open + 1; i + 1 < signature.size(); ++i) {
        const char c = signature[i];
        if (c == '<' || c == '(') ++brackets;
        if (c == '>' || c == ')') --brackets;
        if (signature.compare(i, 3, " = ") == 0 && !in_value) {
            in_value = true;
            i += 2;
        } else if ((c == ';' || c == ',') && brackets == 0) {
            listed.emplace_back(before.substr(before.find_last_of(' ') + 1), value);
            in_value = false;
            before.clear();
            value.clear();
        } else {
            (in_value ? value : before) += c;
        }
    }
    if (in_value) listed.emplace_back(before.substr(before.find_last_of(' ') + 1), value);
    return listed;
}

// The template arguments of the function whose signature GCC's or clang's __PRETTY_FUNCTION__ gives,
// as the tail of an identifier, outermost template first: "_float_neg16" of "void f(T) [with T = float;
// int N = -16]" (GCC) or of "void f(T) [T = float, N = -16]" (clang), "_64_2" of GCC's
// "R<64, 2>::run(int) const::<lambda()>" (a lambda's, where GCC names no parameter but spells each
// template's arguments after its name), "" where there are none. The kernel of each instantiation of
// a call site has a name of its own, whatever the order of their first launches, and the same name
// as tiles-amp's build gives it (clang's list, outermost first).
std::string template_arguments(const std::string& signature) {
    std::string tail;
    const bool lambda = signature.find("::<lambda") != std::string::npos;
    if (lambda)
        for (const std::string& value : qualified_name_arguments(signature)) append_argument(tail, value);
    // A generic lambda's own arguments (GCC: "[with auto:1 = int]") follow its templates'.
    if (signature.empty() || signature.back() != ']') return tail;
    int depth = 0;
    std::size_t open = signature.size() - 1;
    for (; open > 0; --open) {
        if (signature[open] == ']') ++depth;
        if (signature[open] == '[' && --depth == 0) break;
    }
    // GCC lists a member template's parameters before its class's, which its qualified name names:
    // those go first.
    std::vector<std::pair<std::string, std::string>> listed = listed_arguments(signature, open);
    std::vector<std::string> values;
    for (const std::string& outer : lambda ? std::vector<std::string>{} : qualified_name_arguments(signature))
        for (auto& [name, value] : listed)
            if (name == outer && !value.empty()) values.push_back(value), value.clear();
    for (const auto& [name, value] : listed)
        if (!value.empty()) values.push_back(value);
    for (const std::string& value : values) append_argument(tail, value);
    return tail;
}

// `value` as a literal of the device's type of that kind and size: "0x1.8p+1f", "-16", "16u", "1099511627776l".
std::string constant_literal(long double value, bool is_floating, bool is_signed, std::size_t size) {
    char text[64];
    if (is_floating)
        std::snprintf(text, sizeof text, size == sizeof(float) ? "%af" : "%a", double(value));
    else if (is_signed)
        std::snprintf(text, sizeof text, "%lld%s", static_cast<long long>(value), size > 4 ? "l" : "");
    else
        std::snprintf(text, sizeof text, "%lluu%s", static_cast<unsigned long long>(value), size > 4 ? "l" : "");
    return text;
}

// Where the ')' closing a lambda's parameters, which open at `parameters_open`, is in `text`.
std::size_t parameters_close(const std::string& text, std::size_t parameters_open) {
    std::size_t close = parameters_open, depth = 0;
    for (; close < text.size(); ++close) {
        if (text[close] == '(') ++depth;
        if (text[close] == ')' && --depth == 0) break;
    }
    return close;
}

// Blanks `mutable` in a lambda's declarator, between its parameters' ')' (after `parameters_open`)
// and its body's '{': the kernel function is no lambda. Returns whether there was one.
bool blank_mutable(std::string& text, std::size_t parameters_open) {
    const std::size_t close = parameters_close(text, parameters_open);
    const std::size_t word = text.find("mutable", close);
    if (close >= text.size() || word == std::string::npos || word > text.find('{', close)) return false;
    text.replace(word, 7, 7, ' ');
    return true;
}

// A capture as a mutable lambda's body sees it: a copy it may change, where arrays and views stay
// as they are (an array is the host's, by reference).
std::string changeable(const std::string& parameter) {
    const bool copy = parameter.rfind("const ", 0) == 0 && parameter.rfind("const array_view<", 0) != 0 &&
                      parameter.rfind("const array<", 0) != 0;
    return copy ? parameter.substr(6) : parameter;
}

// Puts the statements `rebuilt` at the start of the body of `text`, a lambda whose parameters open
// at `parameters_open`, on the line of its '{' (the lines after it keep their numbers).
void rebuild_first(std::string& text, std::size_t parameters_open, const std::vector<std::string>& rebuilt,
                   bool is_mutable) {
    if (rebuilt.empty()) return;
    const std::size_t body = text.find('{', parameters_close(text, parameters_open));
    if (body == std::string::npos) return;
    std::string statements;
    for (const std::string& r : rebuilt) statements += (is_mutable ? " " : " const ") + r + ";";
    text.insert(body + 1, statements);
}

} // namespace

void add_view_struct(kernel_parts& parts, const std::string& type, const std::string& name,
                     const std::vector<std::string>& member_names, const std::vector<std::string>& member_types) {
    std::string members;
    for (std::size_t i = 0; i < member_names.size(); ++i) {
        // The name's length first: two structs' members can then never share a parameter's name
        // (struct a's b_c and struct a_b's c).
        const std::string parameter = "tiles_amp_" + std::to_string(name.size()) + name + "_" + member_names[i];
        parts.parameters.push_back(member_types[i] + " " + parameter);
        members += (i ? ", " : "") + parameter;
    }
    parts.rebuilt.push_back(type + " " + name + "{" + members + "}");
}

std::string kernel_name(const std::string& function_signature, int line) {
    return function_name(function_signature) + "_" + std::to_string(line) + template_arguments(function_signature);
}

namespace {

struct built_names {
    std::mutex mutex;
    std::map<std::string_view, const char*> by_text;
};

built_names& built() {
    static engine::immortal<built_names> names;
    return *names;
}

} // namespace

void register_built_kernel_name(const char* nameless_text, const char* name) {
    built_names& b = built();
    const std::lock_guard<std::mutex> lock(b.mutex);
    b.by_text.emplace(nameless_text, name);
}

std::string built_kernel_name(const std::string& nameless_text) {
    built_names& b = built();
    const std::lock_guard<std::mutex> lock(b.mutex);
    const auto found = b.by_text.find(nameless_text);
    return found == b.by_text.end() ? std::string() : found->second;
}

bool is_built_kernel_name(const std::string& name) {
    built_names& b = built();
    const std::lock_guard<std::mutex> lock(b.mutex);
    return std::any_of(b.by_text.begin(), b.by_text.end(), [&](const auto& entry) { return name == entry.second; });
}

std::string constant_definition(const std::string& name, const std::string& device_type, long double value,
                                bool is_floating, bool is_signed, std::size_t size) {
    if (device_type == "bool") return "constexpr bool " + name + " = " + (value != 0 ? "true" : "false") + ";";
    return "constexpr " + device_type + " " + name + " = " + constant_literal(value, is_floating, is_signed, size) +
           ";";
}

// What only an enum's constant has (enum_constant_definition): it goes after the device code that
// defines its enum, where a number's goes before the code that may use it.
constexpr const char* enum_constant_mark = " = static_cast<";

std::string enum_constant_definition(const std::string& name, const std::string& device_type, long long value) {
    return "constexpr " + device_type + " " + name + enum_constant_mark + device_type + ">(" + std::to_string(value) +
           ");";
}

std::string kernel_text(const kernel_parts& parts, const std::string& where) {
    std::string source, enums;
    for (const std::string& c : parts.constants)
        (c.find(enum_constant_mark) == std::string::npos ? source : enums) += c + "\n";
    for (const placed_text& code : parts.code) source += line_directive(code) + code.text + "\n";
    source += enums;
    const auto parameters = [&](bool is_mutable) {
        std::string list;
        for (const std::string& p : parts.parameters) list += (is_mutable ? changeable(p) : p) + ", ";
        for (std::size_t i = 0; i < parts.constructor_types.size(); ++i)
            list += parts.constructor_types[i] + " tiles_amp_c" + std::to_string(i) + ", ";
        return list;
    };

    // The kernel function, marked so: the device code before it holds functions only.
    const std::string at =
        std::string(cpp_kernel_mark) + "\n" + line_directive({"", parts.written.file, parts.line, 1});
    if (!parts.functor) {
        // void NAME(captures..., <the lambda from its parameters on>: its captures and '(' blanked.
        placed_text written = parts.written;
        const std::size_t open = written.text.find('[');
        std::size_t close = open, depth = 0;
        for (; close < written.text.size(); ++close) {
            if (written.text[close] == '[') ++depth;
            if (written.text[close] == ']' && --depth == 0) break;
        }
        const std::size_t parameters_open = written.text.find_first_not_of(" \t\r\n", close + 1);
        if (open != 0 || close >= written.text.size() || parameters_open == std::string::npos ||
            written.text[parameters_open] != '(')
            throw tiles::invalid_argument(
                "TILES_LAMBDA at " + where +
                " wraps a lambda that takes its index: [captures](index) restrict(amp) { ... }");
        const bool is_mutable = blank_mutable(written.text, parameters_open);
        rebuild_first(written.text, parameters_open, parts.rebuilt, is_mutable);
        for (std::size_t c = 0; c <= parameters_open; ++c)
            if (written.text[c] != '\n') written.text[c] = ' ';
        return source + at + "void " + parts.name + "(" + parameters(is_mutable) + "\n" + line_directive(written) +
               written.text + "\n";
    }
    std::string arguments;
    for (std::size_t i = 0; i < parts.constructor_types.size(); ++i)
        arguments += (i ? ", tiles_amp_c" : "tiles_amp_c") + std::to_string(i);
    const std::string& class_name = parts.written.text;
    return source + at + "void " + parts.name + "(" + parameters(false) +
           "::concurrency::tiles_detail::launch_index<true> tiles_amp_index) restrict(amp) { const " + class_name +
           " tiles_amp_functor = " + class_name + "(" + arguments + "); tiles_amp_functor(tiles_amp_index); }\n";
}

} // namespace tiles::amp_detail
