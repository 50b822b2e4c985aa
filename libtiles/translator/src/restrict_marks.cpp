// tiles-amp: restrict(...) as an annotation (restrict_marks.hpp).
#include "restrict_marks.hpp"

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
bool runs_on_host(const clang::Decl* d) { return !is_restricted(d) || names(d, "cpu") || names(d, "auto"); }
bool is_restricted(const clang::Decl* d) {
    for (const auto* a : d->specific_attrs<clang::AnnotateAttr>())
        if (a->getAnnotation().startswith(tag)) return true;
    return false;
}

} // namespace tiles_amp
