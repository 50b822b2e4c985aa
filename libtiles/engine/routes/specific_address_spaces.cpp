// libtiles: generic pointers of SPIR's LLVM text given their address spaces back
// (specific_address_spaces.hpp). The text is clang's, optimized: one instruction a line, SSA names
// unique within their function.
#include "routes/specific_address_spaces.hpp"

#include <cctype>
#include <regex>
#include <set>
#include <sstream>
#include <vector>

#include "tiles/engine/immortal.hpp"

namespace tiles::engine {
namespace {

constexpr const char* generic = "addrspace(4)*";

// The function bodies' lines: [first, last) of each definition's, after its `define` line.
struct function_text {
    std::size_t define_line, first, last;
};

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::vector<function_text> functions_of(const std::vector<std::string>& lines) {
    std::vector<function_text> functions;
    for (std::size_t i = 0; i < lines.size(); ++i)
        if (lines[i].rfind("define ", 0) == 0) {
            std::size_t end = i + 1;
            while (end < lines.size() && lines[end] != "}") ++end;
            functions.push_back({i, i + 1, end});
        }
    return functions;
}

// Where `line` names `value` (as "%name", not the start of a longer name), from `from`; npos if not.
std::size_t use_of(const std::string& line, const std::string& value, std::size_t from = 0) {
    for (std::size_t at = line.find(value, from); at != std::string::npos; at = line.find(value, at + 1)) {
        const std::size_t after = at + value.size();
        if (after == line.size() ||
            !(std::isalnum(static_cast<unsigned char>(line[after])) || line[after] == '_' || line[after] == '.'))
            return at;
    }
    return std::string::npos;
}

// The value a line defines ("%name"), or "".
std::string defined_by(const std::string& line) {
    static const immortal<std::regex> definition("^  (%[-A-Za-z0-9_.]+) = ");
    std::smatch m;
    return std::regex_search(line, m, *definition) ? m[1].str() : std::string();
}

// Whether `line`'s use of generic pointer `value` is one that a pointer of a specific space may
// take in its place: a load's or store's address, an element pointer's base, a bitcast's source,
// a debug record. `derived` is set to the value the line defines in the same space ("" if none).
bool replaceable_use(const std::string& line, const std::string& value, std::string& derived) {
    derived.clear();
    const std::string typed = std::string(generic) + " " + value;
    const std::size_t at = line.find(typed);
    if (at == std::string::npos || use_of(line, value, at + typed.size()) != std::string::npos) return false;
    const std::string after = line.substr(at + typed.size());
    const bool address_last = after.empty() || after.rfind(", align", 0) == 0 || after.rfind(", !", 0) == 0;
    if (line.find("@llvm.dbg.") != std::string::npos) return true;
    if (line.find(" = load ") != std::string::npos || line.rfind("  store ", 0) == 0) return address_last;
    const std::string defined = defined_by(line);
    if (line.find(" = getelementptr ") != std::string::npos || line.find(" = bitcast ") != std::string::npos) {
        derived = defined;
        return true;
    }
    return false;
}

// The values of `body` that generic pointer `root` reaches through replaceable uses, itself among
// them; false where one use is not replaceable.
bool derived_values(const std::vector<std::string>& lines, const function_text& body, const std::string& root,
                    std::set<std::string>& values) {
    std::vector<std::string> pending{root};
    while (!pending.empty()) {
        const std::string value = pending.back();
        pending.pop_back();
        if (!values.insert(value).second) continue;
        for (std::size_t i = body.first; i < body.last; ++i) {
            if (use_of(lines[i], value) == std::string::npos || defined_by(lines[i]) == value) continue;
            std::string derived;
            if (!replaceable_use(lines[i], value, derived)) return false;
            if (!derived.empty()) pending.push_back(derived);
        }
    }
    return true;
}

// Each generic pointer of `body` cast from a specific space, with what derives from it, moved there.
void specific_spaces_in(std::vector<std::string>& lines, const function_text& body) {
    static const immortal<std::regex> cast("^  (%[-A-Za-z0-9_.]+) = addrspacecast (.*)\\* "
                                           "(%[-A-Za-z0-9_.]+|@[-A-Za-z0-9_.]+) to (.*) addrspace\\(4\\)\\*(.*)$");
    static const immortal<std::regex> source_space("^(.*) addrspace\\(([0-3])\\)$");
    for (std::size_t i = body.first; i < body.last; ++i) {
        std::smatch m, s;
        if (!std::regex_match(lines[i], m, *cast)) continue;
        // A private pointer's type names no space: "float*".
        const std::string source_type = m[2];
        const bool named = std::regex_match(source_type, s, *source_space);
        const std::string pointee = named ? s[1].str() : source_type, number = named ? s[2].str() : "0";
        std::set<std::string> values;
        if (!derived_values(lines, body, m[1], values)) continue;
        const std::string space = "addrspace(" + number + ")*";
        // The cast becomes a bitcast within the space: of the same type, it does nothing.
        lines[i] = "  " + m[1].str() + " = bitcast " + pointee + " " + space + " " + m[3].str() + " to " + m[4].str() +
                   " " + space + m[5].str();
        for (std::size_t j = body.first; j < body.last; ++j)
            for (const std::string& value : values) {
                const std::string typed = std::string(generic) + " " + value;
                const std::size_t at = lines[j].find(typed);
                if (at == std::string::npos || use_of(lines[j], value, at) != at + typed.size() - value.size())
                    continue;
                lines[j].replace(at, std::string(generic).size(), space);
                // A bitcast's result is in the space of its source.
                const std::size_t to = lines[j].find(" to ", at);
                if (defined_by(lines[j]) != "" && lines[j].find(" = bitcast ") != std::string::npos &&
                    to != std::string::npos) {
                    const std::size_t result = lines[j].find(generic, to);
                    if (result != std::string::npos) lines[j].replace(result, std::string(generic).size(), space);
                }
            }
    }
}

// The name a `define` line defines ("@name").
std::string function_name(const std::string& define_line) {
    const std::size_t at = define_line.find(" @"), open = define_line.find('(', at);
    return at == std::string::npos || open == std::string::npos ? std::string()
                                                                : define_line.substr(at + 1, open - at - 1);
}

// Whether a line other than f's `define` line names f's function.
bool named_elsewhere(const std::vector<std::string>& lines, const function_text& f, const std::string& name) {
    for (std::size_t i = 0; i < lines.size(); ++i)
        if (i != f.define_line && use_of(lines[i], name) != std::string::npos) return true;
    return false;
}

// `lines` without the functions that are no kernel and that nothing else names, until none is left:
// each round drops every such function at once (from the last up, so earlier lines keep their
// places), and a function named only by a dropped one goes in the next round.
void drop_uncalled_functions(std::vector<std::string>& lines) {
    for (bool dropped = true; dropped;) {
        std::vector<function_text> uncalled;
        for (const function_text& f : functions_of(lines)) {
            const std::string name = function_name(lines[f.define_line]);
            if (name.empty() || lines[f.define_line].find(" spir_kernel ") != std::string::npos) continue;
            if (!named_elsewhere(lines, f, name)) uncalled.push_back(f);
        }
        for (auto f = uncalled.rbegin(); f != uncalled.rend(); ++f)
            lines.erase(lines.begin() + std::ptrdiff_t(f->define_line), lines.begin() + std::ptrdiff_t(f->last + 1));
        dropped = !uncalled.empty();
    }
}

} // namespace

std::string with_specific_address_spaces(std::string ir) {
    std::vector<std::string> lines = lines_of(ir);
    drop_uncalled_functions(lines);
    for (const function_text& body : functions_of(lines)) specific_spaces_in(lines, body);
    std::string out;
    for (const std::string& line : lines) out += line + "\n";
    return out;
}

} // namespace tiles::engine
