// tiles-amp: restrict(...) as an annotation (restrict_marks.hpp).
#include "restrict_marks.hpp"

#include <cctype>

#include "clang/AST/Attr.h"
#include "llvm/ADT/SmallVector.h"

namespace tiles_amp {
namespace {

constexpr llvm::StringLiteral tag = "tiles_amp_restrict:";

bool names(const clang::Decl* d, llvm::StringRef wanted) {
    for (const auto* a : d->specific_attrs<clang::AnnotateAttr>()) {
        if (!a->getAnnotation().startswith(tag)) continue;
        llvm::SmallVector<llvm::StringRef, 2> parts;
        a->getAnnotation().drop_front(tag.size()).split(parts, ',');
        for (const llvm::StringRef p : parts)
            if (p.trim() == wanted) return true;
    }
    return false;
}

} // namespace

// restrict(auto): C++ AMP infers the restriction from the body; it runs where its callers do, and
// the device's compiler refuses a body that cannot run there.
bool runs_on_device(const clang::Decl* d) { return names(d, "amp") || names(d, "auto"); }
// restrict(,) names nothing, as no restriction does (C++ AMP's empty entries are no restriction).
bool runs_on_host(const clang::Decl* d) {
    return !is_restricted(d) || names(d, "cpu") || names(d, "auto") || (!names(d, "amp") && !names(d, "direct3d"));
}
bool is_restricted(const clang::Decl* d) {
    for (const auto* a : d->specific_attrs<clang::AnnotateAttr>())
        if (a->getAnnotation().startswith(tag)) return true;
    return false;
}

std::string restrict_before_mutable(std::string text) {
    const auto word_at = [&](std::size_t at, const char* word) {
        const std::size_t n = std::char_traits<char>::length(word);
        const auto part_of_name = [&](std::size_t i) {
            return i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_');
        };
        return text.compare(at, n, word) == 0 && (at == 0 || !part_of_name(at - 1)) && !part_of_name(at + n);
    };
    for (std::size_t at = text.find("mutable"); at != std::string::npos; at = text.find("mutable", at + 1)) {
        if (!word_at(at, "mutable")) continue;
        const std::size_t mark = text.find_first_not_of(" \t\r\n", at + 7);
        if (mark == std::string::npos || !word_at(mark, "restrict")) continue;
        const std::size_t open = text.find_first_not_of(" \t", mark + 8);
        if (open == std::string::npos || text[open] != '(') continue;
        const std::size_t close = text.find(')', open);
        if (close == std::string::npos) continue;
        // "mutable<space>restrict(amp)" becomes "restrict(amp)<space>mutable".
        const std::string between = text.substr(at + 7, mark - at - 7);
        const std::string restriction = text.substr(mark, close + 1 - mark);
        text.replace(at, close + 1 - at, restriction + between + "mutable");
    }
    return text;
}

} // namespace tiles_amp
